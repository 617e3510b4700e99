import ResetRequestForm from "../islands/ResetRequestForm.tsx";
import type { PageMeta } from "../src/server/context.ts";

export const access = "visitor";
export const meta: PageMeta = { title: "Reset Your Password", noindex: true };

export default function Reset() {
  return (
    <div className="page form-page">
      <h1>Reset your password</h1>
      <p>Enter the email address of your account and we'll send you a code to reset your password.</p>
      <ResetRequestForm />
      <div className="form-links">
        <p>
          Remembered it? <a href="/login">Log in here</a>
        </p>
      </div>
    </div>
  );
}
