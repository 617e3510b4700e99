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
