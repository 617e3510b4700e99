/**
 * What one address may ask of an instance (the typeahead, search) and one
 * student of its planner (src/services/platform/request-limits.ts): room for a student
 * typing or searching, a 429 with Retry-After and a clear message beyond it,
 * counted per address (IPv6 by its /64) and never shared between two. Also
 * the planner's memory: a plan kept for the same inputs, and figures that
 * catch up with a new review. The tests' apps run without these limits
 * (tests/helpers/test-config.ts); this file's app turns them on.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { COSTLY_ROUTES, createLimit, LIMIT_MESSAGES } from "../../src/services/platform/request-limits.ts";
import { addressSubject } from "../../src/services/platform/rate-limit.ts";
import { planner, PLANNER_BUSY } from "../../src/services/hub/hub-plan-solver.ts";
import { DomainError } from "../../src/services/platform/domain-errors.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { createdReview } from "../helpers/reviews.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { RATE_LIMITS: "on" } });
});
afterAll(() => t?.close());

/** `n` requests from one address, each with its own text (so none is answered from the response cache), one after another. */
async function statuses(path: (i: number) => string, n: number, ip: string): Promise<Response[]> {
  const answers: Response[] = [];
  for (let i = 0; i < n; i++) {
    const response = await api(t, path(i), { ip });
    await response.arrayBuffer();
    answers.push(response);
  }
  return answers;
}

const WORDS = ["calc", "intro", "writ", "bio", "chem", "hist", "econ", "psych", "phil", "math"];
const typed = (i: number) => `${WORDS[i % WORDS.length]}${"abcdefghij"[Math.floor(i / WORDS.length) % 10]}${i}`;

describe("per address", () => {
  test("a student typing is never refused; a flood of suggestions is, with Retry-After and the message, and only for its address", async () => {
    // A student types a long query letter by letter: a request per pause.
    const student = await statuses(
      (i) => `/api/suggest?q=${encodeURIComponent("introduction to computer science".slice(0, i + 1))}`,
      31,
      "203.0.113.5",
    );
    expect(student.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);

    const flood = await statuses((i) => `/api/suggest?q=${typed(i)}`, 130, "198.51.100.7");
    const refused = flood.filter((r) => r.status === 429);
    expect(flood.slice(0, 120).every((r) => r.status === 200)).toBe(true);
    expect(refused.length).toBe(10);
    expect(Number(refused[0].headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    const again = await api(t, `/api/suggest?q=more`, { ip: "198.51.100.7" });
    expect(again.status).toBe(429);
    expect(await again.json()).toEqual({ message: LIMIT_MESSAGES.typing });
    // The course suggestions share the typeahead's count.
    expect((await api(t, "/api/courses/suggest?q=other", { ip: "198.51.100.7" })).status).toBe(429);
    // Someone else is answered as before.
    expect((await api(t, "/api/suggest?q=calc", { ip: "198.51.100.8" })).status).toBe(200);
  });

  test("an IPv6 network counts as one address: its /64", async () => {
    const answers = await statuses((i) => `/api/courses/suggest?q=${typed(i)}`, 120, "2001:db8:1:2::1");
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await api(t, "/api/courses/suggest?q=v6", { ip: "2001:db8:1:2:ffff::9" })).status).toBe(429);
    expect((await api(t, "/api/courses/suggest?q=v6", { ip: "2001:db8:1:3::1" })).status).toBe(200);
  });

  test("searches: the API and the page share a count, and the page says why it refused", async () => {
    const ip = "192.0.2.44";
    const api119 = await statuses((i) => `/api/courses/search?q=${typed(i)}`, 119, ip);
    expect(api119.every((r) => r.status === 200)).toBe(true);
    expect((await api(t, "/search?q=last", { ip })).status).toBe(200);
    const page = await api(t, "/search?q=over", { ip });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(page.headers.get("content-security-policy")).toBeTruthy();
    expect(await page.text()).toContain(LIMIT_MESSAGES.search);
    const json = await api(t, "/api/courses/search?q=over", { ip });
    expect(json.status).toBe(429);
    expect(await json.json()).toEqual({ message: LIMIT_MESSAGES.search });
  });

  test("a limit counts requests in flight too: a few at once per subject, the next refused at once", () => {
    const limit = createLimit({ limit: 100, windowMs: 10_000, inFlight: 2, message: "busy" });
    const first = limit.take("a");
    limit.take("a");
    expect(() => limit.take("a")).toThrow(DomainError);
    expect(() => limit.take("b")).not.toThrow();
    first();
    first();
    expect(() => limit.take("a")).not.toThrow();
  });

  test("a window's count starts again once it has passed", () => {
    const limit = createLimit({ limit: 2, windowMs: 1000, message: "slow down" });
    const now = 1_000_000;
    limit.take("x", now)();
    limit.take("x", now + 10)();
    const refused = (() => {
      try {
        limit.take("x", now + 500);
      } catch (error) {
        return error as DomainError;
      }
    })();
    expect(refused?.status).toBe(429);
    expect(refused?.headers["Retry-After"]).toBe("1");
    expect(() => limit.take("x", now + 1000)()).not.toThrow();
  });

  test("tens of thousands of addresses are remembered within a bounded memory", () => {
    const limit = createLimit({ limit: 1, windowMs: 60_000, message: "once" });
    for (let i = 0; i < 120_000; i++) limit.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)();
    // The oldest were let go (a fresh window for them); the newest are still counted.
    expect(() => limit.take("10.1.212.191")).toThrow(DomainError);
    expect(() => limit.take("10.0.0.0")).not.toThrow();
  });
});

