/**
 * A student's week of classes (src/lib/schedule-week.ts): conflicts checked against a minute-by-minute grid and lanes
 * checked for overlaps on random weeks (fast-check), then the sentences, days, hours and totals by hand.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  type Conflict,
  conflictSentence,
  conflictsOf,
  dayLayout,
  minutesPerWeek,
  weekDays,
  type WeekMeeting,
  weekSpan,
} from "../../src/lib/schedule-week.ts";

/** PROPERTY_SEED and PROPERTY_RUNS run the properties otherwise, e.g. PROPERTY_RUNS=5000 to hunt; the suite's run is seed 7, 300 runs. */
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? 7);
const RUNS = Number(Deno.env.get("PROPERTY_RUNS") ?? 300);
const DAYS = "MTWRFS";

/** A meeting of section 41 (CAS CS 111 A1) on MWF 10:10–11:00 AM unless told otherwise. */
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

/** 1–12 meetings of up to four sections, on days of M–S, starting 7:00 AM–9:00 PM, 5 to 180 minutes long. */
const weeks = fc.array(
  fc.record({
    sectionId: fc.integer({ min: 1, max: 4 }),
    days: fc.subarray([...DAYS], { minLength: 1 }).map((days) => days.join("")),
    startMinute: fc.integer({ min: 7 * 12, max: 21 * 12 }).map((step) => step * 5),
    // Whole five minutes make touching meetings common; any minute finds off-by-ones.
    length: fc.oneof(fc.integer({ min: 1, max: 36 }).map((step) => step * 5), fc.integer({ min: 5, max: 180 })),
    exam: fc.boolean(),
  }),
  { minLength: 1, maxLength: 12 },
).map((drawn) =>
  drawn.map(({ sectionId, days, startMinute, length, exam }, index): WeekMeeting => ({
    key: `${sectionId}-${index}`,
    sectionId,
    courseId: 100 + sectionId,
    label: `CAS CS ${100 + sectionId} A1`,
    days,
    startMinute,
    endMinute: startMinute + length,
    room: null,
    exam,
  }))
);

const entry = (day: string, from: number, to: number, x: string, y: string) =>
  [day, from, to, ...[x, y].sort()].join("|");

/** The conflicts of a week by marking every minute of every day with the meetings in class then. */
function bruteForce(meetings: readonly WeekMeeting[]): string[] {
  const grid = new Map<string, string[][]>();
  for (const day of DAYS) grid.set(day, Array.from({ length: 24 * 60 }, () => []));
  for (const m of meetings) {
    for (const day of m.days) {
      for (let minute = m.startMinute; minute < m.endMinute; minute++) grid.get(day)![minute].push(m.key);
    }
  }
  const section = new Map(meetings.map((m) => [m.key, m.sectionId]));
  // Each pair of sections' meetings on a day: the first and last minute they share.
  const shared = new Map<string, { day: string; x: string; y: string; first: number; last: number }>();
  for (const [day, minutes] of grid) {
    for (const [minute, keys] of minutes.entries()) {
      for (const [i, x] of keys.entries()) {
        for (const y of keys.slice(i + 1)) {
          if (section.get(x) === section.get(y)) continue;
          const id = [day, x, y].join("|");
          const span = shared.get(id) ?? { day, x, y, first: minute, last: minute };
          span.last = minute;
          shared.set(id, span);
        }
      }
    }
  }
  return [...shared.values()].map(({ day, x, y, first, last }) => entry(day, first, last + 1, x, y)).sort();
}

const entries = (conflicts: Conflict[]) => conflicts.map((c) => entry(c.day, c.from, c.to, c.a.key, c.b.key)).sort();
const overlap = (x: WeekMeeting, y: WeekMeeting) => x.startMinute < y.endMinute && y.startMinute < x.endMinute;

