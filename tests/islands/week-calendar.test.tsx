// @vitest-environment happy-dom
/**
 * The week calendar as the server renders it: the conflicts in words, the grid's days, hours and blocks (placed by
 * time and lane, marked when they conflict or are an exam slot), the day-by-day list, the sections with no meeting
 * time and the empty state.
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { WeekCalendar } from "../../src/components/WeekCalendar.tsx";
import type { WeekMeeting } from "../../src/lib/schedule-week.ts";

/** A meeting of section 41 (CAS CS 111 A1) on MWF 10:10–11:00 AM in CAS 211 unless told otherwise. */
function meeting(fields: Partial<WeekMeeting> = {}): WeekMeeting {
  const sectionId = fields.sectionId ?? 41;
  return {
    key: `${sectionId}-0`,
    sectionId,
    courseId: 7,
    label: "CAS CS 111 A1",
    days: "MWF",
    startMinute: 10 * 60 + 10,
    endMinute: 11 * 60,
    room: "CAS 211",
    exam: false,
    ...fields,
  };
}

const LECTURE = meeting();
/** The lecture's course, Monday 8:00–8:50 AM, no room known; listed after the lecture but starts before it. */
const LAB = meeting({
  sectionId: 43,
  label: "CAS CS 111 B3",
  days: "M",
  startMinute: 8 * 60,
  endMinute: 8 * 60 + 50,
  room: null,
});
/** Tuesday 12:30–1:45 PM: nothing on Thursday. */
const WRITING = meeting({
  sectionId: 52,
  courseId: 9,
  label: "CAS WR 120 C1",
  days: "T",
  startMinute: 12 * 60 + 30,
  endMinute: 13 * 60 + 45,
  room: "CGS 311",
});
/** Overlaps the lecture on Monday and Wednesday, 10:30–11:00 AM. */
const CALCULUS = meeting({
  sectionId: 60,
  courseId: 11,
  label: "CAS MA 123 B2",
  days: "MW",
  startMinute: 10 * 60 + 30,
  endMinute: 11 * 60 + 45,
  room: "CAS 313",
});
/** The lecture's evening exam pattern, Wednesday 6:30–8:30 PM. */
const EXAM = meeting({
  key: "41-1",
  days: "W",
  startMinute: 18 * 60 + 30,
  endMinute: 20 * 60 + 30,
  room: null,
  exam: true,
});

function render(element: ReactElement): Element {
  document.body.innerHTML = renderToString(element);
  const week = document.querySelector("section.week");
  if (!week) throw new Error("no week section");
  return week;
}

const texts = (root: Element, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent);

function block(root: Element, day: string, key: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(`.week-col[data-day="${day}"] .week-block[data-key="${key}"]`);
  if (!found) throw new Error(`no block ${key} on ${day}`);
  return found;
}

/** A block's placement as numbers, percent of its day column. */
function placement(element: HTMLElement) {
  const { top, height, left, width } = element.style;
  expect([top, height, left, width].every((value) => value.endsWith("%"))).toBe(true);
  return { top: parseFloat(top), height: parseFloat(height), left: parseFloat(left), width: parseFloat(width) };
}

describe("conflicts", () => {
  test("two sections overlapping on two days: the count and a sentence each", () => {
    const week = render(<WeekCalendar meetings={[LECTURE, CALCULUS]} title="Plan A, Fall 2026" />);
    expect(week.querySelector(".week-conflict-count")?.textContent).toBe("2 time conflicts");
    expect(week.querySelector(".week-conflicts")?.getAttribute("aria-label")).toBe("Time conflicts");
    expect(texts(week, ".week-conflicts li")).toEqual([
      "CAS CS 111 A1 and CAS MA 123 B2 overlap on Monday, 10:30–11:00 AM",
      "CAS CS 111 A1 and CAS MA 123 B2 overlap on Wednesday, 10:30–11:00 AM",
    ]);
    expect(week.querySelector(".week-ok")).toBeNull();
  });

  test("one conflict is counted in the singular", () => {
    const week = render(<WeekCalendar meetings={[LECTURE, { ...CALCULUS, days: "M" }]} title="Plan A" />);
    expect(week.querySelector(".week-conflict-count")?.textContent).toBe("1 time conflict");
    expect(texts(week, ".week-conflicts li")).toEqual([
      "CAS CS 111 A1 and CAS MA 123 B2 overlap on Monday, 10:30–11:00 AM",
    ]);
  });

  test("a week without overlaps says so and lists none", () => {
    const week = render(<WeekCalendar meetings={[LECTURE, LAB, WRITING]} title="Plan A" />);
    expect(week.querySelector(".week-ok")?.textContent).toBe("No time conflicts.");
    expect(week.querySelector(".week-conflicts")).toBeNull();
    expect(week.querySelector(".week-conflict-count")).toBeNull();
    expect(week.querySelectorAll(".week-block-conflict")).toHaveLength(0);
  });
});

