/**
 * Four scripted students on the real BU catalog with the registrar's Fall 2026 sample schedule, each asking the Hub
 * planner for three terms of at most four courses and for a fall term that fits their (empty) week: a new CAS
 * student, a CAS sophomore, a transfer student and an ENG student. Each plan keeps the enrolment rules, the
 * cocurricular cap of the student's Hub rules, prerequisites before the courses that need them (and no course whose
 * prerequisites name a condition the site cannot check), credit exclusions, courses per term, offerings and section
 * times in the scheduled term, and covers what remains when it says so. The plans are printed for a reader to judge.
 *
 * Expectations come from the catalog file, GET /api/courses/{id}, its sections and GET /api/users/hub-progress. The
 * sample's sections are imported into the first fall term from today on (Fall 2026 until the end of 2026), so that the
 * sections API, which shows terms from the current one on, keeps showing them.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CourseDetail, CourseSections, HubPlanView } from "../../src/lib/api-types.ts";
import { nextTerm, termName } from "../../src/lib/term-codes.ts";
import { api, createStudent, type Student } from "../helpers/accounts.ts";
import type { TestApp } from "../helpers/app.ts";
import { type RealCatalogApp, realCatalogApp, SAMPLE_FALL } from "../helpers/real-catalog-app.ts";

/** The first fall term from today on: the sample's sections go there. */
const FALL = SAMPLE_FALL;
const SPRING = nextTerm(FALL);
const PER_TERM = 4;
const TERMS = [SPRING, nextTerm(SPRING), nextTerm(nextTerm(SPRING))];

/** Colleges whose courses are for their own students (the student's college never is one of these here). */
const RESERVED = ["CGS", "KHC", "MET", "OTP", "GMS", "LAW", "SDM", "SSW", "STH"];
/** Cocurricular units that count, by Hub rules. */
const CAP = { "first-year": 2, transfer: 1 } as const;

type Track = keyof typeof CAP;
type Section = CourseSections["terms"][number]["sections"][number];
type Companion = Section["companions"][number];
type Block = { days: string; start: number; end: number; what: string };
type Script = {
  name: string;
  college: string;
  track: Track;
  completed: string[];
  future: string[];
};

const SCRIPTS: Script[] = [
  { name: "new CAS student", college: "CAS", track: "first-year", completed: [], future: [] },
  {
    name: "CAS sophomore",
    college: "CAS",
    track: "first-year",
    completed: ["CAS WR 120", "CAS MA 123", "CAS PS 101", "CAS EC 101"],
    future: ["CAS CS 111"],
  },
  { name: "transfer student", college: "CAS", track: "transfer", completed: ["CAS MA 123"], future: [] },
  { name: "ENG student", college: "ENG", track: "first-year", completed: [], future: ["CAS WR 120"] },
];

let t: TestApp;
let rowOf: RealCatalogApp["rowOf"];
let majorOf: RealCatalogApp["majorOf"];
let id: RealCatalogApp["id"];
/** A student who completes every course a planned course's prerequisites name: its eligibility then shows conditions. */
let oracle: Student;
const oracleDone = new Set<number>();

beforeAll(async () => {
  ({ t, rowOf, majorOf, id } = await realCatalogApp());
  oracle = await createStudent(t, "oracle@bu.edu");
}, 120_000);
afterAll(() => t?.close());

async function json<T>(path: string, token?: string): Promise<T> {
  const response = await api(t, path, { token });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return await response.json();
}

const details = new Map<number, Promise<CourseDetail>>();
const detail = (courseId: number) => {
  if (!details.has(courseId)) details.set(courseId, json<CourseDetail>(`/api/courses/${courseId}`));
  return details.get(courseId)!;
};
const sectionLists = new Map<number, Promise<CourseSections>>();
const sectionsOf = (courseId: number) => {
  if (!sectionLists.has(courseId)) {
    sectionLists.set(courseId, json<CourseSections>(`/api/courses/${courseId}/sections`));
  }
  return sectionLists.get(courseId)!;
};

async function scripted(script: Script, n: number): Promise<Student> {
  const s = await createStudent(t, `scripted-${n}@bu.edu`);
  const response = await api(t, "/api/users/account", {
    method: "PUT",
    token: s.token,
    body: { college: script.college, major: majorOf.get(script.college), expectedGrad: 2029, hubTrack: script.track },
  });
  expect(response.status).toBe(200);
  for (
    const [list, codes] of [["completed-courses", script.completed], ["courses-in-progress", script.future]] as const
  ) {
    if (!codes.length) continue;
    const added = await api(t, `/api/users/${list}`, { method: "POST", token: s.token, body: { ids: codes.map(id) } });
    expect(added.status).toBe(200);
  }
  return s;
}

