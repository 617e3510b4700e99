/**
 * Search's "Offered in" filter (`offered`, a term code) and each result's `offering` over the demo catalog and its demo
 * schedule: the expected courses and counts are computed here in SQL from the sections, never from the search's own
 * catalog in memory; a schedule import is seen by the next search.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SearchCourse, SearchPage } from "../../src/lib/api-types.ts";
import { termOf } from "../../src/lib/term-codes.ts";
import { type ScheduleSection, scheduleSection } from "../../src/services/schedule/registrar-csv.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";
import { catalogSnapshotCurrent } from "../../src/services/catalog/catalog-cache.ts";
import { api } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

const FALL = 2268;
const SPRING = 2271;

async function rows<T>(sql: string, args: (string | number)[] = []): Promise<T[]> {
  return (await t.deps.database.client.execute({ sql, args })).rows as unknown as T[];
}

/** Each course's count of sections to register for in the term, neither cancelled nor gone: the filter's definition. */
async function sectionCounts(term: number): Promise<Map<number, number>> {
  const found = await rows<{ course_id: number; n: number }>(
    `SELECT course_id, count(*) AS n FROM sections
     WHERE term_code = ? AND enrollment = 1 AND status <> 'cancelled' AND gone = 0 GROUP BY course_id`,
    [term],
  );
  return new Map(found.map((r) => [Number(r.course_id), Number(r.n)]));
}

async function search(query: string): Promise<{ status: number; body: SearchPage & { message?: string } }> {
  const response = await api(t, `/api/courses/search?${query}`);
  return { status: response.status, body: await response.json() };
}

/** Every result of a search, page by page. */
async function everyResult(query: string): Promise<SearchCourse[]> {
  const all: SearchCourse[] = [];
  for (let page = 0;; page++) {
    const { status, body } = await search(`${query}&page=${page}`);
    expect(status, query).toBe(200);
    all.push(...body.content);
    if (page + 1 >= body.totalPages) {
      expect(all).toHaveLength(body.totalElements);
      return all;
    }
  }
}

