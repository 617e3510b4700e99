/** The mails HubRate sends, each with a plain-text and an HTML part. */
import { plural } from "../../lib/text.ts";
import { CODE_TTL_MINUTES } from "../accounts/codes.ts";
import { escapeHtml, type Mail } from "./mail.ts";

const SIGNATURE = "— HubRate, the BU course review site";

function codeMail(
  to: string,
  subject: string,
  intro: string,
  code: string,
  outro: string,
  link?: { url: string; label: string },
): Mail {
  const validity = `The code${link ? " and the link are" : " is"} valid for ${CODE_TTL_MINUTES} minutes and work${
    link ? "" : "s"
  } once.`;
  const text = `${intro}\n\n    ${code}\n\n` +
    (link ? `Or open this link to verify your account and sign in at once:\n${link.url}\n\n` : "") +
    `${validity} ${outro}\n\n${SIGNATURE}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#212529">` +
    `<p>${escapeHtml(intro)}</p>` +
    `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:24px 0">${escapeHtml(code)}</p>` +
    (link
      ? `<p><a href="${
        escapeHtml(link.url)
      }" style="display:inline-block;padding:10px 18px;background:#0b5cab;color:#fff;border-radius:6px;` +
        `text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p>`
      : "") +
    `<p>${escapeHtml(validity)} ${escapeHtml(outro)}</p>` +
    `<p style="color:#6c757d">${SIGNATURE}</p></body></html>`;
  return { to, subject, text, html };
}

/** The path of the one-click verification link; the token is the only thing it carries. */
export function verificationLinkPath(token: string): string {
  return `/verify/link?token=${encodeURIComponent(token)}`;
}

export function verificationMail(to: string, code: string, origin: string, linkToken: string): Mail {
  return codeMail(
    to,
    `Your HubRate verification code: ${code}`,
    "Welcome to HubRate! Enter this code on the verification page to activate your account:",
    code,
    "If you did not sign up for HubRate, you can ignore this email.",
    { url: origin + verificationLinkPath(linkToken), label: "Verify my email" },
  );
}

export function resetMail(to: string, code: string): Mail {
  return codeMail(
    to,
    `Your HubRate password reset code: ${code}`,
    "Someone (hopefully you) asked to reset the password of your HubRate account. Enter this code to choose a new password:",
    code,
    "If you did not ask for a reset, ignore this email: your password stays the same.",
  );
}

/** The path of a review reminder's unsubscribe link (also its List-Unsubscribe URL); the token is the only thing it carries. */
export function unsubscribePath(token: string): string {
  return `/unsubscribe?token=${encodeURIComponent(token)}`;
}

export type ReminderCourse = { id: number; code: string; title: string };

/**
 * The end-of-term reminder: the completed courses without a review, each
 * linking to its review form, and a one-click unsubscribe link that mail
 * programs also find in the List-Unsubscribe headers (RFC 8058: a POST to
 * that URL unsubscribes without asking).
 */
export function reviewReminderMail(
  to: string,
  term: string,
  courses: ReminderCourse[],
  origin: string,
  unsubscribeToken: string,
): Mail {
  const unsubscribeUrl = origin + unsubscribePath(unsubscribeToken);
  const accountUrl = `${origin}/account`;
  const reviewUrl = (course: ReminderCourse) => `${origin}/course/${course.id}/review`;
  const intro = `${term} has ended. You marked ${
    plural(courses.length, "course")
  } completed on HubRate without reviewing ${courses.length === 1 ? "it" : "them"} yet:`;
  const why = "A review takes a few minutes, stays anonymous, and helps the next student choose.";
  const optedIn = "You get this email because you turned on end-of-term review reminders on HubRate.";
  const text = `${intro}\n\n` +
    courses.map((course) => `- ${course.code}: ${course.title}\n  Review it: ${reviewUrl(course)}\n`).join("\n") +
    `\n${why}\n\n${optedIn} To stop them, open this link:\n${unsubscribeUrl}\nor turn them off on your account page: ${accountUrl}\n\n${SIGNATURE}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#212529">` +
    `<p>${escapeHtml(intro)}</p><ul style="padding-left:20px">` +
    courses.map((course) =>
      `<li style="margin-bottom:8px"><a href="${
        escapeHtml(reviewUrl(course))
      }" style="color:#0b5cab;font-weight:600">` +
      `Review ${escapeHtml(course.code)}</a>: ${escapeHtml(course.title)}</li>`
    ).join("") +
    `</ul><p>${escapeHtml(why)}</p>` +
    `<p style="color:#6c757d;font-size:14px">${escapeHtml(optedIn)} ` +
    `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#6c757d">Unsubscribe from these reminders</a> ` +
    `or change it on <a href="${escapeHtml(accountUrl)}" style="color:#6c757d">your account page</a>.</p>` +
    `<p style="color:#6c757d">${SIGNATURE}</p></body></html>`;
  return {
    to,
    subject: `Review your ${term} courses on HubRate`,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
