/**
 * GET /api/users/hub-plan laid over terms, on the real BU catalog with the registrar's Fall 2026 sample schedule:
 * prerequisites before the courses that need them, courses per term, offered courses only in a term whose schedule
 * is known, sections that fit the student's week, who may take what (CGS, Kilachand, MET, ROTC, graduate schools and
 * levels), credit exclusions, the cocurricular cap, transfer students' Hub rules, what the student keeps left out
 * (PUT /api/users/planner-settings), reviewed courses first among plans of one size, and bad parameters.
 *
 * Every expectation is worked out here from the catalog file, the sections API and the course API, never from the
 * planner's own code. The sample's sections are imported into the first fall term from today on (Fall 2026 until the
 * end of 2026), so that the sections API, which shows terms from the current one on, keeps showing them.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CourseDetail, CourseSections, HubPlanView } from "../../src/lib/api-types.ts";
import { nextTerm, termName, termOf } from "../../src/lib/term-codes.ts";
import { restrictionIn } from "../../src/lib/enrolment-rules.ts";
import { api, createStudent, type Student } from "../helpers/accounts.ts";
import type { TestApp } from "../helpers/app.ts";
import { type RealCatalogApp, realCatalogApp, SAMPLE_FALL } from "../helpers/real-catalog-app.ts";
import type { CatalogRow } from "../helpers/catalog.ts";
import { createdReview } from "../helpers/reviews.ts";

/** The first fall term from today on: the sample's sections go there. */
const FALL = SAMPLE_FALL;
const SPRING = nextTerm(FALL);
/** The term a plan starts in when the student names none: the next term, or a later one with a schedule. */
const NEXT = nextTerm(termOf(new Date()));
const DEFAULT_FIRST = FALL >= NEXT ? FALL : NEXT;

/** Colleges whose courses are for their own students only, whoever asks (ROTC and the graduate schools). */
const CLOSED = ["OTP", "GMS", "LAW", "SDM", "SSW", "STH"];
/** Colleges whose courses are for their students only: CGS, Kilachand (a flag on the account), MET. */
const OWN = ["CGS", "KHC", "MET"];
/** The transfer students' 10 requirements (bu.edu/hub). */
const TRANSFER_REQUIREMENTS = [
  "PLM/AEX/HCO",
  "SI1/SI2",
  "SO1/SO2",
  "QR2",
  "IIC/GCI/ETR",
  "WRI/WIN",
  "CRT",
  "RIL",
  "TWC",
  "CRI",
];

type PlanCourse = HubPlanView["courses"][number];
type Section = CourseSections["terms"][number]["sections"][number];
type Companion = Section["companions"][number];
type Block = { days: string; start: number; end: number; what: string; course: number };

let t: TestApp;
let rows: CatalogRow[];
let codeOf: RealCatalogApp["codeOf"];
let rowOf: RealCatalogApp["rowOf"];
let majorOf: RealCatalogApp["majorOf"];
let id: RealCatalogApp["id"];

beforeAll(async () => {
  ({ t, rows, codeOf, rowOf, majorOf, id } = await realCatalogApp());
}, 120_000);
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------------------------------------
// Helpers: students, plans, and what the course and sections APIs say
// ---------------------------------------------------------------------------------------------------------------------

/** The catalog rows a CAS student may be planned: current, below 500, of no college that keeps its courses. */
function openRows(filter: (row: CatalogRow, code: string) => boolean): string[] {
  return rows.flatMap((row) => {
    const code = `${row.college.trim()} ${row.department.trim()} ${row.number.trim()}`;
    const open = row.in_recent_catalog !== false && Number.parseInt(row.number) < 500 &&
      ![...CLOSED, ...OWN].includes(row.college.trim());
    return open && filter(row, code) ? [code] : [];
  });
}

const carries = (row: CatalogRow, ...codes: string[]) => (row.hub_units ?? []).some((h) => codes.includes(h));

let made = 0;
/** A student with these courses completed and in Future Courses, and these account fields. */
async function student(
  setup: {
    completed?: string[];
    future?: string[];
    account?: { college?: string; hubTrack?: "first-year" | "transfer"; kilachand?: boolean };
  } = {},
): Promise<Student & { taken: Set<number> }> {
  const s = await createStudent(t, `terms-${++made}@bu.edu`);
  for (
    const [list, codes] of [["completed-courses", setup.completed], ["courses-in-progress", setup.future]] as const
  ) {
    if (!codes?.length) continue;
    const response = await api(t, `/api/users/${list}`, {
      method: "POST",
      token: s.token,
      body: { ids: codes.map(id) },
    });
    expect(response.status, `${list} ${codes}`).toBe(200);
  }
  if (setup.account) await account(s, setup.account);
  return { ...s, taken: new Set([...setup.completed ?? [], ...setup.future ?? []].map(id)) };
}

