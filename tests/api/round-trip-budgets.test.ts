/**
 * What each route may cost on a libSQL server, where every round trip is a
 * network hop (docs/product.md, Speed): a visitor's page or API read at most 1
 * round trip, a signed-in one at most 2 (the session check may be one), a
 * write at most 3. Measured on a real sqld through the app's own
 * `Server-Timing` header (by a measurement around the request for the
 * account calls, whose answers leave the header out), on a warm instance;
 * the first request after a catalog change may take one more, to load the
 * catalog (tested below).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { completedCourses, courses, reviews, savedCourses, users } from "../../db/schema.ts";
import { routeModules } from "../../src/route-map.gen.ts";
import { createStudent, type Student } from "../helpers/accounts.ts";
import { makeTestApp, TEST_SECRET, type TestApp } from "../helpers/app.ts";
import { createdReview, reviewBody } from "../helpers/reviews.ts";
import { issueToken } from "../../src/services/accounts/sessions.ts";
import { catalogSnapshotCurrent } from "../../src/services/catalog/catalog-cache.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import { type Sqld, startSqld } from "../helpers/sqld.ts";

const ORIGIN = "http://localhost:8000";

let sqld: Sqld;
let t: TestApp;
let student: Student;
let other: Student;
let courseId: number;
let reviewId: number;
let othersReviewId: number;
let slug: string;
/** A term's section to register for that needs no companion, the student's worksheet version and a shared one. */
let plan: { term: number; courseId: number; sectionId: number; versionId: number; shareToken: string };

type Case = {
  /** The route as the OpenAPI document or the route map names it. */
  route: string;
  method?: string;
  path: () => string;
  body?: () => unknown;
  signedIn: boolean;
  budget: number;
  /** The statuses below which the case counts as done (a write that is refused costs less, and proves nothing). */
  expect?: number;
  /** Runs after the request: a new token after the password changes. */
  after?: () => Promise<void>;
};

function roundTrips(response: Response): number {
  const match = /db-rt;desc="(\d+)"/.exec(response.headers.get("server-timing") ?? "");
  if (!match) throw new Error(`no db-rt in Server-Timing: ${response.headers.get("server-timing")}`);
  return Number(match[1]);
}

async function send(c: Case): Promise<Response> {
  const headers: Record<string, string> = { Origin: ORIGIN };
  // The form posts of pages carry the session cookie; the API a Bearer token.
  if (c.signedIn) {
    headers[c.route.endsWith(".ts") ? "Cookie" : "Authorization"] = c.route.endsWith(".ts")
      ? `hubrate_session=${student.token}`
      : `Bearer ${student.token}`;
  }
  if (c.body) headers["Content-Type"] = "application/json";
  return await t.app.request(c.path(), {
    method: c.method ?? "GET",
    headers,
    body: c.body ? JSON.stringify(c.body()) : undefined,
  });
}

const READ = 1;
const SIGNED_IN_READ = 2;
const WRITE = 3;

const PAGES = [
  ["index.tsx", "/"],
  ["search.tsx", "/search?q=calculus&hubReqs=QR1"],
  // A professor's name: the professors' statement leaves with the courses'.
  ["search.tsx", "/search?q=wayne%20snyder"],
  ["course/[id].tsx", () => `/course/${courseId}`],
  ["professor/[slug].tsx", () => `/professor/${slug}`],
  ["compare.tsx", () => `/compare?ids=${courseId},${courseId + 1}`],
  // The schedule builder: a visitor's is in the browser; a student's first version is read with the page.
  ["schedule.tsx", "/schedule"],
  ["schedule/shared/[token].tsx", () => `/schedule/shared/${plan.shareToken}`],
  ["login.tsx", "/login"],
  ["register.tsx", "/register"],
  ["verify.tsx", "/verify"],
  ["verify/link.tsx", "/verify/link"],
  ["reset.tsx", "/reset"],
  ["reset-password.tsx", "/reset-password"],
  ["contact.tsx", "/contact"],
  ["privacy.tsx", "/privacy"],
  ["terms.tsx", "/terms"],
  ["unsubscribe.tsx", "/unsubscribe?token=nonsense"],
  ["robots.txt.ts", "/robots.txt"],
  ["sitemap.xml.ts", "/sitemap.xml"],
  ["healthz.ts", "/healthz"],
  ["readyz.ts", "/readyz"],
] as const;

