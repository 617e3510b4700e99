/**
 * A student's class schedule as an iCalendar file (RFC 5545) for Google Calendar, Apple Calendar or Outlook: one
 * weekly event per meeting pattern, in Boston time, from the first day of classes to the last; a section that will not
 * meet keeps its events, cancelled. Pure text in, text out: the same schedule and `now` always give the same file.
 */
import { BOSTON_TIME_ZONE, isCalendarDate } from "./term-ends.ts";

/** One meeting pattern of a section, as the class schedule gives it. Days are letters in week order: M T W R F S U. */
export type IcsMeeting = {
  /** e.g. "MWF", "TR", "W"; letters that name no day are left out. */
  days: string;
  /** Minutes after midnight, local Boston time (610 = 10:10 AM). */
  startMinute: number;
  endMinute: number;
  room: string | null;
  /** ISO date of the first day of classes, "2026-09-02". */
  startDate: string;
  /** ISO date of the last day, "2026-12-10" (inclusive). */
  endDate: string;
  /** An evening exam pattern: the event says so, since exams fall on only some of its days. */
  exam: boolean;
};

export type IcsSection = {
  /** Stable id, e.g. "2268-930-A1"; each event's UID adds "-<meeting index>@hubrate". */
  uid: string;
  /** e.g. "CAS CS 111 A1". */
  summary: string;
  /** The course title, e.g. "Introduction to Computer Science 1". */
  title: string;
  classNumber: number | null;
  instructors: string[];
  meetings: IcsMeeting[];
  /**
   * Why the section will not meet, when it will not: cancelled by the registrar, or gone from the term's latest
   * schedule. Its events stay in the file, cancelled, so a calendar app that kept them removes them.
   */
  cancelled?: "cancelled" | "gone";
};

const PRODUCT_ID = "-//HubRate//Schedule//EN";
const UID_DOMAIN = "hubrate";
const DAY_MS = 86_400_000;
const EXAM_NOTE = "Evening exam slot: exams fall on some of these days; check the course's syllabus.";
const CANCELLED_NOTE = {
  cancelled: "Cancelled: this section will not meet.",
  gone: "Cancelled: this section is no longer in the term's class schedule.",
};

/** The schedule's day letters in week order, with RFC 5545's day names and JavaScript's day numbers (0 = Sunday). */
const WEEK = [
  { letter: "M", byDay: "MO", weekday: 1 },
  { letter: "T", byDay: "TU", weekday: 2 },
  { letter: "W", byDay: "WE", weekday: 3 },
  { letter: "R", byDay: "TH", weekday: 4 },
  { letter: "F", byDay: "FR", weekday: 5 },
  { letter: "S", byDay: "SA", weekday: 6 },
  { letter: "U", byDay: "SU", weekday: 0 },
];

/**
 * Boston's time zone under the US rules in force since 2007: daylight time from 2:00 on the second Sunday of March to
 * 2:00 on the first Sunday of November. Written out so that a calendar needs no time zone database of its own.
 */
