import type { MiddlewareHandler } from "hono";
import type { SignedInEnv } from "../server/context.ts";
import { unauthorized } from "../services/platform/domain-errors.ts";

/**
 * Signed-in, verified users only; anyone else gets 401. Handlers after it
 * see `c.var.user` as a user, never null.
 */
export const requireUser: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  if (!c.var.user?.enabled) throw unauthorized("Please log in to continue.");
  await next();
};
