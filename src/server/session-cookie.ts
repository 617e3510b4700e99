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
 * The opaque, stable tag under which a student's browser keeps what that student leaves (src/client/storage.ts): an
 * HMAC of the account id under the server secret, so the next person at the computer learns neither the email nor
 * the id from it, and it cannot be guessed for another account.
 */
export function browserAccountTag(secret: string, userId: number): string {
  return createHmac("sha256", secret).update(`browser-storage\n${userId}`).digest("base64url").slice(0, 16);
}
