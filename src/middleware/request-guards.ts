import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../server/context.ts";
import { DomainError } from "../services/platform/domain-errors.ts";

export const API_BODY_LIMIT = 16 * 1024;

const CHANGES_STATE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The longest path and query string a request may have, counted as the request's URL holds them (percent-encoded, so a
 * character is a byte). The longest the site writes itself: a search with every filter at its most and 200 four-byte
 * characters of text, about 3.3 KB once encoded; the login link that carries such a search back as `next`, about
 * 4.9 KB; a Hub plan excluding 60 courses, 1.2 KB; compare and verification links under 100 bytes. 8,192 leaves room
 * above all of them and is what Apache and nginx take in a request line by default, so no address that passes a
 * common proxy is refused here. Anything longer is no address of this site: refused before it costs a cache entry,
 * a session check or a route's work.
 */
export const MAX_URL_LENGTH = 8192;

export const URL_TOO_LONG_MESSAGE = `The URL is too long: its path and query string may have at most ${
  MAX_URL_LENGTH.toLocaleString("en-US")
} characters.`;

/** The length of a URL's path and query string (a request's URL holds no fragment). */
function pathAndQueryLength(url: string): number {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  return start === -1 ? 0 : url.length - start;
}

/**
 * Requests whose path and query string pass MAX_URL_LENGTH get 414 before anything else reads them: the error
 * handler answers `{ message }` under /api/ and the error page elsewhere, with the security headers.
 */
export const urlLengthLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (pathAndQueryLength(c.req.url) > MAX_URL_LENGTH) throw new HTTPException(414, { message: URL_TOO_LONG_MESSAGE });
  await next();
};

/** /api bodies above 16 KiB get 413 before they are read in full. */
export const apiBodyLimit = bodyLimit({
  maxSize: API_BODY_LIMIT,
  onError: (c) => c.json({ message: "The request body is too large (16 KiB at most)." }, 413),
});

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** Whether an Origin header names this site (its configured origin, or the host the request was sent to). */
function isOwnOrigin(c: Context<AppEnv>, requestOrigin: string): boolean {
  const host = c.req.header("host");
  return requestOrigin === c.var.deps.config.origin || (host !== undefined && hostOf(requestOrigin) === host);
}

/**
 * Cross-site request forgery: a state-changing request must come from this
 * site's own pages, or from a client that is not a browser (no Origin, no
 * cross-site Sec-Fetch-Site).
 */
export function sameOrigin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!CHANGES_STATE.has(c.req.method)) return next();
    const requestOrigin = c.req.header("origin");
    if (requestOrigin !== undefined) {
      if (!isOwnOrigin(c, requestOrigin)) throw new DomainError(403, "Cross-site requests are not allowed.");
    } else if (c.req.header("sec-fetch-site") === "cross-site") {
      throw new DomainError(403, "Cross-site requests are not allowed.");
    }
    return next();
  };
}

/**
 * Whether a browser sent this request for another site's page (a cross-origin
 * fetch carries that page's Origin; Sec-Fetch-Site tells the rest). The API
 * honours no session cookie for such a request: another site's page may read
 * what anyone may read, and never as the student whose browser it runs in.
 */
export function fromAnotherOrigin(c: Context<AppEnv>): boolean {
  const requestOrigin = c.req.header("origin");
  if (requestOrigin !== undefined) return !isOwnOrigin(c, requestOrigin);
  const site = c.req.header("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}

/**
 * API bodies must be JSON, which a cross-site HTML form cannot send: a body
 * declared as anything else gets 415. (A browser always declares a type for a
 * body it sends; calls without a body, like DELETE, declare none.)
 */
export function jsonBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!CHANGES_STATE.has(c.req.method)) return next();
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type && type !== "application/json") {
      throw new DomainError(415, "Send the request body as JSON (Content-Type: application/json).");
    }
    return next();
  };
}
