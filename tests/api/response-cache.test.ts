/**
 * The response cache: what a visitor was answered is answered again from
 * memory while the content version holds, with this request's nonce; a
 * review, a vote, a report, a deleted account, an import or SQL written by
 * another connection moves the version and the next request sees the change;
 * nothing a student asks is served from it or kept in it; a failing database
 * still gets each page's own failure answer; however many distinct URLs are
 * asked for, what it keeps (keys included) stays within its budget, and a URL
 * over the maximum is refused with 414 before it is looked up or kept.
 */
import { createClient } from "@libsql/client";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import demoCatalog from "../../db/seeds/demo-catalog.json" with { type: "json" };
import { MAX_URL_LENGTH, URL_TOO_LONG_MESSAGE } from "../../src/middleware/request-guards.ts";
import {
  ENTRY_OVERHEAD_BYTES,
  keepsResponses,
  RESPONSE_CACHE_BYTES,
  RESPONSE_CACHE_SECONDS,
  responseCache,
  responseCacheStats,
} from "../../src/middleware/response-cache.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import { contentVersion } from "../../src/services/platform/content-version.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseId } from "../helpers/catalog.ts";
import { createdReview } from "../helpers/reviews.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

type Answer = {
  status: number;
  cache: string | null;
  trips: number;
  body: string;
  nonce: string | null;
  etag: string | null;
};

async function visit(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await t.app.request(path, { headers });
  const timing = response.headers.get("server-timing") ?? "";
  return {
    status: response.status,
    cache: /cache;desc=(\w+)/.exec(timing)?.[1] ?? null,
    trips: Number(/db-rt;desc="(\d+)"/.exec(timing)?.[1]),
    body: await response.text(),
    nonce: /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? null,
    etag: response.headers.get("etag"),
  };
}

describe("a visitor's answers come from memory while nothing they show has changed", () => {
  test("a course page: made once, then served with one read and this request's nonce; the same page and ETag", async () => {
    const path = `/course/${await courseId(t, "CAS CS 111")}`;
    await createdReview(t, (await createStudent(t, "cache-first@bu.edu")).token, await courseId(t, "CAS CS 111"), {
      reviewText: "Cached.",
    });
    const first = await visit(path);
    expect(first).toMatchObject({ status: 200, cache: "miss" });
    const second = await visit(path);
    expect(second).toMatchObject({ status: 200, cache: "hit", trips: 1, etag: first.etag });
    expect(first.trips).toBeGreaterThanOrEqual(1);
    // Each answer carries its own nonce, in its CSP and in every script tag; nothing else differs.
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    expect(second.body).not.toContain(first.nonce!);
    expect(second.body.replaceAll(second.nonce!, "")).toBe(first.body.replaceAll(first.nonce!, ""));
    expect(second.body).toContain("Cached.");
  });

  test("JSON reads too: the search API, suggestions, a course's reviews; each query string is its own entry", async () => {
    const id = await courseId(t, "CAS CS 111");
    for (
      const path of [
        "/api/courses/search?q=data",
        "/api/courses/search?q=writing",
        `/api/reviews/course/${id}`,
        "/api/suggest?q=calc",
      ]
    ) {
      const first = await visit(path);
      expect(first, path).toMatchObject({ status: 200, cache: "miss" });
      const again = await visit(path);
      expect(again, path).toMatchObject({ status: 200, cache: "hit", trips: 1, body: first.body, etag: first.etag });
    }
  });

  test("If-None-Match on a copy: 304 with the copy's ETag", async () => {
    const path = "/search?q=writing";
    const { etag } = await visit(path);
    const response = await t.app.request(path, { headers: { "If-None-Match": etag! } });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(etag);
  });
});