const BOSTON_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${BOSTON_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "TZNAME:EDT",
  "DTSTART:20070311T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "TZNAME:EST",
  "DTSTART:20071104T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/**
 * The calendar, named `name`, of `sections`' meetings. Meetings with no days, or none of whose days fall between
 * their first and last date, are left out, and so are meetings that cannot be placed: a date that is not a real
 * YYYY-MM-DD day, a last date before the first, a time that is not a minute of the day or an end not after the start
 * (stored by an import of an older release: a calendar file is still made of the rest). `now` is the DTSTAMP of every
 * event.
 */
export function scheduleCalendar(input: { name: string; sections: IcsSection[]; now: Date }): string {
  const stamp = utcStamp(input.now.getTime());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODUCT_ID}`,
    "CALSCALE:GREGORIAN",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    `X-WR-TIMEZONE:${BOSTON_TIME_ZONE}`,
    ...BOSTON_VTIMEZONE,
  ];
  for (const section of input.sections) {
    section.meetings.forEach((meeting, index) => lines.push(...meetingEvent(section, meeting, index, stamp)));
  }
  lines.push("END:VCALENDAR");
  return lines.map(fold).map((line) => `${line}\r\n`).join("");
}

/**
 * The VEVENT of one meeting pattern, or nothing when it never meets. `index` is the pattern's place in the section,
 * so a section's UIDs stay the same when one of its patterns is skipped.
 */
function meetingEvent(section: IcsSection, meeting: IcsMeeting, index: number, stamp: string): string[] {
  const days = WEEK.filter((day) => meeting.days.includes(day.letter));
  if (days.length === 0) return [];
  const first = dayNumber(meeting.startDate);
  const last = dayNumber(meeting.endDate);
  if (first === null || last === null || last < first) return [];
  if (!isMinute(meeting.startMinute) || !isMinute(meeting.endMinute) || meeting.endMinute <= meeting.startMinute) {
    return [];
  }
  // The first date on or after the first day of classes that is one of the pattern's days.
  let date = first;
  while (!days.some((day) => day.weekday === weekday(date))) date++;
  if (date > last) return [];

  const description = [
    section.cancelled ? CANCELLED_NOTE[section.cancelled] : null,
    section.title,
    section.classNumber === null ? null : `Class number ${section.classNumber}`,
    section.instructors.length === 0
      ? null
      : `${section.instructors.length === 1 ? "Instructor" : "Instructors"}: ${section.instructors.join(", ")}`,
    meeting.exam ? EXAM_NOTE : null,
  ].filter((line) => line !== null && line !== "").join("\n");
  const room = meeting.room?.trim();
  const summary = meeting.exam ? `${section.summary} exam` : section.summary;

  return [
    "BEGIN:VEVENT",
    `UID:${escapeText(`${section.uid}-${index}@${UID_DOMAIN}`)}`,
    `DTSTAMP:${stamp}`,
    // A cancelled event is a newer version of the one a calendar app may have: RFC 5546 tells it by the sequence.
    ...(section.cancelled ? ["STATUS:CANCELLED", "SEQUENCE:1"] : []),
    `DTSTART;TZID=${BOSTON_TIME_ZONE}:${localStamp(date, meeting.startMinute)}`,
    `DTEND;TZID=${BOSTON_TIME_ZONE}:${localStamp(date, meeting.endMinute)}`,
    `RRULE:FREQ=WEEKLY;BYDAY=${days.map((day) => day.byDay).join(",")};UNTIL=${lastSecondUtc(last)}`,
    `SUMMARY:${escapeText(section.cancelled ? `${summary} (cancelled)` : summary)}`,
    ...(room ? [`LOCATION:${escapeText(room)}`] : []),
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    `CATEGORIES:${meeting.exam ? "EXAM" : "CLASS"}`,
    "END:VEVENT",
  ];
}

/**
 * Days since 1970-01-01 of a YYYY-MM-DD date, so that dates step and compare as whole numbers; null when it is not a
 * day of the calendar.
 */
function dayNumber(date: string): number | null {
  if (typeof date !== "string" || !isCalendarDate(date)) return null;
  const [year, month, day] = date.split("-").map(Number);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** A minute of the day, 0 to 1439. */
function isMinute(minute: number): boolean {
  return Number.isInteger(minute) && minute >= 0 && minute < 24 * 60;
}

/** 0 = Sunday, as Date's days. */
const weekday = (day: number) => new Date(day * DAY_MS).getUTCDay();

const pad = (n: number) => String(n).padStart(2, "0");

/** "20260902" of a day number. */
function basicDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll("-", "");
}

/** A floating local time, "20260902T101000", read in the TZID it is written with. */
function localStamp(day: number, minute: number): string {
  return `${basicDate(day)}T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00`;
}

/** An instant in UTC, "20260820T120000Z". */
function utcStamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z").replaceAll(/[-:]/g, "");
}

/** The date of the `n`th Sunday of `month` (1–12) of `year`, as a day number. */
function nthSunday(year: number, month: number, n: number): number {
  const firstOfMonth = Date.UTC(year, month - 1, 1) / DAY_MS;
  return firstOfMonth + (7 - weekday(firstOfMonth)) % 7 + 7 * (n - 1);
}

/**
 * 23:59:59 in Boston on `day`, in UTC: RFC 5545 wants UNTIL in UTC when DTSTART has a TZID. Daylight time by the
 * rules of the VTIMEZONE above, so the two cannot disagree; at 23:59:59 the day of either change is already past it.
 */
function lastSecondUtc(day: number): string {
  const year = new Date(day * DAY_MS).getUTCFullYear();
  const daylight = day >= nthSunday(year, 3, 2) && day < nthSunday(year, 11, 1);
  const offsetHours = daylight ? 4 : 5;
  return utcStamp(day * DAY_MS + ((23 + offsetHours) * 3600 + 59 * 60 + 59) * 1000);
}

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as \n. Other control
 * characters are not allowed in a TEXT value, so they are dropped.
 */
function escapeText(value: string): string {
  return value
    .replaceAll("\\", "\\\\")
    .replaceAll(";", "\\;")
    .replaceAll(",", "\\,")
    .replaceAll(/\r\n|\r|\n/g, "\\n")
    // deno-lint-ignore no-control-regex
    .replaceAll(/[\x00-\x08\x0b-\x1f\x7f]/g, "");
}

/** The UTF-8 length of one code point. */
function octets(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/**
 * A content line folded at 75 octets (RFC 5545 3.1): each break is CRLF and one space, and the space counts in the
 * next line's 75. Breaks fall between characters, never inside a multi-byte one.
 */
function fold(line: string): string {
  const pieces: string[] = [];
  let piece = "";
  let length = 0;
  for (const char of line) {
    const size = octets(char);
    if (length + size > 75) {
      pieces.push(piece);
      piece = " ";
      length = 1;
    }
    piece += char;
    length += size;
  }
  pieces.push(piece);
  return pieces.join("\r\n");
}
