import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../server/context.ts";
import { contentVersion } from "../services/platform/content-version.ts";
import { etagOf, isShareable, isVisitor } from "./http-cache.ts";
import { MAX_URL_LENGTH } from "./request-guards.ts";
import { appendServerTiming } from "./server-timing.ts";

/**
 * What the cache may hold by default, in bytes: each entry's key, body, headers and ETag as text (two bytes per
 * character, the most a JavaScript string takes) and ENTRY_OVERHEAD_BYTES. The URL counts like the body: a route
 * with a small answer, asked with many distinct query strings, fills memory with its keys.
 */
export const RESPONSE_CACHE_BYTES = 8 * 1024 * 1024;
/** An entry bigger than this is made again each time instead of pushing the others out. */
const LARGEST_ENTRY_BYTES = 512 * 1024;
/**
 * What an entry holds besides its text: the map's slot, the entry object, the arrays of its body's parts and of its
 * headers, and each string's own header: measured at about 850 bytes for a small JSON answer with seven headers.
 */
export const ENTRY_OVERHEAD_BYTES = 1024;
/**
 * A key longer than this is not kept. The app answers a longer URL with 414 before the cache, so none should reach
 * it; a cache mounted without that guard still keeps no key larger than the app's longest address.
 */
const LONGEST_KEY = MAX_URL_LENGTH;
/**
 * How long a copy is served at most, however still the content: what a page says about the date (a term's
 * courses, "in the last year") moves with the clock, not with the database.
 */
export const RESPONSE_CACHE_SECONDS = 60;

type Entry = {
  version: number;
  storedAt: number;
  /** The body cut at each place the nonce of the request that made it stood. */
  parts: string[];
  headers: [string, string][];
  etag: string;
  /** What it counts against the budget: see RESPONSE_CACHE_BYTES. */
  bytes: number;
};

/** What a cache holds now, for tests and diagnostics. */
export type ResponseCacheStats = { entries: number; bytes: number; maxBytes: number };

/** A response cache's middleware, with a read-only look at what it holds. */
export type ResponseCache = MiddlewareHandler<AppEnv> & { stats(): ResponseCacheStats };

/** The caches that have answered requests on each database, so a test can read the one its app made. */
const cachesByDatabase = new WeakMap<AppDeps["database"], Set<ResponseCache>>();

/** What each response cache that has answered a request on `database` in this process holds now. */
export function responseCacheStats(database: AppDeps["database"]): ResponseCacheStats[] {
  return [...cachesByDatabase.get(database) ?? []].map((cache) => cache.stats());
}

function textBytes(...texts: string[]): number {
  let characters = 0;
  for (const text of texts) characters += text.length;
  return characters * 2;
}

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
 * - The oldest-used copies go first when RESPONSE_CACHE_BYTES is reached;
 *   keys, headers and a fixed cost per entry count against it with the bodies,
 *   so whatever URLs are asked for, the cache stays within it.
 * - When the version cannot be read (the database is failing), the request
 *   goes to its route, whose own failure page answers it.
 * `Server-Timing` says `cache;desc=hit` or `cache;desc=miss`.
 */
export function responseCache(
  { now = Date.now, maxBytes = RESPONSE_CACHE_BYTES }: { now?: () => number; maxBytes?: number } = {},
): ResponseCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const databases = new WeakSet<AppDeps["database"]>();

  const cache: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== "GET" || !isVisitor(c)) return next();
    const database = c.var.deps.database;
    if (!databases.has(database)) {
      databases.add(database);
      const known = cachesByDatabase.get(database);
      if (known) known.add(middleware);
      else cachesByDatabase.set(database, new Set([middleware]));
    }
    const url = new URL(c.req.url);
    const key = url.pathname + url.search;
    if (key.length > LONGEST_KEY) return next();
    let version: number;
    try {
      version = await contentVersion(database.db);
    } catch {
      return next();
    }
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
    const headers = [...res.headers].filter(([name]) => name !== "content-length");
    const largest = Math.min(LARGEST_ENTRY_BYTES, maxBytes);
    // An entry too big even without its ETag (a short hash) is not kept, and its body not hashed.
    const size = ENTRY_OVERHEAD_BYTES + textBytes(key, text, ...headers.flat());
    if (size > largest) return;
    const parts = nonce ? text.split(nonce) : [text];
    const etag = await etagOf(parts.join(""));
    const cost = size + textBytes(etag);
    if (cost > largest) return;
    // A request for the same URL that was answered meanwhile may have kept a copy: this one replaces it.
    forget(key);
    while (bytes + cost > maxBytes && entries.size) forget(entries.keys().next().value!);
    entries.set(key, { version, storedAt: now(), parts, headers, etag, bytes: cost });
    bytes += cost;
    c.set("etag", etag);
    appendServerTiming(c, "cache;desc=miss");
  };
  const middleware: ResponseCache = Object.assign(cache, { stats: () => ({ entries: entries.size, bytes, maxBytes }) });
  return middleware;
}

/** Whether an app keeps visitors' answers: the RESPONSE_CACHE setting, where "auto" means wherever the version is read locally. */
export function keepsResponses(setting: "auto" | "on" | "off", target: AppDeps["database"]["target"]): boolean {
  return setting === "on" || (setting === "auto" && target !== "remote");
}