const isCocurricular = (code: string) => /^HUB (CC|FY) /.test(code);
const hubUnits = (code: string) => rowOf.get(code)?.hub_units ?? [];
const termIndex = (p: HubPlanView, term: number | null) =>
  term === null ? 0 : p.terms.findIndex((x) => x.code === term);

/** A section's weekly meetings: timed, without the evening exam slots (a later pattern at 17:00 or after, no room). */
function blocksOf(section: Companion, what: string): Block[] {
  return section.meetings.flatMap((m, i) =>
    m.days && m.startMinute !== null && m.endMinute !== null && m.endMinute > m.startMinute &&
      !(i > 0 && m.room === null && m.startMinute >= 17 * 60)
      ? [{ days: m.days, start: m.startMinute, end: m.endMinute, what }]
      : []
  );
}
const overlap = (a: Block, b: Block) =>
  a.start < b.end && b.start < a.end && [...a.days].some((d) => b.days.includes(d));

/** The rules every plan of a scripted student keeps. */
async function expectKept(script: Script, p: HubPlanView, label: string) {
  const taken = new Set([...script.completed, ...script.future].map(id));
  const planned = new Set(p.courses.map((c) => c.id));
  expect(p.track, label).toBe(script.track);

  // What remains is what Hub progress says is short.
  const progress = await json<{ requirements: { key: string; required: number; projected: number }[] }>(
    "/api/users/hub-progress",
    (await studentOf(script)).token,
  );
  expect(p.remaining, label).toEqual(
    progress.requirements.filter((r) => r.projected < r.required).map((r) => ({
      code: r.key,
      units: r.required - r.projected,
    })),
  );

  for (const course of p.courses) {
    const where = `${label}: ${course.code}`;
    // Enrolment rules: nothing reserved to another school, nothing graduate, nothing taken, current courses.
    expect(RESERVED, where).not.toContain(course.college);
    expect(Number.parseInt(course.courseCode), where).toBeLessThan(500);
    expect(taken.has(course.id), where).toBe(false);
    expect(course.current, where).toBe(true);
    expect(course.covers.length, where).toBeGreaterThan(0);

    // Prerequisites: each group met by a course taken or planned in an earlier term.
    const d = await detail(course.id);
    const before = new Set([
      ...taken,
      ...p.courses.filter((o) => termIndex(p, o.term) < termIndex(p, course.term)).map((o) => o.id),
    ]);
    if (!d.noPreReqs) {
      for (const group of d.prerequisiteGroups) {
        expect(
          group.some((ref) => ref.id !== null && before.has(ref.id)),
          `${where} needs ${group.map((r) => r.code).join(" or ")}`,
        ).toBe(true);
      }
    }
    for (const code of course.after) expect(d.prerequisiteGroups.flat().map((r) => r.code), where).toContain(code);

    // Credit exclusions, both ways round, with taken and planned courses.
    for (const ref of d.exclusions) {
      expect(ref.id !== null && (taken.has(ref.id) || planned.has(ref.id)), `${where} with ${ref.code}`).toBe(false);
    }
  }
  for (const takenId of taken) {
    for (const ref of (await detail(takenId)).exclusions) {
      expect(planned.has(ref.id!), `${label}: ${ref.code}`).toBe(false);
    }
  }

  // No course whose prerequisites name a condition the site cannot check: with every course they name completed,
  // the oracle's eligibility is "met" (it would be "unknown" with a condition such as "junior standing").
  const needed = new Set<number>();
  for (const course of p.courses) {
    for (const ref of (await detail(course.id)).prerequisiteGroups.flat()) {
      if (ref.id !== null && !oracleDone.has(ref.id)) needed.add(ref.id);
    }
  }
  const ids = [...needed];
  for (let i = 0; i < ids.length; i += 60) {
    const batch = ids.slice(i, i + 60);
    const response = await api(t, "/api/users/completed-courses", {
      method: "POST",
      token: oracle.token,
      body: { ids: batch },
    });
    expect(response.status).toBe(200);
    batch.forEach((x) => oracleDone.add(x));
  }
  for (const course of p.courses) {
    const seen = await json<CourseDetail>(`/api/courses/${course.id}`, oracle.token);
    expect(seen.eligibility, `${label}: ${course.code} (${seen.prerequisiteNote})`).toBe("met");
  }

  // The cocurricular cap: the Hub units of HUB CC and FY courses taken and planned.
  const cocurricular = [...script.completed, ...script.future, ...p.courses.map((c) => c.code)]
    .filter(isCocurricular).reduce((sum, code) => sum + hubUnits(code).length, 0);
  expect(cocurricular, label).toBeLessThanOrEqual(CAP[script.track]);

  // Coverage: when the plan says it covers, each requirement has as many different courses as it needs.
  if (p.covered) {
    for (const need of p.remaining) {
      const codes = need.code.split("/");
      const carrying = p.courses.filter((c) => c.hubRequirements.some((h) => codes.includes(h.code)));
      expect(carrying.length, `${label}: ${need.code}`).toBeGreaterThanOrEqual(need.units);
    }
  }
}

