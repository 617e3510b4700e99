/** The mails HubRate sends, each with a plain-text and an HTML part. */
import { CODE_TTL_MINUTES } from "./codes.ts";
import { escapeHtml, type Mail } from "./mail.ts";

const SIGNATURE = "— HubRate, the BU course review site";

function codeMail(to: string, subject: string, intro: string, code: string, outro: string, link?: { url: string; label: string }): Mail {
  const validity = `The code${link ? " and the link are" : " is"} valid for ${CODE_TTL_MINUTES} minutes and work${link ? "" : "s"} once.`;
  const text = `${intro}\n\n    ${code}\n\n` +
    (link ? `Or open this link to verify your account and sign in at once:\n${link.url}\n\n` : "") +
    `${validity} ${outro}\n\n${SIGNATURE}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#212529">` +
    `<p>${escapeHtml(intro)}</p>` +
    `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:24px 0">${escapeHtml(code)}</p>` +
    (link
      ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;background:#0b5cab;color:#fff;border-radius:6px;` +
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
    { url: origin + verificationLinkPath(linkToken), label: "Verify and sign in" },
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
