import VerifyLinkButton from "../../islands/VerifyLinkButton.tsx";
import { accountDeps } from "../../src/server/account-deps.ts";
import { clientIp } from "../../src/server/client-address.ts";
import { setSessionCookie } from "../../src/server/session-cookie.ts";
import type { AppContext, PageMeta, PageProps } from "../../src/server/context.ts";
import { setNotice } from "../../src/server/notice.ts";
import { MESSAGES, verificationLinkUsable, verifyByLink } from "../../src/services/accounts.ts";
import { DomainError } from "../../src/services/domain-errors.ts";
import { issueToken } from "../../src/services/sessions.ts";

export const access = "visitor";
export const meta: PageMeta = { title: "Verify Your Account", noindex: true };

type Data = { token: string; usable: boolean; message: string | null };

/**
 * The one-click link of the verification mail. Opened by a person in a
 * browser (a top-level navigation, which browsers mark with Sec-Fetch-Mode
 * and Sec-Fetch-Dest), it verifies the account and signs the student in at
 * once. Anything else that fetches it, such as a mail scanner checking links,
 * gets a page with a button instead, so it cannot use the link up.
 */
export async function load(c: AppContext): Promise<Data | Response> {
  c.header("Cache-Control", "no-store");
  const token = c.req.query("token") ?? "";
  const deps = accountDeps(c);
  const person = c.req.header("sec-fetch-mode") === "navigate" && c.req.header("sec-fetch-dest") === "document";
  if (person) {
    try {
      const user = await verifyByLink(deps, token, clientIp(c));
      setSessionCookie(c, await issueToken(deps.secret, user));
      setNotice(c, "welcome");
      return c.redirect("/dashboard", 303);
    } catch (error) {
      if (!(error instanceof DomainError) || error.status >= 500) throw error;
      return { token, usable: false, message: error.message };
    }
  }
  const usable = await verificationLinkUsable(deps, token);
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
