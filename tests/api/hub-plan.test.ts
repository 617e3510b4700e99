/**
 * GET /api/users/hub-plan on the demo catalog and on the real one: what
 * remains, a plan that covers it with the constraints kept (current courses
 * below 500, none completed, planned or set aside, prerequisites met unless
 * asked otherwise), no larger than a greedy cover, Swap, the validation of
 * its parameters, and a student with nothing left to plan.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CourseDetail, CourseView, HubPlanView } from "../../src/lib/api-types.ts";
import { HUB_EITHER } from "../../src/lib/hub-areas.ts";
import { type HubProgressItem } from "../../src/lib/hub-counting.ts";
import { seededRandom } from "../../src/lib/random.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import { coursesByIds } from "../../src/services/courses/course-queries.ts";
import { setPlanBudget } from "../../src/services/hub/hub-plan-solver.ts";
import { api, createStudent, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseId, readBuCatalog } from "../helpers/catalog.ts";

async function plan(t: TestApp, student: Student, query = ""): Promise<HubPlanView> {
  const response = await api(t, `/api/users/hub-plan${query}`, { token: student.token });
  expect(response.status, query).toBe(200);
  return await response.json();
}

async function progress(t: TestApp, student: Student): Promise<HubProgressItem[]> {
  return (await (await api(t, "/api/users/hub-progress", { token: student.token })).json()).hubProgress;
}

async function mark(t: TestApp, student: Student, list: "completed-courses" | "courses-in-progress", id: number) {
  const response = await api(t, `/api/users/${list}/${id}`, { method: "POST", token: student.token });
  expect(response.status).toBeLessThan(300);
}

/** What Hub progress says is short, in the planner's terms. */
function shortOf(items: HubProgressItem[]): { code: string; units: number }[] {
  const out: { code: string; units: number }[] = [];
  for (const item of items) {
    if (item.hubCode === HUB_EITHER.codes[1]) continue;
    const pair = item.hubCode === HUB_EITHER.codes[0];
    const other = pair ? items.find((i) => i.hubCode === HUB_EITHER.codes[1])! : null;
    const have = item.projected + (other?.projected ?? 0);
    if (have < item.required) {
      out.push({ code: pair ? HUB_EITHER.codes.join("/") : item.hubCode, units: item.required - have });
    }
  }
  return out;
}

/** Every unit of `remaining` is met by as many different plan courses as it needs. */
function expectCovers(plan: HubPlanView) {
  for (const need of plan.remaining) {
    const codes = need.code.split("/");
    const carrying = plan.courses.filter((c) => c.hubRequirements.some((h) => codes.includes(h.code)));
    expect(carrying.length, need.code).toBeGreaterThanOrEqual(need.units);
  }
  for (const course of plan.courses) {
    expect(course.covers.length, course.code).toBeGreaterThan(0);
    expect(course.covers.every((code) => course.hubRequirements.some((h) => h.code === code))).toBe(true);
  }
}

/** A greedy cover (most remaining units first): an upper bound the planner must meet or beat. */
function greedySize(remaining: HubPlanView["remaining"], candidates: CourseView[]): number {
  const left = new Map(remaining.map((r) => [r.code, r.units]));
  const gain = (c: CourseView) =>
    [...left].filter(([code, units]) => units > 0 && c.hubRequirements.some((h) => code.split("/").includes(h.code)))
      .length;
  const pool = [...candidates];
  let size = 0;
  while ([...left.values()].some((units) => units > 0)) {
    pool.sort((a, b) => gain(b) - gain(a));
    const best = pool.shift();
    if (!best || gain(best) === 0) return Infinity;
    for (const [code, units] of left) {
      if (units > 0 && best.hubRequirements.some((h) => code.split("/").includes(h.code))) left.set(code, units - 1);
    }
    size++;
  }
  return size;
}

