import ResetPasswordForm from "../islands/ResetPasswordForm.tsx";
import type { PageMeta } from "../src/server/context.ts";

export const access = "visitor";
export const meta: PageMeta = { title: "Choose a New Password", noindex: true };

export default function ResetPassword() {
  return (
    <div className="page form-page">
      <h1>Choose a new password</h1>
      <ResetPasswordForm />
      <div className="form-links">
        <p>
          No code? <a href="/reset">Send a new one</a>
        </p>
      </div>
    </div>
  );
}
