import { LegalPage } from "../src/components/LegalPage.tsx";
import type { PageMeta } from "../src/server/context.ts";

export const meta: PageMeta = {
  title: "Terms of Service",
  description: "The terms for using HubRate, an independent BU course review site.",
};

export default function Terms() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        By using HubRate you agree to these terms. HubRate is an independent student project and is not affiliated with,
        endorsed by or operated by Boston University. Course information may be incomplete or out of date: always
        confirm requirements with the university's official sources and your advisor.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>
          You need a verified email address to create an account. Keep your password to yourself; you are responsible
          for what your account does.
        </li>
        <li>One account per person. Accounts created to manipulate ratings or votes may be removed.</li>
      </ul>
      <h2>Reviews</h2>
      <ul>
        <li>Review only courses you took, one review per course, and be honest and respectful.</li>
        <li>
          No personal attacks, harassment, hate speech, personal information about others, or content you do not have
          the right to share.
        </li>
        <li>
          Reviews are shown anonymously but are tied internally to your account. Reviews that other students report may
          be hidden and removed.
        </li>
        <li>
          You keep ownership of what you write and allow HubRate to display it on the site for as long as it stays
          there.
        </li>
      </ul>
      <h2>Deleting your account</h2>
      <p>
        You can delete your account at any time from the Account page. Your data, including your reviews, is deleted
        immediately on account deletion.
      </p>
      <h2>No warranty</h2>
      <p>
        HubRate is provided as is, without warranties of any kind. Reviews are the opinions of individual students, not
        of HubRate. We are not liable for decisions made on the basis of the site.
      </p>
      <h2>Changes</h2>
      <p>
        We may update these terms; the date above shows the latest version. Questions? Use the{" "}
        <a href="/contact">contact page</a>.
      </p>
    </LegalPage>
  );
}
