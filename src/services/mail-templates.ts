/** The mails HubRate sends, each with a plain-text and an HTML part. */
import { CODE_TTL_MINUTES } from "./codes.ts";
import { escapeHtml, type Mail } from "./mail.ts";

function codeMail(to: string, subject: string, intro: string, code: string, outro: string): Mail {
  const text =
    `${intro}\n\n    ${code}\n\nThe code is valid for ${CODE_TTL_MINUTES} minutes and works once. ${outro}\n\n— HubRate, the BU course review site\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#212529">` +
    `<p>${escapeHtml(intro)}</p>` +
    `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:24px 0">${escapeHtml(code)}</p>` +
    `<p>The code is valid for ${CODE_TTL_MINUTES} minutes and works once. ${escapeHtml(outro)}</p>` +
    `<p style="color:#6c757d">— HubRate, the BU course review site</p></body></html>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, code: string): Mail {
  return codeMail(
    to,
    `Your HubRate verification code: ${code}`,
    "Welcome to HubRate! Enter this code on the verification page to activate your account:",
    code,
    "If you did not sign up for HubRate, you can ignore this email.",
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
