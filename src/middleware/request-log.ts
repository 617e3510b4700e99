import type { MiddlewareHandler } from "hono";
import type { AppEnv, LogLine } from "../server/context.ts";
import { requestPath } from "../server/request-path.ts";

/**
 * One JSON line per request: id, method, path (`requestPath`: no query string, no token), status and duration. Bodies, headers, cookies, codes
 * and tokens are never logged. The id is echoed in X-Request-Id.
 */
export function requestLog(
  write: (line: LogLine) => void = (line) => console.log(JSON.stringify(line)),
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    c.header("X-Request-Id", requestId);
    await next();
    const status = c.res.status;
    write({
      time: new Date().toISOString(),
      level: status >= 500 ? "error" : status >= 400 ? "warn" : "info",
      requestId,
      method: c.req.method,
      // After the route ran, its parameters are known.
      path: requestPath(c),
      status,
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
  };
}
