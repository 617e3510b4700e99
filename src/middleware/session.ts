import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../server/context.ts";
import { userForToken } from "../services/sessions.ts";

export function sessionCookieName(production: boolean): string {
  // __Host- needs Secure, which plain-http development cannot have.
  return production ? "__Host-hubrate_session" : "hubrate_session";
}

/** Puts the signed-in user (or null) on the request, from the Bearer header or the session cookie. */
export function session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { config, database } = c.var.deps;
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const token = bearer ?? getCookie(c, sessionCookieName(config.env === "production"));
    c.set("user", token ? await userForToken(database.db, config.sessionSecret, token) : null);
    await next();
  };
}
