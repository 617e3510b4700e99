import { getConnInfo } from "hono/deno";
import type { RequestContext } from "./context.ts";

/**
 * The peer address of the connection. X-Forwarded-For is not trusted: anyone
 * can send it, and a rate limit keyed on it could be reset at will.
 */
export function clientIp(c: RequestContext): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
