/**
 * The registrar's class-schedule download (one CSV per term, 32 columns) read into sections: one row per instructor
 * and meeting pattern of a section, folded into one section with its instructors and meetings. The CSV is read by
 * csv-parse, which keeps quoted line breaks in Notes; a row that cannot be read is skipped with its reason.
 */
import { parse } from "csv-parse/sync";
import { termName } from "../../lib/term-codes.ts";

/** A section as the file gives it, before it is matched to a catalog course. */
export type ScheduleSection = {
  /** The record (row of the file, the header not counted) that first names the section; 0 when not from a file. */
  record: number;
  term: number;
  college: string;
  department: string;
  number: string;
  section: string;
  classNumber: number | null;
  enrollment: boolean;
  status: "active" | "cancelled" | "stopped";
  capacity: number | null;
  enrolled: number | null;
  waitCapacity: number | null;
  waitlist: number | null;
  creditsMin: number | null;
  creditsMax: number | null;
  mode: string | null;
  notes: string | null;
  finalExam: boolean | null;
  instructors: { lastName: string; firstName: string }[];
  meetings: ScheduleMeeting[];
};

export type ScheduleMeeting = {
  days: string;
  startMinute: number | null;
  endMinute: number | null;
  room: string | null;
  startDate: string | null;
  endDate: string | null;
};

/**
 * A section with what its source did not say left empty (no seats, credits or class number, active, to register for,
 * not from a file): the bulletin, the demo schedule and tests give the rest.
 */
export function scheduleSection(
  fields: Pick<ScheduleSection, "term" | "college" | "department" | "number" | "section"> & Partial<ScheduleSection>,
): ScheduleSection {
  return {
    record: 0,
    classNumber: null,
    enrollment: true,
    status: "active",
    capacity: null,
    enrolled: null,
    waitCapacity: null,
    waitlist: null,
    creditsMin: null,
    creditsMax: null,
    mode: null,
    notes: null,
    finalExam: null,
    instructors: [],
    meetings: [],
    ...fields,
  };
}

/** A row left out, by its record number in the file (the header not counted) and why. */
export type SkippedRow = { record: number; reason: string };

export type ParsedSchedule = { rows: number; sections: ScheduleSection[]; skipped: SkippedRow[] };

const COLUMNS = [
  "Term",
  "Subject Area",
  "Catalog Nbr",
  "Class Section",
  "Class Nbr",
  "Instructor's Last Name",
  "Instructor's First Name",
  "Credit Hours",
  "Days Of The Week",
  "Start Time",
  "End Time",
  "Facil ID",
  "Meeting Start Date",
  "Meeting End Date",
  "Cap Enrl",
  "Wait Cap",
  "Tot Enrl",
  "Wait Tot",
  "Class Stat",
  "Class Type",
  "Mode",
  "Notes",
  "Final Exam",
] as const;

type Row = Record<(typeof COLUMNS)[number], string>;

/** The file is not a class-schedule download at all: a message for the operator, not a skipped row. */
export class ScheduleFileError extends Error {}

const DAY_LETTERS: Record<string, string> = { Mon: "M", Tue: "T", Wed: "W", Thu: "R", Fri: "F", Sat: "S", Sun: "U" };
const WEEK_ORDER = "MTWRFSU";
const STATUSES: Record<string, ScheduleSection["status"]> = {
  "Active": "active",
  "Cancelled": "cancelled",
  "Stop Enrl": "stopped",
};

/** Day letters ("R", "M", "T", "M") once each, in week order ("MTR"). */
export function inWeekOrder(letters: Iterable<string>): string {
  return [...new Set(letters)].sort((a, b) => WEEK_ORDER.indexOf(a) - WEEK_ORDER.indexOf(b)).join("");
}

/** "Mon Wed Fri" → "MWF"; null when a word is not a day. */
export function dayLetters(text: string): string | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const letters = words.map((word) => DAY_LETTERS[word]);
  if (letters.some((letter) => letter === undefined)) return null;
  return inWeekOrder(letters);
}

/** "01:25PM" → 805 (minutes after midnight); null when unreadable. */
export function minutesOf(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})\s*([AP])M$/i.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  return (hour % 12 + (match[3].toUpperCase() === "P" ? 12 : 0)) * 60 + minute;
}

/**
 * A meeting's start and end ("01:25PM", "02:15PM"; either may be empty) in minutes after midnight, or why they cannot
 * be read: a time that is not one, or an end before the start.
 */
export function timeSpan(
  start: string,
  end: string,
): { startMinute: number | null; endMinute: number | null } | { problem: string } {
  const startMinute = start ? minutesOf(start) : null;
  const endMinute = end ? minutesOf(end) : null;
  if ((start && startMinute === null) || (end && endMinute === null)) {
    return { problem: `unreadable time: ${start || "(none)"} to ${end || "(none)"}` };
  }
  if (startMinute !== null && endMinute !== null && endMinute <= startMinute) {
    return { problem: `unreadable time: ${start} to ${end} ends before it starts` };
  }
  return { startMinute, endMinute };
}

/** "4.0" → [4, 4]; "VAR 2.0 to 12.0" → [2, 12]; anything else → nulls. */
export function creditsOf(text: string): [number | null, number | null] {
  const variable = /^VAR\s+(\d*\.?\d+)\s+to\s+(\d*\.?\d+)$/i.exec(text.trim());
  if (variable) return [Number(variable[1]), Number(variable[2])];
  const fixed = /^(\d*\.?\d+)$/.exec(text.trim());
  return fixed ? [Number(fixed[1]), Number(fixed[1])] : [null, null];
}

/** "09/02/2026" → "2026-09-02"; null when empty or unreadable. */
function isoDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
}

