import { LegalPage } from "../src/components/LegalPage.tsx";
import type { PageMeta } from "../src/server/context.ts";

export const meta: PageMeta = { title: "Privacy Policy", description: "What HubRate collects, why, and how it is deleted." };

export default function Privacy() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        HubRate is an independent student project. It is not affiliated with, endorsed by or operated by Boston University. This policy explains what we collect
        when you use HubRate and what happens to it.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Your account details: email address, college, major and expected graduation year.</li>
        <li>Your password, stored only as a one-way hash (argon2id). Nobody, including us, can read it.</li>
        <li>What you add: completed, future and saved courses, the reviews you write and the votes you cast.</li>
        <li>Messages you send through the contact form, with the email address you give.</li>
      </ul>
      <p>We do not use advertising or third-party tracking, and we do not sell or share your data.</p>
      <h2>Reviews are anonymous</h2>
      <p>
        Reviews are shown anonymously: no name, email or account identifier appears with them on the site or in its API. Internally, each review is tied to the
        account that wrote it, so that you can edit or delete it, so that each account reviews a course once, and so that abuse can be handled.
      </p>
      <h2>Cookies and storage</h2>
      <p>
        We set one cookie, a session cookie that keeps you signed in. It is marked HttpOnly and expires after at most 30 days. During sign-up and password reset
        your browser keeps your email address in local storage until the step is done.
      </p>
      <h2>Email</h2>
      <p>We email you only verification codes, password reset codes and replies to messages you send us.</p>
      <h2>Deleting your data</h2>
      <p>
        You can delete your account at any time from the Account page. Your data is deleted immediately on account deletion: your account, reviews, votes,
        course lists and codes are removed at once, and course ratings are recalculated without your reviews.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about this policy? Use the <a href="/contact">contact page</a>.
      </p>
    </LegalPage>
  );
}