describe("the next request after a change sees it", () => {
  test("a review, a vote, a report that hides, a deleted account: each moves the course page and its reviews", async () => {
    const id = await courseId(t, "CAS WR 120");
    const page = `/course/${id}`;
    const reviewsPath = `/api/reviews/course/${id}`;
    const author = await createStudent(t, "cache-author@bu.edu");
    const warm = async () => {
      await visit(page);
      await visit(reviewsPath);
      expect((await visit(page)).cache).toBe("hit");
    };

    await warm();
    const review = await createdReview(t, author.token, id, { reviewText: "Written after the page was kept." });
    const afterReview = await visit(page);
    expect(afterReview.cache).toBe("miss");
    expect(afterReview.body).toContain("Written after the page was kept.");

    await warm();
    const voter = await createStudent(t, "cache-voter@bu.edu");
    const before = JSON.parse((await visit(reviewsPath)).body);
    expect(
      (await api(t, `/api/votes/review/${review.id}?voteType=UPVOTE`, { method: "POST", token: voter.token })).status,
    ).toBe(200);
    const afterVote = await visit(reviewsPath);
    expect(afterVote.cache).toBe("miss");
    expect(JSON.stringify(JSON.parse(afterVote.body))).not.toBe(JSON.stringify(before));

    await warm();
    for (const n of [1, 2, 3]) {
      const reporter = await createStudent(t, `cache-reporter-${n}@bu.edu`);
      const reported = await api(t, `/api/reviews/${review.id}/report`, {
        method: "POST",
        token: reporter.token,
        body: { reason: "Not about the course." },
      });
      expect(reported.status).toBe(200);
    }
    const afterReports = await visit(page);
    expect(afterReports.cache).toBe("miss");
    expect(afterReports.body).not.toContain("Written after the page was kept.");

    // A second review, then its author leaves: the account's reviews go with it (a cascade the triggers see too).
    const leaving = await createStudent(t, "cache-leaving@bu.edu");
    await createdReview(t, leaving.token, id, { reviewText: "From an account about to be deleted." });
    await warm();
    expect((await visit(page)).body).toContain("From an account about to be deleted.");
    const deleted = await api(t, "/api/users/delete", {
      method: "DELETE",
      token: leaving.token,
      body: { password: leaving.password },
    });
    expect(deleted.status).toBe(200);
    const afterDelete = await visit(page);
    expect(afterDelete.cache).toBe("miss");
    expect(afterDelete.body).not.toContain("From an account about to be deleted.");
  });

  test("a catalog import and SQL written by another connection (a task, another process) move every page", async () => {
    const id = await courseId(t, "CAS CS 111");
    const paths = [`/course/${id}`, "/search?q=computer", "/api/courses/search?q=computer", `/api/courses/${id}`];
    for (const path of paths) await visit(path);
    const row = (demoCatalog as { code: string; title: string }[]).find((c) => c.code === "CAS CS 111")!;
    await importCourses(t.deps.database, [{ ...row, title: "Introduction to Computer Science 1, Imported" }]);
    for (const path of paths) {
      const answer = await visit(path);
      expect(answer.cache, path).toBe("miss");
      expect(answer.body, path).toContain("Introduction to Computer Science 1, Imported");
    }
    for (const path of paths) await visit(path);

    const other = createClient({ url: t.config.databaseUrl });
    try {
      await other.execute({
        sql: "UPDATE courses SET title = ? WHERE id = ?",
        args: ["Introduction to Computer Science 1, Edited", id],
      });
      // The catalog in memory follows its own version; raising it is what a change to the catalog does (ARCHITECTURE.md).
      await other.execute(
        "UPDATE app_settings SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'catalog_version'",
      );
    } finally {
      other.close();
    }
    for (const path of paths) {
      const answer = await visit(path);
      expect(answer.cache, path).toBe("miss");
      expect(answer.body, path).toContain("Introduction to Computer Science 1, Edited");
    }
  });

  test("every table a visitor's answer is made from raises the version when a row of it changes, whoever writes it", async () => {
    const tables = [
      "app_settings",
      "colleges",
      "departments",
      "majors",
      "hub_areas",
      "courses",
      "course_texts",
      "course_prerequisites",
      "course_exclusions",
      "course_hub_units",
      "reviews",
      "review_votes",
      "review_reports",
      "professor_spellings",
      "terms",
      "sections",
      "section_meetings",
      "section_instructors",
      "section_links",
      "instructors",
      "instructor_names",
    ];
    const client = t.deps.database.client;
    const triggers =
      (await client.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'content_version_%'"))
        .rows.map((r) => String(r.name));
    expect(triggers.toSorted()).toEqual(
      tables.flatMap((table) => ["insert", "update", "delete"].map((event) => `content_version_${table}_${event}`))
        .toSorted(),
    );
    // The demo's descriptions name no course that cannot count with another: one is made to change.
    await client.execute(
      "INSERT INTO course_exclusions (course_id, position, code) SELECT id, 0, 'TST XX 100' FROM courses LIMIT 1",
    );
    for (const table of tables) {
      const [row] = (await client.execute(`SELECT rowid AS at FROM ${table} LIMIT 1`)).rows;
      expect(row, `${table} has a row to change`).toBeDefined();
      const before = await contentVersion(t.deps.database.db);
      await client.execute({ sql: `UPDATE ${table} SET rowid = rowid WHERE rowid = ?`, args: [row.at] });
      expect(await contentVersion(t.deps.database.db), table).toBeGreaterThan(before);
    }
    // What only students see does not: their lists, sessions, limits.
    const student = await createStudent(t, "cache-lists@bu.edu");
    const before = await contentVersion(t.deps.database.db);
    await api(t, `/api/users/saved-courses/${await courseId(t, "CAS CS 111")}`, {
      method: "POST",
      token: student.token,
    });
    expect(await contentVersion(t.deps.database.db)).toBe(before);
  });
});

describe("what is never served from it or kept in it", () => {
  test("a student's answers: never a copy, and never kept for a visitor, whatever was asked first", async () => {
    const id = await courseId(t, "CAS EN 120");
    const student = await createStudent(t, "cache-student@bu.edu");
    await createdReview(t, student.token, id, { reviewText: "A student's own review." });
    // What marks an answer as the student's: their address and Sign Out on a page, their own review mark in the JSON.
    const marks = [student.email, "Sign Out", '"userReviewed":true'];
    for (const path of [`/course/${id}`, "/search?q=literature", `/api/courses/${id}`]) {
      const asStudent: Record<string, string>[] = [{ Authorization: `Bearer ${student.token}` }, {
        Cookie: `hubrate_session=${student.token}`,
      }];
      for (const headers of asStudent) {
        const answer = await visit(path, headers);
        expect(answer.cache, path).toBeNull();
        expect(marks.filter((mark) => answer.body.includes(mark)), path).not.toEqual([]);
      }
      // The visitor's first request after the student's is made for the visitor, and holds nothing of the student's.
      const visitor = await visit(path);
      expect(visitor.cache, path).toBe("miss");
      expect(marks.filter((mark) => visitor.body.includes(mark)), path).toEqual([]);
      expect((await visit(path, { Authorization: `Bearer ${student.token}` })).cache, path).toBeNull();
    }
  });

  test("answers that are not 200, that say no-store, and anything but GET are made each time", async () => {
    for (
      const path of ["/healthz", "/readyz", "/course/987654321", "/no/such/page", "/api/courses/search?sortBy=toString"]
    ) {
      await visit(path);
      const again = await visit(path);
      expect(again.cache, path).not.toBe("hit");
    }
    // The probes ask the database themselves, without the version read in front.
    expect((await visit("/healthz")).cache).toBeNull();
    const head = await t.app.request("/search", { method: "HEAD" });
    expect(head.headers.get("server-timing")).not.toMatch(/cache;desc=hit/);
  });

  test("when the version cannot be read, the page answers as it would without the cache: its own failure page", async () => {
    const id = await courseId(t, "CAS CS 111");
    await visit(`/course/${id}`);
    const client = t.deps.database.client;
    await client.execute("ALTER TABLE content_version RENAME TO content_version_away");
    try {
      const answer = await visit(`/course/${id}`);
      expect(answer.status).toBe(200);
      expect(answer.cache).toBeNull();
    } finally {
      await client.execute("ALTER TABLE content_version_away RENAME TO content_version");
    }
    // A table gone is no row changed: the version stays, and a copy made before would still be served (as it should,
    // while only part of the database fails). Moving the version sends the request to the page, which is what this checks.
    await client.execute("ALTER TABLE reviews RENAME TO reviews_away");
    await client.execute("UPDATE content_version SET value = value + 1");
    try {
      const consoleError = console.error;
      console.error = () => {};
      try {
        const answer = await visit(`/course/${id}`);
        expect(answer.status).toBe(500);
        expect(answer.body).toContain("Failed to load course details");
        expect((await visit(`/course/${id}`)).status).toBe(500);
      } finally {
        console.error = consoleError;
      }
    } finally {
      await client.execute("ALTER TABLE reviews_away RENAME TO reviews");
    }
    expect((await visit(`/course/${id}`)).status).toBe(200);
  });
});

describe("the cache itself", () => {
  /** A small app with the cache in front of a route that says when it ran, on the test's database. */
  function clockApp(options: Parameters<typeof responseCache>[0]) {
    let made = 0;
    const app = new Hono<AppEnv>();
    app.use("*", async (c, next) => {
      c.set("deps", t.deps);
      c.set("nonce", crypto.randomUUID());
      await next();
    });
    app.use("*", responseCache(options));
    app.get("/made/:size", (c) => c.text(`made ${++made} ${"x".repeat(Number(c.req.param("size")))}`));
    return { app, made: () => made };
  }

  test(`a copy is served for at most ${RESPONSE_CACHE_SECONDS} seconds, however still the content`, async () => {
    let clock = 1_000_000;
    const { app, made } = clockApp({ now: () => clock });
    await app.request("/made/1");
    await app.request("/made/1");
    expect(made()).toBe(1);
    clock += RESPONSE_CACHE_SECONDS * 1000 - 1;
    await app.request("/made/1");
    expect(made()).toBe(1);
    clock += 1;
    await app.request("/made/1");
    expect(made()).toBe(2);
  });

  test("the oldest-used copies leave when the budget is reached; a response bigger than the budget is not kept", async () => {
    // Each body is about 20,000 characters, 40,000 bytes: the budget holds two.
    const { app, made } = clockApp({ maxBytes: 90_000 });
    for (const path of ["/made/20000", "/made/20001", "/made/20000", "/made/20002"]) await app.request(path);
    expect(made()).toBe(3);
    // 20001 was the oldest used: it left for 20002; 20000 is still there.
    await app.request("/made/20000");
    expect(made()).toBe(3);
    await app.request("/made/20001");
    expect(made()).toBe(4);
    await app.request("/made/50000");
    await app.request("/made/50000");
    expect(made()).toBe(6);
  });

  test("keys, headers and a fixed cost per entry count against the budget; a key longer than the longest URL is not kept", async () => {
    const maxBytes = 200_000;
    const { app, made } = clockApp({ maxBytes });
    const cache = () => responseCacheStats(t.deps.database).find((stats) => stats.maxBytes === maxBytes)!;
    // Bodies of a dozen characters under keys of 4,000: the keys are what fills the budget.
    for (let n = 0; n < 200; n++) {
      await app.request(`/made/1?n=${n}&pad=${"k".repeat(4000)}`);
      expect(cache().bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(made()).toBe(200);
    const perEntry = cache().bytes / cache().entries;
    expect(perEntry).toBeGreaterThan(2 * 4000 + ENTRY_OVERHEAD_BYTES);
    // Full: one entry more would not fit.
    expect(cache().bytes + perEntry).toBeGreaterThan(maxBytes);
    // The newest copies are the ones kept.
    await app.request(`/made/1?n=199&pad=${"k".repeat(4000)}`);
    expect(made()).toBe(200);

    const absurd = `/made/1?pad=${"k".repeat(MAX_URL_LENGTH)}`;
    const before = cache();
    await app.request(absurd);
    await app.request(absurd);
    expect(made()).toBe(202);
    expect(cache()).toEqual(before);
  });

  test("RESPONSE_CACHE: auto keeps answers on the embedded file and an embedded replica, not on a libSQL server; on and off say so", () => {
    expect([keepsResponses("auto", "file"), keepsResponses("auto", "replica"), keepsResponses("auto", "remote")])
      .toEqual([true, true, false]);
    expect([keepsResponses("on", "remote"), keepsResponses("off", "file")]).toEqual([true, false]);
  });

  test("RESPONSE_CACHE=off: every answer is made", async () => {
    const off = await makeTestApp({ env: { RESPONSE_CACHE: "off" } });
    try {
      for (let i = 0; i < 2; i++) {
        const response = await off.app.request("/search?q=writing");
        await response.body?.cancel();
        expect(response.headers.get("server-timing")).not.toMatch(/cache;/);
      }
    } finally {
      await off.close();
    }
  });
});

describe("long URLs", () => {
  /** A URL of `length` characters (path and query string), distinct by `n`. */
  const longUrl = (path: string, n: number, length: number) => {
    const start = `${path}${path.includes("?") ? "&" : "?"}n=${n}&pad=`;
    return start + "x".repeat(length - start.length);
  };
  const SECURITY_HEADERS = ["content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options"];

  test(
    "thousands of distinct URLs just under the maximum: the cache stays within its budget and the app keeps answering",
    async () => {
      // An app of its own, so the one cache on its database is the app's.
      const flooded = await makeTestApp();
      try {
        const first = async (path: string) => await (await flooded.app.request(path)).text();
        const robots = await first("/robots.txt");
        const colleges = await first("/api/courses/colleges");
        const stats = () => {
          const caches = responseCacheStats(flooded.deps.database);
          expect(caches).toHaveLength(1);
          return caches[0];
        };
        expect(stats().maxBytes).toBe(RESPONSE_CACHE_BYTES);
        let largest = 0;
        for (let n = 0; n < 3000; n++) {
          const kind = n % 30 === 0 ? "page" : n % 2 === 0 ? "robots" : "colleges";
          const path = { page: "/privacy", robots: "/robots.txt", colleges: "/api/courses/colleges" }[kind];
          const response = await flooded.app.request(longUrl(path, n, MAX_URL_LENGTH - 10));
          const body = await response.text();
          expect(response.status, `${kind} ${n}`).toBe(200);
          expect(response.headers.get("server-timing"), `${kind} ${n}`).toMatch(/cache;desc=miss/);
          if (kind === "page") expect(body).toContain("<h1>Privacy Policy</h1>");
          else expect(body, `${kind} ${n}`).toBe(kind === "robots" ? robots : colleges);
          const { bytes, maxBytes } = stats();
          expect(bytes, `after request ${n}`).toBeLessThanOrEqual(maxBytes);
          largest = Math.max(largest, bytes);
        }
        // The budget was reached (the bound was what held), and about one 16 KiB key per entry is what it holds.
        expect(largest).toBeGreaterThan(RESPONSE_CACHE_BYTES * 0.9);
        expect(stats().entries).toBeLessThan(RESPONSE_CACHE_BYTES / (2 * (MAX_URL_LENGTH - 10)));
        // The newest copies answer; what the app answers afresh is still right.
        const last = await flooded.app.request(longUrl("/api/courses/colleges", 2999, MAX_URL_LENGTH - 10));
        expect(last.headers.get("server-timing")).toMatch(/cache;desc=hit/);
        expect(await last.text()).toBe(colleges);
        for (const path of ["/robots.txt", "/api/courses/colleges", "/privacy", "/search?q=writing"]) {
          expect((await flooded.app.request(path)).status, path).toBe(200);
        }
      } finally {
        await flooded.close();
      }
    },
    180_000,
  );

  test("a URL over the maximum: 414 with the message, JSON under /api and the error page elsewhere, with the security headers; never kept", async () => {
    for (
      const path of [
        "/api/courses/colleges",
        "/privacy",
        "/robots.txt",
        "/api/courses/search?q=writing",
        "/search?q=writing",
      ]
    ) {
      // At the maximum, the URL is the site's; one character more, and it is refused.
      expect((await t.app.request(longUrl(path, 0, MAX_URL_LENGTH))).status, path).toBe(200);
      // Asked twice: the second answer is refused as the first was, not a kept copy.
      for (let time = 0; time < 2; time++) {
        const response = await t.app.request(longUrl(path, 1, MAX_URL_LENGTH + 1));
        expect(response.status, path).toBe(414);
        for (const header of SECURITY_HEADERS) expect(response.headers.get(header), `${path} ${header}`).toBeTruthy();
        expect(response.headers.get("cache-control"), path).toBe("no-store");
        // Refused before the cache read the content version, and before anything else asked the database.
        const timing = response.headers.get("server-timing") ?? "";
        expect(timing, path).not.toMatch(/cache;/);
        expect(timing, path).toMatch(/db-rt;desc="0"/);
        if (path.startsWith("/api/")) {
          expect(response.headers.get("content-type"), path).toMatch(/^application\/json/);
          expect(await response.json(), path).toEqual({ message: URL_TOO_LONG_MESSAGE });
        } else {
          expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
          const page = await response.text();
          expect(page, path).toContain("<h1>Something went wrong</h1>");
          expect(page, path).toContain(URL_TOO_LONG_MESSAGE);
        }
      }
    }
    // Whoever asks, however: a student's token is not read, a body not looked at, a long path refused like a long query.
    const student = await createStudent(t, "cache-long-url@bu.edu");
    const asStudent = await api(t, longUrl("/api/users/dashboard", 0, MAX_URL_LENGTH + 1), { token: student.token });
    expect(asStudent.status).toBe(414);
    expect(asStudent.headers.get("server-timing")).toMatch(/db-rt;desc="0"/);
    const write = await api(t, longUrl("/api/auth/login", 0, 20_000), {
      method: "POST",
      body: { email: student.email, password: student.password },
    });
    expect(write.status).toBe(414);
    expect(await write.json()).toEqual({ message: URL_TOO_LONG_MESSAGE });
    const longPath = await t.app.request(`/course/${"9".repeat(MAX_URL_LENGTH)}`);
    expect(longPath.status).toBe(414);
    expect(await longPath.text()).toContain(URL_TOO_LONG_MESSAGE);
  });
});
