/**
 * A student's week of classes, as a worksheet's calendar shows it: which days and hours the week view spans, where each
 * meeting sits on its day, which meetings overlap, and the minutes in class per week. Days are the schedule's letters
 * in week order (M T W R F S U), times minutes after midnight.
 */
import { timeRange } from "./class-times.ts";

/** One meeting pattern of a section, e.g. CAS CS 111 A1 on MWF 10:10–11:00 AM. */
export type WeekMeeting = {
  /** Unique per meeting pattern, e.g. "41-0" (section id - meeting index). */
  key: string;
  sectionId: number;
  courseId: number;
  /** "CAS CS 111 A1". */
  label: string;
  /** "MWF". */
  days: string;
  startMinute: number;
  /** After startMinute. */
  endMinute: number;
  room: string | null;
  /** An evening exam pattern. */
  exam: boolean;
  /** Why it will not meet, when it will not: its section was cancelled, or left the term's schedule. */
  cancelled?: "cancelled" | "gone";
};

/** Two meetings of different sections that overlap on a day, from one minute to another. */
export type Conflict = { day: string; from: number; to: number; a: WeekMeeting; b: WeekMeeting };

const WEEK = "MTWRFSU";
const WEEKDAYS = ["M", "T", "W", "R", "F"];
const DAY_NAMES: Record<string, string> = {
  M: "Monday",
  T: "Tuesday",
  W: "Wednesday",
  R: "Thursday",
  F: "Friday",
  S: "Saturday",
  U: "Sunday",
};
/** A week view shows 8 AM to 6 PM at least. */
const DEFAULT_SPAN: [number, number] = [8 * 60, 18 * 60];

const compareText = (x: string, y: string) => x < y ? -1 : x > y ? 1 : 0;

/** A meeting's days as week letters in week order, each once; letters that name no day are left out. */
function daysOf(meeting: WeekMeeting): string[] {
  return [...WEEK].filter((letter) => meeting.days.includes(letter));
}

/** The meetings of one day in order of start, then end, label and key. */
function meetingsOn(meetings: readonly WeekMeeting[], day: string): WeekMeeting[] {
  return meetings.filter((meeting) => daysOf(meeting).includes(day)).sort((x, y) =>
    x.startMinute - y.startMinute || x.endMinute - y.endMinute || compareText(x.label, y.label) ||
    compareText(x.key, y.key)
  );
}

/** Sorts a conflict's two meetings by label, then key, so each pair reads the same way round. */
function ordered(day: string, from: number, to: number, x: WeekMeeting, y: WeekMeeting): Conflict {
  const swap = (compareText(x.label, y.label) || compareText(x.key, y.key)) > 0;
  return { day, from, to, a: swap ? y : x, b: swap ? x : y };
}

/**
 * Every pair of meetings of different sections that overlap on a day (touching, end == start, is not an overlap); one
 * entry per pair and day, with the overlapping span; sorted by day in week order, then from, then the labels.
 * Each day's meetings are swept in order of start, so only meetings still running are compared. A meeting that will
 * not take place (its section cancelled) overlaps nothing.
 */
export function conflictsOf(meetings: readonly WeekMeeting[]): Conflict[] {
  const conflicts: Conflict[] = [];
  const held = meetings.filter((m) => !m.cancelled);
  for (const day of WEEK) {
    let running: WeekMeeting[] = [];
    for (const meeting of meetingsOn(held, day)) {
      running = running.filter((other) => other.endMinute > meeting.startMinute);
      for (const other of running) {
        if (other.sectionId === meeting.sectionId) continue;
        conflicts.push(ordered(day, meeting.startMinute, Math.min(other.endMinute, meeting.endMinute), other, meeting));
      }
      running.push(meeting);
    }
  }
  const dayIndex = (conflict: Conflict) => WEEK.indexOf(conflict.day);
  return conflicts.sort((x, y) =>
    dayIndex(x) - dayIndex(y) || x.from - y.from || compareText(x.a.label, y.a.label) ||
    compareText(x.b.label, y.b.label) || x.to - y.to || compareText(x.a.key, y.a.key) || compareText(x.b.key, y.b.key)
  );
}

/** "CAS CS 111 A1 and CAS MA 123 B2 overlap on Monday, 10:10–10:50 AM"; an exam pattern reads "CAS CS 111 A1 (exam slot)". */
export function conflictSentence(conflict: Conflict): string {
  const name = (meeting: WeekMeeting) => meeting.exam ? `${meeting.label} (exam slot)` : meeting.label;
  return `${name(conflict.a)} and ${name(conflict.b)} overlap on ${DAY_NAMES[conflict.day] ?? conflict.day}, ${
    timeRange(conflict.from, conflict.to)
  }`;
}

/** The days a week view shows: Monday to Friday, and Saturday or Sunday only when a meeting falls on them. */
export function weekDays(meetings: readonly WeekMeeting[]): string[] {
  const used = new Set(meetings.flatMap(daysOf));
  return [...WEEK].filter((day) => WEEKDAYS.includes(day) || used.has(day));
}

/**
 * The hours a week view spans, [fromMinute, toMinute] on whole hours: from the earliest start's hour to the latest end
 * rounded up to the hour, and 8 AM to 6 PM at least.
 */
export function weekSpan(meetings: readonly WeekMeeting[]): [number, number] {
  let [from, to] = DEFAULT_SPAN;
  for (const meeting of meetings) {
    from = Math.min(from, Math.floor(meeting.startMinute / 60) * 60);
    to = Math.max(to, Math.ceil(meeting.endMinute / 60) * 60);
  }
  return [Math.max(0, from), Math.min(24 * 60, to)];
}

/**
 * The meetings of one day in order of start, each with its lane: meetings that overlap are put side by side (lane 0,
 * 1, …) and `lanes` says how many lanes their overlapping group needs, so a calendar can draw them side by side.
 * A meeting that overlaps nothing has lane 0 of 1.
 */
export function dayLayout(
  meetings: readonly WeekMeeting[],
  day: string,
): { meeting: WeekMeeting; lane: number; lanes: number }[] {
  const placed: { meeting: WeekMeeting; lane: number; lanes: number }[] = [];
  let group: typeof placed = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  const closeGroup = () => {
    for (const item of group) item.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const meeting of meetingsOn(meetings, day)) {
    if (meeting.startMinute >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= meeting.startMinute);
    if (lane === -1) lane = laneEnds.push(meeting.endMinute) - 1;
    else laneEnds[lane] = meeting.endMinute;
    const item = { meeting, lane, lanes: 0 };
    group.push(item);
    placed.push(item);
    groupEnd = Math.max(groupEnd, meeting.endMinute);
  }
  closeGroup();
  return placed;
}

/** Minutes in class per week: each meeting's length times its number of days, exam patterns and cancelled ones left out. */
export function minutesPerWeek(meetings: readonly WeekMeeting[]): number {
  return meetings.filter((meeting) => !meeting.exam && !meeting.cancelled)
    .reduce((total, meeting) => total + (meeting.endMinute - meeting.startMinute) * daysOf(meeting).length, 0);
}