describe("the planner", () => {
  test("a student's plans are limited per instance; another student's are not", async () => {
    const eager = await createStudent(t, "plans-eager@bu.edu");
    const other = await createStudent(t, "plans-other@bu.edu");
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await api(t, `/api/users/hub-plan?exclude=${i + 1}`, { token: eager.token });
      codes.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
        expect(await response.json()).toEqual({ message: LIMIT_MESSAGES.planner });
      } else await response.arrayBuffer();
    }
    expect(codes.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(codes[20]).toBe(429);
    expect((await api(t, "/api/users/hub-plan", { token: other.token })).status).toBe(200);
    expect(PLANNER_BUSY).toMatch(/busy/);
  });

  test("a plan is kept for the same inputs; a new review brings it up to date", async () => {
    const student = await createStudent(t, "plans-kept@bu.edu");
    const reviewer = await createStudent(t, "plans-reviewer@bu.edu");
    const plan = async () => {
      const response = await api(t, "/api/users/hub-plan", { token: student.token });
      expect(response.status).toBe(200);
      return await response.json() as { courses: { id: number; numReviews: number; averageOverallRating: number }[] };
    };
    const first = await plan();
    const solved = planner.solved();
    expect(await plan()).toEqual(first);
    expect(planner.solved()).toBe(solved);

    // A five-star review of a planned course: its score only rises, so it stays in the plan, with its new figures.
    const course = first.courses[0];
    await createdReview(t, reviewer.token, course.id, {
      usefulnessRating: 5,
      difficultyRating: 1,
      workloadRating: 1,
      interestRating: 5,
      teacherRating: 5,
    });
    const second = await plan();
    expect(planner.solved()).toBe(solved + 1);
    const again = second.courses.find((c) => c.id === course.id);
    expect(again?.numReviews).toBe(course.numReviews + 1);
  });
});

describe("the routes that cost most, per client", () => {
  /** A request of the route as a visitor or a student asks it (a new URL each time: no response cache has it). */
  const ask = async (path: string, options: { ip?: string; token?: string } = {}) => {
    const concrete = path.replace(":id", "1").replace(":slug", "no-such-professor") +
      (path === "/compare" || path === "/api/courses/compare" ? "?ids=1,2" : "") +
      `${path.includes("compare") ? "&" : "?"}n=${Math.random()}`;
    return path === "/api/courses/match"
      ? await api(t, path, { method: "POST", body: { text: "CAS CS 111" }, ...options })
      : await api(t, concrete, options);
  };

  test("each is refused with 429, Retry-After and its message once its client's share is used, and only for it", async () => {
    for (const [i, { path, limit }] of COSTLY_ROUTES.entries()) {
      const ip = `198.51.100.${100 + i}`;
      // The client's share used up, as so many requests before would have.
      for (let n = 0; n < 400; n++) {
        try {
          t.deps.limits[limit].take(addressSubject(ip))();
        } catch {
          break;
        }
      }
      const refused = await ask(path, { ip });
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers.get("Retry-After")), path).toBeGreaterThanOrEqual(1);
      expect(await refused.text(), path).toContain(LIMIT_MESSAGES[limit]);
      // Another address is answered.
      const other = await ask(path, { ip: `198.51.100.${200 + i}` });
      expect(other.status, path).not.toBe(429);
      await other.arrayBuffer();
    }
  });

  test("a signed-in student counts on their own account, not on the address their network shares", async () => {
    const student = await createStudent(t, "costly-reader@bu.edu");
    const ip = "198.51.100.250";
    for (let n = 0; n < 400; n++) {
      try {
        t.deps.limits.paste.take(addressSubject(ip))();
      } catch {
        break;
      }
    }
    expect((await ask("/api/courses/match", { ip })).status).toBe(429);
    const signedIn = await ask("/api/courses/match", { ip, token: student.token });
    expect(signedIn.status).toBe(200);
    await signedIn.arrayBuffer();
    // Their own share used up, they are refused from any address.
    for (let n = 0; n < 400; n++) {
      try {
        t.deps.limits.paste.take(`student:${student.id}`)();
      } catch {
        break;
      }
    }
    expect((await ask("/api/courses/match", { ip: "198.51.100.251", token: student.token })).status).toBe(429);
  });

  test("pastes: a few a minute and one at a time per client", async () => {
    const ip = "198.51.100.252";
    const answers: number[] = [];
    for (let n = 0; n < 13; n++) {
      const response = await ask("/api/courses/match", { ip });
      answers.push(response.status);
      await response.arrayBuffer();
    }
    expect(answers.slice(0, 12).every((status) => status === 200)).toBe(true);
    expect(answers[12]).toBe(429);
  });
});