const STUDENT_PAGES = [
  ["dashboard.tsx", "/dashboard"],
  ["account.tsx", "/account"],
  ["hub-progress.tsx", "/hub-progress"],
  ["my-courses.tsx", "/my-courses"],
  ["my-reviews.tsx", "/my-reviews"],
  ["saved-courses.tsx", "/saved-courses"],
  ["course/[id]/review.tsx", () => `/course/${courseId}/review`],
] as const;

const path = (p: string | (() => string)) => typeof p === "string" ? () => p : p;

type Operation = {
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string; example?: unknown; schema?: { example?: unknown } }[];
};

/**
 * The path parameters the document's examples cannot give, because they name what this test made: the course with no
 * reviews before the test, the student's review, the other student's review (to vote on) and its professor.
 */
function madeHere(route: string, name: string): string | undefined {
  if (name === "slug") return slug;
  if (name === "token") return plan.shareToken;
  if (name !== "id") return undefined;
  if (route.startsWith("/api/reviews/{id}")) return String(reviewId);
  if (route.startsWith("/api/votes/")) return String(othersReviewId);
  return String(courseId);
}

/**
 * A case per GET operation of the API's OpenAPI document: its path filled in, and each parameter that has an example
 * given that example (the professor's name is the one this test's reviews give). The operations a visitor may call
 * (their security allows no credentials) are read by a visitor and by a student; the others by a student alone.
 */
function apiReads(document: { paths: Record<string, Record<string, Operation>> }): Case[] {
  return Object.entries(document.paths).flatMap(([route, operations]) => {
    const operation = operations.get;
    if (!operation) return [];
    const path = () => {
      let url = route;
      const query = new URLSearchParams();
      for (const parameter of operation.parameters ?? []) {
        const example = parameter.name === "teacherName"
          ? "Wayne Snyder"
          : parameter.example ?? parameter.schema?.example;
        if (parameter.in === "path") {
          url = url.replace(`{${parameter.name}}`, madeHere(route, parameter.name) ?? String(example));
        } else if (example !== undefined) {
          for (const value of [example].flat()) query.append(parameter.name, String(value));
        }
      }
      return query.size ? `${url}?${query}` : url;
    };
    const visitors = (operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0);
    const name = `GET ${route}`;
    // Answered, not refused: a refusal costs less and proves nothing.
    const student: Case = { route: name, path, signedIn: true, budget: SIGNED_IN_READ, expect: 400 };
    return visitors ? [{ route: name, path, signedIn: false, budget: READ, expect: 400 }, student] : [student];
  });
}

const pageReads: Case[] = [
  ...PAGES.map(([route, p]) => ({ route, path: path(p), signedIn: false, budget: READ })),
  ...PAGES.filter(([route]) => route.endsWith(".tsx")).map(([route, p]) => ({
    route,
    path: path(p),
    signedIn: true,
    budget: SIGNED_IN_READ,
  })),
  ...STUDENT_PAGES.map(([route, p]) => ({ route, path: path(p), signedIn: true, budget: SIGNED_IN_READ })),
];
/** The pages' cases and the API's, once the document is read. */
let reads: Case[] = [];

