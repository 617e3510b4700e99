import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import demoCatalog from "../../db/seeds/demo-catalog.json" with { type: "json" };
import { courseHubUnits, courses, courseTexts, reviews, users } from "../../db/schema.ts";
import { prerequisiteTextIn } from "../../src/lib/description-prerequisites.ts";
import { HUB_AREAS, HUB_CODES } from "../../src/lib/hub-areas.ts";
import {
  catalogSource,
  courseCount,
  detectCatalogKind,
  ensureReferenceData,
  importCourses,
  importMajors,
  majorsOf,
} from "../../src/services/catalog/catalog.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { referenceData } from "../../db/seeds/reference.ts";

const BU_COURSES = new URL("../../../shared/data/bu/bu_courses.json", import.meta.url);
const BU_MAJORS = new URL("../../../shared/data/bu/bu_majors.json", import.meta.url);

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("reference data", () => {
  test("the 21 Hub areas load with categories and counts", async () => {
    t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    const rows = await t.deps.database.db.all<{ code: string; category: string; required: number | null }>(
      sql`SELECT code, category, required FROM hub_areas ORDER BY position`,
    );
    expect(rows).toHaveLength(21);
    expect(rows.map((r) => r.code)).toEqual(HUB_AREAS.map((a) => a.code));
    const required = Object.fromEntries(rows.map((r) => [r.code, r.required]));
    expect(required).toMatchObject({
      GCI: 2,
      WIN: 2,
      CRT: 2,
      RIL: 2,
      TWC: 2,
      CRI: 2,
      PLM: 1,
      FYW: 1,
      SI2: null,
      SO2: null,
    });
  });

  test("every college has majors, sorted, with Undecided", async () => {
    t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    const majors = await majorsOf(t.deps.database.db, "CAS");
    expect(majors.length).toBeGreaterThan(20);
    expect(majors).toContain("Undecided");
    expect(majors).toEqual([...majors].sort((a, b) => a.localeCompare(b)));
    expect(await majorsOf(t.deps.database.db, "NOPE")).toEqual([]);
  });

  test("stored again by a task beside a live server, unchanged, it writes nothing and raises no version", async () => {
    t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    const versions = () =>
      t!.deps.database.db.all<{ catalog: string; content: number }>(
        sql`SELECT (SELECT value FROM app_settings WHERE key = 'catalog_version') AS catalog,
          (SELECT value FROM content_version WHERE id = 1) AS content`,
      );
    const before = await versions();
    await ensureReferenceData(t.deps.database, referenceData);
    expect(await versions()).toEqual(before);
    // A change to the reference data (a college renamed by a new build) raises the catalog's version once.
    const renamed = {
      ...referenceData,
      colleges: referenceData.colleges.map((c, i) => i === 0 ? { ...c, name: `${c.name} (renamed)` } : c),
    };
    await ensureReferenceData(t.deps.database, renamed);
    const [after] = await versions();
    expect(Number(after.catalog)).toBe(Number(before[0].catalog) + 1);
    expect(after.content).toBeGreaterThan(before[0].content);
  });
});

describe("demo catalog", () => {
  test("is written for the project: at least 200 courses over at least 8 colleges, with valid Hub units", () => {
    expect(demoCatalog.length).toBeGreaterThanOrEqual(200);
    expect(new Set(demoCatalog.map((c) => c.college)).size).toBeGreaterThanOrEqual(8);
    for (const course of demoCatalog) for (const unit of course.hub_units) expect(HUB_CODES.has(unit)).toBe(true);
  });

  test("loads on first start when the catalog is empty, and only then", async () => {
    t = await makeTestApp();
    expect(await courseCount(t.deps.database.db)).toBe(demoCatalog.length);
    expect(await catalogSource(t.deps.database.db)).toBe("demo");
  });

  test("does not load with DEMO_CATALOG=off", async () => {
    t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    expect(await courseCount(t.deps.database.db)).toBe(0);
  });
});