describe("day by day", () => {
  test("each day with meetings, in start order, with times, labels and rooms", () => {
    const week = render(<WeekCalendar meetings={[LECTURE, LAB, WRITING]} title="Plan A" />);
    expect(texts(week, ".week-days h3")).toEqual(["Monday", "Tuesday", "Wednesday", "Friday"]);
    const days = [...week.querySelectorAll(".week-days ul")].map((list) => texts(list, "li"));
    expect(days).toEqual([
      ["8:00–8:50 AM · CAS CS 111 B3", "10:10–11:00 AM · CAS CS 111 A1 · CAS 211"],
      ["12:30–1:45 PM · CAS WR 120 C1 · CGS 311"],
      ["10:10–11:00 AM · CAS CS 111 A1 · CAS 211"],
      ["10:10–11:00 AM · CAS CS 111 A1 · CAS 211"],
    ]);
  });

  test("an overlap is named on both meetings of its day, an exam slot is marked", () => {
    const week = render(<WeekCalendar meetings={[LECTURE, CALCULUS, EXAM]} title="Plan A" />);
    const days = [...week.querySelectorAll(".week-days ul")].map((list) => texts(list, "li"));
    expect(days).toEqual([
      [
        "10:10–11:00 AM · CAS CS 111 A1 · CAS 211 · Conflicts with CAS MA 123 B2",
        "10:30–11:45 AM · CAS MA 123 B2 · CAS 313 · Conflicts with CAS CS 111 A1",
      ],
      [
        "10:10–11:00 AM · CAS CS 111 A1 · CAS 211 · Conflicts with CAS MA 123 B2",
        "10:30–11:45 AM · CAS MA 123 B2 · CAS 313 · Conflicts with CAS CS 111 A1",
        "6:30–8:30 PM · CAS CS 111 A1 (exam slot)",
      ],
      ["10:10–11:00 AM · CAS CS 111 A1 · CAS 211"],
    ]);
    expect(week.querySelectorAll(".week-days .week-item-conflict")).toHaveLength(4);
  });
});

