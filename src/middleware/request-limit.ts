/**
 * The per-instance limits of src/services/platform/request-limits.ts applied to a
 * request: by the client's address (an IPv6 address by its /64, as the
 * account limits count it), or by the student's account when signed in,
 * released when the request is answered.
 */
import type { MiddlewareHandler } from "hono";
import { clientIp } from "../server/client-address.ts";
import type { AppEnv } from "../server/context.ts";
import { addressSubject } from "../services/platform/rate-limit.ts";
import type { Limit, RequestLimits } from "../services/platform/request-limits.ts";

type Pick = (limits: RequestLimits) => Limit;

/** Middleware: the request counts against the client address's share of the limit until it is answered. */
export function limitPerAddress(pick: Pick): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const release = pick(c.var.deps.limits).take(addressSubject(clientIp(c)));
    try {
      await next();
    } finally {
      release();
    }
  };
}

/**
 * Middleware, after the session: the request counts against its client's share of the limit until it is answered: a
 * signed-in student's account (students behind one network's address do not share it), else the address.
 */
export function limitPerClient(pick: Pick): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    const subject = user?.enabled ? `student:${user.id}` : addressSubject(clientIp(c));
    const release = pick(c.var.deps.limits).take(subject);
    try {
      await next();
    } finally {
      release();
    }
  };
}
