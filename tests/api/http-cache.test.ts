/**
 * HTTP caching: what a visitor is shown carries an ETag and a public lifetime
 * and answers If-None-Match with 304; what a student is shown, writes,
 * failures and answers that set a cookie are no-store; every answer varies by
 * Cookie and Authorization; a review, a vote or a catalog import changes the
 * ETag of what it touches.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import demoCatalog from "../../db/seeds/demo-catalog.json" with { type: "json" };
import { importCourses } from "../../src/services/catalog/catalog.ts";
import { VISITOR_CACHE_CONTROL } from "../../src/middleware/http-cache.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { jsonRequest, makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseId } from "../helpers/catalog.ts";
import { createdReview } from "../helpers/reviews.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

async function etag(path: string): Promise<string> {
  const response = await get(path);
  await response.body?.cancel();
  expect(response.status, path).toBe(200);
  return response.headers.get("etag")!;
}

describe("a visitor's pages and API reads are shareable", () => {
  test("pages and API reads carry an ETag, public caching that asks again before each use, and Vary; a page rendered twice keeps its ETag", async () => {
    expect(VISITOR_CACHE_CONTROL).toBe("public, no-cache");
    const id = await courseId(t, "CAS CS 111");
    for (
      const path of [
        "/",
        "/search?q=writing",
        `/course/${id}`,
        "/api/courses/search?q=data",
        `/api/courses/${id}`,
        `/api/reviews/course/${id}`,
      ]
    ) {
      const first = await get(path);
      const html = await first.text();
      expect(first.status, path).toBe(200);
      expect(first.headers.get("cache-control"), path).toBe(VISITOR_CACHE_CONTROL);
      expect(first.headers.get("vary"), path).toContain("Cookie, Authorization");
      expect(first.headers.get("etag"), path).toMatch(/^W\/"[\w-]{24}"$/);
      // Each render has its own CSP nonce; the ETag leaves it out.
      const second = await get(path);
      expect(second.headers.get("etag"), path).toBe(first.headers.get("etag"));
      if (path.startsWith("/api/")) continue;
      const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy")!)![1];
      expect(html).toContain(nonce);
      expect(await second.text()).not.toContain(nonce);
    }
  });

  test("If-None-Match with the current ETag gets 304 without a body and without a new CSP; a stale one gets the page", async () => {
    const id = await courseId(t, "CAS CS 111");
    const tag = await etag(`/course/${id}`);
    const fresh = await get(`/course/${id}`, { "If-None-Match": tag });
    expect(fresh.status).toBe(304);
    expect(await fresh.text()).toBe("");
    expect(fresh.headers.get("etag")).toBe(tag);
    expect(fresh.headers.get("cache-control")).toBe(VISITOR_CACHE_CONTROL);
    // The stored copy keeps the CSP whose nonce its body holds.
    expect(fresh.headers.get("content-security-policy")).toBeNull();
    expect((await get(`/course/${id}`, { "If-None-Match": `W/"stale", ${tag}` })).status).toBe(304);
    const stale = await get(`/course/${id}`, { "If-None-Match": 'W/"stale"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain("<h1>");
  });

  test("an API read answers a current ETag with 304, as the document declares (the contract check reads every answer)", async () => {
    for (const path of ["/api/courses/search?q=data", "/api/suggest?q=cs", "/api/courses/colleges"]) {
      const tag = await etag(path);
      const response = await get(path, { "If-None-Match": tag });
      expect(response.status, path).toBe(304);
      expect(response.headers.get("cache-control"), path).toBe(VISITOR_CACHE_CONTROL);
    }
  });

  test("a route's own lifetime stays (the API document's five minutes); its own no-store stays; the sitemap is revalidated like a page", async () => {
    expect((await get("/api/openapi.json")).headers.get("cache-control")).toBe("public, max-age=300");
    expect((await get("/sitemap.xml")).headers.get("cache-control")).toBe(VISITOR_CACHE_CONTROL);
    expect((await get("/healthz")).headers.get("cache-control")).toBe("no-store");
    expect((await get("/healthz")).headers.get("etag")).toBeNull();
  });
});

describe("what is not shareable is no-store", () => {
  test("anything a student asks, by cookie or by token, is no-store without an ETag, and If-None-Match gets the page", async () => {
    const { token } = await createStudent(t, "private@bu.edu");
    const id = await courseId(t, "CAS CS 111");
    const tag = await etag(`/course/${id}`);
    for (
      const headers of [{ Cookie: `hubrate_session=${token}` }, { Authorization: `Bearer ${token}` }] as Record<
        string,
        string
      >[]
    ) {
      for (const path of ["/", `/course/${id}`, "/api/auth/me", `/api/courses/${id}`]) {
        const response = await get(path, { ...headers, "If-None-Match": tag });
        expect(response.status, path).toBe(200);
        expect(response.headers.get("cache-control"), path).toBe("no-store");
        expect(response.headers.get("etag"), path).toBeNull();
        expect(response.headers.get("vary"), path).toContain("Cookie, Authorization");
      }
    }
  });

  test("a visitor's cached copy never holds a student's lists or name, whoever asked first", async () => {
    const student = await createStudent(t, "lists-owner@bu.edu");
    const id = await courseId(t, "CAS CS 111");
    expect((await api(t, `/api/users/saved-courses/${id}`, { method: "POST", token: student.token })).status).toBe(200);
    const theirs = await get(`/course/${id}`, { Cookie: `hubrate_session=${student.token}` });
    expect(await theirs.text()).toContain("lists-owner@bu.edu");
    const visitors = await get(`/course/${id}`);
    expect(visitors.headers.get("cache-control")).toBe(VISITOR_CACHE_CONTROL);
    const html = await visitors.text();
    expect(html).not.toContain("lists-owner@bu.edu");
    expect(html).not.toContain("Saved ✓");
  });

  test("writes, failures, unknown pages and answers that set a cookie are no-store", async () => {
    const login = await t.app.request(
      "/api/auth/login",
      jsonRequest("POST", { email: "nobody@bu.edu", password: "wrong password 123" }),
    );
    expect(login.status).toBe(401);
    expect(login.headers.get("cache-control")).toBe("no-store");
    for (const path of ["/api/courses/999999", "/course/999999", "/no/such/page", "/api/courses/search?page=-1"]) {
      const response = await get(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("etag"), path).toBeNull();
    }
    const student = await createStudent(t, "cookie-setter@bu.edu");
    const signIn = await t.app.request(
      "/api/auth/login",
      jsonRequest("POST", { email: student.user.email, password: student.password }),
    );
    expect(signIn.headers.get("set-cookie")).toBeTruthy();
    expect(signIn.headers.get("cache-control")).toBe("no-store");
  });

  test("the built bundles keep their immutable lifetime and no ETag work", async () => {
    const page = await (await get("/login")).text();
    const bundle = /src="(\/static\/build\/[\w.-]+\.js)"|href="(\/static\/build\/[\w.-]+\.css)"/.exec(page)!;
    const response = await get(bundle[1] ?? bundle[2]);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toBeNull();
  });
});

describe("what changes the data changes the ETag", () => {
  test("a review changes the course page's, the course's and its reviews' ETags; a vote changes the reviews'", async () => {
    const id = await courseId(t, "CAS WR 100");
    const paths = [`/course/${id}`, `/api/courses/${id}`, `/api/reviews/course/${id}`];
    const before = await Promise.all(paths.map(etag));
    const writer = await createStudent(t, "etag-writer@bu.edu");
    const review = await createdReview(t, writer.token, id);
    const after = await Promise.all(paths.map(etag));
    paths.forEach((path, i) => expect(after[i], path).not.toBe(before[i]));
    const voter = await createStudent(t, "etag-voter@bu.edu");
    expect(
      (await api(t, `/api/votes/review/${review.id}?voteType=UPVOTE`, { method: "POST", token: voter.token })).status,
    ).toBe(200);
    expect(await etag(`/api/reviews/course/${id}`)).not.toBe(after[2]);
  });

  test("a catalog import that changes a course's title changes the search's and the course's ETags", async () => {
    const id = await courseId(t, "CAS CS 131");
    const paths = ["/api/courses/search?q=combinatoric", `/course/${id}`];
    const before = await Promise.all(paths.map(etag));
    const row = (demoCatalog as { code: string; title: string }[]).find((c) => c.code === "CAS CS 131")!;
    const report = await importCourses(t.deps.database, [{ ...row, title: `${row.title} and Combinatorics` }]);
    expect(report.skipped).toEqual([]);
    const after = await Promise.all(paths.map(etag));
    paths.forEach((path, i) => expect(after[i], path).not.toBe(before[i]));
  });
});