describe("grid", () => {
  test("is hidden from screen readers; Monday to Friday, and 8 AM to 5 PM rows for a daytime week", () => {
    const week = render(<WeekCalendar meetings={[LECTURE, WRITING]} title="Plan A" />);
    const grid = week.querySelector(".week-grid");
    expect(grid?.getAttribute("aria-hidden")).toBe("true");
    expect(texts(week, ".week-day-head")).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri"]);
    expect(texts(week, ".week-hour")).toEqual([
      "8 AM",
      "9 AM",
      "10 AM",
      "11 AM",
      "12 PM",
      "1 PM",
      "2 PM",
      "3 PM",
      "4 PM",
      "5 PM",
    ]);
    expect(week.querySelectorAll(".week-col")).toHaveLength(5);
  });

  test("Saturday has a column only when a meeting falls on it; an evening meeting stretches the hours", () => {
    const saturday = meeting({ sectionId: 70, courseId: 12, label: "MET CS 200 A1", days: "S", room: "MET 101" });
    const week = render(<WeekCalendar meetings={[LECTURE, saturday, EXAM]} title="Plan A" />);
    expect(texts(week, ".week-day-head")).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    const hours = texts(week, ".week-hour");
    expect(hours).toHaveLength(13);
    expect([hours[0], hours.at(-1)]).toEqual(["8 AM", "8 PM"]);
    expect(week.querySelectorAll('.week-col[data-day="S"] .week-block')).toHaveLength(1);
  });

  test("a 10:10–11:00 block in an 8 AM–6 PM week sits at 21.67% and is 8.33% high, the full width", () => {
    const week = render(<WeekCalendar meetings={[LECTURE]} title="Plan A" />);
    for (const day of ["M", "W", "F"]) {
      const place = placement(block(week, day, "41-0"));
      expect(place.top).toBeCloseTo((610 - 480) / 600 * 100, 2);
      expect(place.height).toBeCloseTo(50 / 600 * 100, 2);
      expect(place).toMatchObject({ left: 0, width: 100 });
    }
    const lecture = block(week, "M", "41-0");
    expect(lecture.textContent).toContain("CAS CS 111 A1");
    expect(lecture.querySelector(".week-block-time")?.textContent).toBe("10:10–11:00 AM");
    expect(lecture.querySelector(".week-block-room")?.textContent).toBe("CAS 211");
    expect(week.querySelectorAll('.week-col[data-day="T"] .week-block')).toHaveLength(0);
  });

  test("overlapping blocks stand side by side, both marked as conflicts; elsewhere the lecture is plain", () => {
    const week = render(<WeekCalendar meetings={[LECTURE, CALCULUS]} title="Plan A" />);
    for (const day of ["M", "W"]) {
      const lecture = block(week, day, "41-0");
      const calculus = block(week, day, "60-0");
      expect(placement(lecture)).toMatchObject({ left: 0, width: 50 });
      expect(placement(calculus)).toMatchObject({ left: 50, width: 50 });
      for (const element of [lecture, calculus]) {
        expect(element.classList.contains("week-block-conflict")).toBe(true);
        expect(element.querySelector(".week-block-warn")?.textContent).toBe("⚠");
      }
      // Side by side, the narrow blocks leave the college out of the label.
      expect(lecture.querySelector(".week-block-label")?.textContent).toBe("⚠CS 111 A1");
      expect(calculus.querySelector(".week-block-label")?.textContent).toBe("⚠MA 123 B2");
    }
    const friday = block(week, "F", "41-0");
    expect(friday.querySelector(".week-block-label")?.textContent).toBe("CAS CS 111 A1");
    expect(friday.classList.contains("week-block-conflict")).toBe(false);
    expect(friday.querySelector(".week-block-warn")).toBeNull();
    expect(placement(friday)).toMatchObject({ left: 0, width: 100 });
  });

  test("an exam pattern is drawn as an exam slot, without a room", () => {
    const week = render(<WeekCalendar meetings={[LECTURE, EXAM]} title="Plan A" />);
    const exam = block(week, "W", "41-1");
    expect(exam.classList.contains("week-block-exam")).toBe(true);
    expect(exam.querySelector(".week-block-note")?.textContent).toBe("exam slot");
    expect(exam.querySelector(".week-block-room")).toBeNull();
    const lecture = block(week, "W", "41-0");
    expect(lecture.classList.contains("week-block-exam")).toBe(false);
    expect(lecture.textContent).not.toContain("exam slot");
  });

  test("each course keeps one colour, in the order courses first appear", () => {
    const week = render(<WeekCalendar meetings={[WRITING, LECTURE, LAB, CALCULUS]} title="Plan A" />);
    const colour = (day: string, key: string) =>
      [...block(week, day, key).classList].filter((name) => /^week-c\d$/.test(name));
    expect(colour("T", "52-0")).toEqual(["week-c0"]);
    expect(colour("M", "41-0")).toEqual(["week-c1"]);
    expect(colour("M", "43-0")).toEqual(["week-c1"]);
    expect(colour("M", "60-0")).toEqual(["week-c2"]);
  });
});