describe("random weeks", () => {
  test("conflicts are exactly the pairs of sections that share a minute of a day, in week order", () => {
    fc.assert(
      fc.property(weeks, (meetings) => {
        const conflicts = conflictsOf(meetings);
        expect(entries(conflicts)).toEqual(bruteForce(meetings));
        const text = (x: string, y: string) => x < y ? -1 : x > y ? 1 : 0;
        const order = (x: Conflict, y: Conflict) =>
          DAYS.indexOf(x.day) - DAYS.indexOf(y.day) || x.from - y.from || text(x.a.label, y.a.label) ||
          text(x.b.label, y.b.label);
        for (const [i, later] of conflicts.slice(1).entries()) {
          expect(order(conflicts[i], later)).toBeLessThanOrEqual(0);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test("a day's layout never puts overlapping meetings in one lane, and a lone meeting has one lane", () => {
    fc.assert(
      fc.property(weeks, (meetings) => {
        for (const day of DAYS) {
          const layout = dayLayout(meetings, day);
          expect(layout.map((item) => item.meeting.key).sort()).toEqual(
            meetings.filter((m) => m.days.includes(day)).map((m) => m.key).sort(),
          );
          for (const [i, item] of layout.entries()) {
            expect(item.lanes).toBeGreaterThanOrEqual(item.lane + 1);
            if (i > 0) expect(item.meeting.startMinute).toBeGreaterThanOrEqual(layout[i - 1].meeting.startMinute);
            const others = layout.filter((other) => other !== item && overlap(other.meeting, item.meeting));
            if (others.length === 0) expect(item.lanes).toBe(1);
            for (const other of others) {
              expect(other.lane).not.toBe(item.lane);
              expect(other.lanes).toBe(item.lanes);
            }
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("conflicts", () => {
  test("meetings that touch, one ending as the other starts, do not conflict", () => {
    const first = meeting({ startMinute: 10 * 60, endMinute: 10 * 60 + 50 });
    const second = meeting({
      sectionId: 52,
      label: "CAS MA 123 B2",
      startMinute: 10 * 60 + 50,
      endMinute: 11 * 60 + 40,
    });
    expect(conflictsOf([first, second])).toEqual([]);
    expect(conflictsOf([first, { ...second, startMinute: 10 * 60 + 49 }])).toHaveLength(3);
  });

  test("two meetings of one section never conflict with each other", () => {
    const lecture = meeting();
    const discussion = meeting({ key: "41-1", days: "M", startMinute: 10 * 60 + 30, endMinute: 11 * 60 + 20 });
    expect(conflictsOf([lecture, discussion])).toEqual([]);
    expect(conflictsOf([lecture, { ...discussion, sectionId: 42, key: "42-0" }])).toHaveLength(1);
  });

  test("an overlap on Monday in words", () => {
    const cs = meeting();
    const ma = meeting({
      key: "52-0",
      sectionId: 52,
      courseId: 9,
      label: "CAS MA 123 B2",
      days: "M",
      startMinute: 10 * 60,
      endMinute: 10 * 60 + 50,
    });
    const conflicts = conflictsOf([ma, cs]);
    expect(conflicts.map(({ day, from, to }) => ({ day, from, to }))).toEqual([{ day: "M", from: 610, to: 650 }]);
    expect(conflictSentence(conflicts[0])).toBe("CAS CS 111 A1 and CAS MA 123 B2 overlap on Monday, 10:10–10:50 AM");
  });

  test("an exam slot in words", () => {
    const exam = meeting({ key: "41-1", days: "W", startMinute: 18 * 60 + 30, endMinute: 20 * 60 + 30, exam: true });
    const ec = meeting({
      key: "60-0",
      sectionId: 60,
      label: "CAS EC 101 A1",
      days: "MW",
      startMinute: 18 * 60,
      endMinute: 19 * 60 + 15,
    });
    const conflicts = conflictsOf([ec, exam]);
    expect(conflicts).toHaveLength(1);
    expect(conflictSentence(conflicts[0])).toBe(
      "CAS CS 111 A1 (exam slot) and CAS EC 101 A1 overlap on Wednesday, 6:30–7:15 PM",
    );
  });

  test("a meeting of a cancelled section, or one gone from the schedule, overlaps nothing", () => {
    const ma = meeting({
      key: "52-0",
      sectionId: 52,
      label: "CAS MA 123 B2",
      days: "M",
      startMinute: 600,
      endMinute: 650,
    });
    expect(conflictsOf([meeting(), ma])).toHaveLength(1);
    expect(conflictsOf([meeting({ cancelled: "cancelled" }), ma])).toEqual([]);
    expect(conflictsOf([meeting(), { ...ma, cancelled: "gone" }])).toEqual([]);
  });
});

describe("the week view", () => {
  test("Saturday shows only when a meeting falls on it", () => {
    expect(weekDays([])).toEqual(["M", "T", "W", "R", "F"]);
    expect(weekDays([meeting(), meeting({ days: "TR" })])).toEqual(["M", "T", "W", "R", "F"]);
    expect(weekDays([meeting(), meeting({ days: "S" })])).toEqual(["M", "T", "W", "R", "F", "S"]);
  });

  test("8 AM to 6 PM at least, widened to whole hours", () => {
    expect(weekSpan([])).toEqual([480, 1080]);
    expect(weekSpan([meeting()])).toEqual([480, 1080]);
    expect(weekSpan([meeting({ startMinute: 18 * 60 + 30, endMinute: 20 * 60 })])).toEqual([480, 1200]);
    expect(weekSpan([meeting({ startMinute: 18 * 60 + 30, endMinute: 19 * 60 + 15 })])).toEqual([480, 1200]);
    expect(weekSpan([meeting({ startMinute: 7 * 60 + 30, endMinute: 8 * 60 + 45 })])).toEqual([420, 1080]);
  });

  test("overlapping meetings side by side, a lone meeting on its own", () => {
    const at = (key: string, startMinute: number, endMinute: number) =>
      meeting({ key, sectionId: Number(key), days: "T", startMinute, endMinute });
    const layout = dayLayout([at("4", 720, 780), at("3", 600, 660), at("2", 570, 630), at("1", 540, 600)], "T");
    expect(layout.map(({ meeting, lane, lanes }) => [meeting.key, lane, lanes])).toEqual([
      ["1", 0, 2],
      ["2", 1, 2],
      ["3", 0, 2],
      ["4", 0, 1],
    ]);
    expect(dayLayout([at("1", 540, 600)], "M")).toEqual([]);
  });

  test("minutes in class per week, exam patterns and cancelled sections left out", () => {
    const mwf = meeting({ startMinute: 10 * 60, endMinute: 10 * 60 + 50 });
    const tr = meeting({ key: "52-0", sectionId: 52, days: "TR", startMinute: 11 * 60, endMinute: 12 * 60 + 15 });
    const exam = meeting({ key: "41-1", days: "W", startMinute: 18 * 60 + 30, endMinute: 20 * 60 + 30, exam: true });
    expect(minutesPerWeek([mwf, tr])).toBe(300);
    expect(minutesPerWeek([mwf, tr, exam])).toBe(300);
    expect(minutesPerWeek([mwf, { ...tr, cancelled: "cancelled" }])).toBe(150);
    expect(minutesPerWeek([])).toBe(0);
  });
});