/** Sections of each planned course in `term`: the course's own, open, one to register for plus its companion; no overlaps. */
async function expectFitsWeek(p: HubPlanView, term: number, label: string) {
  const blocks: Block[] = [];
  for (const course of p.courses) {
    const where = `${label}: ${course.code}`;
    expect(course.section, where).not.toBeNull();
    const inTerm = (await sectionsOf(course.id)).terms.find((x) => x.code === term);
    expect(inTerm, where).toBeDefined();
    const ids = course.section!.ids;
    const lectures = inTerm!.sections.filter((s) => ids.includes(s.id));
    expect(lectures, where).toHaveLength(1);
    const companions = lectures[0].companions.length ? lectures[0].companions : inTerm!.unlinkedCompanions;
    const rest = ids.filter((x) => x !== lectures[0].id);
    expect(rest.length, where).toBe(companions.length ? 1 : 0);
    const chosen = [lectures[0], ...rest.map((x) => companions.find((c) => c.id === x))];
    expect(chosen.every((s) => s?.status === "active"), where).toBe(true);
    const mine = chosen.flatMap((s) => blocksOf(s!, `${course.code} ${s!.section}`));
    for (const block of mine) {
      const clash = blocks.find((other) => overlap(block, other));
      expect(clash, `${label}: ${block.what} overlaps ${clash?.what}`).toBeUndefined();
    }
    blocks.push(...mine);
  }
}

const students = new Map<string, Student>();
const studentOf = async (script: Script) => {
  if (!students.has(script.name)) students.set(script.name, await scripted(script, students.size));
  return students.get(script.name)!;
};

const table: string[][] = [];
function print(script: Script, p: HubPlanView, query: string) {
  for (const course of p.courses) {
    table.push([
      script.name,
      query,
      course.term === null ? "-" : termName(course.term) ?? String(course.term),
      course.code,
      course.why.join("; "),
    ]);
  }
  table.push([
    script.name,
    query,
    "",
    `covered: ${p.covered}`,
    `remaining ${p.remaining.map((r) => r.code).join(" ")}`,
  ]);
}

describe("scripted students on the real catalog", () => {
  for (const script of SCRIPTS) {
    test(`${script.name}: three terms of at most ${PER_TERM}, in order, within the rules`, async () => {
      const s = await studentOf(script);
      const q = `?term=${SPRING}&terms=3&perTerm=${PER_TERM}`;
      const p = await json<HubPlanView>(`/api/users/hub-plan${q}`, s.token);
      print(script, p, q);
      expect(p.terms.map((x) => x.code)).toEqual(TERMS);
      for (const term of TERMS) {
        expect(p.courses.filter((c) => c.term === term).length, String(term)).toBeLessThanOrEqual(PER_TERM);
      }
      expect(p.courses.length).toBeGreaterThan(0);
      await expectKept(script, p, `${script.name} ${q}`);
      // Three terms of four hold what any of these students needs.
      expect(p.covered).toBe(true);
    });

    test(`${script.name}: the fall term, fitting the week`, async () => {
      const s = await studentOf(script);
      const q = `?term=${FALL}&fitsWeek=true`;
      const p = await json<HubPlanView>(`/api/users/hub-plan${q}`, s.token);
      print(script, p, q);
      expect(p.terms).toEqual([{ code: FALL, name: termName(FALL), scheduled: true }]);
      expect(p.week).toEqual({ version: null });
      expect(p.courses.length).toBeGreaterThan(0);
      for (const course of p.courses) {
        expect(course.term).toBe(FALL);
        const inTerm = (await sectionsOf(course.id)).terms.find((x) => x.code === FALL);
        expect(inTerm?.sections.some((x) => x.status !== "cancelled"), course.code).toBe(true);
      }
      await expectKept(script, p, `${script.name} ${q}`);
      await expectFitsWeek(p, FALL, `${script.name} ${q}`);
    });
  }

  afterAll(() => {
    if (!table.length) return;
    const widths = [0, 1, 2, 3].map((k) => Math.max(...table.map((row) => row[k].length)));
    console.log(
      table.map((row) => row.map((cell, k) => (k < 4 ? cell.padEnd(widths[k]) : cell)).join(" | ")).join("\n"),
    );
  });
});