beforeAll(async () => {
  sqld = await startSqld();
  t = await makeTestApp({ env: { DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: sqld.token } });
  student = await createStudent(t, "budget@bu.edu");
  other = await createStudent(t, "budget-other@bu.edu");
  const db = t.deps.database.db;
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.numReviews, 0)).limit(1);
  courseId = course.id;
  const review = await createdReview(t, student.token, courseId, { teacherName: "Wayne Snyder" });
  reviewId = review.id;
  othersReviewId =
    (await createdReview(t, other.token, courseId, { teacherName: "Wayne Snyder", semester: "Fall 2024" })).id;
  slug = (await db.select({ key: reviews.teacherKey }).from(reviews).where(eq(reviews.id, reviewId)))[0].key;
  await db.insert(completedCourses).values({ userId: student.id, courseId: courseId + 2 });
  await db.insert(savedCourses).values({ userId: student.id, courseId: courseId + 3 });
  const [plain] = (await t.deps.database.client.execute(
    `SELECT s.id, s.course_id AS courseId, s.term_code AS term FROM sections s
      WHERE s.enrollment = 1 AND s.status = 'active' AND s.gone = 0 AND NOT EXISTS (SELECT 1 FROM sections c
        WHERE c.course_id = s.course_id AND c.term_code = s.term_code AND c.enrollment = 0)
      ORDER BY s.term_code, s.id LIMIT 1`,
  )).rows;
  const version = async (name: string) =>
    await (await t.app.request("/api/schedules/mine", {
      method: "POST",
      headers: { Origin: ORIGIN, Authorization: `Bearer ${student.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ term: Number(plain.term), name }),
    })).json();
  const [mine, shared] = [await version("Budget A"), await version("Budget shared")];
  const token = (await (await t.app.request(`/api/schedules/mine/${shared.id}`, {
    method: "PATCH",
    headers: { Origin: ORIGIN, Authorization: `Bearer ${student.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ shared: true }),
  })).json()).shareToken;
  plan = {
    term: Number(plain.term),
    courseId: Number(plain.courseId),
    sectionId: Number(plain.id),
    versionId: mine.id,
    shareToken: token,
  };
  reads = [...pageReads, ...apiReads(await (await t.app.request("/api/openapi.json")).json())];
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sqld?.stop();
});

describe("round trips per request on a libSQL server", () => {
  test("every page and API operation has a case", async () => {
    const document = await (await t.app.request("/api/openapi.json")).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(document.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)
    );
    const covered = new Set([...reads.map((c) => c.route), ...writes.map((c) => c.route)]);
    expect(operations.filter((o) => !covered.has(o))).toEqual([]);
    const pages = Object.keys(routeModules).filter((file) =>
      !file.startsWith("api/") && !file.startsWith("static/") && !file.startsWith("_")
    );
    expect(pages.filter((file) => !covered.has(file))).toEqual([]);
  });

  test("reads: a visitor's at most 1, a student's at most 2", async () => {
    const over: string[] = [];
    const seen: string[] = [];
    for (const c of reads) {
      // The first request may load the catalog; the budget is for the next.
      await (await send(c)).arrayBuffer();
      const { result: response, usage } = await t.deps.database.measure(() => send(c));
      await response.arrayBuffer();
      expect(response.status, `${c.route} ${c.path()}`).toBeLessThan(c.expect ?? 500);
      // A link that must not tell which accounts exist (/unsubscribe) answers without the header: measured around it.
      const told = response.headers.has("server-timing") ? roundTrips(response) : null;
      if (told !== null) expect(told, `${c.route}: the header and the measurement agree`).toBe(usage.roundTrips);
      const n = usage.roundTrips;
      seen.push(`${c.signedIn ? "student" : "visitor"} ${c.route}: ${n}`);
      if (n > c.budget) {
        over.push(
          `${c.signedIn ? "student" : "visitor"} ${c.method ?? "GET"} ${c.path()} (${c.route}): ${n} > ${c.budget}`,
        );
      }
    }
    expect(over, seen.join("\n")).toEqual([]);
  });

  test("a cold instance reads the catalog in one round trip; after an import, the first request reads it again", async () => {
    const cold = await makeTestApp({ env: { DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: sqld.token } });
    try {
      const trips = async (app = cold) => {
        const response = await app.app.request(`/course/${courseId}`);
        await response.arrayBuffer();
        return roundTrips(response);
      };
      // Nothing in memory yet: the catalog's snapshot (1), then the page's reads with the version (1); then one round trip a page.
      expect(await trips()).toBe(2);
      expect(await trips()).toBe(1);
      // An import raises the version and makes a new snapshot: the page's reads with the version (1) find it moved, the
      // snapshot (1), the reads again (1).
      await importCourses(cold.deps.database, [{
        college: "TST",
        department: "RT",
        number: "101",
        title: "Round Trips",
        hub_units: [],
      }]);
      expect(await trips()).toBe(3);
      expect(await trips()).toBe(1);
      // Raised by hand, the version leaves the snapshot behind: the reads (1), the stale snapshot (1), the rows (1), the
      // reads again (1). The snapshot made from those rows is stored for the next instance, which needs no more than before.
      await sqld.client.execute(
        "UPDATE app_settings SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'catalog_version'",
      );
      expect(await trips()).toBe(4);
      expect(await trips()).toBe(1);
      for (let i = 0; i < 100 && !(await catalogSnapshotCurrent(cold.deps.database.db)); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const next = await makeTestApp({ env: { DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: sqld.token } });
      try {
        expect(await trips(next)).toBe(2);
      } finally {
        await next.close();
      }
    } finally {
      await cold.close();
    }
  });

  test("writes: at most 3", async () => {
    const over: string[] = [];
    const seen: string[] = [];
    for (const c of writes) {
      const { result: response, usage } = await t.deps.database.measure(() => send(c));
      const text = await response.text();
      expect(response.status, `${c.route} ${text}`).toBeLessThan(c.expect ?? 400);
      await c.after?.();
      const told = response.headers.has("server-timing") ? roundTrips(response) : null;
      if (told !== null) expect(told, `${c.route}: the header and the measurement agree`).toBe(usage.roundTrips);
      const n = usage.roundTrips;
      seen.push(`${c.route}: ${n} (${response.status})`);
      if (n > c.budget) over.push(`${c.method} ${c.path()} (${c.route}): ${n} > ${c.budget}`);
    }
    expect(over, seen.join("\n")).toEqual([]);
  });
});

