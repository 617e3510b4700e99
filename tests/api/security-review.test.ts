/**
 * What an outside security review found, each as an attack on the API: limits
 * outrun in parallel, the current password guessed without limit, accounts
 * told apart by unauthenticated endpoints, prototype names in parameters,
 * control characters hiding stored text, an email left behind by a deleted
 * account, counters that grow without bound, and reviews linkable by time;
 * then the second review's: links that act when fetched, what an account
 * call's answer measures, caches that outlive a hidden review, sessions
 * across a restore, and files others can read. docs/security.md states each
 * rule; the sections here are the ones it names.
 */
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { courses, outbox, rateLimits, reviews, users } from "../../db/schema.ts";
import type { Mail, Mailer } from "../../src/services/mail/mail.ts";
import { SEARCH_PARAMETERS } from "../../src/lib/search-filter.ts";
import { limitKey, subjectHash } from "../../src/services/platform/rate-limit.ts";
import { unsubscribeToken } from "../../src/services/accounts/unsubscribe-tokens.ts";
import { removeReview, REPORTS_TO_HIDE } from "../../src/services/reviews/course-reviews.ts";
import { api, createStudent, fromAddress, userByEmail } from "../helpers/accounts.ts";
import { createdReview, reviewBody } from "../helpers/reviews.ts";
import { courseId } from "../helpers/catalog.ts";
import { makeTestApp, TEST_SECRET, type TestApp } from "../helpers/app.ts";
import { backupDatabase } from "../../db/backup.ts";
import { exportDatabase, fileLines, importDatabase } from "../../db/transfer.ts";
import { issueToken } from "../../src/services/accounts/sessions.ts";
import { SignJWT } from "jose";

let t: TestApp;
/** Mail to these addresses takes as long as a real mail server; before the outbox, answers waited for it. */
const slowInboxes = new Set<string>();
const delivered: Mail[] = [];
const mailer: Mailer = {
  async send(mail) {
    if (slowInboxes.has(mail.to)) await new Promise((resolve) => setTimeout(resolve, 60));
    delivered.push(mail);
  },
};

beforeAll(async () => {
  t = await makeTestApp({ mailer });
});
afterAll(() => t.close());

const resetLimits = () => t.deps.database.db.delete(rateLimits);
const statusesOf = (responses: Response[]) => responses.map((r) => r.status).sort((a, b) => a - b);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

async function pendingStudent(email: string, password = "a sturdy passphrase") {
  const response = await api(t, "/api/auth/register", {
    method: "POST",
    body: { email, college: "CAS", major: "Physics", expectedGrad: 2027, password },
    ip: "198.51.100.200",
  });
  expect(response.status).toBe(201);
  return await userByEmail(t, email);
}

describe("1. login limits hold against parallel tries", () => {
  test("25 parallel wrong passwords from one address: 10 are checked, 15 get 429", async () => {
    await resetLimits();
    await createStudent(t, "parallel-ip@bu.edu", "the real passphrase");
    const responses = await Promise.all(
      Array.from(
        { length: 25 },
        (_, i) =>
          api(t, "/api/auth/login", {
            method: "POST",
            body: { email: "parallel-ip@bu.edu", password: `wrong guess ${i}` },
            ip: "203.0.113.25",
          }),
      ),
    );
    const statuses = statusesOf(responses);
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(15);
    for (const r of responses.filter((r) => r.status === 429)) {
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  test("120 parallel wrong passwords for one account from 120 addresses: 100 are checked, then 429", async () => {
    await resetLimits();
    await createStudent(t, "parallel-account@bu.edu", "the real passphrase");
    const responses = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        api(t, "/api/auth/login", {
          method: "POST",
          body: { email: "parallel-account@bu.edu", password: `wrong guess ${i}` },
          ip: `10.1.${Math.floor(i / 200)}.${i % 200}`,
        })),
    );
    const statuses = statusesOf(responses);
    expect(count(statuses, 401)).toBe(100);
    expect(count(statuses, 429)).toBe(20);
  }, 60_000);

  test("right passwords give their try back: a student who signs in often is never limited", async () => {
    await resetLimits();
    await createStudent(t, "often@bu.edu", "the real passphrase");
    for (let i = 0; i < 15; i++) {
      const response = await api(t, "/api/auth/login", {
        method: "POST",
        body: { email: "often@bu.edu", password: "the real passphrase" },
        ip: "203.0.113.30",
      });
      expect(response.status).toBe(200);
    }
  });
});

describe("2. the current password is limited like login", () => {
  test("15 wrong current passwords: 10 × 400, then 429, and the right one is refused while limited", async () => {
    await resetLimits();
    const { token } = await createStudent(t, "change@bu.edu", "the real passphrase");
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const response = await api(t, "/api/auth/update-password", {
        method: "PUT",
        token,
        body: { oldPassword: `wrong guess ${i}`, newPassword: "a new passphrase" },
        ip: "203.0.113.40",
      });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(5).fill(429)]);
    const right = await api(t, "/api/auth/update-password", {
      method: "PUT",
      token,
      body: { oldPassword: "the real passphrase", newPassword: "a new passphrase" },
      ip: "203.0.113.40",
    });
    expect(right.status).toBe(429);
  });

  test("25 parallel guesses of the current password: at most 10 are checked", async () => {
    await resetLimits();
    const { token } = await createStudent(t, "change-parallel@bu.edu", "the real passphrase");
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        api(t, "/api/auth/update-password", {
          method: "PUT",
          token,
          body: { oldPassword: `wrong guess ${i}`, newPassword: "a new passphrase" },
          ip: "203.0.113.41",
        })),
    );
    const statuses = statusesOf(responses);
    expect(count(statuses, 400)).toBe(10);
    expect(count(statuses, 429)).toBe(15);
  });
});

