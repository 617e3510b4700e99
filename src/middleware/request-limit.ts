/**
 * The per-instance limits of src/services/request-limits.ts applied to a
 * request: by the client's address (an IPv6 address by its /64, as the
 * account limits count it), released when the request is answered.
 */
import type { MiddlewareHandler } from "hono";
import { clientIp } from "../server/client-address.ts";
import type { AppContext, AppEnv } from "../server/context.ts";
import { addressSubject } from "../services/rate-limit.ts";
import type { Limit, RequestLimits } from "../services/request-limits.ts";

type Pick = (limits: RequestLimits) => Limit;

/** Runs `work` counted against the client address's share of a limit (a page's load, say). */
export async function underAddressLimit<T>(c: AppContext, pick: Pick, work: () => Promise<T>): Promise<T> {
  const release = pick(c.var.deps.limits).take(addressSubject(clientIp(c)));
  try {
    return await work();
  } finally {
    release();
  }
}

/** Middleware for a route: the request counts against the client address's share of the limit. */
export function limitPerAddress(pick: Pick): MiddlewareHandler<AppEnv> {
  return (c, next) => underAddressLimit(c, pick, next);
}
