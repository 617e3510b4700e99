import { createHmac } from "node:crypto";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { RequestContext } from "./context.ts";
import { SESSION_DAYS } from "../services/accounts/sessions.ts";

export function sessionCookieName(production: boolean): string {
  // __Host- needs Secure, which plain-http development cannot have.
  return production ? "__Host-hubrate_session" : "hubrate_session";
}

/** The session token a request carries: the Bearer header first, then the cookie (unless `cookie` is false). */
export function sessionToken(c: RequestContext, { cookie = true } = {}): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  return bearer ?? (cookie ? getCookie(c, sessionCookieName(c.var.deps.config.env === "production")) : undefined);
}

export function setSessionCookie(c: RequestContext, token: string): void {
  const production = c.var.deps.config.env === "production";
  setCookie(c, sessionCookieName(production), token, {
    httpOnly: true,
    secure: production,
    sameSite: "Lax",
    path: "/",
    maxAge: SESSION_DAYS * 24 * 3600,
  });
}

export function clearSessionCookie(c: RequestContext): void {
  const production = c.var.deps.config.env === "production";
  deleteCookie(c, sessionCookieName(production), { path: "/", secure: production });
}

/**
 * Every sign-out answer (the Sign Out form, the API's logout, account deletion): the cookie goes, and when the request
 * ended a student's session the browser is asked to clear the site's storage too (docs/security.md, What the browser
 * keeps). Not "cookies", which would clear every site of the registrable domain, nor "cache", which the no-store pages
 * of a student do not need. An answer to a browser that was no longer signed in asks nothing: what it keeps since is a
 * visitor's, the worksheet above all.
 */
export function endBrowserSession(c: RequestContext): void {
  clearSessionCookie(c);
  if (c.var.user) c.header("Clear-Site-Data", '"storage"');
}

/**
 * The opaque, stable tag under which a student's browser keeps what that student leaves (src/client/storage.ts): an
 * HMAC of the account id under the server secret, so the next person at the computer learns neither the email nor
 * the id from it, and it cannot be guessed for another account.
 */
export function browserAccountTag(secret: string, userId: number): string {
  return createHmac("sha256", secret).update(`browser-storage\n${userId}`).digest("base64url").slice(0, 16);
}