const catalogVersion = async () =>
  Number((await rows<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'catalog_version'`))[0].value);

describe("GET /api/courses/search?offered=", () => {
  test("the demo schedule has the current term and the next, with cancelled and companion sections to leave out", async () => {
    expect(termOf(new Date())).toBe(FALL);
    expect((await rows<{ code: number }>("SELECT code FROM terms ORDER BY code")).map((r) => Number(r.code))).toEqual([
      FALL,
      SPRING,
    ]);
    const [kinds] = await rows<{ cancelled: number; companions: number }>(
      `SELECT sum(status = 'cancelled') AS cancelled, sum(enrollment = 0) AS companions FROM sections`,
    );
    expect(Number(kinds.cancelled)).toBeGreaterThan(0);
    expect(Number(kinds.companions)).toBeGreaterThan(0);
  });

  test("matches exactly the courses with a section to register for in the term, each with its count", async () => {
    for (const term of [FALL, SPRING]) {
      const expected = await sectionCounts(term);
      expect(expected.size).toBeGreaterThan(10);
      const found = await everyResult(`offered=${term}&allCourses=true`);
      expect(new Set(found.map((c) => c.id))).toEqual(new Set(expected.keys()));
      const name = term === FALL ? "Fall 2026" : "Spring 2027";
      for (const course of found) {
        expect(course.offering, course.code).toEqual({ term, name, sections: expected.get(course.id) });
      }
    }
  });

  test("narrows the other filters, the text search and every sort, in their order", async () => {
    const fall = await sectionCounts(FALL);
    for (
      const query of [
        "q=intro",
        "q=intro&sortBy=byRating",
        "colleges=CAS&levels=100",
        "sortBy=byReviews&noPreReqs=true",
        "q=computer&colleges=CAS&minRating=2",
      ]
    ) {
      const without = await everyResult(query);
      const withTerm = await everyResult(`${query}&offered=${FALL}`);
      expect(withTerm.map((c) => c.id), query).toEqual(without.filter((c) => fall.has(c.id)).map((c) => c.id));
      expect(withTerm.length, query).toBeGreaterThan(0);
    }
  });

  test("without the filter, each result names the soonest term it is offered in, or nothing", async () => {
    const [fall, spring] = [await sectionCounts(FALL), await sectionCounts(SPRING)];
    const found = await everyResult("sortBy=byCourseCode");
    let springOnly = 0;
    let none = 0;
    for (const course of found) {
      const expected = fall.has(course.id)
        ? { term: FALL, name: "Fall 2026", sections: fall.get(course.id) }
        : spring.has(course.id)
        ? { term: SPRING, name: "Spring 2027", sections: spring.get(course.id) }
        : null;
      if (expected?.term === SPRING) springOnly++;
      if (!expected) none++;
      expect(course.offering, course.code).toEqual(expected);
    }
    // Both cases occur in the demo: the test says something about each.
    expect(springOnly).toBeGreaterThan(0);
    expect(none).toBeGreaterThan(0);
  });

  test("a malformed term code is a 400 with the message; so is a term without a schedule, which names the terms", async () => {
    for (const bad of ["fall", "226", "22680", "2263", "1998", "2268.0", "-2268", "2e3", "%20x"]) {
      const { status, body } = await search(`offered=${bad}`);
      expect(status, bad).toBe(400);
      expect(body.message, bad).toBe("offered must be a term code, e.g. 2268");
    }
    const { status, body } = await search("offered=2275&q=intro");
    expect(status).toBe(400);
    expect(body.message).toBe("offered must be a term with a class schedule: 2268 (Fall 2026), 2271 (Spring 2027)");
    // An empty value is no filter, as for every parameter.
    expect((await search("offered=")).status).toBe(200);
  });

  test("the page lists the terms as choices, current first, and shows a bad term's message above unfiltered results", async () => {
    const html = await (await api(t, "/search?offered=2271")).text();
    expect(html).toMatch(
      /<select id="search-offered" name="offered">\s*<option value="">Any term<\/option><option value="2268">Fall 2026<\/option><option value="2271" selected="">Spring 2027<\/option>/,
    );
    expect(html).toContain("Offered in Spring 2027");
    for (
      const [query, message] of [
        ["offered=x", "offered must be a term code, e.g. 2268"],
        ["offered=2258", "offered must be a term with a class schedule: 2268 (Fall 2026), 2271 (Spring 2027)"],
      ]
    ) {
      const response = await api(t, `/search?${query}`);
      expect(response.status, query).toBe(400);
      const page = await response.text();
      expect(page, query).toContain(message);
      expect(page, query).not.toContain("Offered in Spring");
      expect(page, query).toMatch(/Found \d+ courses/);
    }
  });
});

describe("a schedule import is seen by the next search", () => {
  const SUMMER = 2275;

  async function codesOf(
    ids: number[],
  ): Promise<{ id: number; college: string; department: string; number: string }[]> {
    return await rows(
      `SELECT id, college, department, number FROM courses WHERE id IN (${ids.join(",")}) ORDER BY id`,
    );
  }

  function section(
    course: { college: string; department: string; number: string },
    part: Partial<ScheduleSection>,
  ): ScheduleSection {
    return scheduleSection({
      term: SUMMER,
      college: course.college,
      department: course.department,
      number: course.number,
      section: "A1",
      capacity: 30,
      enrolled: 10,
      ...part,
    });
  }

  test("a new term, a cancelled section, a companion and a re-import: each search sees the schedule as it is", async () => {
    // Before: the term is not offered as a choice (and the page, kept by the response cache, does not list it).
    expect((await search(`offered=${SUMMER}`)).status).toBe(400);
    expect(await (await api(t, "/search")).text()).not.toContain("Summer 2027");
    const [a, b, c] = await codesOf(
      (await rows<{ id: number }>("SELECT id FROM courses ORDER BY id LIMIT 3")).map((r) => Number(r.id)),
    );
    const schedule = [
      section(a, { section: "A1" }),
      section(a, { section: "B1" }),
      section(a, { section: "A2", enrollment: false }),
      section(b, { section: "A1", status: "cancelled" }),
      section(b, { section: "B1", status: "stopped" }),
      section(c, { section: "A1", enrollment: false }),
    ];
    const before = await catalogVersion();
    await importSchedule(t.deps.database, schedule, { source: "registrar" });
    expect(await catalogVersion()).toBeGreaterThan(before);
    // Every process finds the snapshot made at the new version.
    expect(await catalogSnapshotCurrent(t.deps.database.db)).toBe(true);

    let found = await everyResult(`offered=${SUMMER}`);
    expect(found.map((course) => [course.id, course.offering]).sort(([x], [y]) => Number(x) - Number(y))).toEqual([
      [a.id, { term: SUMMER, name: "Summer 2027", sections: 2 }],
      [b.id, { term: SUMMER, name: "Summer 2027", sections: 1 }],
    ]);
    const html = await (await api(t, "/search")).text();
    expect(html).toContain('<option value="2275">Summer 2027</option>');

    // The same file again changes nothing the catalog holds: the version stays.
    const version = await catalogVersion();
    await importSchedule(t.deps.database, schedule, { source: "registrar" });
    expect(await catalogVersion()).toBe(version);

    // The next file cancels b's last section and drops one of a's: the next search has neither.
    await importSchedule(t.deps.database, [
      schedule[0],
      schedule[2],
      section(b, { section: "B1", status: "cancelled" }),
    ], {
      source: "registrar",
    });
    expect(await catalogVersion()).toBeGreaterThan(version);
    found = await everyResult(`offered=${SUMMER}`);
    expect(found.map((course) => [course.id, course.offering?.sections])).toEqual([[a.id, 1]]);
    expect([...(await sectionCounts(SUMMER))]).toEqual([[a.id, 1]]);
  });
});
