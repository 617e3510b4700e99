/**
 * Prerequisites as data through the API and the pages: groups with catalog
 * ids, the note, the courses a course is required for, eligibility for a
 * scripted student as they complete courses, the "Prerequisites I've met"
 * search filter, imports in any order, a database read again after an
 * upgrade, and the import task's report.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CourseDetail, SearchPage } from "../../src/lib/api-types.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import { ensurePrerequisitesLinked } from "../../src/services/courses/course-prerequisites.ts";
import { api, createStudent, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

const course = (
  number: string,
  prerequisites: string | null,
  college = "TST",
  department = "AA",
  description?: string,
) => ({
  college,
  department,
  number,
  title: `Course ${number}`,
  hub_units: [],
  prerequisites,
  ...(description ? { description } : {}),
});

const CATALOG = [
  course("101", null),
  course("102", "(TSTAA101)"),
  course("103", null),
  course("201", "(TSTAA101) and (TST AA 102 or TST AA 103) or equivalent."),
  course("202", "TST AA 102 and TST AA 103"),
  course("301", "TST AA 201 and junior standing"),
  course("302", "consent of instructor"),
  course("401", "TST ZZ 999 and TST AA 101"),
];

let t: TestApp;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
  const report = await importCourses(t.deps.database, CATALOG);
  expect(report.skipped).toEqual([]);
  expect(report.prerequisites).toEqual({
    full: 4,
    partial: 1,
    none: 1,
    fromDescriptions: { full: 0, partial: 0, none: 0 },
    exclusions: { courses: 0, pairs: 0 },
  });
  const rows = await t.deps.database.db.all<{ id: number; number: string }>(sql`SELECT id, number FROM courses`);
  for (const row of rows) ids.set(row.number, row.id);
});
afterAll(() => t?.close());

async function detail(number: string, token?: string): Promise<CourseDetail> {
  const response = await api(t, `/api/courses/${ids.get(number)}`, { token });
  expect(response.status).toBe(200);
  return await response.json();
}

const ref = (number: string) => ({ id: ids.get(number)!, code: `TST AA ${number}` });

describe("GET /api/courses/{id}", () => {
  test("groups with catalog ids, the note, and no eligibility for a visitor", async () => {
    const c201 = await detail("201");
    expect(c201.prerequisiteGroups).toEqual([[ref("101")], [ref("102"), ref("103")]]);
    expect(c201.prerequisiteNote).toBe("or equivalent");
    expect(c201.prerequisites).toBe("(TSTAA101) and (TST AA 102 or TST AA 103) or equivalent.");
    expect("eligibility" in c201).toBe(false);

    // A course the catalog does not have keeps its code, with a null id.
    expect((await detail("401")).prerequisiteGroups).toEqual([[{ id: null, code: "TST ZZ 999" }], [ref("101")]]);
    // Words only: no groups, the words as the note.
    const c302 = await detail("302");
    expect(c302.prerequisiteGroups).toEqual([]);
    expect(c302.prerequisiteNote).toBe("consent of instructor");
    // No text: nothing.
    const c101 = await detail("101");
    expect(c101.prerequisiteGroups).toEqual([]);
    expect(c101.prerequisiteNote).toBeNull();
  });

  test("requiredFor: the courses that name this one, by code", async () => {
    expect((await detail("101")).requiredFor.map((c) => c.code)).toEqual(["TST AA 102", "TST AA 201", "TST AA 401"]);
    expect((await detail("103")).requiredFor.map((c) => c.code)).toEqual(["TST AA 201", "TST AA 202"]);
    expect((await detail("401")).requiredFor).toEqual([]);
  });
});

describe("eligibility for a student as they complete courses", () => {
  let student: Student;
  beforeAll(async () => {
    student = await createStudent(t, "prereq-student@bu.edu");
  });

  const eligibility = async () =>
    Object.fromEntries(
      await Promise.all(
        ["101", "102", "201", "202", "301", "302", "401"].map(async (
          n,
        ) => [n, (await detail(n, student.token)).eligibility]),
      ),
    );
  const complete = async (number: string) => {
    const response = await api(t, `/api/users/completed-courses/${ids.get(number)}`, {
      method: "POST",
      token: student.token,
    });
    expect(response.status).toBeLessThan(300);
  };
  const met = async (number: string, token = student.token) => {
    const response = await api(t, "/api/courses/search?colleges=TST&prereqsMet=true", { token });
    expect(response.status, number).toBe(200);
    return (await response.json() as SearchPage).content.map((c) => c.courseCode);
  };

  test("nothing completed: no prerequisites is met, a missing course is unmet, an equivalent or a condition is unknown", async () => {
    expect(await eligibility()).toEqual({
      "101": "met",
      "102": "unmet",
      "201": "unknown",
      "202": "unmet",
      "301": "unmet",
      "302": "unknown",
      "401": "unmet",
    });
    expect((await detail("201", student.token)).groupsMet).toEqual([false, false]);
    expect(await met("none")).toEqual(["101", "103"]);
  });

  test("completing courses meets groups; a condition the site cannot check stays unknown", async () => {
    await complete("101");
    expect(await eligibility()).toEqual({
      "101": "met",
      "102": "met",
      "201": "unknown",
      "202": "unmet",
      "301": "unmet",
      "302": "unknown",
      "401": "unmet",
    });
    expect((await detail("201", student.token)).groupsMet).toEqual([true, false]);
    await complete("103");
    // Every group met: "or equivalent" changes nothing.
    expect((await detail("201", student.token)).eligibility).toBe("met");
    expect(await met("101 103")).toEqual(["101", "102", "103", "201"]);
    await complete("102");
    await complete("201");
    expect(await eligibility()).toEqual({
      "101": "met",
      "102": "met",
      "201": "met",
      "202": "met",
      "301": "unknown",
      "302": "unknown",
      "401": "unmet",
    });
    expect(await met("all")).toEqual(["101", "102", "103", "201", "202"]);
  });

  test("the filter is a student's: a visitor gets 401 with a message, and the page ignores it for a visitor", async () => {
    const response = await api(t, "/api/courses/search?prereqsMet=true");
    expect(response.status).toBe(401);
    expect((await response.json()).message).toMatch(/^Log in/);
    const page = await api(t, "/search?colleges=TST&prereqsMet=true");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Found 8 courses");
    const bad = await api(t, "/api/courses/search?prereqsMet=maybe", { token: student.token });
    expect(bad.status).toBe(400);
  });

  test("the course page links the groups, marks them for the student and lists what the course is required for", async () => {
    const visitor = await (await api(t, `/course/${ids.get("201")}`)).text();
    expect(visitor).toContain(`<a href="/course/${ids.get("101")}">TST AA 101</a>`);
    expect(visitor).toContain("or equivalent");
    expect(visitor).not.toContain("✓ Completed");
    const signedIn = await (await t.app.request(`/course/${ids.get("201")}`, {
      headers: { Cookie: `hubrate_session=${student.token}` },
    })).text();
    expect(signedIn).toContain("You have met the prerequisites");
    expect(signedIn.match(/✓ Completed/g)?.length).toBe(2);
    const c101 = await (await api(t, `/course/${ids.get("101")}`)).text();
    expect(c101).toContain("Required for");
    expect(c101).toContain(`href="/course/${ids.get("401")}"`);
  });
});

describe("imports and upgrades", () => {
  test("a course imported after the one that names it completes its group", async () => {
    const u = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    try {
      await importCourses(u.deps.database, [course("500", "TST BB 100 or TST BB 110", "TST", "BB")]);
      const before = await (await api(u, "/api/courses/search?colleges=TST&allCourses=true")).json() as SearchPage;
      const id500 = before.content[0].id;
      const first = await (await api(u, `/api/courses/${id500}`)).json() as CourseDetail;
      expect(first.prerequisiteGroups).toEqual([[{ id: null, code: "TST BB 100" }, { id: null, code: "TST BB 110" }]]);
      await importCourses(u.deps.database, [course("100", null, "TST", "BB")]);
      const after = await (await api(u, `/api/courses/${id500}`)).json() as CourseDetail;
      expect(after.prerequisiteGroups[0][0].id).toEqual(expect.any(Number));
      expect(after.prerequisiteGroups[0][1].id).toBeNull();
    } finally {
      await u.close();
    }
  });

  test("a database whose texts were read by another version of the reader (or never) is read again on start, once", async () => {
    const db = t.deps.database.db;
    await db.run(sql`DELETE FROM course_prerequisites`);
    await db.run(sql`UPDATE app_settings SET value = '0' WHERE key = 'prerequisite_parser'`);
    expect(await ensurePrerequisitesLinked(t.deps.database)).toEqual({
      full: 4,
      partial: 1,
      none: 1,
      fromDescriptions: { full: 0, partial: 0, none: 0 },
      exclusions: { courses: 0, pairs: 0 },
    });
    expect((await detail("201")).prerequisiteGroups).toEqual([[ref("101")], [ref("102"), ref("103")]]);
    expect(await ensurePrerequisitesLinked(t.deps.database)).toBeNull();
  });

  test("deno task catalog:import says how many texts were read fully, partly and not at all", async () => {
    const dir = await Deno.makeTempDir({ prefix: "hubrate-prereq-" });
    try {
      await Deno.writeTextFile(`${dir}/catalog.json`, JSON.stringify(CATALOG));
      const output = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "src/tasks/import-catalog.ts", `${dir}/catalog.json`],
        env: {
          DATABASE_URL: `file:${dir}/cli.db`,
          DEMO_CATALOG: "off",
          APP_ENV: "test",
          SESSION_SECRET: "test-secret-that-is-long-enough-0123456789",
        },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(output.stdout);
      expect(output.code, new TextDecoder().decode(output.stderr)).toBe(0);
      expect(text).toContain(
        "Prerequisite texts: 6; read fully into courses 4 (67%), partly 1 (17%), not at all 1 (17%).",
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  test("a course whose field is empty: its description's prerequisites and the course it cannot count with", async () => {
    // Its field is empty; its description states what it needs and what it cannot count with.
    const report = await importCourses(t.deps.database, [
      course(
        "402",
        null,
        "TST",
        "AA",
        "Undergraduate Prerequisites: TSTAA 201 or TSTAA 202. - Cannot be taken for credit in addition to TST AA 401. Topics.",
      ),
    ]);
    expect(report.prerequisites?.fromDescriptions).toEqual({ full: 1, partial: 0, none: 0 });
    expect(report.prerequisites?.exclusions).toEqual({ courses: 1, pairs: 1 });
    const [row] = await t.deps.database.db.all<{ id: number }>(
      sql`SELECT id FROM courses WHERE college = 'TST' AND department = 'AA' AND number = '402'`,
    );
    ids.set("402", Number(row.id));
    const text = await (await api(t, `/course/${ids.get("402")}`)).text();
    const view = await (await api(t, `/api/courses/${ids.get("402")}`)).json() as CourseDetail;
    expect(view.noPreReqs).toBe(false);
    expect(view.prerequisiteGroups).toEqual([[ref("201"), ref("202")]]);
    expect(view.exclusions).toEqual([ref("401")]);
    expect(text).toContain("As the course&#x27;s description states them (its prerequisite field is empty).");
    expect(text).toContain('<h2 id="exclusions-heading">Not for credit with</h2>');
    expect(text).toContain(`<a href="/course/${ids.get("401")}">TST AA 401</a>`);
    // The course it names shows the rule from its side: its own description says nothing, 402's names it.
    const other = await (await api(t, `/api/courses/${ids.get("401")}`)).json() as CourseDetail;
    expect(other.exclusions).toEqual([]);
    expect(other.namedInExclusions).toEqual([ref("402")]);
    expect(await (await api(t, `/course/${ids.get("401")}`)).text()).toContain(
      `<a href="/course/${ids.get("402")}">TST AA 402</a>`,
    );
    // A course no description names shows no such part.
    expect(await (await api(t, `/course/${ids.get("201")}`)).text()).not.toContain("Not for credit with");
  });
});