const write = (
  route: string,
  p: () => string,
  body?: () => unknown,
  signedIn = true,
  more: Partial<Case> = {},
): Case => ({
  route,
  method: route.split(" ")[0],
  path: p,
  body,
  signedIn,
  budget: WRITE,
  ...more,
});

/** A fresh token for the student, whose session version moved on. */
async function newToken(): Promise<void> {
  const [user] = await t.deps.database.db.select().from(users).where(eq(users.id, student.id));
  student = { ...student, token: await issueToken(TEST_SECRET, user) };
}

const REVIEW = reviewBody({ teacherName: "Wayne Snyder", semester: "Spring 2025" });

const writes: Case[] = [
  write(
    "POST /api/auth/contact",
    () => "/api/auth/contact",
    () => ({ email: "someone@bu.edu", subject: "Hello", message: "A question about the site." }),
    false,
  ),
  write(
    "POST /api/auth/register",
    () => "/api/auth/register",
    () => ({
      email: "new-budget@bu.edu",
      college: "CAS",
      major: "Physics",
      expectedGrad: 2028,
      password: "Terrier-Budget-2031!",
    }),
    false,
  ),
  write(
    "POST /api/auth/verify",
    () => "/api/auth/verify",
    () => ({ email: "new-budget@bu.edu", verificationCode: "000000" }),
    false,
    { expect: 500 },
  ),
  write("POST /api/auth/verify-link", () => "/api/auth/verify-link", () => ({ token: "a".repeat(43) }), false, {
    expect: 500,
  }),
  write(
    "POST /api/auth/resend-verification",
    () => "/api/auth/resend-verification",
    () => ({ email: "new-budget@bu.edu" }),
    false,
    { expect: 500 },
  ),
  write(
    "POST /api/auth/login",
    () => "/api/auth/login",
    () => ({ email: "budget-other@bu.edu", password: "correct horse battery" }),
    false,
  ),
  write(
    "POST /api/auth/forgot-password",
    () => "/api/auth/forgot-password",
    () => ({ email: "budget-other@bu.edu" }),
    false,
    { expect: 500 },
  ),
  write(
    "POST /api/auth/reset-password",
    () => "/api/auth/reset-password",
    () => ({ email: "budget-other@bu.edu", verificationCode: "000000", newPassword: "Terrier-Budget-2032!" }),
    false,
    { expect: 500 },
  ),
  write("POST /api/courses/match", () => "/api/courses/match", () => ({ text: "CAS CS 111, CAS MA 123" }), false),
  write("POST /api/schedules/mine", () => "/api/schedules/mine", () => ({ term: plan.term, name: "Budget B" })),
  write(
    "PUT /api/schedules/mine/{id}/courses/{courseId}",
    () => `/api/schedules/mine/${plan.versionId}/courses/${plan.courseId}`,
    () => ({ sectionIds: [plan.sectionId] }),
  ),
  write("PATCH /api/schedules/mine/{id}", () => `/api/schedules/mine/${plan.versionId}`, () => ({ shared: true })),
  write(
    "DELETE /api/schedules/mine/{id}/courses/{courseId}",
    () => `/api/schedules/mine/${plan.versionId}/courses/${plan.courseId}`,
  ),
  write("POST /api/schedules/mine/join", () => "/api/schedules/mine/join", () => ({
    worksheets: [{
      term: plan.term,
      versions: [{ name: "Budget A", courses: [{ courseId: plan.courseId, sectionIds: [plan.sectionId] }] }],
    }],
  })),
  write("DELETE /api/schedules/mine/{id}", () => `/api/schedules/mine/${plan.versionId}`),
  write(
    "PUT /api/users/account",
    () => "/api/users/account",
    () => ({ college: "CAS", major: "Physics", expectedGrad: 2028 }),
  ),
  write("PUT /api/users/review-reminders", () => "/api/users/review-reminders", () => ({ enabled: true })),
  write(
    "PUT /api/users/planner-settings",
    () => "/api/users/planner-settings",
    () => ({ departments: [], levels: [400], courses: [courseId + 3] }),
  ),
  write(
    "POST /api/users/completed-courses",
    () => "/api/users/completed-courses",
    () => ({ ids: [courseId + 4, courseId + 5] }),
  ),
  write("POST /api/users/completed-courses/{id}", () => `/api/users/completed-courses/${courseId + 6}`),
  write("DELETE /api/users/completed-courses/{id}", () => `/api/users/completed-courses/${courseId + 6}`),
  write("POST /api/users/courses-in-progress", () => "/api/users/courses-in-progress", () => ({ ids: [courseId + 7] })),
  write("POST /api/users/courses-in-progress/{id}", () => `/api/users/courses-in-progress/${courseId + 8}`),
  write("DELETE /api/users/courses-in-progress/{id}", () => `/api/users/courses-in-progress/${courseId + 8}`),
  write("POST /api/users/saved-courses", () => "/api/users/saved-courses", () => ({ ids: [courseId + 9] })),
  write("POST /api/users/saved-courses/{id}", () => `/api/users/saved-courses/${courseId + 10}`),
  write("DELETE /api/users/saved-courses/{id}", () => `/api/users/saved-courses/${courseId + 10}`),
  write("POST /api/votes/review/{id}", () => `/api/votes/review/${othersReviewId}?voteType=UPVOTE`),
  write(
    "POST /api/reviews/{id}/report",
    () => `/api/reviews/${othersReviewId}/report`,
    () => ({ reason: "Off topic." }),
  ),
  write(
    "PUT /api/reviews/{id}",
    () => `/api/reviews/${reviewId}`,
    () => ({ ...REVIEW, reviewText: "Clear lectures, fair exams, and weekly problem sets." }),
  ),
  write("DELETE /api/reviews/{id}", () => `/api/reviews/${reviewId}`),
  write("POST /api/reviews/course/{id}", () => `/api/reviews/course/${courseId}`, () => REVIEW),
  write(
    "PUT /api/auth/update-password",
    () => "/api/auth/update-password",
    () => ({ oldPassword: "correct horse battery", newPassword: "Terrier-Budget-2033!" }),
    true,
    { after: newToken },
  ),
  write("POST /api/auth/logout", () => "/api/auth/logout", undefined, true, { after: newToken }),
  write("POST logout.ts", () => "/logout", undefined, true, { route: "logout.ts", method: "POST", after: newToken }),
  write("DELETE /api/users/delete", () => "/api/users/delete"),
];
