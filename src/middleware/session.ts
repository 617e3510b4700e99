import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../server/context.ts";
import { sessionToken } from "../server/session-cookie.ts";
import { userForToken } from "../services/sessions.ts";

/** Puts the signed-in user (or null) on the request, from the Bearer header or the session cookie. */
export function session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { config, database } = c.var.deps;
    const token = sessionToken(c);
    c.set("user", token ? await userForToken(database.db, config.sessionSecret, token) : null);
    await next();
  };
}
