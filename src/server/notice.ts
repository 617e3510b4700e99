/**
 * One-time notices that say what just happened on the next page ("Your
 * account is verified. Log in."), carried across a full page load in a short
 * HttpOnly cookie, so they work without JavaScript and never put an email in
 * a URL. A notice is shown by the page it is meant for, which deletes it.
 */
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Notice, NoticeKind, NoticeTone, RequestContext } from "./context.ts";

/** Where each notice shows, its text and tone. Looked up in a Map: the cookie is user input. */
const NOTICES = new Map<NoticeKind, { path: string; text: string; tone: NoticeTone }>([
  ["verified", { path: "/login", text: "Your account is verified. Log in.", tone: "success" }],
  ["password-reset", {
    path: "/login",
    text: "Your password has been reset. Log in with your new password.",
    tone: "success",
  }],
  ["account-deleted", { path: "/", text: "Your account and all its data have been deleted.", tone: "success" }],
  ["verify-sent", {
    path: "/verify",
    text: "Your email is not verified yet. We sent you a new code: enter it below to finish signing up.",
    tone: "info",
  }],
  ["verify-pending", {
    path: "/verify",
    text: "Your email is not verified yet. Enter the code we sent you, or ask for a new one in a minute.",
    tone: "info",
  }],
]);

const MAX_AGE_SECONDS = 5 * 60;

function cookieName(production: boolean): string {
  return production ? "__Host-hubrate_notice" : "hubrate_notice";
}

/** Leaves a notice for the page it belongs to; `email` fills that page's email field. */
export function setNotice(c: RequestContext, kind: NoticeKind, email?: string): void {
  const production = c.var.deps.config.env === "production";
  const value = btoa(JSON.stringify({ k: kind, e: email ?? null })).replace(/=+$/, "").replace(/\+/g, "-").replace(
    /\//g,
    "_",
  );
  setCookie(c, cookieName(production), value, {
    httpOnly: true,
    secure: production,
    sameSite: "Lax",
    path: "/",
    maxAge: MAX_AGE_SECONDS,
  });
}

function parse(raw: string): { kind: NoticeKind; email: string | null } | null {
  if (raw.length > 600) return null;
  try {
    const value: unknown = JSON.parse(atob(raw.replace(/-/g, "+").replace(/_/g, "/")));
    if (!value || typeof value !== "object") return null;
    const { k, e } = value as { k?: unknown; e?: unknown };
    if (typeof k !== "string" || !NOTICES.has(k as NoticeKind)) return null;
    const email = typeof e === "string" && e.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(e) ? e : null;
    return { kind: k as NoticeKind, email };
  } catch {
    return null;
  }
}

/** The notice meant for the page at `path`, deleted as it is taken; null when there is none for this page. */
export function takeNotice(c: RequestContext, path: string): Notice | null {
  const production = c.var.deps.config.env === "production";
  const raw = getCookie(c, cookieName(production));
  if (raw === undefined) return null;
  const notice = parse(raw);
  const spec = notice ? NOTICES.get(notice.kind) : undefined;
  // A notice for another page waits for it; a broken one is dropped.
  if (notice && spec && spec.path !== path) return null;
  deleteCookie(c, cookieName(production), { path: "/", secure: production });
  if (!notice || !spec) return null;
  // A page that shows a notice is for this browser only.
  c.header("Cache-Control", "no-store");
  return { kind: notice.kind, text: spec.text, tone: spec.tone, email: notice.email };
}
