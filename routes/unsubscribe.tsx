import { Hono } from "hono";
import { loginHref } from "../src/lib/urls.ts";
import { withoutServerTiming } from "../src/middleware/server-timing.ts";
import { accountDeps } from "../src/server/account-deps.ts";
import type { AppContext, AppEnv } from "../src/server/context.ts";
import { renderPage } from "../src/server/render.tsx";
import {
  UNSUBSCRIBE_MESSAGES,
  unsubscribeByLink,
  type UnsubscribeLink,
  unsubscribeLink,
} from "../src/services/reviews/review-reminders.ts";
import { unsubscribePath } from "../src/services/mail/mail-templates.ts";

type View = { step: "ask" | "done"; link: UnsubscribeLink; token: string; accountHref: string };

/** Where a student turns reminders back on: /account, through the login page for a visitor. */
const accountHref = (c: AppContext) => c.var.user?.enabled ? "/account" : loginHref("/account");

function Unsubscribe({ step, link, token, accountHref }: View) {
  if (link.kind !== "student") {
    return (
      <div className="page form-page stack">
        <h1>This unsubscribe link does not work</h1>
        <p className="alert alert-error" role="alert">{UNSUBSCRIBE_MESSAGES[link.kind]}</p>
        <p>
          <a href={accountHref}>Go to your account page</a>
        </p>
      </div>
    );
  }
  if (step === "done") {
    return (
      <div className="page form-page stack">
        <h1>You are unsubscribed</h1>
        <p className="alert alert-success" role="status">
          HubRate will not send you end-of-term review reminders any more.
        </p>
        <p>
          Changed your mind? Turn them back on on <a href={accountHref}>your account page</a>.
        </p>
      </div>
    );
  }
  if (!link.remindersOn) {
    return (
      <div className="page form-page stack">
        <h1>End-of-term review reminders are off</h1>
        <p>This account gets no end-of-term review reminders, so there is nothing to unsubscribe from.</p>
        <p>
          To get them again, turn them on on <a href={accountHref}>your account page</a>.
        </p>
      </div>
    );
  }
  return (
    <div className="page form-page stack">
      <h1>Stop end-of-term review reminders?</h1>
      <p>
        HubRate emails you when a term ends about the courses you completed but have not reviewed. Press the button to
        stop these emails.
      </p>
      <form method="post" action={unsubscribePath(token)}>
        <button type="submit" className="button">Unsubscribe</button>
      </form>
      <p>
        You can turn them back on at any time on <a href={accountHref}>your account page</a>.
      </p>
    </div>
  );
}

const STATUS = { student: 200, invalid: 400 } as const;

function respond(c: AppContext, view: View) {
  c.header("Cache-Control", "no-store");
  const title = view.link.kind !== "student"
    ? "Unsubscribe link not valid"
    : view.step === "done"
    ? "Unsubscribed"
    : "Review reminders";
  return renderPage(c, { title, noindex: true }, <Unsubscribe {...view} />, STATUS[view.link.kind]);
}

/**
 * /unsubscribe?token=: the link of every review reminder, and its
 * List-Unsubscribe URL. A GET (a person, or a mail scanner checking the link)
 * changes nothing and offers a button; a POST, from that button or from a
 * mail program's one-click unsubscribe (RFC 8058, body
 * "List-Unsubscribe=One-Click"), turns the reminders off. The signed token is
 * the only authority, so the POST needs no session and no same-origin check:
 * mail programs send it from elsewhere, and a forger would need the token.
 * A link that does not work gets one answer, 400, whatever the reason, and no
 * Server-Timing: neither tells whether its id has an account.
 */
export default new Hono<AppEnv>()
  .use(withoutServerTiming)
  .get("/", async (c) => {
    const token = c.req.query("token") ?? "";
    const link = await unsubscribeLink(accountDeps(c), token);
    return respond(c, { step: "ask", link, token, accountHref: accountHref(c) });
  })
  .post("/", async (c) => {
    const token = c.req.query("token") ?? "";
    const link = await unsubscribeByLink(accountDeps(c), token);
    return respond(c, { step: "done", link, token, accountHref: accountHref(c) });
  });