describe("a section that will not meet", () => {
  const cancelled = { ...LECTURE, cancelled: "cancelled" as const };
  const gone = { ...WRITING, cancelled: "gone" as const };

  test("said first in words; its blocks stay, struck through and marked; it overlaps nothing", () => {
    const week = render(<WeekCalendar meetings={[cancelled, CALCULUS, gone]} title="Plan A" />);
    expect(week.querySelector(".week-cancelled")?.getAttribute("aria-label")).toBe("Sections that will not meet");
    expect(texts(week, ".week-cancelled li")).toEqual([
      "CAS CS 111 A1 is cancelled.",
      "CAS WR 120 C1 is no longer in the schedule.",
    ]);
    expect(week.querySelector(".week-ok")?.textContent).toBe("No time conflicts.");
    for (const day of ["M", "W", "F"]) {
      const lecture = block(week, day, "41-0");
      expect(lecture.classList.contains("week-block-cancelled")).toBe(true);
      expect(lecture.classList.contains("week-block-conflict")).toBe(false);
      expect(lecture.querySelector(".week-block-mark")?.textContent).toBe("Cancelled");
    }
    expect(block(week, "T", "52-0").querySelector(".week-block-mark")?.textContent).toBe("No longer in the schedule");
    expect(block(week, "M", "60-0").classList.contains("week-block-cancelled")).toBe(false);
    expect(block(week, "M", "60-0").querySelector(".week-block-mark")).toBeNull();
  });

  test("day by day, for screen readers and phones: struck through, then the word", () => {
    const week = render(<WeekCalendar meetings={[cancelled, CALCULUS, gone]} title="Plan A" />);
    const monday = week.querySelector(".week-days ul")!;
    expect(texts(monday, "li")).toEqual([
      "10:10–11:00 AM · CAS CS 111 A1 · CAS 211 · Cancelled",
      "10:30–11:45 AM · CAS MA 123 B2 · CAS 313",
    ]);
    const item = monday.querySelector(".week-item-cancelled")!;
    expect(item.querySelector("s")?.textContent).toBe("10:10–11:00 AM · CAS CS 111 A1 · CAS 211");
    expect(texts(week, ".week-days .week-item-cancelled")).toContain(
      "12:30–1:45 PM · CAS WR 120 C1 · CGS 311 · No longer in the schedule",
    );
  });

  test("an untimed one is said and listed apart, struck through", () => {
    const untimed = [{ key: "99", label: "CAS CS 999 A1", text: "Cancelled", cancelled: "cancelled" as const }];
    const week = render(<WeekCalendar meetings={[]} untimed={untimed} title="Plan A" />);
    expect(texts(week, ".week-cancelled li")).toEqual(["CAS CS 999 A1 is cancelled."]);
    expect(texts(week, ".week-untimed li")).toEqual(["CAS CS 999 A1 · Cancelled"]);
    expect(week.querySelector(".week-untimed li s")?.textContent).toBe("CAS CS 999 A1");
  });
});

describe("untimed and empty", () => {
  const untimed = [{ key: "99", label: "CAS CS 999 A1", text: "No meeting time" }];

  test("sections with no meeting time are listed apart, also with no timed meeting", () => {
    const withWeek = render(<WeekCalendar meetings={[LECTURE]} untimed={untimed} title="Plan A" />);
    expect(texts(withWeek, ".week-untimed h3")).toEqual(["Not on the week"]);
    expect(texts(withWeek, ".week-untimed li")).toEqual(["CAS CS 999 A1 · No meeting time"]);
    expect(withWeek.querySelector(".week-grid")).not.toBeNull();

    const alone = render(<WeekCalendar meetings={[]} untimed={untimed} title="Plan A" />);
    expect(texts(alone, ".week-untimed li")).toEqual(["CAS CS 999 A1 · No meeting time"]);
    expect(alone.querySelector(".empty")).toBeNull();
    expect(alone.querySelector(".week-grid")).toBeNull();
    expect(alone.querySelector(".week-ok")).toBeNull();
  });

  test("nothing to show: the heading and a hint only", () => {
    const week = render(<WeekCalendar meetings={[]} title="Plan A, Fall 2026" />);
    expect(week.getAttribute("aria-labelledby")).toBe("week-heading");
    expect(document.getElementById("week-heading")?.textContent).toBe("Your week, Plan A, Fall 2026");
    expect(week.querySelector(".empty")?.textContent).toBe("Add a course to see your week.");
    expect([...week.children].map((child) => child.tagName)).toEqual(["H2", "P"]);
  });

  test("the untimed list is absent without untimed sections", () => {
    const week = render(<WeekCalendar meetings={[LECTURE]} untimed={[]} title="Plan A" />);
    expect(week.querySelector(".week-untimed")).toBeNull();
    expect(week.querySelector(".empty")).toBeNull();
  });
});
