import type { MiddlewareHandler } from "hono";
import type { AppEnv, LogLine } from "../server/context.ts";

/**
 * One JSON line per request: id, method, path (never the query string, which
 * can carry an email), status and duration. Bodies, headers, cookies, codes
 * and tokens are never logged. The id is echoed in X-Request-Id.
 */
/** Paths longer than any of the site's are cut: a request refused for its length would otherwise write it all to the log. */
const LOGGED_PATH = 300;

function loggedPath(path: string): string {
  return path.length > LOGGED_PATH ? `${path.slice(0, LOGGED_PATH)}… (${path.length} characters)` : path;
}

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
      path: loggedPath(new URL(c.req.url).pathname),
      status,
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
  };
}