async function account(
  s: Student,
  fields: { college?: string; hubTrack?: "first-year" | "transfer"; kilachand?: boolean },
) {
  const college = fields.college ?? "CAS";
  const response = await api(t, "/api/users/account", {
    method: "PUT",
    token: s.token,
    body: { college, major: majorOf.get(college), expectedGrad: 2029, ...fields },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function plan(s: Student, query = ""): Promise<HubPlanView> {
  const response = await api(t, `/api/users/hub-plan${query}`, { token: s.token });
  expect(response.status, `${query}: ${await response.clone().text()}`).toBe(200);
  return await response.json();
}

async function settings(s: Student, body: unknown): Promise<Response> {
  return await api(t, "/api/users/planner-settings", { method: "PUT", token: s.token, body });
}

const details = new Map<number, Promise<CourseDetail>>();
/** GET /api/courses/{id} (as a visitor: prerequisite groups and exclusions do not depend on the student). */
function detail(courseId: number): Promise<CourseDetail> {
  if (!details.has(courseId)) {
    details.set(
      courseId,
      api(t, `/api/courses/${courseId}`).then(async (response) => {
        expect(response.status).toBe(200);
        return await response.json();
      }),
    );
  }
  return details.get(courseId)!;
}

const sectionLists = new Map<number, Promise<CourseSections>>();
function sectionsOf(courseId: number): Promise<CourseSections> {
  if (!sectionLists.has(courseId)) {
    sectionLists.set(
      courseId,
      api(t, `/api/courses/${courseId}/sections`).then(async (response) => {
        expect(response.status).toBe(200);
        return await response.json();
      }),
    );
  }
  return sectionLists.get(courseId)!;
}

/** The course's sections to register for in a term, without cancelled ones. */
async function sectionsIn(courseId: number, term: number): Promise<Section[]> {
  const inTerm = (await sectionsOf(courseId)).terms.find((x) => x.code === term);
  return (inTerm?.sections ?? []).filter((s) => s.status !== "cancelled");
}

const number = (course: { courseCode: string }) => Number.parseInt(course.courseCode);
const isCocurricular = (course: { college: string; department: string }) =>
  course.college === "HUB" && (course.department === "CC" || course.department === "FY");
const carrying = (p: HubPlanView, ...codes: string[]) =>
  p.courses.filter((c) => c.hubRequirements.some((h) => codes.includes(h.code)));
const codesIn = (p: HubPlanView) => p.courses.map((c) => c.code);

/** The plan's courses in each of its terms. */
function perTerm(p: HubPlanView): number[] {
  return p.terms.map((term) => p.courses.filter((c) => c.term === term.code).length);
}

/** Every unit of `remaining` is carried by as many different plan courses as it needs. */
function expectCovers(p: HubPlanView) {
  for (const need of p.remaining) {
    expect(carrying(p, ...need.code.split("/")).length, need.code).toBeGreaterThanOrEqual(need.units);
  }
}

/** No course the student may not take: another school's, a closed college's, 500 and up, or no longer current. */
function expectOpenTo(p: HubPlanView, who: { college: string; kilachand?: boolean }) {
  for (const course of p.courses) {
    expect(CLOSED, course.code).not.toContain(course.college);
    if (OWN.includes(course.college)) {
      expect(course.college === who.college || (course.college === "KHC" && who.kilachand === true), course.code)
        .toBe(true);
    }
    expect(number(course), course.code).toBeLessThan(500);
    expect(course.current, course.code).toBe(true);
  }
}

/**
 * Each course after its prerequisites: every group of GET /api/courses/{id} met by a course taken (completed or in
 * Future Courses) or by a course of the plan in an earlier term; `after` names such plan courses, one for each group
 * the taken courses leave open.
 */
async function expectPrerequisitesMet(p: HubPlanView, taken: ReadonlySet<number>) {
  const index = (term: number | null) => term === null ? 0 : p.terms.findIndex((x) => x.code === term);
  for (const course of p.courses) {
    const { prerequisiteGroups, noPreReqs } = await detail(course.id);
    const earlier = p.courses.filter((o) => index(o.term) < index(course.term));
    const before = new Set([...taken, ...earlier.map((o) => o.id)]);
    for (const code of course.after) {
      expect(earlier.map((o) => o.code), `${course.code} after ${code}`).toContain(code);
      expect(prerequisiteGroups.some((g) => g.some((ref) => ref.code === code)), `${course.code} after ${code}`)
        .toBe(true);
    }
    if (noPreReqs) continue;
    for (const group of prerequisiteGroups) {
      const names = group.map((ref) => ref.code).join(" or ");
      expect(group.some((ref) => ref.id !== null && before.has(ref.id)), `${course.code} needs ${names}`).toBe(true);
      if (!group.some((ref) => ref.id !== null && taken.has(ref.id))) {
        expect(course.after.some((code) => group.some((ref) => ref.code === code)), `${course.code}: ${names}`)
          .toBe(true);
      }
    }
  }
}

/** A section's weekly meetings: timed, without the evening exam slots (a later pattern at 17:00 or after, no room). */
function blocksOf(section: Companion, course: number, what: string): Block[] {
  return section.meetings.flatMap((m, i) =>
    m.days && m.startMinute !== null && m.endMinute !== null && m.endMinute > m.startMinute &&
      !(i > 0 && m.room === null && m.startMinute >= 17 * 60)
      ? [{ days: m.days, start: m.startMinute, end: m.endMinute, what, course }]
      : []
  );
}

const overlap = (a: Block, b: Block) =>
  a.start < b.end && b.start < a.end && [...a.days].some((d) => b.days.includes(d));

/**
 * The sections chosen for a course in `term`: one section to register for, and one of its discussions or labs when
 * it has any (else one of the term's unlinked ones when there are some), all open, all the course's in that term.
 */
async function chosenSections(course: PlanCourse, term: number): Promise<Companion[]> {
  expect(course.section, `${course.code} has sections chosen`).not.toBeNull();
  const ids = course.section!.ids;
  const inTerm = (await sectionsOf(course.id)).terms.find((x) => x.code === term);
  expect(inTerm, `${course.code} in ${term}`).toBeDefined();
  const lectures = inTerm!.sections.filter((s) => ids.includes(s.id));
  expect(lectures.map((s) => s.section), `${course.code}: one section to register for`).toHaveLength(1);
  const lecture = lectures[0];
  const companions = lecture.companions.length ? lecture.companions : inTerm!.unlinkedCompanions;
  const rest = ids.filter((x) => x !== lecture.id);
  expect(rest.length, `${course.code}: a companion when there are any`).toBe(companions.length ? 1 : 0);
  const chosen: Companion[] = [lecture, ...rest.map((x) => companions.find((c) => c.id === x)!)];
  expect(chosen.every(Boolean), `${course.code}: the companion is the section's`).toBe(true);
  for (const section of chosen) expect(section.status, `${course.code} ${section.section}`).toBe("active");
  expect(course.section!.sections).toBe(chosen.map((s) => s.section).join(" + "));
  return chosen;
}

/**
 * Every planned course in `term` has sections chosen, and no two chosen meetings (nor one and a worksheet's, `busy`)
 * overlap. A course already on the worksheet keeps the sections chosen there (`kept`).
 */
async function expectFitsWeek(p: HubPlanView, term: number, busy: Block[] = [], kept = new Map<number, number[]>()) {
  const blocks = [...busy];
  for (const course of p.courses.filter((c) => c.term === term)) {
    const mine = (await chosenSections(course, term)).flatMap((s) =>
      blocksOf(s, course.id, `${course.code} ${s.section}`)
    );
    if (kept.has(course.id)) expect(course.section!.ids, course.code).toEqual(kept.get(course.id));
    for (const block of mine) {
      const clash = blocks.find((other) => other.course !== course.id && overlap(block, other));
      expect(clash, `${block.what} overlaps ${clash?.what}`).toBeUndefined();
    }
    blocks.push(...mine);
  }
}

const query = (params: Record<string, string | number | boolean | (string | number)[]>) =>
  "?" + Object.entries(params).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}=${x}`)).join("&");

// ---------------------------------------------------------------------------------------------------------------------

describe("in order, by term", () => {
  /** CAS WR 151-153: WRI, after a First-Year Writing Seminar (CAS WR 120). */
  const wr15x = () => openRows((row, code) => /^CAS WR 15\d$/.test(code) && carries(row, "WRI"));
  /** Every other WRI and FYW course a CAS student could be planned. */
  const otherWri = () => openRows((row, code) => carries(row, "WRI") && !wr15x().includes(code));
  const otherFyw = () => openRows((row, code) => carries(row, "FYW") && code !== "CAS WR 120");

  test("with CAS WR 120 in Future Courses a WR 15x is planned in one term; without it, none", async () => {
    expect(wr15x()).toEqual(["CAS WR 151", "CAS WR 152", "CAS WR 153"]);
    for (const code of wr15x()) {
      const groups = (await detail(id(code))).prerequisiteGroups;
      expect(groups.some((g) => g.some((ref) => ref.code === "CAS WR 120")), code).toBe(true);
    }
    const q = query({ terms: 1, exclude: otherWri().map(id) });
    const ready = await student({ future: ["CAS WR 120"] });
    const withIt = await plan(ready, q);
    expect(withIt.terms).toEqual([{ code: DEFAULT_FIRST, name: termName(DEFAULT_FIRST), scheduled: false }]);
    expect(withIt.remaining.map((r) => r.code)).toContain("WRI");
    expect(withIt.remaining.map((r) => r.code)).not.toContain("FYW");
    const planned = withIt.courses.filter((c) => wr15x().includes(c.code));
    expect(planned.length, codesIn(withIt).join(", ")).toBeGreaterThan(0);
    for (const course of planned) {
      expect(course.after).toEqual([]);
      expect(course.why).toContain("prerequisites met");
    }
    await expectPrerequisitesMet(withIt, ready.taken);

    const fresh = await student();
    const without = await plan(fresh, q);
    expect(codesIn(without).filter((code) => /^CAS WR 15/.test(code))).toEqual([]);
    // Nothing else carries WRI: the plan leaves it uncovered.
    expect(carrying(without, "WRI")).toEqual([]);
    expect(without.covered).toBe(false);
    await expectPrerequisitesMet(without, fresh.taken);
  });

  test("over two terms: CAS WR 120 in the first, a WR 15x after it in the second, `after` naming it", async () => {
    // CAS WR 120 needs CAS WR 112; with that completed, the writing sequence is the only way to FYW and WRI.
    const s = await student({ completed: ["CAS WR 112"] });
    const p = await plan(s, query({ terms: 2, exclude: [...otherWri(), ...otherFyw()].map(id) }));
    expect(p.terms.map((x) => x.code)).toEqual([DEFAULT_FIRST, nextTerm(DEFAULT_FIRST)]);
    const wr120 = p.courses.find((c) => c.code === "CAS WR 120");
    expect(wr120?.term, codesIn(p).join(", ")).toBe(p.terms[0].code);
    const seminar = p.courses.find((c) => wr15x().includes(c.code));
    expect(seminar?.term, codesIn(p).join(", ")).toBe(p.terms[1].code);
    expect(seminar!.after).toEqual(["CAS WR 120"]);
    expect(seminar!.why).toContain("after CAS WR 120");
    expect(p.remaining.find((r) => r.code === "FYW")).toBeDefined();
    await expectPrerequisitesMet(p, s.taken);
  });

  test("a student with nothing: any WR 15x comes after an FYW course that meets its prerequisite", async () => {
    const s = await student();
    for (const q of ["?terms=2", `?term=${SPRING}&terms=3&perTerm=3`]) {
      const p = await plan(s, q);
      expect(p.remaining.map((r) => r.code)).toEqual(expect.arrayContaining(["FYW", "WRI"]));
      for (const seminar of p.courses.filter((c) => wr15x().includes(c.code))) {
        const groups = (await detail(seminar.id)).prerequisiteGroups;
        const before = p.courses.filter((c) =>
          p.terms.findIndex((x) => x.code === c.term) < p.terms.findIndex((x) => x.code === seminar.term) &&
          groups.some((g) => g.some((ref) => ref.id === c.id))
        );
        expect(before.length, q).toBeGreaterThan(0);
        expect(seminar.after.some((code) => before.some((c) => c.code === code))).toBe(true);
      }
      await expectPrerequisitesMet(p, s.taken);
    }
  });

  test("one term, given: every course's prerequisites are met by completed and future courses", async () => {
    const s = await student({ completed: ["CAS WR 120", "CAS MA 123"], future: ["CAS CS 111"] });
    for (const q of [`?term=${FALL}`, `?term=${SPRING}`, `?term=${SPRING}&perTerm=6`]) {
      const p = await plan(s, q);
      expect(p.terms).toHaveLength(1);
      expect(p.courses.length, q).toBeGreaterThan(0);
      for (const course of p.courses) expect(course.after, course.code).toEqual([]);
      await expectPrerequisitesMet(p, s.taken);
    }
  });
});

describe("terms and courses per term", () => {
  test("perTerm is kept in every term; `terms` are as many as asked, consecutive; notes name unscheduled terms", async () => {
    const s = await student({ completed: ["CAS MA 123"] });
    for (
      const [q, first, count, limit] of [
        [`?term=${FALL}&terms=3&perTerm=2`, FALL, 3, 2],
        ["?terms=6&perTerm=1", DEFAULT_FIRST, 6, 1],
        [`?term=${SPRING}&terms=4&perTerm=2&eligibleOnly=false`, SPRING, 4, 2],
      ] as const
    ) {
      const p = await plan(s, q);
      const codes = [first];
      while (codes.length < count) codes.push(nextTerm(codes.at(-1)!));
      expect(p.terms, q).toEqual(codes.map((code) => ({ code, name: termName(code), scheduled: code === FALL })));
      expect(Math.max(...perTerm(p)), q).toBeLessThanOrEqual(limit);
      expect(p.courses.every((c) => codes.includes(c.term!)), q).toBe(true);
      // Fewer places than a cover needs leaves the plan short; otherwise it covers.
      if (p.covered) expectCovers(p);
      else expect(p.courses.length, q).toBeGreaterThan(0);
      const unscheduled = codes.filter((code) => code !== FALL).map((code) => termName(code)!);
      expect(p.notes.filter((n) => n.startsWith("The class schedule for ")), q).toEqual([
        `The class schedule for ${unscheduled.join(", ")} is not out yet: courses there are not checked against it.`,
      ]);
      for (const course of p.courses.filter((c) => c.term === FALL)) {
        expect(course.why.some((w) => w.startsWith(`offered ${termName(FALL)}, `)), course.code).toBe(true);
      }
      if (!q.includes("eligibleOnly=false")) await expectPrerequisitesMet(p, s.taken);
    }
    // Six terms of one course each hold at most six courses: a new student's Hub needs more.
    const tight = await plan(s, "?terms=6&perTerm=1");
    expect(tight.courses).toHaveLength(6);
    expect(tight.covered).toBe(false);
  });

  test("a known term alone has no schedule note; a code that is no fall or spring stands for the next one", async () => {
    const s = await student();
    const known = await plan(s, `?term=${FALL}`);
    expect(known.terms).toEqual([{ code: FALL, name: termName(FALL), scheduled: true }]);
    expect(known.notes.filter((n) => n.includes("not out yet"))).toEqual([]);
    const summer = FALL - 3;
    for (
      const [asked, first] of [[summer, FALL], [FALL + 1, SPRING], [SPRING - 1, SPRING], [SPRING + 2, FALL + 10]]
    ) {
      const p = await plan(s, `?term=${asked}&terms=2&perTerm=6`);
      expect(p.terms.map((x) => x.code), String(asked)).toEqual([first, nextTerm(first)]);
    }
    // Without term and terms: a plan in no term.
    const none = await plan(s);
    expect(none.terms).toEqual([]);
    expect(none.courses.every((c) => c.term === null)).toBe(true);
    expect(none.notes.filter((n) => n.includes("not out yet"))).toEqual([]);
  });
});

describe("offered courses only", () => {
  test("in a term with a schedule, only courses with sections there; a term without one says so", async () => {
    const s = await student({ completed: ["CAS WR 120"] });
    const fall = await plan(s, `?term=${FALL}`);
    expect(fall.courses.length).toBeGreaterThan(3);
    for (const course of fall.courses) {
      const sections = await sectionsIn(course.id, FALL);
      expect(sections.length, course.code).toBeGreaterThan(0);
      expect(course.why, course.code).toContain(
        `offered ${termName(FALL)}, ${sections.length} section${sections.length === 1 ? "" : "s"}`,
      );
      expect(course.offering?.term, course.code).toBe(FALL);
    }
    // The sample has a few departments only: without the schedule, the plan takes courses it does not have.
    const spring = await plan(s, `?term=${SPRING}`);
    expect(spring.terms).toEqual([{ code: SPRING, name: termName(SPRING), scheduled: false }]);
    expect(spring.notes).toContain(
      `The class schedule for ${termName(SPRING)} is not out yet: courses there are not checked against it.`,
    );
    const unoffered = [];
    for (const course of spring.courses) if ((await sectionsIn(course.id, FALL)).length === 0) unoffered.push(course);
    expect(unoffered.length).toBeGreaterThan(0);
    // Over two terms, the first with a schedule: its courses are offered there.
    const both = await plan(s, `?term=${FALL}&terms=2&perTerm=4`);
    for (const course of both.courses.filter((c) => c.term === FALL)) {
      expect((await sectionsIn(course.id, FALL)).length, course.code).toBeGreaterThan(0);
    }
    expect(both.notes).toContain(
      `The class schedule for ${termName(SPRING)} is not out yet: courses there are not checked against it.`,
    );
  });
});

describe("fits my week", () => {
  /** A worksheet version for the fall term holding these courses and sections. */
  async function worksheet(s: Student, name: string, courses: Map<number, number[]>): Promise<{ id: number }> {
    const created = await api(t, "/api/schedules/mine", { method: "POST", token: s.token, body: { term: FALL, name } });
    expect(created.status).toBe(201);
    const version = await created.json() as { id: number };
    for (const [courseId, sectionIds] of courses) {
      const put = await api(t, `/api/schedules/mine/${version.id}/courses/${courseId}`, {
        method: "PUT",
        token: s.token,
        body: { sectionIds },
      });
      expect(put.status, await put.clone().text()).toBe(200);
    }
    return version;
  }

  /** Ways to take a course in the fall: an open section to register for, with an open companion when it needs one. */
  async function waysToTake(courseId: number): Promise<Companion[][]> {
    const inTerm = (await sectionsOf(courseId)).terms.find((x) => x.code === FALL);
    return (inTerm?.sections ?? []).filter((x) => x.status === "active").flatMap((lecture) => {
      const needed = lecture.companions.length ? lecture.companions : inTerm!.unlinkedCompanions;
      if (!needed.length) return [[lecture]];
      return needed.filter((c) => c.status === "active").map((c) => [lecture, c]);
    });
  }

  test("sections chosen for every course, the course's own, none overlapping each other or the worksheet", async () => {
    const s = await student({ completed: ["CAS WR 120"] });
    const empty = await plan(s, `?term=${FALL}&fitsWeek=true`);
    expect(empty.week).toEqual({ version: null });
    expect(empty.notes).toContain(
      `You have no ${termName(FALL)} schedule yet: sections are chosen to fit an empty week.`,
    );
    expect(empty.courses.length).toBeGreaterThan(2);
    await expectFitsWeek(empty, FALL);
    const chosenBlocks: Block[] = [];
    for (const course of empty.courses) {
      for (const section of await chosenSections(course, FALL)) {
        chosenBlocks.push(...blocksOf(section, course.id, course.code));
      }
    }

    // A course of the sample the plan does not hold, with a section (and its companion) meeting when one the plan
    // chose does: the worksheet takes that time.
    const offered = await t.deps.database.db.all<{ id: number }>(
      sql`SELECT DISTINCT course_id AS id FROM sections WHERE term_code = ${FALL} ORDER BY course_id`,
    );
    let pick: { courseId: number; sections: Companion[] } | undefined;
    for (const { id: courseId } of offered) {
      if (pick) break;
      if (empty.courses.some((c) => c.id === courseId)) continue;
      const hit = (await waysToTake(courseId)).find((way) =>
        way.flatMap((x) => blocksOf(x, courseId, "")).some((b) => chosenBlocks.some((c) => overlap(b, c)))
      );
      if (hit) pick = { courseId, sections: hit };
    }
    expect(pick, "a sample section meeting when the plan's do").toBeDefined();
    const kept = new Map([[pick!.courseId, pick!.sections.map((x) => x.id)]]);
    const version = await worksheet(s, "My fall week", kept);
    const busy = pick!.sections.flatMap((x) =>
      blocksOf(x, pick!.courseId, `worksheet ${codeOf.get(pick!.courseId)} ${x.section}`)
    );

    const fitted = await plan(s, `?term=${FALL}&fitsWeek=true`);
    expect(fitted.week).toEqual({ version: { id: version.id, name: "My fall week" } });
    expect(fitted.notes.filter((n) => n.includes("schedule yet"))).toEqual([]);
    expect(fitted.courses.length).toBeGreaterThan(2);
    await expectFitsWeek(fitted, FALL, busy, kept);
    for (const course of fitted.courses) {
      expect(course.why).toContain(`${course.section!.sections}: ${course.section!.times}`);
    }

    // Another version, named in `schedule`, holding a planned course in other sections than the plan chose: that
    // week is the one fitted, and the course keeps the worksheet's sections if planned.
    let other: { course: PlanCourse; way: Companion[] } | undefined;
    for (const course of empty.courses) {
      const way = (await waysToTake(course.id)).find((w) =>
        w.map((x) => x.id).join() !== course.section!.ids.join() &&
        !w.flatMap((x) => blocksOf(x, course.id, "")).some((b) =>
          chosenBlocks.some((c) => c.course !== course.id && overlap(b, c))
        )
      );
      if (way) {
        other = { course, way };
        break;
      }
    }
    expect(other, "a planned course with another way to take it").toBeDefined();
    const keptThere = new Map([[other!.course.id, other!.way.map((x) => x.id)]]);
    const second = await worksheet(s, "Lighter week", keptThere);
    const there = await plan(s, `?term=${FALL}&fitsWeek=true&schedule=${second.id}`);
    expect(there.week).toEqual({ version: { id: second.id, name: "Lighter week" } });
    const busyThere = other!.way.flatMap((x) => blocksOf(x, other!.course.id, `worksheet ${other!.course.code}`));
    await expectFitsWeek(there, FALL, busyThere, keptThere);

    // Over two terms, only the first has sections chosen.
    const two = await plan(s, `?term=${FALL}&terms=2&perTerm=4&fitsWeek=true`);
    expect(two.week).toEqual({ version: { id: version.id, name: "My fall week" } });
    await expectFitsWeek(two, FALL, busy, kept);
    for (const course of two.courses.filter((c) => c.term !== FALL)) expect(course.section).toBeNull();
  });

  test("a term without a schedule, or no term: no sections, and a note says why", async () => {
    const s = await student();
    const spring = await plan(s, `?term=${SPRING}&fitsWeek=true`);
    expect(spring.notes).toContain(`No ${termName(SPRING)} sections are known yet, so the plan cannot fit your week.`);
    expect(spring.courses.every((c) => c.section === null)).toBe(true);
    const none = await plan(s, "?fitsWeek=true");
    expect(none.notes).toContain("Choose a term to plan for, and the plan can fit your week there.");
    expect(none.courses.every((c) => c.section === null)).toBe(true);
  });
});

describe("who may take what", () => {
  test("a CAS student's plans, however many courses are set aside, hold no course reserved to others", async () => {
    const s = await student();
    const seen = new Set<number>();
    let excluded: number[] = [];
    for (let round = 0; round < 6 && excluded.length < 60; round++) {
      const p = await plan(s, query({ eligibleOnly: false, ...(excluded.length ? { exclude: excluded } : {}) }));
      expectOpenTo(p, { college: "CAS" });
      expect(
        p.notes.some((n) =>
          / courses? not open to you left out \(reserved to other schools, levels or years\)\.$/.test(n)
        ),
      )
        .toBe(true);
      for (const course of p.courses) {
        expect(seen.has(course.id), course.code).toBe(false);
        seen.add(course.id);
        // A restriction BU wrote in the description keeps a course out too.
        expect(restrictionIn(course.description), course.code).toBeNull();
      }
      excluded = [...seen].slice(0, 60);
    }
    expect(seen.size).toBeGreaterThan(30);
  });

  test("FYW only from CGS or Kilachand: a CGS student gets CGS, a Kilachand student KHC, a CAS student neither", async () => {
    const fyw = openRows((row) => carries(row, "FYW"));
    expect(fyw.length).toBeGreaterThan(0);
    const own = rows.filter((row) =>
      carries(row, "FYW") && OWN.includes(row.college) && row.in_recent_catalog !== false
    )
      .map((row) => row.college);
    expect(own).toEqual(expect.arrayContaining(["CGS", "KHC"]));
    const q = query({ eligibleOnly: false, exclude: fyw.map(id) });

    const cas = await plan(await student(), q);
    expectOpenTo(cas, { college: "CAS" });
    expect(cas.remaining.map((r) => r.code)).toContain("FYW");
    expect(carrying(cas, "FYW")).toEqual([]);
    expect(cas.covered).toBe(false);

    const cgs = await plan(await student({ account: { college: "CGS" } }), q);
    expectOpenTo(cgs, { college: "CGS" });
    expect(carrying(cgs, "FYW").map((c) => c.college)).toContain("CGS");
    expect(cgs.courses.some((c) => c.college === "KHC")).toBe(false);

    const khc = await plan(await student({ account: { kilachand: true } }), q);
    expectOpenTo(khc, { college: "CAS", kilachand: true });
    expect(carrying(khc, "FYW").map((c) => c.college)).toContain("KHC");
    expect(khc.covered).toBe(true);

    // Leaving the flag off again takes KHC out.
    const back = await student({ account: { kilachand: true } });
    await account(back, { kilachand: false });
    const again = await plan(back, q);
    expect(again.courses.some((c) => c.college === "KHC")).toBe(false);
  });
});

describe("credit exclusions", () => {
  test("after ENG EK 103 (or CAS MA 442), CAS MA 242 is never planned, even as the only QR2 course left", async () => {
    const ma242 = await detail(id("CAS MA 242"));
    expect(ma242.exclusions.map((x) => x.id)).toEqual(expect.arrayContaining([id("ENG EK 103"), id("CAS MA 442")]));
    // Every other QR2 course a CAS student could take set aside: levels 100, 300 and 400 in the settings, the other
    // 200-level ones in `exclude`.
    const others = openRows((row, code) =>
      carries(row, "QR2") && Math.floor(Number.parseInt(row.number) / 100) === 2 && code !== "CAS MA 242"
    );
    expect(others.length).toBeLessThanOrEqual(60);
    const q = query({ eligibleOnly: false, exclude: others.map(id) });
    const setUp = async (completed: string[]) => {
      const s = await student({ completed });
      expect((await settings(s, { departments: [], levels: [100, 300, 400], courses: [] })).status).toBe(200);
      return s;
    };

    const control = await plan(await setUp([]), q);
    expect(codesIn(control)).toContain("CAS MA 242");

    for (const done of ["ENG EK 103", "CAS MA 442"]) {
      const p = await plan(await setUp([done]), q);
      expect(codesIn(p), done).not.toContain("CAS MA 242");
      expect(p.remaining.map((r) => r.code)).toContain("QR2");
      expect(carrying(p, "QR2"), done).toEqual([]);
      expect(p.notes, done).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\d+ courses? that cannot count with yours left out\.$/)]),
      );
    }
  });

  test("no plan holds a course that cannot count with one taken, nor two that cannot count together", async () => {
    // Students who took one course of each of several pairs.
    const s = await student({ completed: ["CAS MA 225", "CAS RN 317"], future: ["CAS MA 231"] });
    for (const q of ["?eligibleOnly=false", `?term=${SPRING}&terms=2&eligibleOnly=false`]) {
      const p = await plan(s, q);
      const ids = new Set(p.courses.map((c) => c.id));
      for (const course of p.courses) {
        const d = await detail(course.id);
        for (const ref of d.exclusions) {
          expect(s.taken.has(ref.id!), `${course.code} with ${ref.code}`).toBe(false);
          expect(ids.has(ref.id!), `${course.code} with ${ref.code}`).toBe(false);
        }
      }
      for (const takenId of s.taken) {
        for (const ref of (await detail(takenId)).exclusions) expect(ids.has(ref.id!), ref.code).toBe(false);
      }
      for (const code of ["CAS MA 230", "CAS CL 317", "CAS MA 226"]) expect(codesIn(p), code).not.toContain(code);
    }
  });
});

describe("the cocurricular cap", () => {
  /** Settings that leave HUB CC 184 the only course carrying `codes` a CAS student may be planned. */
  function onlyHubCc184(...codes: string[]) {
    const departments = [
      ...new Set(
        openRows((row, code) => carries(row, ...codes) && Number.parseInt(row.number) < 300 && code !== "HUB CC 184")
          .map((code) => code.split(" ").slice(0, 2).join(" ")),
      ),
    ];
    expect(departments.length).toBeLessThanOrEqual(20);
    expect(departments).not.toContain("HUB CC");
    return { departments, levels: [300, 400], courses: [] };
  }

  async function capped(
    track: "first-year" | "transfer",
    completed: string[],
    codes: string[],
  ): Promise<{ p: HubPlanView; progress: { track: string } }> {
    const s = await student({ completed, account: { hubTrack: track } });
    expect((await settings(s, onlyHubCc184(...codes))).status).toBe(200);
    const p = await plan(s, "?eligibleOnly=false");
    expect(p.track).toBe(track);
    const progress = await (await api(t, "/api/users/hub-progress", { token: s.token })).json();
    return { p, progress };
  }

  const cocurricularUnits = (list: { college: string; department: string; hubRequirements: unknown[] }[]) =>
    list.filter(isCocurricular).reduce((sum, c) => sum + c.hubRequirements.length, 0);

  test("first-year entrant: HUB CC 184 is planned with none or one cocurricular unit used, never with two", async () => {
    expect(rowOf.get("HUB CC 184")?.hub_units).toEqual(["SI1"]);
    for (const code of ["HUB CC 107", "HUB CC 108"]) expect(rowOf.get(code)?.hub_units).toEqual(["TWC"]);
    for (const completed of [[], ["HUB CC 107"]]) {
      const { p } = await capped("first-year", completed, ["SI1"]);
      expect(carrying(p, "SI1").map((c) => c.code), completed.join()).toEqual(["HUB CC 184"]);
      expect(cocurricularUnits(p.courses) + completed.length).toBeLessThanOrEqual(2);
    }
    const { p } = await capped("first-year", ["HUB CC 107", "HUB CC 108"], ["SI1"]);
    expect(p.courses.filter(isCocurricular)).toEqual([]);
    expect(p.remaining.map((r) => r.code)).toContain("SI1");
    expect(carrying(p, "SI1")).toEqual([]);
    expect(p.covered).toBe(false);
  });

  test("transfer student: HUB CC 184 is planned with no cocurricular unit used, never with one", async () => {
    const { p: open } = await capped("transfer", [], ["SI1", "SI2"]);
    expect(carrying(open, "SI1", "SI2").map((c) => c.code)).toEqual(["HUB CC 184"]);
    expect(cocurricularUnits(open.courses)).toBeLessThanOrEqual(1);
    const { p } = await capped("transfer", ["HUB CC 107"], ["SI1", "SI2"]);
    expect(p.courses.filter(isCocurricular)).toEqual([]);
    expect(p.remaining.map((r) => r.code)).toContain("SI1/SI2");
    expect(carrying(p, "SI1", "SI2")).toEqual([]);
  });
});

describe("transfer students' Hub rules", () => {
  test("track, the 10 requirements in progress and plan, and a plan that covers them", async () => {
    const s = await student({ completed: ["CAS MA 123"], account: { hubTrack: "transfer" } });
    const progress = await (await api(t, "/api/users/hub-progress", { token: s.token })).json() as {
      track: string;
      requirements: { key: string; required: number; projected: number }[];
      summary: { total: number; completed: number };
    };
    expect(progress.track).toBe("transfer");
    expect(progress.requirements.map((r) => r.key)).toEqual(TRANSFER_REQUIREMENTS);
    expect(progress.summary.total).toBe(10);
    // CAS MA 123 carries QR2 and CRT: two requirements done.
    expect(progress.summary.completed).toBe(2);

    for (const q of ["", "?terms=2&perTerm=4", `?term=${FALL}`]) {
      const p = await plan(s, q);
      expect(p.track).toBe("transfer");
      expect(p.remaining).toEqual(
        progress.requirements.filter((r) => r.projected < r.required).map((r) => ({
          code: r.key,
          units: r.required - r.projected,
        })),
      );
      expect(p.remaining.every((r) => TRANSFER_REQUIREMENTS.includes(r.code))).toBe(true);
      expect(p.remaining.map((r) => r.code)).not.toContain("QR2");
      expect(p.remaining.map((r) => r.code)).not.toContain("CRT");
      expectOpenTo(p, { college: "CAS" });
      if (q !== `?term=${FALL}`) {
        expect(p.covered, q).toBe(true);
        expectCovers(p);
      }
      // A course covers only what remains.
      for (const course of p.courses) {
        expect(course.covers.length).toBeGreaterThan(0);
        for (const code of course.covers) expect(p.remaining.some((r) => r.code.split("/").includes(code))).toBe(true);
      }
    }
    // Back to first-year rules: FYW and the rest are needed again.
    await account(s, { hubTrack: "first-year" });
    const first = await plan(s);
    expect(first.track).toBe("first-year");
    expect(first.remaining.map((r) => r.code)).toEqual(expect.arrayContaining(["FYW", "WRI", "SI2/SO2"]));
  });
});

describe("planner settings", () => {
  test("validated: bad codes, unknown departments, levels, non-lists, unknown courses; a visitor", async () => {
    const s = await student();
    const ok = { departments: [], levels: [], courses: [] };
    for (
      const [body, status, message] of [
        [{ ...ok, departments: ["cas ls"] }, 400, /departments must be codes like CAS LS/],
        [{ ...ok, departments: ["ZZZ ZZ"] }, 400, /^Unknown department: ZZZ ZZ$/],
        [{ ...ok, levels: [500] }, 400, /levels must be 100, 200, 300 or 400/],
        [{ ...ok, levels: [150] }, 400, /levels must be 100, 200, 300 or 400/],
        [{ ...ok, departments: "CAS LS" }, 400, /departments must be a list/],
        [{ ...ok, courses: "1" }, 400, /courses must be a list/],
        [{ ...ok, courses: [0] }, 400, /courses must be course ids/],
        [{ departments: [], levels: [] }, 400, /./],
        [[], 400, /./],
        [{ ...ok, courses: [99_999_999] }, 404, /^Course not found$/],
      ] as const
    ) {
      const response = await settings(s, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await response.json()).message, JSON.stringify(body)).toMatch(message);
    }
    expect((await api(t, "/api/users/planner-settings", { method: "PUT", body: ok })).status).toBe(401);
    // Nothing was kept by the refused requests.
    expect((await plan(s)).settings).toEqual({ departments: [], levels: [], courses: [] });
  });

  test("kept, shown with the plan, and the departments, levels and courses are left out of plans", async () => {
    const s = await student();
    const before = await plan(s, "?eligibleOnly=false");
    const low = before.courses.filter((c) => number(c) < 300);
    expect(low.length).toBeGreaterThanOrEqual(3);
    const departments = [...new Set(low.slice(0, 2).map((c) => `${c.college} ${c.department}`))];
    const courses = low.filter((c) => !departments.includes(`${c.college} ${c.department}`)).slice(0, 2);
    expect(courses.length).toBeGreaterThan(0);
    const saved = await settings(s, { departments, levels: [400, 300], courses: courses.map((c) => c.id) });
    expect(saved.status).toBe(200);
    expect((await saved.json()).settings).toEqual({
      departments,
      levels: [300, 400],
      courses: courses.map((c) => c.id),
    });

    for (const q of ["?eligibleOnly=false", "?terms=2&perTerm=5", `?term=${FALL}`]) {
      const p = await plan(s, q);
      expect(p.settings).toEqual({
        departments,
        levels: [300, 400],
        courses: courses.map((c) => ({ id: c.id, code: c.code })),
      });
      for (const course of p.courses) {
        expect(departments, q).not.toContain(`${course.college} ${course.department}`);
        expect(number(course) >= 300 && number(course) <= 499, `${q} ${course.code}`).toBe(false);
        expect(courses.map((c) => c.id), q).not.toContain(course.id);
      }
      expect(p.notes).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\d+ courses? in departments or levels you left out\.$/)]),
      );
    }
    // Cleared: the plan is the first one again.
    expect((await settings(s, { departments: [], levels: [], courses: [] })).status).toBe(200);
    const after = await plan(s, "?eligibleOnly=false");
    expect(after.settings).toEqual({ departments: [], levels: [], courses: [] });
    expect(codesIn(after).sort()).toEqual(codesIn(before).sort());
  });
});

describe("ranking", () => {
  test("among plans of one size, reviewed courses come first: a plan takes a reviewed twin of its courses", async () => {
    const s = await student();
    const before = await plan(s, "?eligibleOnly=false");
    expect(before.covered).toBe(true);
    expect(before.courses.every((c) => c.numReviews === 0)).toBe(true);
    const planned = new Set(codesIn(before));
    // Courses whose code another catalog course's credit sentence names: left alone, so no twin is paired with another.
    const named = (code: string) => {
      const [, department, num] = code.split(" ");
      return rows.some((row) =>
        /credit/i.test(row.description ?? "") && new RegExp(`${department} ?${num}\\b`).test(row.description ?? "")
      );
    };
    // For each planned course, a course that carries everything it covers: open to a CAS student, no cocurricular,
    // no restriction, no exclusion.
    const twins = new Map<string, string>();
    for (const course of before.courses) {
      const twin = openRows((row, code) =>
        !planned.has(code) && ![...twins.values()].includes(code) && row.college !== "HUB" &&
        course.covers.every((h) => carries(row, h)) && !restrictionIn(row.description) && !named(code)
      ).find((code) => !/cannot be taken for credit/i.test(rowOf.get(code)!.description ?? ""));
      if (twin) twins.set(course.code, twin);
    }
    expect(twins.size).toBeGreaterThanOrEqual(2);
    const reviewer = await student();
    for (const twin of twins.values()) await createdReview(t, reviewer.token, id(twin));

    const after = await plan(s, "?eligibleOnly=false");
    expect(after.covered).toBe(true);
    expect(after.courses.length).toBe(before.courses.length);
    const reviewed = after.courses.filter((c) => c.numReviews > 0);
    // Swapping each planned course for its reviewed twin makes a plan of the same size with that many reviewed.
    expect(reviewed.length, codesIn(after).join(", ")).toBeGreaterThanOrEqual(twins.size);
    for (const course of reviewed) {
      expect(course.why).toContain(`${course.averageOverallRating.toFixed(1)} from 1 review`);
    }
    // And no single swap of an unreviewed course for a reviewed twin would do better.
    const inPlan = new Set(codesIn(after));
    for (const course of after.courses.filter((c) => c.numReviews === 0)) {
      const better = [...twins.values()].filter((twin) =>
        !inPlan.has(twin) && course.covers.every((h) => carries(rowOf.get(twin)!, h))
      );
      expect(better, course.code).toEqual([]);
    }
    // Reviewed courses come first among courses that cover as many units in a term.
    for (let i = 1; i < after.courses.length; i++) {
      const [a, b] = [after.courses[i - 1], after.courses[i]];
      if (a.covers.length === b.covers.length) expect(a.numReviews >= b.numReviews, `${a.code}, ${b.code}`).toBe(true);
    }
  });
});

describe("bad input", () => {
  test("400 with a message, never 500", async () => {
    const s = await student();
    for (
      const [q, message] of [
        ["?color=blue", /^Unknown parameter: color$/],
        ["?terms=0", /^terms must be a whole number from 1 to 6$/],
        ["?terms=7", /^terms must be a whole number from 1 to 6$/],
        ["?terms=1.5", /^terms must be a whole number from 1 to 6$/],
        ["?perTerm=abc", /^perTerm must be a whole number from 1 to 6$/],
        ["?perTerm=0", /^perTerm must be a whole number from 1 to 6$/],
        ["?fitsWeek=maybe", /^fitsWeek must be true or false$/],
        ["?term=fall", /^term must be a whole number from 2000 to 2959$/],
        ["?term=1999", /^term must be a whole number from 2000 to 2959$/],
        ["?schedule=0", /^schedule must be a whole number/],
        ["?exclude=-3", /^exclude must be course ids$/],
      ] as const
    ) {
      const response = await api(t, `/api/users/hub-plan${q}`, { token: s.token });
      expect(response.status, q).toBe(400);
      expect((await response.json()).message, q).toMatch(message);
    }
    // Odd but valid: a schedule that is not the student's, a term long past, unknown courses set aside.
    for (const q of ["?term=2201&fitsWeek=true&schedule=999999", "?exclude=999999&terms=1", "?term=2959"]) {
      const response = await api(t, `/api/users/hub-plan${q}`, { token: s.token });
      expect(response.status, q).toBe(200);
    }
  });
});
