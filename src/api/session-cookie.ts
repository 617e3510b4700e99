import { deleteCookie, setCookie } from "hono/cookie";
import type { AppContext } from "../server/context.ts";
import { sessionCookieName } from "../middleware/session.ts";
import { SESSION_DAYS } from "../services/sessions.ts";

export function setSessionCookie(c: AppContext, token: string): void {
  const production = c.var.deps.config.env === "production";
  setCookie(c, sessionCookieName(production), token, {
    httpOnly: true,
    secure: production,
    sameSite: "Lax",
    path: "/",
    maxAge: SESSION_DAYS * 24 * 3600,
  });
}

export function clearSessionCookie(c: AppContext): void {
  const production = c.var.deps.config.env === "production";
  deleteCookie(c, sessionCookieName(production), { path: "/", secure: production });
}