describe("on the demo catalog", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
  });
  afterAll(() => t?.close());

  const idOf = (code: string) => courseId(t, code);

  test("a student with courses done and planned: what remains matches Hub progress, and the plan covers it within the rules", async () => {
    const student = await createStudent(t, "planner@bu.edu");
    await mark(t, student, "completed-courses", await idOf("CAS WR 120"));
    await mark(t, student, "completed-courses", await idOf("CAS CS 111"));
    await mark(t, student, "courses-in-progress", await idOf("CAS PH 100"));
    const result = await plan(t, student);
    expect(result.remaining).toEqual(shortOf(await progress(t, student)));
    expectCovers(result);
    const taken = new Set([await idOf("CAS WR 120"), await idOf("CAS CS 111"), await idOf("CAS PH 100")]);
    for (const course of result.courses) {
      expect(taken.has(course.id), course.code).toBe(false);
      expect(course.current, course.code).toBe(true);
      expect(Number.parseInt(course.courseCode), course.code).toBeLessThan(500);
      const detail = await (await api(t, `/api/courses/${course.id}`, { token: student.token })).json() as CourseDetail;
      expect(detail.eligibility, course.code).toBe("met");
    }
  });

  test("Swap: an excluded course is not planned again, and the plan still covers what it can", async () => {
    const student = await createStudent(t, "swapper@bu.edu");
    const first = await plan(t, student, "?eligibleOnly=false");
    const out = first.courses[0];
    const second = await plan(t, student, `?eligibleOnly=false&exclude=${out.id}`);
    expect(second.courses.map((c) => c.id)).not.toContain(out.id);
    expect(second.remaining).toEqual(first.remaining);
    if (second.covered) expectCovers(second);
  });

  test("nothing left: future courses that cover every requirement leave an empty, covered plan", async () => {
    const student = await createStudent(t, "finished@bu.edu");
    let result = await plan(t, student, "?eligibleOnly=false");
    // Plan, add the plan to the future list, and plan again until nothing remains (or nothing more can be covered).
    for (let round = 0; round < 3 && result.courses.length; round++) {
      for (const course of result.courses) await mark(t, student, "courses-in-progress", course.id);
      result = await plan(t, student, "?eligibleOnly=false");
    }
    if (result.remaining.length === 0) expect(result).toMatchObject({ remaining: [], courses: [], covered: true });
    else expect(result.covered).toBe(false);
  });

  test("Hub Progress lists courses that cover several remaining units, most first", async () => {
    const student = await createStudent(t, "several@bu.edu");
    const html =
      await (await t.app.request("/hub-progress", { headers: { Cookie: `hubrate_session=${student.token}` } })).text();
    expect(html).toContain("Courses that cover several of your remaining units");
    const section = html.slice(
      html.indexOf('id="several-heading"'),
      html.indexOf("</section>", html.indexOf('id="several-heading"')),
    );
    // One item per course: from its link to the next course's.
    const items = section.split('<li><a href="/course/').slice(1);
    expect(items.length).toBeGreaterThan(0);
    const counts = items.map((item) => (item.match(/class="badge badge-hub"/g) ?? []).length);
    expect(counts.every((n) => n >= 2)).toBe(true);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  test("a plan that runs out of its time answers what it found and says so; with time, it is exact", async () => {
    const student = await createStudent(t, "rushed@bu.edu");
    const exact = await plan(t, student, "?eligibleOnly=false");
    expect(exact.exact).toBe(true);
    expect(exact.notes.join(" ")).not.toContain("time a plan may take");
    const before = setPlanBudget(0);
    try {
      // A course set aside that no other test sets aside: a new plan, not one kept for the same inputs.
      const rushed = await plan(t, student, "?eligibleOnly=false&exclude=987654");
      expect(rushed.exact).toBe(false);
      expect(rushed.notes[0]).toBe("No plan was found in the time a plan may take.");
      expect(rushed.remaining).toEqual(exact.remaining);
    } finally {
      setPlanBudget(before);
    }
  });

  test("a visitor gets 401; bad parameters get 400 with a message", async () => {
    expect((await api(t, "/api/users/hub-plan")).status).toBe(401);
    const student = await createStudent(t, "bad-params@bu.edu");
    for (
      const query of [
        "?eligibleOnly=maybe",
        "?exclude=abc",
        "?exclude=0",
        "?exclude=1e3",
        "?limit=3",
        `?${"exclude=1&".repeat(61)}`,
        "?toString=1",
      ]
    ) {
      const response = await api(t, `/api/users/hub-plan${query}`, { token: student.token });
      expect(response.status, query).toBe(400);
      expect(typeof (await response.json()).message, query).toBe("string");
    }
  });
});

describe("on the real catalog, for random students", () => {
  let t: TestApp;
  let all: CourseView[];
  beforeAll(async () => {
    t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    await importCourses(t.deps.database, await readBuCatalog());
    const rows = await t.deps.database.db.all<{ id: number }>(
      sql`SELECT id FROM courses WHERE current = 1 AND number_value < 500 ORDER BY id`,
    );
    all = [];
    const ids = rows.map((r) => r.id);
    // Every current course below 500 with its Hub units, for the greedy bound.
    for (let i = 0; i < ids.length; i += 400) {
      all.push(...await coursesByIds(t.deps.database.db, ids.slice(i, i + 400)));
    }
  }, 120_000);
  afterAll(() => t?.close());

  test(
    "six students with random completed courses: the plan covers what remains, no larger than a greedy cover",
    async () => {
      const random = seededRandom(2031);
      const withHub = all.filter((c) => c.hubRequirements.length > 0);
      for (let s = 0; s < 6; s++) {
        const student = await createStudent(t, `random-${s}@bu.edu`);
        const done = new Set<number>();
        for (let k = 0; k < s * 3; k++) done.add(withHub[Math.floor(random() * withHub.length)].id);
        for (const id of done) await mark(t, student, "completed-courses", id);
        const result = await plan(t, student, "?eligibleOnly=false");
        expect(result.remaining).toEqual(shortOf(await progress(t, student)));
        expect(result.covered).toBe(true);
        expectCovers(result);
        for (const course of result.courses) expect(done.has(course.id)).toBe(false);
        const greedy = greedySize(result.remaining, all.filter((c) => !done.has(c.id)));
        expect(result.courses.length, `student ${s}`).toBeLessThanOrEqual(greedy);
      }
    },
    120_000,
  );
});
