import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../server/context.ts";
import { contentVersion } from "../services/content-version.ts";
import { etagOf, isShareable, isVisitor } from "./http-cache.ts";
import { appendServerTiming } from "./server-timing.ts";

/** What the cache may hold by default, in bytes of text (two per character, the most a JavaScript string takes). */
export const RESPONSE_CACHE_BYTES = 8 * 1024 * 1024;
/** A response bigger than this is made again each time instead of pushing the others out. */
const LARGEST_ENTRY_BYTES = 512 * 1024;
/**
 * How long a copy is served at most, however still the content: what a page says about the date (a term's
 * courses, "in the last year") moves with the clock, not with the database. The same minute shared caches get.
 */
export const RESPONSE_CACHE_SECONDS = 60;

type Entry = {
  version: number;
  storedAt: number;
  /** The body cut at each place the nonce of the request that made it stood. */
  parts: string[];
  headers: [string, string][];
  etag: string;
  bytes: number;
};

/**
 * Keeps what visitors were answered, page or JSON, and answers the same
 * request again from it while the content version has not moved: a course
 * page or a search costs one small read instead of its queries and a render.
 *
 * - Only a GET from a visitor (no cookie, no Authorization header) is looked
 *   up, and only what `httpCache` lets shared caches keep is kept
 *   (`isShareable`): nothing a student was shown.
 * - A copy is served while the content version (raised by the database's
 *   triggers at every change to the catalog, reviews, votes and reports,
 *   whichever process makes it) is the one it was made at, and for at most
 *   RESPONSE_CACHE_SECONDS.
 * - The page's CSP nonce is the one part that changes per request: the copy
 *   keeps the body cut where it stood and joins it with this request's.
 * - The oldest-used copies go first when RESPONSE_CACHE_BYTES is reached.
 * - When the version cannot be read (the database is failing), the request
 *   goes to its route, whose own failure page answers it.
 * `Server-Timing` says `cache;desc=hit` or `cache;desc=miss`.
 */
export function responseCache(
  { now = Date.now, maxBytes = RESPONSE_CACHE_BYTES }: { now?: () => number; maxBytes?: number } = {},
): MiddlewareHandler<AppEnv> {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return async (c, next) => {
    if (c.req.method !== "GET" || !isVisitor(c)) return next();
    let version: number;
    try {
      version = await contentVersion(c.var.deps.database.db);
    } catch {
      return next();
    }
    const url = new URL(c.req.url);
    const key = url.pathname + url.search;
    const nonce = c.var.nonce ?? "";
    const entry = entries.get(key);
    if (entry && entry.version === version && now() - entry.storedAt < RESPONSE_CACHE_SECONDS * 1000) {
      // Used now: to the back of the line the oldest-used leave from.
      entries.delete(key);
      entries.set(key, entry);
      c.set("etag", entry.etag);
      const headers = new Headers(entry.headers);
      headers.append("Server-Timing", "cache;desc=hit");
      return new Response(entry.parts.join(nonce), { status: 200, headers });
    }
    if (entry) forget(key);
    await next();
    const res = c.res;
    if (!isShareable(c, res)) return;
    const text = await res.clone().text();
    const size = text.length * 2;
    if (size > Math.min(LARGEST_ENTRY_BYTES, maxBytes)) return;
    const parts = nonce ? text.split(nonce) : [text];
    const etag = await etagOf(parts.join(""));
    const headers = [...res.headers].filter(([name]) => name !== "content-length");
    while (bytes + size > maxBytes && entries.size) forget(entries.keys().next().value!);
    entries.set(key, { version, storedAt: now(), parts, headers, etag, bytes: size });
    bytes += size;
    c.set("etag", etag);
    appendServerTiming(c, "cache;desc=miss");
  };
}

/** Whether an app keeps visitors' answers: the RESPONSE_CACHE setting, where "auto" means wherever the version is read locally. */
export function keepsResponses(setting: "auto" | "on" | "off", target: AppDeps["database"]["target"]): boolean {
  return setting === "on" || (setting === "auto" && target !== "remote");
}
