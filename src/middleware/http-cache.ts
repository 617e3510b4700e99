import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "../server/context.ts";

/**
 * What a shared cache (a CDN, Deno Deploy's) and the browser may do with what a visitor was shown: keep it, but ask
 * again before each use (`If-None-Match`, answered 304 while the body is the same). Never served on its own, so a
 * review hidden or deleted is gone from every copy at the next request, not a minute later.
 */
export const VISITOR_CACHE_CONTROL = "public, no-cache";
/** Who is asking changes the answer: caches keep one copy for visitors and none for a student. */
export const VARY = "Cookie, Authorization";

/** The nonce is the one part of a page that changes per render: left out of the ETag, a page that did not change keeps it. */
function nonceFree(body: string, nonce: string): string {
  return nonce ? body.replaceAll(nonce, "") : body;
}

/** A weak ETag of a body (its nonce left out). */
export async function etagOf(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `W/"${btoa(String.fromCharCode(...digest.slice(0, 18))).replaceAll("+", "-").replaceAll("/", "_")}"`;
}

/** A visitor's request: no cookie, no Authorization header. What it is answered may be shared. */
export function isVisitor(c: AppContext): boolean {
  return !c.req.header("cookie") && !c.req.header("authorization");
}

/**
 * Whether an answer may be kept and shared: a GET (or HEAD) from a visitor answered 200 with a body, setting no
 * cookie, and not marked `no-store` by its route. The response cache keeps exactly these.
 */
export function isShareable(c: AppContext, res: Response): boolean {
  const read = c.req.method === "GET" || c.req.method === "HEAD";
  return read && isVisitor(c) && res.status === 200 && res.body !== null && !res.headers.has("Set-Cookie") &&
    res.headers.get("Cache-Control") !== "no-store";
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
}

/**
 * HTTP caching for everything but the built assets (which are immutable):
 * - a GET from a visitor (no cookie, no Authorization header) answered with
 *   200 and no cookie is shareable: it gets an ETag from its body,
 *   `Cache-Control: public, no-cache` (unless the route set a public
 *   lifetime or `no-store` of its own), and an `If-None-Match` that matches
 *   gets 304 without a body;
 * - anything a student asks, anything that sets a cookie or fails, and every
 *   write is `no-store`;
 * - every answer says it varies by Cookie and Authorization.
 * A review, a vote or an import changes the pages it touches, and so their ETags.
 */
export function httpCache(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    const vary = res.headers.get("Vary");
    res.headers.set("Vary", vary ? `${vary}, ${VARY}` : VARY);
    const own = res.headers.get("Cache-Control");
    if (!isShareable(c, res)) {
      res.headers.set("Cache-Control", "no-store");
      return;
    }
    // The response cache knows the ETag of what it serves or keeps; anything else is read and hashed here.
    const etag = c.var.etag ?? await etagOf(nonceFree(await res.clone().text(), c.var.nonce ?? ""));
    const cacheControl = own?.startsWith("public") ? own : VISITOR_CACHE_CONTROL;
    if (matches(c.req.header("if-none-match"), etag)) {
      // Only what a 304 may update: the stored copy keeps its own Content-Security-Policy, whose nonce matches its body.
      // (Cleared first: Hono copies the headers of the response it replaces.)
      c.res = undefined;
      c.res = new Response(null, {
        status: 304,
        headers: { ETag: etag, "Cache-Control": cacheControl, Vary: res.headers.get("Vary")! },
      });
      return;
    }
    res.headers.set("ETag", etag);
    res.headers.set("Cache-Control", cacheControl);
  };
}