function count(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * The notes as plain text: a link becomes its text and its address, other markup goes, and the replacement character
 * the download carries where the registrar wrote an en dash becomes one again.
 */
export function plainNotes(text: string): string | null {
  const plain = text
    .replace(
      /<a\b[^>]*href\s*=\s*"([^"]*)"[^>]*>(.*?)<\/a>/gis,
      (_, href: string, label: string) => `${label} (${href})`,
    )
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/\uFFFD/g, "–")
    .replace(/[ \t]+\n/g, "\n")
    .trim();
  return plain || null;
}

/** "CASCS" → CAS and CS: the college is the first three letters, the department the rest. */
function subjectParts(subject: string): [string, string] | null {
  const match = /^([A-Z]{3})([A-Z]{2,4})$/.exec(subject.trim());
  return match ? [match[1], match[2]] : null;
}

/** Reads a class-schedule download; throws ScheduleFileError when it is not one. */
export function parseRegistrarCsv(text: string): ParsedSchedule {
  let records: Row[];
  try {
    records = parse(text, { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true }) as Row[];
  } catch (error) {
    throw new ScheduleFileError(`Not a readable CSV file: ${error instanceof Error ? error.message : error}`);
  }
  const header = records.length ? Object.keys(records[0]) : [];
  const missing = COLUMNS.filter((column) => !header.includes(column));
  if (!records.length || missing.length) {
    throw new ScheduleFileError(
      records.length
        ? `Not a class-schedule download: no column ${missing.map((column) => `"${column}"`).join(", ")}`
        : "The file has no rows.",
    );
  }

  const skipped: SkippedRow[] = [];
  const sections = new Map<string, ScheduleSection>();
  records.forEach((row, index) => {
    const record = index + 1;
    const skip = (reason: string) => void skipped.push({ record, reason });
    const term = Number(row["Term"]);
    if (!termName(term)) return skip(`unknown term: ${row["Term"]}`);
    const subject = subjectParts(row["Subject Area"]);
    const number = row["Catalog Nbr"].trim();
    const section = row["Class Section"].trim();
    if (!subject || !number || !section) {
      return skip(`unreadable course or section: "${row["Subject Area"]}" "${number}" "${section}"`);
    }
    const status = STATUSES[row["Class Stat"].trim()];
    if (!status) return skip(`unknown class status: ${row["Class Stat"]}`);
    const type = row["Class Type"].trim();
    if (type !== "Enrollment" && type !== "Non-Enroll") return skip(`unknown class type: ${type}`);
    const days = dayLetters(row["Days Of The Week"]);
    if (days === null) return skip(`unreadable days: ${row["Days Of The Week"]}`);
    const span = timeSpan(row["Start Time"].trim(), row["End Time"].trim());
    if ("problem" in span) return skip(span.problem);
    const { startMinute, endMinute } = span;

    const key = `${term} ${subject.join(" ")} ${number} ${section}`;
    let found = sections.get(key);
    if (!found) {
      const [creditsMin, creditsMax] = creditsOf(row["Credit Hours"]);
      const finalExam = row["Final Exam"].trim();
      found = {
        record,
        term,
        college: subject[0],
        department: subject[1],
        number,
        section,
        classNumber: count(row["Class Nbr"]),
        enrollment: type === "Enrollment",
        status,
        capacity: count(row["Cap Enrl"]),
        enrolled: count(row["Tot Enrl"]),
        waitCapacity: count(row["Wait Cap"]),
        waitlist: count(row["Wait Tot"]),
        creditsMin,
        creditsMax,
        mode: row["Mode"].trim() || null,
        notes: plainNotes(row["Notes"]),
        finalExam: finalExam === "Yes" ? true : finalExam === "No" ? false : null,
        instructors: [],
        meetings: [],
      };
      sections.set(key, found);
    }
    const lastName = row["Instructor's Last Name"].trim();
    const firstName = row["Instructor's First Name"].trim();
    if (lastName && !found.instructors.some((i) => i.lastName === lastName && i.firstName === firstName)) {
      found.instructors.push({ lastName, firstName });
    }
    const room = row["Facil ID"].trim();
    const meeting: ScheduleMeeting = {
      days,
      startMinute,
      endMinute,
      room: room && room !== "NO ROOM" ? room : null,
      startDate: isoDate(row["Meeting Start Date"]),
      endDate: isoDate(row["Meeting End Date"]),
    };
    const same = (m: ScheduleMeeting) =>
      m.days === meeting.days && m.startMinute === meeting.startMinute && m.endMinute === meeting.endMinute &&
      m.room === meeting.room && m.startDate === meeting.startDate && m.endDate === meeting.endDate;
    // A row with no days, times or room (directed study, a cancelled section) names no meeting.
    const empty = !days && startMinute === null && !meeting.room;
    if (!empty && !found.meetings.some(same)) found.meetings.push(meeting);
  });
  return { rows: records.length, sections: [...sections.values()], skipped };
}

/**
 * Which sections each companion (discussion, lab) goes with: the enrollment sections of its course and term whose
 * section starts with the same letter (A2 and A3 with A1, the "A" lecture). A companion whose letter no enrollment
 * section shares goes with any of them, which the data does not link.
 */
export function companionLinks<T extends { section: string; enrollment: boolean }>(sectionsOfCourse: T[]): [T, T][] {
  const links: [T, T][] = [];
  for (const companion of sectionsOfCourse.filter((s) => !s.enrollment)) {
    for (const lecture of sectionsOfCourse) {
      if (lecture.enrollment && lecture.section[0] === companion.section[0]) links.push([companion, lecture]);
    }
  }
  return links;
}
