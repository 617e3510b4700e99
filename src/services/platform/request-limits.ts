/**
 * Limits on what one address or one account may ask of one instance at a
 * time, kept in memory: for the requests that cost CPU rather than writes
 * (the typeahead, search, the Hub planner), so that one client cannot take
 * an instance from everyone else. Accounts' login and code limits are
 * different: they are kept in the database, shared by every instance
 * (src/services/platform/rate-limit.ts).
 *
 * Each limit counts requests in fixed windows (so many per so many seconds)
 * and, where it says so, requests in flight at once. The counters live in an
 * LRU cache with the window as their lifetime and a cap on how many subjects
 * it holds: however many addresses ask, the memory stays bounded, and a
 * subject pushed out early only gets a fresh window. (The rate-limiting
 * packages' memory stores keep a key per subject without a cap.)
 */
import { LRUCache } from "lru-cache";
import { tooManyRequests } from "./domain-errors.ts";

export type LimitRule = {
  /** Requests per window. */
  limit: number;
  windowMs: number;
  /** Requests of one subject being answered at once; more are refused at once. */
  inFlight?: number;
  /** What the refused are told. */
  message: string;
};

/** Subjects a limit remembers at most: about 100 bytes each. */
const MAX_SUBJECTS = 50_000;

type Window = { count: number; resetAt: number };

export type Limit = {
  /**
   * Counts a request of `subject`, or throws 429 with Retry-After when it is
   * over the limit. Returns the release to call when the request is answered.
   */
  take(subject: string, now?: number): () => void;
};

export function createLimit(rule: LimitRule): Limit {
  const windows = new LRUCache<string, Window>({ max: MAX_SUBJECTS, ttl: rule.windowMs, ttlAutopurge: false });
  const running = new Map<string, number>();
  return {
    take(subject, now = Date.now()) {
      const busy = running.get(subject) ?? 0;
      if (rule.inFlight !== undefined && busy >= rule.inFlight) throw tooManyRequests(rule.message, 1);
      let window = windows.get(subject);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + rule.windowMs };
        windows.set(subject, window);
      }
      if (window.count >= rule.limit) throw tooManyRequests(rule.message, (window.resetAt - now) / 1000);
      window.count++;
      running.set(subject, busy + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(subject) ?? 1) - 1;
        if (left > 0) running.set(subject, left);
        else running.delete(subject);
      };
    },
  };
}

/** A limit that never refuses: RATE_LIMITS=off, for load tests and benchmarks that send everything from one address. */
export const NO_LIMIT: Limit = { take: () => () => {} };

export const LIMIT_MESSAGES = {
  typing: "Too many suggestions asked for at once. Wait a moment and type again.",
  search: "Too many searches at once from your network. Wait a moment and search again.",
  planner: "You asked for many plans in a short time. Wait a moment and try again.",
  paste: "You pasted a lot in a short time. Wait a moment and paste again.",
  pages: "Too many pages asked for at once from your network. Wait a moment and try again.",
} as const;

/**
 * The limits of one app. A student typing sends at most one suggestion
 * request per pause in typing (150 ms), one at a time; one searching sends a
 * request per filter they change. The windows leave many times that room
 * (students on one network share an address: 12 a second); the cap of a few
 * at once per address is what keeps a burst from queueing work ahead of
 * everyone else's requests (each takes a few milliseconds, so a network's
 * students rarely have four in flight).
 *
 * The other costly routes (COSTLY_ROUTES: each route above 20 ms of CPU, docs/security.md) are limited per client:
 * a signed-in student by their account, a visitor by their address.
 */
export type RequestLimits = {
  suggest: Limit;
  search: Limit;
  /** Hub plans, per student. */
  planner: Limit;
  /** Pasted transcripts read (POST /api/courses/match). */
  paste: Limit;
  /** Pages and reads that cost tens of ms each: a course's or professor's page, a comparison, Hub Progress, the site map. */
  pages: Limit;
};

export function requestLimits(on: boolean): RequestLimits {
  if (!on) return { suggest: NO_LIMIT, search: NO_LIMIT, planner: NO_LIMIT, paste: NO_LIMIT, pages: NO_LIMIT };
  return {
    suggest: createLimit({ limit: 120, windowMs: 10_000, inFlight: 4, message: LIMIT_MESSAGES.typing }),
    search: createLimit({ limit: 120, windowMs: 10_000, inFlight: 4, message: LIMIT_MESSAGES.search }),
    // A plan per visit of Hub Progress, and one per Swap or option changed.
    planner: createLimit({ limit: 20, windowMs: 60_000, inFlight: 2, message: LIMIT_MESSAGES.planner }),
    // A paste is read once, then the student ticks what to add: one at a time, a few a minute.
    paste: createLimit({ limit: 12, windowMs: 60_000, inFlight: 1, message: LIMIT_MESSAGES.paste }),
    // A student reading pages opens one every few seconds; a network's many students share the room.
    pages: createLimit({ limit: 300, windowMs: 60_000, inFlight: 4, message: LIMIT_MESSAGES.pages }),
  };
}

/**
 * The routes whose requests cost more than 20 ms of CPU (measured by `deno task bench`, listed in docs/security.md),
 * each with the limit its client's requests count against. Search, suggestions and plans have theirs where they are
 * answered (src/app.ts and routes/api/users.ts); the account endpoints that hash a password count their tries in the
 * database (src/services/platform/rate-limit.ts).
 */
export const COSTLY_ROUTES: readonly { path: string; limit: Exclude<keyof RequestLimits, "suggest" | "search"> }[] = [
  { path: "/api/courses/match", limit: "paste" },
  // The landing page's three live lists for a visitor (a student's is the dashboard, which costs less).
  { path: "/", limit: "pages" },
  { path: "/course/:id", limit: "pages" },
  { path: "/professor/:slug", limit: "pages" },
  { path: "/compare", limit: "pages" },
  { path: "/api/courses/compare", limit: "pages" },
  { path: "/hub-progress", limit: "pages" },
  { path: "/sitemap.xml", limit: "pages" },
];