describe("catalog import", () => {
  const course = (number: string, extra: Record<string, unknown> = {}) => ({
    college: "CAS",
    department: "CS",
    number,
    title: `Course ${number}`,
    description: "About it.",
    prerequisites: null,
    has_prerequisites: false,
    hub_units: ["QR2", "CRT"],
    ...extra,
  });

  test("reports malformed rows with index and reason and loads the rest", async () => {
    t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    const report = await importCourses(t.deps.database, [
      course("111"),
      { ...course("112"), title: "" },
      course("113", { hub_units: ["XYZ"] }),
      "not an object",
      course("111"),
      course("120S"),
    ]);
    expect(report.loaded).toBe(2);
    expect(report.skipped).toEqual([
      { index: 1, reason: "title: title is empty" },
      { index: 2, reason: 'hub_units.0: unknown Hub unit "XYZ"' },
      { index: 3, reason: expect.any(String) },
      { index: 4, reason: "duplicate of row 0 (CAS CS 111)" },
    ]);
    expect(await catalogSource(t.deps.database.db)).toBe("imported");
  });

  test("is an idempotent upsert that keeps ids and reviews and replaces Hub units", async () => {
    t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    const db = t.deps.database.db;
    await importCourses(t.deps.database, [course("111"), course("112")]);
    const [first] = await db.select().from(courses).where(eq(courses.number, "111"));
    const [user] = await db.insert(users).values({
      email: "r@bu.edu",
      passwordHash: "x",
      college: "CAS",
      major: "Undecided",
      expectedGrad: 2027,
    }).returning();
    await db.insert(reviews).values({
      courseId: first.id,
      userId: user.id,
      overallRating: 3,
      usefulnessRating: 3,
      difficultyRating: 3,
      workloadRating: 3,
      interestRating: 3,
      teacherRating: 3,
      teacherName: "A",
      semester: "Fall 2024",
      hoursPerWeek: 5,
      assignmentTypes: "Psets",
      reviewText: "Fine.",
    });
    const again = await importCourses(t.deps.database, [
      course("111", { title: "Renamed", hub_units: ["AEX"], prerequisites: "CS 101", has_prerequisites: true }),
      course("112"),
    ]);
    expect(again.loaded).toBe(2);
    expect(await courseCount(db)).toBe(2);
    const [updated] = await db.select().from(courses).where(eq(courses.number, "111"));
    expect(updated).toMatchObject({ id: first.id, title: "Renamed", noPreReqs: false });
    const [texts] = await db.select().from(courseTexts).where(eq(courseTexts.courseId, first.id));
    expect(texts).toEqual({
      courseId: first.id,
      description: "About it.",
      prerequisites: "CS 101",
      // Read into a group: CS 101 of the course's own college.
      prerequisiteNote: null,
      prerequisiteConditions: false,
      prerequisiteCoverage: "full",
    });
    expect(await db.$count(reviews, eq(reviews.courseId, first.id))).toBe(1);
    const units = await db.select({ code: courseHubUnits.hubCode }).from(courseHubUnits).where(
      eq(courseHubUnits.courseId, first.id),
    );
    expect(units.map((u) => u.code)).toEqual(["AEX"]);
  });

  test("tells course files from major files", () => {
    expect(detectCatalogKind([course("1")])).toBe("courses");
    expect(detectCatalogKind([{ college: "CAS", name: "Physics", program_type: "major" }])).toBe("majors");
    expect(detectCatalogKind([1, 2])).toBeUndefined();
  });

  test("loads the real 9,789-course BU catalog and its majors", async () => {
    t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    const rows = JSON.parse(await Deno.readTextFile(BU_COURSES));
    const report = await importCourses(t.deps.database, rows);
    expect(report.loaded + report.skipped.length).toBe(9789);
    expect(report.skipped).toEqual([]);
    expect(await courseCount(t.deps.database.db)).toBe(9789);
    const withHub = await t.deps.database.db.get<{ n: number }>(
      sql`SELECT COUNT(DISTINCT course_id) AS n FROM course_hub_units`,
    );
    expect(withHub.n).toBe(rows.filter((r: { hub_units: string[] }) => r.hub_units.length > 0).length);
    // Every prerequisite text is read (the field's, or the description's where the field is empty); about half become
    // course groups entirely.
    const { full, partial, none, fromDescriptions } = report.prerequisites!;
    const described = fromDescriptions.full + fromDescriptions.partial + fromDescriptions.none;
    expect(full + partial + none - described).toBe(
      rows.filter((r: { prerequisites: string | null }) => r.prerequisites).length,
    );
    expect(described).toBe(
      rows.filter((r: { prerequisites: string | null; description: string | null }) =>
        !r.prerequisites && prerequisiteTextIn(r.description)
      ).length,
    );
    expect(described).toBeGreaterThan(300);
    expect(full).toBeGreaterThan(1800);
    // CAS CS 330 states its prerequisites in its description only.
    const [cs330] = await t.deps.database.db.all<{ n: number }>(
      sql`SELECT count(DISTINCT p.group_index) AS n FROM course_prerequisites p JOIN courses c ON c.id = p.course_id
        WHERE c.college = 'CAS' AND c.department = 'CS' AND c.number = '330'`,
    );
    expect(Number(cs330.n)).toBe(3);
    // And the courses descriptions say cannot count with them, placed in the catalog.
    expect(report.prerequisites!.exclusions.courses).toBeGreaterThan(100);
    const ma242 = await t.deps.database.db.all<{ code: string; placed: number }>(
      sql`SELECT x.code, x.excluded_id IS NOT NULL AS placed FROM course_exclusions x JOIN courses c ON c.id = x.course_id
        WHERE c.college = 'CAS' AND c.department = 'MA' AND c.number = '242' ORDER BY x.position`,
    );
    expect(ma242.map((r) => [r.code, Number(r.placed)])).toEqual([["ENG EK 103", 1], ["CAS MA 442", 1]]);

    const majors = JSON.parse(await Deno.readTextFile(BU_MAJORS));
    const majorReport = await importMajors(t.deps.database, majors);
    expect(majorReport.loaded).toBe(majors.filter((m: { program_type: string }) => m.program_type === "major").length);
    expect(majorReport.skipped.every((s) => /program_type|unknown college/.test(s.reason))).toBe(true);
  });
});
