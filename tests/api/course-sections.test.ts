/**
 * GET /api/courses/{id}/sections and the course page's "Offered": on the demo schedule a fresh start loads (the
 * current and the next term), and on a term this file imports itself for a course without reviews, so that it knows
 * every section, link, instructor and review. Every expectation is worked out here from the rows and reviews this file
 * reads or wrote, never asked of the code under test.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { reviews, sectionLinks, sections, terms } from "../../db/schema.ts";
import type { CourseSections } from "../../src/lib/api-types.ts";
import { nextTerm, termName, termOf } from "../../src/lib/term-codes.ts";
import { type ScheduleSection, scheduleSection } from "../../src/services/schedule/registrar-csv.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";
import { api, createStudents } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseId } from "../helpers/catalog.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import { courseName, courseSupply, createdReview } from "../helpers/reviews.ts";

let t: TestApp;
let supply: (n: number) => number[];
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
  supply = await courseSupply(t);
});
afterAll(() => t.close());

const current = termOf(new Date());
const next = nextTerm(current);
/** A term after the demo's two, for the sections this file writes: importing it leaves the demo's terms alone. */
const later = nextTerm(next);

async function sectionsOf(id: number | string): Promise<CourseSections> {
  const response = await api(t, `/api/courses/${id}/sections`);
  expect(response.status).toBe(200);
  return await response.json() as CourseSections;
}

const flat = (answer: CourseSections) =>
  answer.terms.flatMap((term) => [
    ...term.sections.flatMap((s) => [s, ...s.companions]),
    ...term.unlinkedCompanions,
  ]);

describe("GET /api/courses/{id}/sections on the demo schedule", () => {
  test("CAS CS 111: the current and next term in calendar order, each section with its linked companions", async () => {
    const id = await courseId(t, "CAS CS 111");
    const answer = await sectionsOf(id);
    expect(answer.courseId).toBe(id);
    expect(answer.terms.map((term) => [term.code, term.name, term.source])).toEqual([
      [current, termName(current), "demo"],
      [next, termName(next), "demo"],
    ]);
    const db = t.deps.database.db;
    const [term] = await db.select().from(terms).where(eq(terms.code, current));
    expect(answer.terms[0].importedAt).toBe(term.importedAt.toISOString());

    // The rows, read here: every section of the course not gone, and which lecture each companion goes with.
    const rows = await db.select().from(sections).where(and(eq(sections.courseId, id), eq(sections.gone, false)));
    const links = await db.select().from(sectionLinks).where(inArray(sectionLinks.companionId, rows.map((r) => r.id)));
    expect(flat(answer).map((s) => s.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    let companions = 0;
    for (const termAnswer of answer.terms) {
      const lectures = rows.filter((r) => r.termCode === termAnswer.code && r.enrollment);
      expect(termAnswer.sections.map((s) => s.section)).toEqual(lectures.map((r) => r.section).sort());
      for (const lecture of termAnswer.sections) {
        const row = rows.find((r) => r.id === lecture.id)!;
        expect(lecture).toMatchObject({
          section: row.section,
          classNumber: row.classNumber,
          status: row.status,
          capacity: row.capacity,
          enrolled: row.enrolled,
          waitlist: row.waitlist,
          notes: row.notes,
        });
        expect(lecture.meetings.length).toBeGreaterThan(0);
        expect(lecture.instructors.length).toBeGreaterThan(0);
        const linked = links.filter((l) => l.sectionId === lecture.id).map((l) => l.companionId).sort((a, b) => a - b);
        expect(lecture.companions.map((c) => c.id).sort((a, b) => a - b)).toEqual(linked);
        companions += linked.length;
        for (const companion of lecture.companions) expect(companion).not.toHaveProperty("companions");
      }
      // The demo links every companion to its lecture.
      expect(termAnswer.unlinkedCompanions).toEqual([]);
    }
    expect(companions).toBe(rows.filter((r) => !r.enrollment).length);
    expect(companions).toBeGreaterThan(0);
  });

  test("each instructor's teacher average is the mean of this course's visible reviews naming them", async () => {
    const id = await courseId(t, "CAS CS 111");
    const written = await t.deps.database.db.select({ name: reviews.teacherName, teacher: reviews.teacherRating })
      .from(reviews).where(and(eq(reviews.courseId, id), eq(reviews.hidden, false)));
    const instructors = flat(await sectionsOf(id)).flatMap((s) => s.instructors);
    expect(instructors.length).toBeGreaterThan(0);
    let rated = 0;
    for (const person of instructors) {
      // The demo's reviews spell a name in full or as "Prof. Tessaro", "M. Tessaro", "Tessaro, Morgan", "Dr. Morgan
      // Tessaro", "morgan tessaro": each of those is the instructor's in a course they teach.
      const [first, last] = [person.firstName.toLowerCase(), person.lastName.toLowerCase()];
      const forms = [`${first} ${last}`, last, `${first[0]} ${last}`, `${last} ${first}`];
      const plain = (typed: string) =>
        typed.toLowerCase().replace(/^(?:prof|dr)\.\s+/, "").replace(/[.,]/g, "").replace(/\s+/g, " ").trim();
      const theirs = written.filter((r) => forms.includes(plain(r.name)));
      expect(person.reviews, person.name).toBe(theirs.length);
      if (theirs.length === 0) {
        expect(person.teacher).toBeNull();
        continue;
      }
      rated++;
      expect(person.teacher).toBeCloseTo(theirs.reduce((sum, r) => sum + r.teacher, 0) / theirs.length, 10);
      expect(person.professorSlug).toBe(person.name.toLowerCase().replaceAll(" ", "-"));
    }
    expect(rated).toBeGreaterThan(0);
  });

  test("a course without sections has every known term, empty", async () => {
    const [row] = await t.deps.database.db.all<{ id: number }>(
      sql`SELECT id FROM courses c WHERE NOT EXISTS (SELECT 1 FROM sections s WHERE s.course_id = c.id) LIMIT 1`,
    );
    const answer = await sectionsOf(row.id);
    expect(answer.terms.map((term) => [term.code, term.sections, term.unlinkedCompanions])).toEqual([
      [current, [], []],
      [next, [], []],
    ]);
  });

  test("the course page says which known terms a course is not offered in", async () => {
    const [row] = await t.deps.database.db.all<{ id: number }>(
      sql`SELECT id FROM courses c WHERE NOT EXISTS (SELECT 1 FROM sections s WHERE s.course_id = c.id) LIMIT 1`,
    );
    const html = await (await t.app.request(`/course/${row.id}`)).text();
    expect(html).toContain('<h2 id="offered-heading">Offered</h2>');
    expect(html).toContain(`Not offered in ${termName(current)} or ${termName(next)}.`);
  });

  test("an unknown course is 404 Course not found", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const response = await api(t, `/api/courses/${id}/sections`);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ message: "Course not found" });
    }
  });
});

