/**
 * A schedule's chosen sections as the week reads them: a companion listed under two lectures counts once, an evening
 * pattern without a room is an exam slot, credits add up over the sections to register for, and sections without a
 * time are set apart.
 */
import { describe, expect, test } from "vitest";
import type { CompanionSection, ScheduleCourse } from "../../src/lib/api-types.ts";
import {
  chosenSections,
  creditsOf,
  isExamPattern,
  notMeeting,
  untimedItems,
  untimedSections,
  weekMeetings,
} from "../../src/lib/schedule-meetings.ts";

const meeting = (days: string, start: number | null, end: number | null, room: string | null = "CAS 211") => ({
  days,
  startMinute: start,
  endMinute: end,
  room,
  startDate: "2026-09-02",
  endDate: "2026-12-10",
});

function section(id: number, name: string, meetings = [meeting("MWF", 610, 660)], credits = 4): CompanionSection {
  return {
    id,
    section: name,
    classNumber: 10000 + id,
    status: "active",
    capacity: 30,
    enrolled: 10,
    waitCapacity: 0,
    waitlist: 0,
    creditsMin: credits,
    creditsMax: credits,
    mode: "In-Person",
    notes: null,
    finalExam: true,
    gone: false,
    meetings,
    instructors: [],
  };
}

function course(id: number, chosen: number[], extra: Partial<ScheduleCourse> = {}): ScheduleCourse {
  const discussion = section(id * 10 + 3, "A3", [meeting("T", 540, 590)], 0);
  return {
    id,
    code: `CAS XX ${id}`,
    title: "A course",
    reviews: 0,
    overall: null,
    workload: null,
    hoursPerWeek: null,
    hubUnits: [],
    adds: [],
    chosen,
    // A3 goes with both lectures, so it is listed under each.
    sections: [
      { ...section(id * 10 + 1, "A1"), companions: [discussion] },
      { ...section(id * 10 + 2, "A2", [meeting("TR", 800, 875)]), companions: [discussion] },
    ],
    unlinkedCompanions: [],
    ...extra,
  };
}

describe("a schedule's chosen sections", () => {
  test("a companion listed under two lectures is chosen once, after its lecture", () => {
    const c = course(1, [13, 11]);
    expect(chosenSections(c).map((s) => [s.section.section, s.enrollment])).toEqual([["A1", true], ["A3", false]]);
    expect(weekMeetings([c]).map((m) => m.key)).toEqual(["11-0", "13-0"]);
  });

  test("an evening pattern without a room after the first is an exam slot; the first never is", () => {
    expect(isExamPattern(meeting("W", 1110, 1185, null), 1)).toBe(true);
    expect(isExamPattern(meeting("W", 1110, 1185, null), 0)).toBe(false);
    expect(isExamPattern(meeting("W", 1110, 1185, "CAS 211"), 1)).toBe(false);
    expect(isExamPattern(meeting("W", 900, 975, null), 1)).toBe(false);
  });

  test("credits add the sections to register for; a section with no time is listed apart", () => {
    const timeless = { ...section(21, "A1", [meeting("", null, null, null)]), companions: [] };
    const other = course(2, [21], { sections: [timeless] });
    expect(creditsOf([course(1, [11, 13]), other])).toEqual([8, 8]);
    expect(untimedSections([course(1, [11, 13]), other]).map((u) => `${u.course.code} ${u.section.section}`)).toEqual([
      "CAS XX 2 A1",
    ]);
  });

  test("a chosen section cancelled or gone since stays in the week, marked, and counts no credits", () => {
    const cancel = (c: ScheduleCourse, id: number, change: Partial<CompanionSection>) => ({
      ...c,
      sections: c.sections.map((s) => s.id === id ? { ...s, ...change } : s),
    });
    const cancelled = cancel(course(1, [11, 13]), 11, { status: "cancelled" });
    const gone = cancel(course(2, [21, 23]), 21, { gone: true });
    expect(weekMeetings([cancelled, gone]).map((m) => [m.key, m.cancelled ?? null])).toEqual([
      ["11-0", "cancelled"],
      ["13-0", null],
      ["21-0", "gone"],
      ["23-0", null],
    ]);
    expect(creditsOf([cancelled, gone, course(3, [31, 33])])).toEqual([4, 4]);
    expect(notMeeting({ status: "stopped", gone: false })).toBeNull();
    expect(notMeeting({ status: "cancelled", gone: true })).toBe("gone");
    const timeless = cancel(course(4, [41]), 41, { status: "cancelled", meetings: [meeting("", null, null, null)] });
    expect(untimedItems([timeless, course(5, [51])])).toEqual([
      { key: "41", label: "CAS XX 4 A1", text: "Cancelled", cancelled: "cancelled" },
    ]);
  });
});
