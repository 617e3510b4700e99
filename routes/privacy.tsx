import { LegalPage } from "../src/components/LegalPage.tsx";
import type { PageMeta } from "../src/server/context.ts";

export const meta: PageMeta = {
  title: "Privacy Policy",
  description: "What HubRate collects, why, and how it is deleted.",
};

/** The text changed after SPEC's date (review reminders, the notice cookie, contact messages), so the page says when. */
export const PRIVACY_UPDATED = "November 26, 2026";

export default function Privacy() {
  return (
    <LegalPage title="Privacy Policy" updated={PRIVACY_UPDATED}>
      <p>
        HubRate is an independent student project. It is not affiliated with, endorsed by or operated by Boston
        University. This policy explains what we collect when you use HubRate and what happens to it.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Your account details: email address, college, major and expected graduation year.</li>
        <li>Your password, stored only as a one-way hash (argon2id). Nobody, including us, can read it.</li>
        <li>What you add: completed, future and saved courses, the reviews you write and the votes you cast.</li>
        <li>Whether you asked for end-of-term review reminders, and which terms we reminded you about.</li>
        <li>Messages you send through the contact form, with the email address you give.</li>
      </ul>
      <p>
        To stop abuse we count recent attempts (logins, codes, sign-ups, messages) per network address and per email
        address. The counters are keyed hashes, not the addresses themselves; they expire within an hour and are then
        deleted. Our server logs record each request's path, status and duration, never its query, cookies, codes or
        your address.
      </p>
      <p>We do not use advertising or third-party tracking, and we do not sell or share your data.</p>
      <h2>Reviews are anonymous</h2>
      <p>
        Reviews are shown anonymously: no name, email or account identifier appears with them on the site or in its API.
        Internally, each review is tied to the account that wrote it, so that you can edit or delete it, so that each
        account reviews a course once, and so that abuse can be handled.
      </p>
      <h2>Cookies and storage</h2>
      <p>
        We set two cookies, both HttpOnly and used only by HubRate. The session cookie keeps you signed in and expires
        after at most 30 days. The notice cookie carries a one-time message to the next page you open (for example "Your
        account is verified. Log in.", with your email address to fill in the form); it is deleted as soon as that page
        shows it, and expires after 5 minutes in any case.
      </p>
      <p>
        Your browser keeps a few things in its local storage, which never leaves your device: during sign-up and
        password reset, your email address until the step is done; the courses you picked to compare; and whether you
        view search results as cards or a table.
      </p>
      <h2>Email</h2>
      <p>
        We email you verification codes, password reset codes and replies to messages you send us. If you turn on
        end-of-term review reminders on your Account page (they are off unless you do), we also send one email when each
        term ends, listing the completed courses you have not reviewed. Every reminder has a one-click unsubscribe link,
        and you can turn reminders off on your Account page at any time.
      </p>
      <h2>Deleting your data</h2>
      <p>
        You can delete your account at any time from the Account page. Your data is deleted immediately on account
        deletion: your account, reviews, votes, course lists, codes, reminder settings and any mail still waiting to be
        sent to you are removed at once, and course ratings are recalculated without your reviews. Messages sent through
        the contact form from your account's email address are deleted with it. A message sent from an address that has
        no account is kept until you ask us to delete it through the contact page.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about this policy? Use the <a href="/contact">contact page</a>.
      </p>
    </LegalPage>
  );
}
