/**
 * HTTP GETs as a polite crawler makes them: one at a time with a minimum
 * spacing between request starts, fixed identifying headers, conditional
 * requests from stored validators, no automatic redirects (the caller decides
 * where to go), and retries with exponential backoff on network errors, 429
 * and 5xx that wait at least as long as Retry-After asks. A Retry-After beyond
 * ten minutes, or a server that keeps answering 429, stops the caller's crawl.
 */

/** A Retry-After longer than this stops the crawl instead of waiting. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Milliseconds to wait from a Retry-After value (seconds or an HTTP date). */
function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export type FetchOutcome =
  | { kind: "ok"; body: string; etag?: string; lastModified?: string }
  | { kind: "not-modified" }
  | { kind: "redirect"; location: string }
  | { kind: "failed"; reason: string; status?: number }
  | { kind: "stop"; reason: string };

export type PoliteClientOptions = {
  /** Headers of every request, such as User-Agent and From. */
  headers: Record<string, string>;
  /** Minimum time between the starts of two requests. */
  delayMs: number;
  /** Attempts per URL before it counts as failed. */
  maxAttempts: number;
  timeoutMs: number;
  /** Aborting stops waiting and fetching: the pending get answers "stop". */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Milliseconds from any fixed point; requests are spaced by it. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/** One request at a time, spaced, identified, conditional, retried with backoff. */
export class PoliteClient {
  requests = 0;
  retries = 0;
  delayMs: number;
  #lastStart = Number.NEGATIVE_INFINITY;
  #notBefore = Number.NEGATIVE_INFINITY;

  readonly #options: PoliteClientOptions;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(options: PoliteClientOptions) {
    this.#options = options;
    this.delayMs = options.delayMs;
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? (() => performance.now());
    this.#sleep = options.sleep ?? abortableSleep(options.signal);
  }

  /** Waits for this request's turn; false when the crawl was stopped meanwhile. */
  async #awaitTurn(): Promise<boolean> {
    const wait = Math.max(this.#lastStart + this.delayMs, this.#notBefore) - this.#now();
    if (wait > 0) await this.#sleep(wait);
    if (this.#options.signal?.aborted) return false;
    this.#lastStart = this.#now();
    this.requests++;
    return true;
  }

  /** The next attempt waits `delayMs` doubled per attempt, or as long as Retry-After asks if that is longer. */
  #backOff(attempt: number, retryAfter = 0): void {
    this.retries++;
    this.#notBefore = this.#now() + Math.max(retryAfter, this.delayMs * 2 ** attempt);
  }

  async get(url: string, validators?: { etag?: string; lastModified?: string }): Promise<FetchOutcome> {
    const headers: Record<string, string> = { ...this.#options.headers };
    if (validators?.etag) headers["If-None-Match"] = validators.etag;
    if (validators?.lastModified) headers["If-Modified-Since"] = validators.lastModified;
    for (let attempt = 1;; attempt++) {
      if (!(await this.#awaitTurn())) return { kind: "stop", reason: "interrupted" };
      const timeout = AbortSignal.timeout(this.#options.timeoutMs);
      const signal = this.#options.signal ? AbortSignal.any([this.#options.signal, timeout]) : timeout;
      let response: Response;
      let body = "";
      try {
        response = await this.#fetch(url, { headers, redirect: "manual", signal });
        if (response.status === 200) body = await response.text();
      } catch (error) {
        if (this.#options.signal?.aborted) return { kind: "stop", reason: "interrupted" };
        const reason = timeout.aborted
          ? `no answer in ${this.#options.timeoutMs / 1000} s`
          : error instanceof Error
          ? error.message
          : String(error);
        if (attempt >= this.#options.maxAttempts) return { kind: "failed", reason: `${reason} (${attempt} attempts)` };
        this.#backOff(attempt);
        continue;
      }
      const status = response.status;
      if (status === 200) {
        return {
          kind: "ok",
          body,
          etag: response.headers.get("etag") ?? undefined,
          lastModified: response.headers.get("last-modified") ?? undefined,
        };
      }
      await response.body?.cancel();
      if (status === 304 && validators) return { kind: "not-modified" };
      const location = response.headers.get("location");
      if (REDIRECTS.has(status) && location) return { kind: "redirect", location: new URL(location, url).href };
      if (status === 429 || status >= 500) {
        const retryAfter = retryAfterMs(response.headers.get("retry-after"));
        if (retryAfter !== undefined && retryAfter > MAX_RETRY_AFTER_MS) {
          return {
            kind: "stop",
            reason: `the server asked to wait ${Math.ceil(retryAfter / 1000)} s (HTTP ${status}, Retry-After)`,
          };
        }
        if (attempt >= this.#options.maxAttempts) {
          return status === 429
            ? { kind: "stop", reason: `the server kept answering 429 Too Many Requests (${attempt} attempts)` }
            : { kind: "failed", reason: `HTTP ${status} (${attempt} attempts)`, status };
        }
        this.#backOff(attempt, retryAfter);
        continue;
      }
      return { kind: "failed", reason: `HTTP ${status}`, status };
    }
  }
}

/** setTimeout as a promise that also ends when `signal` aborts. */
function abortableSleep(signal?: AbortSignal): (ms: number) => Promise<void> {
  return (ms) =>
    new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener("abort", done, { once: true });
    });
}
