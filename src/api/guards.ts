import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "../server/context.ts";
import type { AccountDeps } from "../services/accounts.ts";
import { unauthorized } from "../services/errors.ts";

/** Signed-in, verified users only; anyone else gets 401. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user?.enabled) throw unauthorized("Please log in to continue.");
  await next();
};

export function accountDeps(c: AppContext): AccountDeps {
  const { database, outbox, config } = c.var.deps;
  return { database, outbox, secret: config.sessionSecret, origin: config.origin };
}
