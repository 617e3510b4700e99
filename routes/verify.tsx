import VerifyForm from "../islands/VerifyForm.tsx";
import { NoticeBanner } from "../src/components/NoticeBanner.tsx";
import type { PageMeta, PageProps } from "../src/server/context.ts";

export const access = "visitor";
export const meta: PageMeta = { title: "Verify Your Email", noindex: true };

export default function Verify({ notice }: PageProps<undefined>) {
  return (
    <div className="page form-page">
      <h1>Please check your email for the verification code</h1>
      <NoticeBanner notice={notice} />
      <VerifyForm email={notice?.email ?? null} codeJustSent={notice?.kind === "verify-sent"} />
      <div className="form-links">
        <p>
          Already verified? <a href="/login">Log in here</a>
        </p>
      </div>
    </div>
  );
}
