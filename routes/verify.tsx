import VerifyForm from "../islands/VerifyForm.tsx";
import type { PageMeta } from "../src/server/context.ts";

export const access = "visitor";
export const meta: PageMeta = { title: "Verify Your Email", noindex: true };

export default function Verify() {
  return (
    <div className="page form-page">
      <h1>Please check your email for the verification code</h1>
      <VerifyForm />
    </div>
  );
}