describe("3. unauthenticated endpoints answer alike for unknown, waiting and verified accounts", () => {
  type Call = (email: string) => Promise<Response>;
  const calls: [string, Call][] = [
    [
      "resend-verification",
      (email) => api(t, `/api/auth/resend-verification?email=${encodeURIComponent(email)}`, { method: "POST" }),
    ],
    [
      "forgot-password",
      (email) => api(t, `/api/auth/forgot-password?email=${encodeURIComponent(email)}`, { method: "POST" }),
    ],
    ["verify", (email) => api(t, "/api/auth/verify", { method: "POST", body: { email, verificationCode: "000000" } })],
    [
      "reset-password",
      (email) =>
        api(t, "/api/auth/reset-password", {
          method: "POST",
          body: { email, verificationCode: "000000", newPassword: "brand new passphrase" },
        }),
    ],
  ];

  let accounts: { unknown: string[]; pending: string[]; verified: string[] };
  beforeAll(async () => {
    accounts = { unknown: [], pending: [], verified: [] };
    for (let i = 0; i < 10; i++) {
      accounts.unknown.push(`nobody-${i}@bu.edu`);
      await resetLimits();
      await pendingStudent(`waiting-${i}@bu.edu`);
      accounts.pending.push(`waiting-${i}@bu.edu`);
      await createStudent(t, `verified-${i}@bu.edu`);
      accounts.verified.push(`verified-${i}@bu.edu`);
    }
    for (const email of [...accounts.unknown, ...accounts.pending, ...accounts.verified]) slowInboxes.add(email);
  }, 60_000);

  test.each(calls)("%s: same status, same body, and within 10 ms on average", async (_name, call) => {
    const timings: Record<string, number[]> = { unknown: [], pending: [], verified: [] };
    const answers = new Set<string>();
    // Interleaved, so a busy moment of the machine falls on every kind alike.
    for (let i = 0; i < accounts.unknown.length; i++) {
      for (const kind of ["unknown", "pending", "verified"] as const) {
        await resetLimits();
        const started = performance.now();
        const response = await call(accounts[kind][i]);
        const body = await response.text();
        timings[kind].push(performance.now() - started);
        answers.add(`${response.status} ${body}`);
      }
    }
    expect([...answers]).toHaveLength(1);
    // The average of each kind, leaving out its slowest try: a pause of the shared machine (a collection, another test file) is not the endpoint's.
    const mean = (values: number[]) =>
      values.toSorted((a, b) => a - b).slice(0, -1).reduce((a, b) => a + b, 0) / (values.length - 1);
    const means = Object.fromEntries(
      Object.entries(timings).map(([kind, values]) => [kind, Math.round(mean(values) * 10) / 10]),
    );
    const spread = Math.max(...Object.values(means)) - Math.min(...Object.values(means));
    expect(spread, `mean milliseconds by kind: ${JSON.stringify(means)}`).toBeLessThan(10);
    await t.deps.outbox.idle();
  }, 60_000);

  test("a waiting account's right code still verifies it, and the mail reached it through the outbox", async () => {
    await resetLimits();
    await pendingStudent("still-works@bu.edu");
    await t.deps.outbox.idle();
    const code = /\b(\d{6})\b/.exec(delivered.findLast((m) => m.to === "still-works@bu.edu")!.text)![1];
    const response = await api(t, "/api/auth/verify", {
      method: "POST",
      body: { email: "still-works@bu.edu", verificationCode: code },
    });
    expect(response.status).toBe(200);
    expect((await userByEmail(t, "still-works@bu.edu"))!.enabled).toBe(true);
  });
});

/** Every route of the app with its method, as Hono lists them. */
function appRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const list: { method: string; path: string }[] = [];
  for (const route of t.app.routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    const key = `${route.method} ${route.path}`;
    if (!seen.has(key)) list.push({ method: route.method, path: route.path }), seen.add(key);
  }
  return list;
}

const PROTOTYPE_NAMES = [
  "toString",
  "constructor",
  "__proto__",
  "valueOf",
  "hasOwnProperty",
  "prototype",
  "__defineGetter__",
  "isPrototypeOf",
];
/** Query parameters get one of each kind: an inherited method, the constructor, the prototype itself (paths get every name). */
const QUERY_NAMES = new Set(["toString", "constructor", "__proto__"]);
/** Every query parameter any endpoint or page reads. */
const QUERY_PARAMETERS = [
  ...SEARCH_PARAMETERS,
  "teacherName",
  "sort",
  "voteType",
  "email",
  "college",
  "next",
  "edit",
  "review",
  "token",
  "ids",
  "semester",
  "size",
];
const SEARCH_CHOICES = [
  "colleges",
  "departments",
  "hubReqs",
  "sortBy",
  "noPreReqs",
  "page",
  "minRating",
  "maxDifficulty",
  "minCourseCode",
  "reviewCount",
];
/** Parameters that take one of a few values, by route: a prototype name is not one of them, so it gets 400 (401 first where a session is needed). */
const ENUMERATED = new Map([
  ["GET /api/courses/search", SEARCH_CHOICES],
  ["GET /search", SEARCH_CHOICES],
  ["GET /api/reviews/course/:id", ["sort", "page"]],
  ["POST /api/votes/review/:id", ["voteType"]],
  ["GET /api/courses/compare", ["ids"]],
  ["GET /compare", ["ids"]],
]);
/** Calls that end the session or the account; they read no parameters. */
const SKIPPED = new Set(["DELETE /api/users/delete", "POST /api/auth/logout", "POST /logout"]);

