import VerifyLinkButton from "../../islands/VerifyLinkButton.tsx";
import { accountDeps } from "../../src/server/account-deps.ts";
import type { AppContext, PageMeta, PageProps } from "../../src/server/context.ts";
import { MESSAGES, verificationLinkUsable } from "../../src/services/accounts/accounts.ts";

export const access = "visitor";
export const meta: PageMeta = { title: "Verify Your Account", noindex: true };

type Data = { token: string; usable: boolean; message: string | null };

/**
 * The one-click link of the verification mail. Opening it only shows a
 * button: GET and HEAD never use the token, whoever fetches the link (a
 * person, a mail scanner checking links, a link preview). The button's POST
 * verifies the account and sends the student to the login page: the link
 * never signs anyone in, so a link made by someone else and opened from
 * another site cannot put the visitor into that person's account.
 */
export async function load(c: AppContext): Promise<Data> {
  c.header("Cache-Control", "no-store");
  const token = c.req.query("token") ?? "";
  const usable = await verificationLinkUsable(accountDeps(c), token);
  return { token, usable, message: usable ? null : MESSAGES.linkRefused };
}

export default function VerifyLink({ data }: PageProps<Data>) {
  return (
    <div className="page form-page">
      <h1>Verify your HubRate account</h1>
      {data.usable ? <VerifyLinkButton token={data.token} /> : (
        <>
          <p className="alert alert-error" role="alert">{data.message}</p>
          <div className="form-links">
            <p>
              <a className="button" href="/verify">Enter the code instead</a>
            </p>
            <p>
              Already verified? <a href="/login">Log in here</a>
            </p>
          </div>
        </>
      )}
    </div>
  );
}