describe("GET /api/courses/{id}/sections on a term imported by the test", () => {
  let id: number;
  let code: [college: string, department: string, number: string];

  function section(
    name: string,
    enrollment: boolean,
    instructors: [first: string, last: string][],
    change: Partial<ScheduleSection> = {},
  ): ScheduleSection {
    return scheduleSection({
      term: later,
      college: code[0],
      department: code[1],
      number: code[2],
      section: name,
      enrollment,
      capacity: 30,
      enrolled: 10,
      waitCapacity: 5,
      waitlist: 0,
      creditsMin: enrollment ? 4 : 0,
      creditsMax: enrollment ? 4 : 0,
      mode: "In-Person",
      finalExam: enrollment,
      instructors: instructors.map(([firstName, lastName]) => ({ firstName, lastName })),
      meetings: [{
        days: enrollment ? "TR" : "F",
        startMinute: 14 * 60,
        endMinute: 15 * 60 + 15,
        room: "CAS 211",
        startDate: null,
        endDate: null,
      }],
      ...change,
    });
  }

  /**
   * A1 with its discussion A2; B1 with B2 and B3; L1 and L2, labs whose letter names no lecture, so they go with any.
   * Dana Whitlock teaches A1, Lee Park B1.
   */
  const full = () => [
    section("A1", true, [["Dana", "Whitlock"]], {
      notes: "Register for this lecture and one discussion.\nBring a laptop.",
      meetings: [
        { days: "MWF", startMinute: 10 * 60 + 10, endMinute: 11 * 60, room: "CAS 211", startDate: null, endDate: null },
        { days: "W", startMinute: 18 * 60 + 30, endMinute: 19 * 60 + 45, room: null, startDate: null, endDate: null },
      ],
    }),
    section("A2", false, [["Dana", "Whitlock"]]),
    section("B1", true, [["Lee", "Park"]], { status: "stopped" }),
    section("B2", false, [["Lee", "Park"]]),
    section("B3", false, []),
    section("L1", false, []),
    section("L2", false, []),
  ];

  beforeAll(async () => {
    [id] = supply(1);
    code = (await courseName(t, id)).split(" ") as typeof code;
    await importSchedule(t.deps.database, full(), { source: "registrar", now: new Date("2027-05-01T15:00:00Z") });
  });

  test("the term after the demo's comes last; companions beside their lecture and, unlinked, once for any", async () => {
    const answer = await sectionsOf(id);
    expect(answer.terms.map((term) => term.code)).toEqual([current, next, later]);
    const term = answer.terms[2];
    expect(term).toMatchObject({ name: termName(later), source: "registrar", importedAt: "2027-05-01T15:00:00.000Z" });
    expect(term.sections.map((s) => [s.section, s.status, s.companions.map((c) => c.section)])).toEqual([
      ["A1", "active", ["A2"]],
      ["B1", "stopped", ["B2", "B3"]],
    ]);
    expect(term.unlinkedCompanions.map((c) => c.section)).toEqual(["L1", "L2"]);
    const a1 = term.sections[0];
    expect(a1.notes).toBe("Register for this lecture and one discussion.\nBring a laptop.");
    expect(a1.meetings.map((m) => [m.days, m.startMinute, m.endMinute, m.room])).toEqual([
      ["MWF", 610, 660, "CAS 211"],
      ["W", 1110, 1185, null],
    ]);
    expect(a1).toMatchObject({ creditsMin: 4, creditsMax: 4, finalExam: true, mode: "In-Person" });
  });

  test("an instructor's average counts the course's visible reviews under any spelling of their name", async () => {
    const before = (await sectionsOf(id)).terms[2];
    // Nobody has reviewed either professor anywhere yet: no page to link to, no rating.
    for (const lecture of before.sections) {
      expect(lecture.instructors[0]).toMatchObject({ professorSlug: null, teacher: null, reviews: 0 });
    }

    const [other] = supply(1);
    const authors = await createStudents(t, "sections-", 5);
    const plan: [author: number, course: number, teacherName: string, teacherRating: number][] = [
      [0, id, "Prof. Dana Whitlock", 5],
      [1, id, "dana whitlock", 2],
      [2, id, "Dana  Whitlock", 4],
      [3, id, "Someone Else", 1],
      // Lee Park is reviewed for another course only: a page to link to, and no rating in this one.
      [4, other, "Dr. Lee Park", 5],
    ];
    const ids = [];
    for (const [author, course, teacherName, teacherRating] of plan) {
      ids.push((await createdReview(t, authors[author].token, course, { teacherName, teacherRating })).id);
    }
    // A review that reports have hidden counts for nobody.
    await t.deps.database.db.update(reviews).set({ hidden: true }).where(eq(reviews.id, ids[1]));

    const after = (await sectionsOf(id)).terms[2];
    const whitlock = after.sections[0].instructors[0];
    expect(whitlock).toMatchObject({ name: "Dana Whitlock", professorSlug: "dana-whitlock", reviews: 2 });
    expect(whitlock.teacher).toBeCloseTo((5 + 4) / 2, 10);
    expect(after.sections[0].companions[0].instructors[0]).toEqual(whitlock);
    expect(after.sections[1].instructors[0]).toEqual({
      firstName: "Lee",
      lastName: "Park",
      name: "Lee Park",
      professorSlug: "lee-park",
      teacher: null,
      reviews: 0,
    });
    expect((await api(t, "/api/professors/lee-park")).status).toBe(200);
    expect((await api(t, "/api/professors/dana-whitlock")).status).toBe(200);
  });

  test("sections that leave the term's file are hidden; those that stay keep their ids", async () => {
    const before = (await sectionsOf(id)).terms[2];
    await importSchedule(
      t.deps.database,
      full().filter((s) => !["B1", "B2", "L2"].includes(s.section)),
      { source: "registrar", now: new Date("2027-05-08T15:00:00Z") },
    );
    const after = (await sectionsOf(id)).terms[2];
    expect(after.importedAt).toBe("2027-05-08T15:00:00.000Z");
    expect(after.sections.map((s) => [s.id, s.section, s.companions.map((c) => c.section)])).toEqual([
      [before.sections[0].id, "A1", ["A2"]],
    ]);
    // B3's lecture is gone, and so is its link: it now goes with any lecture.
    expect(after.unlinkedCompanions.map((c) => c.section)).toEqual(["B3", "L1"]);
    const gone = await t.deps.database.db.select({ section: sections.section }).from(sections)
      .where(and(eq(sections.courseId, id), eq(sections.gone, true)));
    expect(gone.map((s) => s.section).sort()).toEqual(["B1", "B2", "L2"]);
  });
});

describe("without any known term", () => {
  test("the API answers no terms and the course page shows no Offered", async () => {
    const empty = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    try {
      const report = await importCourses(empty.deps.database, [
        { college: "CAS", department: "XX", number: "913", title: "Never Scheduled", hub_units: [] },
      ]);
      expect(report.skipped).toEqual([]);
      const id = await courseId(empty, "CAS XX 913");
      const response = await api(empty, `/api/courses/${id}/sections`);
      expect(await response.json()).toEqual({ courseId: id, terms: [] });
      const html = await (await empty.app.request(`/course/${id}`)).text();
      expect(html).toContain("Never Scheduled");
      expect(html).not.toContain("offered-heading");
      expect(html).not.toContain("Not offered in");
    } finally {
      await empty.close();
    }
  });
});
