/**
 * What a worksheet may hold of a course, on the real Fall 2026 sample's sections: one section to register for and,
 * when the course has them for it, one discussion or lab. The expectation is the test's own reading of the section
 * letters (a companion goes with the lectures of its letter; one whose letter no lecture has goes with any).
 */
import { describe, expect, test } from "vitest";
import {
  checkCourseChoice,
  companionChoices,
  type RuleSection,
  versionNameProblem,
} from "../../src/lib/schedule-rules.ts";
import { companionLinks, parseRegistrarCsv } from "../../src/services/schedule/registrar-csv.ts";

const SAMPLE = new URL("../../../shared/data/bu/raw/terrierbot/Fall2026Courses-sample.csv", import.meta.url);
const { sections } = parseRegistrarCsv(await Deno.readTextFile(SAMPLE));

/** The sample's courses, each with its sections as the rules read them (ids are positions in the file). */
const courses = new Map<string, RuleSection[]>();
for (const [i, s] of sections.entries()) {
  const code = `${s.college} ${s.department} ${s.number}`;
  if (!courses.has(code)) courses.set(code, []);
  courses.get(code)!.push({
    id: i + 1,
    section: s.section,
    enrollment: s.enrollment,
    status: s.status,
    gone: false,
    links: [],
  });
}
for (const list of courses.values()) {
  for (const [companion, lecture] of companionLinks(list)) {
    (companion.links as number[]).push(lecture.id);
  }
}

const of = (code: string) => courses.get(code)!;
const byName = (code: string, name: string) => of(code).find((s) => s.section === name)!.id;
const choose = (code: string, ...names: string[]) =>
  checkCourseChoice(code, names.map((name) => byName(code, name)), of(code));

describe("a course's sections in a worksheet, on the real sample", () => {
  test("CAS CS 210: a lecture needs one of its own letter's discussions", () => {
    expect(choose("CAS CS 210", "A1")).toEqual({
      ok: false,
      message: "CAS CS 210 A1 needs a discussion or lab: choose one of A2, A4, A5, A6, A7, A8",
    });
    expect(choose("CAS CS 210", "A1", "A2").ok).toBe(true);
    const other = of("CAS CS 210").find((s) => !s.enrollment && s.section[0] !== "A");
    if (other) {
      expect(choose("CAS CS 210", "A1", other.section)).toEqual({
        ok: false,
        message: `CAS CS 210 ${other.section} does not go with A1`,
      });
    }
    expect(choose("CAS CS 210", "A1", "A2", "A4")).toEqual({
      ok: false,
      message: "Choose one discussion or lab for CAS CS 210 A1",
    });
  });

  test("CAS CS 111: the labs go with any lecture; two lectures are refused", () => {
    const labs = of("CAS CS 111").filter((s) => !s.enrollment).map((s) => s.section);
    const lectures = of("CAS CS 111").filter((s) => s.enrollment).map((s) => s.section);
    expect(lectures.length).toBeGreaterThan(1);
    expect(labs.length).toBeGreaterThan(5);
    for (const lecture of lectures) {
      expect(choose("CAS CS 111", lecture).ok).toBe(false);
      for (const lab of labs) expect(choose("CAS CS 111", lecture, lab).ok, `${lecture} ${lab}`).toBe(true);
    }
    expect(choose("CAS CS 111", lectures[0], lectures[1])).toEqual({
      ok: false,
      message: `Choose one section of CAS CS 111 to register for, not ${lectures[0]} and ${lectures[1]}`,
    });
    expect(choose("CAS CS 111", labs[0])).toEqual({
      ok: false,
      message: "Choose a section of CAS CS 111 to register for",
    });
  });

  test("every lecture of every course: allowed exactly with the companions of its letter, or with any unlettered one", () => {
    let lectures = 0;
    let alone = 0;
    for (const [code, list] of courses) {
      const letters = new Set(list.filter((s) => s.enrollment).map((s) => s.section[0]));
      for (const lecture of list.filter((s) => s.enrollment && s.status !== "cancelled")) {
        lectures++;
        const open = list.filter((s) => !s.enrollment && s.status !== "cancelled");
        const own = open.filter((s) => s.section[0] === lecture.section[0]);
        const allowed = own.length ? own : open.filter((s) => !letters.has(s.section[0]));
        expect(companionChoices(lecture, list).map((s) => s.id).sort(), `${code} ${lecture.section}`).toEqual(
          allowed.map((s) => s.id).sort(),
        );
        expect(checkCourseChoice(code, [lecture.id], list).ok, `${code} ${lecture.section} alone`).toBe(
          allowed.length === 0,
        );
        if (allowed.length === 0) alone++;
        for (const companion of open) {
          const ok = allowed.includes(companion);
          expect(checkCourseChoice(code, [lecture.id, companion.id], list).ok, `${code} ${lecture.section}`).toBe(ok);
        }
      }
    }
    expect(lectures).toBeGreaterThan(500);
    expect(alone).toBeGreaterThan(100);
    expect(alone).toBeLessThan(lectures);
  });

  test("a cancelled or gone section cannot be chosen, nor another course's", () => {
    const list = of("CAS CS 111").map((s) => ({ ...s }));
    const [lecture] = list.filter((s) => s.enrollment);
    const lab = list.find((s) => !s.enrollment)!;
    lab.status = "cancelled";
    expect(checkCourseChoice("CAS CS 111", [lecture.id, lab.id], list)).toEqual({
      ok: false,
      message: `CAS CS 111 ${lab.section} is cancelled`,
    });
    lecture.gone = true;
    expect(checkCourseChoice("CAS CS 111", [lecture.id], list)).toEqual({
      ok: false,
      message: `CAS CS 111 ${lecture.section} is no longer in the schedule`,
    });
    expect(checkCourseChoice("CAS CS 111", [byName("CAS CS 210", "A1")], list).ok).toBe(false);
  });

  test("a plan's name: one line, 1 to 40 characters", () => {
    expect(versionNameProblem("Plan A")).toBeNull();
    expect(versionNameProblem("   ")).toBe("Give the plan a name");
    expect(versionNameProblem("x".repeat(41))).toBe("A plan's name is at most 40 characters");
    expect(versionNameProblem("a\nb")).toBe("A plan's name is one line of text");
  });
});