describe("4. prototype names are unknown values, never methods", () => {
  test("the review's examples: sortBy=toString and friends get 400 from the API and the page", async () => {
    for (const name of ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty"]) {
      const apiAnswer = await api(t, `/api/courses/search?sortBy=${name}`);
      expect(apiAnswer.status).toBe(400);
      expect((await apiAnswer.json()).message).toMatch(/sortBy must be one of/);
      const page = await t.app.request(`/search?sortBy=${name}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain("sortBy must be one of");
    }
  });

  test(
    "every path and query parameter of every endpoint and page, as a visitor and as a student: 4xx or a normal answer, never 500",
    async () => {
      await resetLimits();
      const { token } = await createStudent(t, "prototype-prober@bu.edu");
      const [course] = await t.deps.database.db.select().from(courses).limit(1);
      const failures: string[] = [];
      const routes = appRoutes().filter((r) => !SKIPPED.has(`${r.method} ${r.path}`));
      expect(routes.length).toBeGreaterThan(40);
      const send = async (method: string, url: string, signedIn: boolean, body?: string) => {
        const headers: Record<string, string> = { Origin: "http://localhost:8000" };
        if (signedIn) headers.Authorization = `Bearer ${token}`;
        if (body !== undefined) headers["Content-Type"] = "application/json";
        const response = await t.app.request(
          url,
          { method, headers, body },
          fromAddress(`192.0.2.${Math.floor(Math.random() * 250)}`),
        );
        await response.arrayBuffer();
        return response.status;
      };
      for (const { method, path } of routes) {
        const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
        const filled = (value: string) => path.replace(/:(\w+)/g, () => encodeURIComponent(value));
        const body = method === "GET"
          ? undefined
          : JSON.stringify({ constructor: "x", toString: "x", __proto__: { enabled: true }, valueOf: 1 });
        for (const signedIn of [false, true]) {
          const who = signedIn ? "student" : "visitor";
          // Where this caller is turned away before any parameter is read (a visitor at a student's endpoint, a student at /login),
          // the query parameters cannot reach a lookup: the path parameters still get every name.
          const turnedAway = [401, 302].includes(await send(method, filled(String(course.id)), signedIn, body));
          const checks: { url: string; check: (status: number) => void }[] = [];
          for (const name of PROTOTYPE_NAMES) {
            if (params.length) {
              const url = filled(name);
              const expected = path.startsWith("/api/") ? [400, 401, 403, 404] : [200, 302, 400, 404];
              checks.push({
                url,
                check: (status) =>
                  void (!expected.includes(status) && failures.push(`${who} ${method} ${url} → ${status}`)),
              });
            }
            if (!QUERY_NAMES.has(name) || turnedAway) continue;
            for (const parameter of QUERY_PARAMETERS) {
              const url = `${filled(String(course.id))}?${parameter}=${encodeURIComponent(name)}`;
              const expected = signedIn ? [400] : [400, 401];
              checks.push({
                url,
                check: (status) => {
                  if (status >= 500) failures.push(`${who} ${method} ${url} → ${status}`);
                  if (ENUMERATED.get(`${method} ${path}`)?.includes(parameter) && !expected.includes(status)) {
                    failures.push(`${who} ${method} ${url} → ${status}, expected ${expected.join(" or ")}`);
                  }
                },
              });
            }
          }
          if (method === "GET") {
            // Reads change nothing, so they go together: the app works on one while another waits on the database.
            const statuses = await Promise.all(checks.map(({ url }) => send(method, url, signedIn, body)));
            checks.forEach(({ check }, i) => check(statuses[i]));
          } else {
            // Writes go one at a time, each seeing what the one before it left, as a client's would.
            for (const { url, check } of checks) check(await send(method, url, signedIn, body));
          }
        }
      }
      expect(failures).toEqual([]);
    },
    300_000,
  );
});

describe("5. control characters cannot hide stored text", () => {
  const review = reviewBody({ teacherName: "Prof. Lee", reviewText: "Good course.\nWould take again.\tReally." });

  test("a NUL (or any C0 control but tab and line breaks) in any review field gets 400 with a clear message, and the stored review stays", async () => {
    const { token } = await createStudent(t, "nul@bu.edu");
    const [course] = await t.deps.database.db.select().from(courses).limit(1);
    const created = await api(t, `/api/reviews/course/${course.id}`, { method: "POST", token, body: review });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const cases: [string, string, string][] = [
      [
        "reviewText",
        "before\u0000after",
        "Your review contains an invisible control character. Remove it and try again.",
      ],
      ["reviewText", "bell\u0007", "Your review contains an invisible control character. Remove it and try again."],
      [
        "assignmentTypes",
        "Essays\u001b[31m",
        "Assignment types contains an invisible control character. Remove it and try again.",
      ],
      [
        "teacherName",
        "Prof\u0000 Lee",
        "Professor name contains an invisible control character. Remove it and try again.",
      ],
      ["semester", "Fall\u007f2024", "Semester contains an invisible control character. Remove it and try again."],
      ["teacherName", "Prof. Lee\nand friends", "Professor name must be on one line."],
      ["semester", "Fall\r\n2024", "Semester must be on one line."],
    ];
    for (const [field, value, message] of cases) {
      for (const [method, path] of [["POST", `/api/reviews/course/${course.id}`], ["PUT", `/api/reviews/${id}`]]) {
        const response = await api(t, path, { method, token, body: { ...review, [field]: value } });
        expect(response.status).toBe(400);
        const answer = await response.json();
        expect(answer.fields[field]).toBe(message);
        expect(answer.message).toBe(message);
      }
    }
    const [stored] = await t.deps.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(stored.reviewText).toBe(review.reviewText);
    expect(stored.teacherName).toBe("Prof. Lee");
  });

  test("contact: a control character anywhere, or a line break in the subject, gets 400; line breaks and tabs in the message are kept", async () => {
    const contact = (body: Record<string, string>) =>
      api(t, "/api/auth/contact", { method: "POST", body, ip: `198.18.0.${Math.floor(Math.random() * 250)}` });
    const subjectBreak = await contact({ email: "c@bu.edu", subject: "Two\nlines", message: "m" });
    expect(subjectBreak.status).toBe(400);
    expect((await subjectBreak.json()).fields.subject).toBe("Subject must be on one line.");
    const nul = await contact({ email: "c@bu.edu", subject: "s", message: "hidden\u0000text" });
    expect(nul.status).toBe(400);
    expect((await nul.json()).fields.message).toBe(
      "Message contains an invisible control character. Remove it and try again.",
    );
    expect((await contact({ email: "c@bu.edu", subject: "s", message: "Line one\n\tindented\r\nend" })).status).toBe(
      200,
    );
  });

  test("a report reason and the search text refuse control characters too", async () => {
    const reporter = await createStudent(t, "reporter-nul@bu.edu");
    const [row] = await t.deps.database.db.select().from(reviews).limit(1);
    const report = await api(t, `/api/reviews/${row.id}/report`, {
      method: "POST",
      token: reporter.token,
      body: { reason: "spam\u0000" },
    });
    expect(report.status).toBe(400);
    expect((await report.json()).message).toBe(
      "The reason contains an invisible control character. Remove it and try again.",
    );
    expect((await api(t, "/api/courses/search?q=cs%00111")).status).toBe(400);
    expect((await api(t, `/api/reviews/course/${row.courseId}?teacherName=Lee%00x`)).status).toBe(400);
  });
});

describe("6. a deleted account leaves no trace in the rate limits or the outbox", () => {
  test("counters are keyed by a keyed hash of the email, and every one of the account's goes with it", async () => {
    await resetLimits();
    const email = "forget-me@bu.edu";
    const { token } = await createStudent(t, email, "the real passphrase");
    await api(t, "/api/auth/login", { method: "POST", body: { email, password: "not the password" } });
    await api(t, `/api/auth/forgot-password?email=${email}`, { method: "POST" });
    await api(t, `/api/auth/resend-verification?email=${email}`, { method: "POST" });
    slowInboxes.add(email);
    const keys = (await t.deps.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.some((key) => key.includes("@") || key.includes("forget-me"))).toBe(false);
    const hash = subjectHash(TEST_SECRET, email);
    expect(keys.filter((key) => key.endsWith(`:${hash}`)).length).toBeGreaterThanOrEqual(4);
    // A reset mail may still wait in the outbox: it goes with the account too.
    await t.deps.database.write((tx) => t.deps.outbox.enqueue(tx, { to: email, subject: "waiting", text: "123456" }));

    expect((await api(t, "/api/users/delete", { method: "DELETE", token })).status).toBe(200);
    const left = (await t.deps.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(left.filter((key) => key.endsWith(`:${hash}`))).toEqual([]);
    expect(await t.deps.database.db.$count(outbox, eq(outbox.to, email))).toBe(0);
    expect(await t.deps.database.db.$count(users, eq(users.email, email))).toBe(0);
  });
});

describe("7. counters are bounded: one client cannot grow the table", () => {
  test.each([["forgot-password"], ["resend-verification"]])(
    "%s: 10 a address per 10 minutes, whatever the emails",
    async (endpoint) => {
      await resetLimits();
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await api(t, `/api/auth/${endpoint}?email=flood-${i}@bu.edu`, {
          method: "POST",
          ip: "203.0.113.77",
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(10).fill(200), ...Array(30).fill(429)]);
      // One counter for the address, two per email that got through.
      expect(await t.deps.database.db.$count(rateLimits)).toBeLessThanOrEqual(1 + 2 * 10);
      // Another address is not held back by the first.
      expect((await api(t, `/api/auth/${endpoint}?email=other@bu.edu`, { method: "POST", ip: "203.0.113.78" })).status)
        .toBe(200);
    },
  );

  test("expired counters are dropped as new ones are counted", async () => {
    await resetLimits();
    const kind = "test-expired";
    await t.deps.database.db.insert(rateLimits).values(
      Array.from(
        { length: 50 },
        (_, i) => ({ key: limitKey(TEST_SECRET, kind, String(i)), count: 1, resetAt: new Date(Date.now() - 1000) }),
      ),
    );
    // The pruning runs at most once a minute per process: pretend the last one was long ago.
    const { countHit } = await import("../../src/services/platform/rate-limit.ts");
    await countHit(t.deps.database.db, "fresh", 60_000, Date.now() + 120_000);
    expect(await t.deps.database.db.$count(rateLimits, like(rateLimits.key, `${kind}:%`))).toBe(0);
  });
});

describe("8. reviews cannot be linked by their time", () => {
  test("the API and the pages give the review date to the day, never the time", async () => {
    const { token } = await createStudent(t, "day@bu.edu");
    const [course] = await t.deps.database.db.select().from(courses).where(sql`${courses.id} > 1`).limit(1);
    const review = await createdReview(t, token, course.id);
    const day = /^\d{4}-\d{2}-\d{2}$/;
    expect(review.createdAt).toMatch(day);
    expect((await (await api(t, `/api/reviews/${review.id}`)).json()).createdAt).toMatch(day);
    for (const listed of (await (await api(t, `/api/reviews/course/${course.id}`)).json()).content) {
      expect(listed.createdAt).toMatch(day);
    }
    for (const mine of await (await api(t, "/api/reviews/my-reviews", { token })).json()) {
      expect(mine.createdAt).toMatch(day);
    }
    const html = await (await t.app.request(`/course/${course.id}`)).text();
    expect(html).toMatch(new RegExp(`datetime="${review.createdAt}"`, "i"));
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });
});

/** Every row of every table but the rate-limit counters (which any request may count), to see that a request changed nothing. */
async function everyRow(): Promise<string> {
  const client = t.deps.database.client;
  const tables = (await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('rate_limits', 'sqlite_sequence') ORDER BY name",
  ))
    .rows.map((row) => String(row.name));
  const dump: Record<string, unknown[]> = {};
  for (const table of tables) {
    dump[table] = (await client.execute(`SELECT * FROM "${table}" ORDER BY rowid`)).rows.map((row) =>
      Object.values(row)
    );
  }
  return JSON.stringify(dump);
}

describe("9. opening a link changes nothing; the verify link signs no one in", () => {
  const linkOf = (mail: Mail) => new URL(/https?:\/\/\S+\/verify\/link\?token=\S+/.exec(mail.text)![0]);
  async function mailedLink(email: string): Promise<URL> {
    await resetLimits();
    await pendingStudent(email);
    await t.deps.outbox.idle();
    return linkOf(delivered.findLast((m) => m.to === email)!);
  }
  /** How a person's browser, a mail scanner and a link preview fetch a link. */
  const FETCHERS: Record<string, Record<string, string>> = {
    "a person's click in a mail app": {
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Dest": "document",
      "Sec-Fetch-Site": "none",
      "Sec-Fetch-User": "?1",
    },
    "a link from another site": {
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Dest": "document",
      "Sec-Fetch-Site": "cross-site",
      "Sec-Fetch-User": "?1",
    },
    "a mail scanner": {},
    "a prefetch": { "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "empty", "Sec-Purpose": "prefetch" },
  };

  test(
    "every GET route, fetched by GET and HEAD in every way, with a live verify link and unsubscribe link: no row changes, no session",
    async () => {
      const link = await mailedLink("opened-anyhow@bu.edu");
      const token = link.searchParams.get("token")!;
      const reminded = await createStudent(t, "still-subscribed@bu.edu");
      await t.deps.database.db.update(users).set({ reviewReminders: true }).where(eq(users.id, reminded.id));
      const unsubscribe = unsubscribeToken(TEST_SECRET, reminded.user);
      const [course] = await t.deps.database.db.select().from(courses).limit(1);
      const routes = appRoutes().filter((r) => r.method === "GET");
      expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(["/verify/link", "/unsubscribe"]));
      await t.deps.outbox.idle();
      const before = await everyRow();
      const failures: string[] = [];
      for (const { path } of routes) {
        const filled = path.replace(/:(\w+)/g, (_, name) => name === "slug" ? "no-one" : String(course.id));
        const url = `${filled}?token=${
          encodeURIComponent(filled === "/unsubscribe" ? unsubscribe : token)
        }&email=opened-anyhow%40bu.edu`;
        for (const method of ["GET", "HEAD"]) {
          for (const [fetcher, headers] of Object.entries(FETCHERS)) {
            const response = await t.app.request(url, { method, headers }, fromAddress("198.51.100.9"));
            await response.arrayBuffer();
            const cookies = response.headers.getSetCookie().join("\n");
            if (/hubrate_session=[^;]/.test(cookies)) failures.push(`${method} ${url} by ${fetcher} set a session`);
            if (response.status >= 500) failures.push(`${method} ${url} by ${fetcher} → ${response.status}`);
          }
        }
      }
      await t.deps.outbox.idle();
      expect(failures).toEqual([]);
      expect(await everyRow() === before, "a GET or HEAD changed the database").toBe(true);
      expect((await userByEmail(t, "opened-anyhow@bu.edu"))!.enabled).toBe(false);
      // The link still works for its button.
      expect((await api(t, "/api/auth/verify-link", { method: "POST", body: { token } })).status).toBe(200);
    },
    120_000,
  );

  test("a link someone made for their own account, opened from another site and pressed: verified, but the visitor is not signed in", async () => {
    const link = await mailedLink("made-the-link@bu.edu");
    const page = await t.app.request(link.pathname + link.search, { headers: FETCHERS["a link from another site"] });
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().join()).not.toMatch(/hubrate_session=[^;]/);
    expect(await page.text()).toContain('data-island="VerifyLinkButton"');
    // The button's POST comes from HubRate's own page.
    const pressed = await api(t, "/api/auth/verify-link", {
      method: "POST",
      body: { token: link.searchParams.get("token") },
      headers: { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors" },
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.json()).toEqual({ message: "Your account is verified. Log in." });
    expect(pressed.headers.getSetCookie().join()).not.toMatch(/hubrate_session=[^;]/);
    expect(pressed.headers.get("authorization")).toBeNull();
    expect((await userByEmail(t, "made-the-link@bu.edu"))!.enabled).toBe(true);
    // The account is only entered with its password.
    const me = await t.app.request("/api/users/account", {
      headers: { Cookie: pressed.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") },
    });
    expect(me.status).toBe(401);
  });
});

describe("10. what an account call's answer carries or measures tells no one which accounts exist", () => {
  type Kind = "unknown" | "pending" | "verified";
  type Call = { name: string; kinds: Kind[]; send: (email: string) => Promise<Response> };
  const PASSWORD = "a sturdy passphrase";
  const calls: Call[] = [
    {
      name: "register",
      kinds: ["pending", "verified"],
      send: (email) =>
        api(t, "/api/auth/register", {
          method: "POST",
          body: { email, college: "CAS", major: "Physics", expectedGrad: 2027, password: PASSWORD },
        }),
    },
    {
      name: "resend-verification",
      kinds: ["unknown", "pending", "verified"],
      send: (email) => api(t, `/api/auth/resend-verification?email=${encodeURIComponent(email)}`, { method: "POST" }),
    },
    {
      name: "forgot-password",
      kinds: ["unknown", "pending", "verified"],
      send: (email) => api(t, `/api/auth/forgot-password?email=${encodeURIComponent(email)}`, { method: "POST" }),
    },
    {
      name: "verify",
      kinds: ["unknown", "pending", "verified"],
      send: (email) => api(t, "/api/auth/verify", { method: "POST", body: { email, verificationCode: "000000" } }),
    },
    {
      name: "reset-password",
      kinds: ["unknown", "pending", "verified"],
      send: (email) =>
        api(t, "/api/auth/reset-password", {
          method: "POST",
          body: { email, verificationCode: "000000", newPassword: "brand new passphrase" },
        }),
    },
    {
      name: "login with a wrong password",
      kinds: ["unknown", "pending", "verified"],
      send: (email) => api(t, "/api/auth/login", { method: "POST", body: { email, password: "not the password" } }),
    },
  ];
  /** Headers whose value is the request's own (a nonce, a date), compared by name only. */
  const OWN_VALUES = new Set(["date", "content-security-policy", "x-request-id"]);

  /** Everything the answer carries and the SQL it sent, with the email's own letters taken out. */
  async function answer(call: Call, email: string) {
    await resetLimits();
    const { result: response, usage } = await t.deps.database.measure(() => call.send(email), { texts: true });
    const body = await response.text();
    const headers = [...response.headers].map(([name, value]) => OWN_VALUES.has(name) ? name : `${name}: ${value}`)
      .sort();
    return {
      status: response.status,
      body: body.replaceAll(email, "<email>"),
      headers,
      roundTrips: usage.roundTrips,
      sql: usage.texts,
    };
  }

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      await resetLimits();
      await pendingStudent(`parity-waiting-${i}@bu.edu`);
      await createStudent(t, `parity-verified-${i}@bu.edu`);
    }
  });

  test.each(calls)(
    "$name: the same status, body, headers (no Server-Timing) and SQL for every kind of account",
    async (call) => {
      const seen = new Map<string, Kind[]>();
      for (let i = 0; i < 3; i++) {
        const emails: Record<Kind, string> = {
          unknown: `parity-nobody-${i}@bu.edu`,
          pending: `parity-waiting-${i}@bu.edu`,
          verified: `parity-verified-${i}@bu.edu`,
        };
        for (const kind of call.kinds) {
          const got = await answer(call, emails[kind]);
          expect(got.headers.some((h) => h.startsWith("server-timing")), `${kind}: ${got.headers.join("; ")}`).toBe(
            false,
          );
          const key = JSON.stringify(got);
          seen.set(key, [...(seen.get(key) ?? []), kind]);
        }
      }
      await t.deps.outbox.idle();
      expect([...seen.values()], [...seen.keys()].join("\n\n")).toHaveLength(1);
    },
  );

  test("unsubscribe: a forged link for an account that exists and one for an id no account has get the same answer, from the same SQL", async () => {
    const existing = await createStudent(t, "parity-unsubscribe@bu.edu");
    await t.deps.database.db.update(users).set({ reviewReminders: true }).where(eq(users.id, existing.id));
    const [{ last }] = await t.deps.database.db.all<{ last: number }>(sql`SELECT max(id) AS last FROM users`);
    const missing = Number(last) + 1000;
    // Made without the server's secret: what anyone can make for any id.
    const forged = (id: number) =>
      unsubscribeToken("a secret this server does not have, 0123456789", { id, sessionKey: "0".repeat(32) });
    const answers = new Map<string, string[]>();
    for (const [kind, id] of [["existing", existing.id], ["missing", missing]] as const) {
      for (const method of ["GET", "POST"]) {
        const token = forged(id);
        const { result: response, usage } = await t.deps.database.measure(
          async () =>
            await t.app.request(`/unsubscribe?token=${token}`, {
              method,
              headers: method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
              body: method === "POST" ? "List-Unsubscribe=One-Click" : undefined,
            }),
          { texts: true },
        );
        const got = JSON.stringify({
          method,
          status: response.status,
          body: (await response.text()).replaceAll(token, "<token>").replace(/nonce="[^"]*"/g, "nonce"),
          headers: [...response.headers].map(([name, value]) => OWN_VALUES.has(name) ? name : `${name}: ${value}`)
            .sort(),
          roundTrips: usage.roundTrips,
          sql: usage.texts,
        });
        answers.set(got, [...(answers.get(got) ?? []), kind]);
      }
    }
    // One answer per method, whichever the id: a 4xx saying the link does not work, no Server-Timing.
    expect([...answers.values()], [...answers.keys()].join("\n\n")).toEqual([
      ["existing", "missing"],
      ["existing", "missing"],
    ]);
    for (const key of answers.keys()) {
      const { status, body, headers } = JSON.parse(key);
      expect(status).toBe(400);
      expect(body).toContain("This unsubscribe link does not work");
      expect(headers.some((h: string) => h.startsWith("server-timing"))).toBe(false);
    }
    const [row] = await t.deps.database.db.select({ on: users.reviewReminders }).from(users).where(
      eq(users.id, existing.id),
    );
    expect(row.on).toBe(true);
  });

  test("a waiting account still gets its code mailed, and a verified one its reset code, through the same SQL", async () => {
    delivered.length = 0;
    await resetLimits();
    await api(t, "/api/auth/resend-verification?email=parity-waiting-0%40bu.edu", { method: "POST" });
    await api(t, "/api/auth/forgot-password?email=parity-verified-0%40bu.edu", { method: "POST" });
    await api(t, "/api/auth/resend-verification?email=parity-verified-1%40bu.edu", { method: "POST" });
    await api(t, "/api/auth/forgot-password?email=parity-nobody-0%40bu.edu", { method: "POST" });
    await t.deps.outbox.idle();
    expect(delivered.map((m) => [m.to, m.subject.replace(/\d{6}/, "<code>")]).sort()).toEqual([
      ["parity-verified-0@bu.edu", "Your HubRate password reset code: <code>"],
      ["parity-waiting-0@bu.edu", "Your HubRate verification code: <code>"],
    ]);
    const resetCode = /\b(\d{6})\b/.exec(delivered.find((m) => m.to === "parity-verified-0@bu.edu")!.text)![1];
    await resetLimits();
    const reset = await api(t, "/api/auth/reset-password", {
      method: "POST",
      body: { email: "parity-verified-0@bu.edu", verificationCode: resetCode, newPassword: "brand new passphrase" },
    });
    expect(reset.status).toBe(200);
  });
});

describe("11. a review hidden or deleted is gone from every cache at once", () => {
  type Way = (review: { id: number }, author: { token: string; password: string }) => Promise<void>;
  const WAYS: [string, string, Way][] = [
    ["hidden by three reports", "Hidewell", async (review) => {
      for (let n = 0; n < REPORTS_TO_HIDE; n++) {
        const reporter = await createStudent(t, `gone-reporter-${review.id}-${n}@bu.edu`);
        expect(
          (await api(t, `/api/reviews/${review.id}/report`, {
            method: "POST",
            token: reporter.token,
            body: { reason: "Names a person." },
          })).status,
        )
          .toBe(200);
      }
    }],
    ["deleted by its author", "Authorby", async (review, author) => {
      expect((await api(t, `/api/reviews/${review.id}`, { method: "DELETE", token: author.token })).status).toBe(200);
    }],
    [
      "deleted by moderation (the reviews:moderate task)",
      "Modsworth",
      (review) => removeReview(t.deps.database, review.id),
    ],
    ["gone with its author's account", "Leaverton", async (_review, author) => {
      expect(
        (await api(t, "/api/users/delete", {
          method: "DELETE",
          token: author.token,
          body: { password: author.password },
        })).status,
      ).toBe(200);
    }],
  ];

  test.each(WAYS)(
    "%s: every page, API read, the typeahead, the sitemap and the figures drop it; old ETags get the new answer",
    async (_way, surname, disappear) => {
      await resetLimits();
      const author = await createStudent(t, `gone-${surname.toLowerCase()}@bu.edu`);
      const course = { id: await courseId(t, "CAS CS 111") };
      const professor = `Ottoline ${surname}`;
      const slug = `ottoline-${surname.toLowerCase()}`;
      const marker = `Only this review says ${surname}-marker.`;
      const figures = async () => (await (await api(t, `/api/courses/${course.id}`)).json()).numReviews as number;
      const before = await figures();
      const review = await createdReview(t, author.token, course.id, {
        teacherName: professor,
        reviewText: `${marker} The problem sets were long but fair.`,
      });
      expect(await figures()).toBe(before + 1);

      const urls = [
        `/course/${course.id}`,
        `/api/reviews/course/${course.id}`,
        `/api/reviews/course/${course.id}?teacherName=${encodeURIComponent(professor)}`,
        `/api/courses/${course.id}`,
        `/api/courses/${course.id}/summary`,
        `/professor/${slug}`,
        `/api/professors/${slug}`,
        `/api/suggest?q=${surname.toLowerCase().slice(0, 5)}`,
        `/api/courses/suggest?q=${surname.toLowerCase().slice(0, 5)}`,
        `/search?q=${encodeURIComponent("CAS CS 111")}`,
        `/compare?ids=${course.id}`,
        "/sitemap.xml",
      ];
      /** Whether an answer shows the review: its text, its professor's name, or (in the sitemap) the professor's page. */
      const shows = (url: string, body: string) =>
        body.includes(marker) || body.includes(professor) || (url === "/sitemap.xml" && body.includes(slug));
      const kept = new Map<string, { etag: string; showed: boolean }>();
      for (const url of urls) {
        await (await t.app.request(url)).arrayBuffer();
        const copy = await t.app.request(url);
        const body = await copy.text();
        expect(copy.status, url).toBe(200);
        expect(copy.headers.get("server-timing"), url).toContain("cache;desc=hit");
        expect(copy.headers.get("cache-control"), url).toBe("public, no-cache");
        kept.set(url, { etag: copy.headers.get("etag")!, showed: shows(url, body) });
      }
      // Everything that names professors or carries reviews showed it; the rest carry the course's figures (or no review at all).
      const figuresOnly = [
        `/api/courses/${course.id}`,
        `/search?q=${encodeURIComponent("CAS CS 111")}`,
        `/compare?ids=${course.id}`,
      ];
      expect(urls.filter((url) => !kept.get(url)!.showed)).toEqual([
        figuresOnly[0],
        `/api/courses/suggest?q=${surname.toLowerCase().slice(0, 5)}`,
        ...figuresOnly.slice(1),
      ]);

      await disappear(review, author);

      const failures: string[] = [];
      for (const url of urls) {
        const { etag, showed } = kept.get(url)!;
        const again = await t.app.request(url, { headers: { "If-None-Match": etag } });
        const body = await again.text();
        if ((showed || figuresOnly.includes(url)) && again.status === 304) {
          failures.push(`${url}: 304 for the ETag of the copy that held the review`);
        }
        if (shows(url, body)) failures.push(`${url}: still shows the review or its professor`);
        if (again.status >= 500) failures.push(`${url}: ${again.status}`);
      }
      expect(failures).toEqual([]);
      expect((await t.app.request(`/professor/${slug}`)).status).toBe(404);
      expect(await figures()).toBe(before);
    },
  );
});

describe("12. a restored database hands no one's session to another", () => {
  /** What a session token and an unsubscribe link made for `student` open on `on`, once the database there was restored. */
  async function whatOpens(on: TestApp, student: { token: string; user: typeof users.$inferSelect }) {
    const account = await api(on, "/api/users/account", { token: student.token });
    const page = await on.app.request("/account", { headers: { Cookie: `hubrate_session=${student.token}` } });
    const unsubscribe = await on.app.request(`/unsubscribe?token=${unsubscribeToken(TEST_SECRET, student.user)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    return {
      api: account.status,
      email: account.status === 200 ? (await account.json()).email : null,
      page: await page.text(),
      unsubscribe: unsubscribe.status,
    };
  }

  async function remindersOf(on: TestApp, id: number): Promise<boolean> {
    const [row] = await on.deps.database.db.select({ on: users.reviewReminders }).from(users).where(eq(users.id, id));
    return row.on;
  }

  test("a backup restored, a sign-up given the id of an account made after the backup: that account's token and link open nothing", async () => {
    const dir = await Deno.makeTempDir({ prefix: "hubrate-restore-" });
    const live = await makeTestApp();
    let restored: TestApp | undefined;
    try {
      const kept = await createStudent(live, "kept-across-restore@bu.edu");
      await backupDatabase(live.deps.database, `${dir}/backup.db`);
      // Made after the backup: the restore loses this account, and its id is free again.
      const lost = await createStudent(live, "lost-in-restore@bu.edu");
      await live.close();

      restored = await makeTestApp({ env: { DATABASE_URL: `file:${dir}/backup.db` } });
      const newcomer = await createStudent(restored, "newcomer-after-restore@bu.edu");
      expect(newcomer.id).toBe(lost.id);
      await restored.deps.database.db.update(users).set({ reviewReminders: true }).where(eq(users.id, newcomer.id));

      const opened = await whatOpens(restored, lost);
      expect(opened.api).toBe(401);
      expect(opened.email).toBeNull();
      expect(opened.page).not.toContain(newcomer.email);
      expect(opened.unsubscribe).toBe(400);
      expect(await remindersOf(restored, newcomer.id)).toBe(true);

      // The account the backup kept keeps its session; the newcomer has their own.
      expect((await whatOpens(restored, { ...kept, user: kept.user })).email).toBe(kept.email);
      expect((await api(restored, "/api/users/account", { token: newcomer.token }).then((r) => r.json())).email).toBe(
        newcomer.email,
      );
    } finally {
      await restored?.close();
      await Deno.remove(dir, { recursive: true });
    }
  });

  test("an export imported into a new database, then a sign-up given a lost account's id: the same", async () => {
    const dir = await Deno.makeTempDir({ prefix: "hubrate-move-" });
    const source = await makeTestApp();
    const target = await makeTestApp();
    try {
      const moved = await createStudent(source, "moved-along@bu.edu");
      const file = await Deno.open(`${dir}/export.jsonl`, { write: true, createNew: true });
      const writer = file.writable.getWriter();
      await exportDatabase(source.deps.database, (line) => writer.write(new TextEncoder().encode(line)));
      await writer.close();
      const lost = await createStudent(source, "signed-up-after-export@bu.edu");

      await importDatabase(target.deps.database, fileLines(`${dir}/export.jsonl`), { replace: true });
      const newcomer = await createStudent(target, "newcomer-after-move@bu.edu");
      expect(newcomer.id).toBe(lost.id);
      await target.deps.database.db.update(users).set({ reviewReminders: true }).where(eq(users.id, newcomer.id));

      const opened = await whatOpens(target, lost);
      expect([opened.api, opened.email, opened.unsubscribe]).toEqual([401, null, 400]);
      expect(opened.page).not.toContain(newcomer.email);
      expect(await remindersOf(target, newcomer.id)).toBe(true);
      expect((await whatOpens(target, moved)).email).toBe(moved.email);
    } finally {
      await source.close();
      await target.close();
      await Deno.remove(dir, { recursive: true });
    }
  });

  test("a token without the account's key, or with another account's, opens nothing", async () => {
    const student = await createStudent(t, "keyed-session@bu.edu");
    const other = await createStudent(t, "other-keyed-session@bu.edu");
    for (
      const token of [
        await new SignJWT({ sv: student.user.sessionVersion }).setProtectedHeader({ alg: "HS256", typ: "JWT" })
          .setSubject(String(student.id))
          .setIssuer("hubrate").setAudience("hubrate-web").setIssuedAt().setExpirationTime("1h").sign(
            new TextEncoder().encode(TEST_SECRET),
          ),
        await issueToken(TEST_SECRET, { ...student.user, sessionKey: other.user.sessionKey }),
      ]
    ) {
      expect((await api(t, "/api/users/account", { token })).status).toBe(401);
    }
    expect(student.user.sessionKey).toMatch(/^[0-9a-f]{32}$/);
    expect(other.user.sessionKey).not.toBe(student.user.sessionKey);
    // A row added by SQL alone (an import, an operator) gets a key of its own from the database.
    await t.deps.database.db.run(
      sql`INSERT INTO users (email, password_hash, college, major, expected_grad) VALUES ('by-sql@bu.edu', '!', 'CAS', 'Physics', 2027)`,
    );
    expect((await userByEmail(t, "by-sql@bu.edu")).sessionKey).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("13. the database, its backups and exports are private files, whatever the umask", () => {
  /** Runs `args` under umask 000 (every file anyone's to read and write unless the program says otherwise). */
  async function underOpenUmask(args: string[], env: Record<string, string>): Promise<string> {
    const output = await new Deno.Command("sh", {
      args: ["-c", 'umask 000 && exec "$0" "$@"', Deno.execPath(), ...args],
      env: { APP_ENV: "test", SESSION_SECRET: TEST_SECRET, APP_ORIGIN: "http://localhost:8000", ...env },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr);
    expect(output.code, text).toBe(0);
    return text;
  }

  const modeOf = async (path: string) => ((await Deno.stat(path)).mode! & 0o777).toString(8);

  test.skipIf(Deno.build.os === "windows")(
    "a new database and its -wal and -shm, one made by hand, a backup and an export: all 0600",
    async () => {
      const dir = await Deno.makeTempDir({ prefix: "hubrate-modes-" });
      try {
        const url = `file:${dir}/new.db`;
        // A new database, opened, migrated and written to; the modes are read while it is open, before SQLite removes its -wal and -shm.
        const opened = await underOpenUmask([
          "eval",
          `import { openDatabase, migrateDatabase } from "${new URL("../../db/client.ts", import.meta.url)}";
        const database = await openDatabase(${JSON.stringify(url)});
        await migrateDatabase(database);
        await database.client.execute("INSERT INTO app_settings (key, value) VALUES ('mode-check', '1')");
        const modes = {};
        for (const suffix of ["", "-wal", "-shm"]) modes[suffix || "db"] = ((await Deno.stat(${
            JSON.stringify(`${dir}/new.db`)
          } + suffix)).mode & 0o777).toString(8);
        database.close();
        console.log(JSON.stringify(modes));`,
        ], {});
        expect(JSON.parse(opened.trim().split("\n").at(-1)!)).toEqual({ db: "600", "-wal": "600", "-shm": "600" });

        // A file someone left readable by all is made private when HubRate opens it.
        await Deno.copyFile(`${dir}/new.db`, `${dir}/loose.db`);
        await Deno.chmod(`${dir}/loose.db`, 0o644);
        await underOpenUmask([
          "eval",
          `import { openDatabase } from "${new URL("../../db/client.ts", import.meta.url)}";
        (await openDatabase("file:${dir}/loose.db")).close();`,
        ], {});
        expect(await modeOf(`${dir}/loose.db`)).toBe("600");

        // The operator's tasks, as the README gives them.
        await underOpenUmask(["run", "-A", "src/tasks/back-up-database.ts", `${dir}/backups/copy.db`], {
          DATABASE_URL: url,
        });
        await underOpenUmask(["run", "-A", "src/tasks/export-database.ts", `${dir}/export.ndjson`], {
          DATABASE_URL: url,
        });
        expect(await modeOf(`${dir}/backups/copy.db`)).toBe("600");
        expect(await modeOf(`${dir}/export.ndjson`)).toBe("600");
        expect(await Deno.readTextFile(`${dir}/export.ndjson`)).toContain("mode-check");
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
    60_000,
  );

  test("a backup never overwrites a file and leaves none behind when it fails", async () => {
    const dir = await Deno.makeTempDir({ prefix: "hubrate-backup-" });
    try {
      await Deno.writeTextFile(`${dir}/taken.db`, "someone's file");
      await expect(backupDatabase(t.deps.database, `${dir}/taken.db`)).rejects.toThrow(/exists already/);
      expect(await Deno.readTextFile(`${dir}/taken.db`)).toBe("someone's file");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});
