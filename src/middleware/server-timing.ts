import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "../server/context.ts";

/**
 * Says in every response what its request asked of the database, in the
 * standard Server-Timing header: the time spent waiting (`db;dur=` in ms) and
 * the round trips (`db-rt;desc=`). Figures only, nothing a visitor could not
 * know; the budget tests and the bench read them. Routes behind
 * `withoutServerTiming` answer without them.
 */
export function serverTiming(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { usage } = await c.var.deps.database.measure(() => next());
    if (c.var.serverTiming === false) return;
    appendServerTiming(c, `db;dur=${usage.ms.toFixed(1)}, db-rt;desc="${usage.roundTrips}"`);
  };
}

/**
 * For the account endpoints that take an email or a code from anyone (sign-up,
 * verification, login, password reset): their answers carry no figures, so
 * how long the database took, or how often it was asked, can never tell an
 * account that exists from one that does not.
 */
export const withoutServerTiming: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("serverTiming", false);
  await next();
};

/** Adds an entry to the response's Server-Timing header. */
export function appendServerTiming(c: AppContext, value: string): void {
  try {
    c.res.headers.append("Server-Timing", value);
  } catch {
    // A response whose headers are immutable (one passed through from fetch) gets a copy that can take them.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append("Server-Timing", value);
  }
}
