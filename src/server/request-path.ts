import type { Context } from "hono";
import { loggedPath } from "../lib/log-text.ts";
import type { AppEnv } from "./context.ts";

/**
 * The request's path as a log may write it (src/lib/log-text.ts): never the query string, no token in it, the route's
 * secret parameters (`/schedule/shared/:token`) by their name. Every log line about a request writes this.
 */
export function requestPath(c: Context<AppEnv>): string {
  let params: Record<string, string> = {};
  try {
    params = c.req.param();
  } catch {
    // No route matched: the path's shape alone decides.
  }
  return loggedPath(new URL(c.req.url).pathname, params);
}
