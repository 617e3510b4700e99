import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../server/context.ts";
import { sessionToken } from "../server/session-cookie.ts";
import { userForToken } from "../services/accounts/sessions.ts";
import { fromAnotherOrigin } from "./request-guards.ts";

/**
 * Puts the signed-in user (or null) on the request, from the Bearer header or
 * the session cookie. An API request from another site's page is anonymous
 * unless it carries a Bearer token itself: its cookie does not count.
 */
export function session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { config, database } = c.var.deps;
    const cookieCounts = !(c.req.path.startsWith("/api/") && fromAnotherOrigin(c));
    const token = sessionToken(c, { cookie: cookieCounts });
    c.set("user", token ? await userForToken(database.db, config.sessionSecret, token) : null);
    await next();
  };
}
