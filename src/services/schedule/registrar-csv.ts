/**
 * The registrar's class-schedule download (one CSV per term, 32 columns) read into sections: one row per instructor
 * and meeting pattern of a section, folded into one section with its instructors and meetings. The file's bytes are
 * decoded as their encoding says (src/lib/file-encoding.ts), the CSV is read by csv-parse, which keeps quoted line
 * breaks in Notes, and every column that is stored is held to its real shape and length by one schema (`rowSchema`):
 * a row that fails is skipped with "<column>: <reason>" for each fault, a note longer than 2,000 characters is cut
 * and says so. A file that cannot be read at all (cut mid-row, no class-schedule header, an encoding that cannot be
 * told) throws a ScheduleFileError of one line.
 */
import { parse } from "csv-parse/sync";
import { z } from "zod";
import { decodeText, EncodingError, type TextEncodingName } from "../../lib/file-encoding.ts";
import { htmlToText } from "../../lib/html-text.ts";
import { termName } from "../../lib/term-codes.ts";
import { formatCount, hasControlCharacters, hasLineBreaks, textLength } from "../../lib/text.ts";

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

/** A row left out, by its record number in the file (the header not counted) and why: "<column>: <reason>". */
export type SkippedRow = { record: number; reason: string };

export type ParsedSchedule = {
  rows: number;
  sections: ScheduleSection[];
  skipped: SkippedRow[];
  /** Rows read with a change the report should say: a note cut to its limit. */
  notices: SkippedRow[];
};

/** The longest instructor's name (last or first) stored, in characters as a reader counts them. */
export const NAME_LIMIT = 120;
/** The longest note stored, its cut mark included. */
export const NOTES_LIMIT = 2_000;
/** What ends a note cut to NOTES_LIMIT. */
export const CUT_MARK = "… (cut)";
/** The longest room (Facil ID) or mode stored. */
const SHORT_TEXT_LIMIT = 40;
/** Seats and waitlists: whole numbers up to this. */
const MOST_SEATS = 99_999;
const MOST_CLASS_NUMBER = 999_999;
const MOST_CREDITS = 40;

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

type Column = (typeof COLUMNS)[number];

/** The file cannot be read as a class-schedule download at all: one line for the operator, not a skipped row. */
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

/**
 * "4.0" → [4, 4]; "VAR 2.0 to 12.0" → [2, 12]; anything else → nulls. Only short texts are tried: the expression
 * backtracks through a long run of digits once for every digit.
 */
export function creditsOf(text: string): [number | null, number | null] {
  const trimmed = text.trim();
  if (trimmed.length > 32) return [null, null];
  const variable = /^VAR\s+(\d*\.?\d+)\s+to\s+(\d*\.?\d+)$/i.exec(trimmed);
  if (variable) return [Number(variable[1]), Number(variable[2])];
  const fixed = /^(\d*\.?\d+)$/.exec(trimmed);
  return fixed ? [Number(fixed[1]), Number(fixed[1])] : [null, null];
}

/**
 * The notes as plain text: a link becomes its text and its address, other markup goes (in one pass, whatever the
 * markup: src/lib/html-text.ts), the replacement character the download carries where the registrar wrote an en dash
 * becomes one again, and characters no reader sees are dropped.
 */
export function plainNotes(text: string): string | null {
  const plain = htmlToText(text)
    .replace(/\uFFFD/g, "–")
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
    .trim();
  return plain || null;
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * How many characters `text` has as a reader counts them, when that is at most `atMost` (its UTF-16 length when that
 * is); otherwise `atMost` + 1, counting no further.
 */
function charactersUpTo(text: string, atMost: number): number {
  // Never more characters than UTF-16 units.
  if (text.length <= atMost) return text.length;
  let n = 0;
  for (const _ of graphemes.segment(text)) if (++n > atMost) break;
  return n;
}

/** `text` cut to `limit` characters that end with the cut mark; `had` is how many it had. */
function cutNotes(text: string): { text: string; had: number | null } {
  if (charactersUpTo(text, NOTES_LIMIT) <= NOTES_LIMIT) return { text, had: null };
  const keep = NOTES_LIMIT - [...CUT_MARK].length;
  let n = 0;
  let end = 0;
  let had = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    had++;
    if (n < keep) {
      n++;
      end = index + segment.length;
    }
  }
  return { text: text.slice(0, end) + CUT_MARK, had };
}

/** A value as a report shows it: quoted, its control characters escaped, cut after 40 characters. */
function shown(value: string): string {
  const characters = [...value];
  return characters.length > 40 ? `${JSON.stringify(characters.slice(0, 40).join("")).slice(0, -1)}…"` : JSON.stringify(
    value,
  );
}

/** One column's rule: the value, or why it is not one. Values come trimmed. */
type Rule<T> = (value: string) => { value: T } | { problem: string };

function column<T>(rule: Rule<T>) {
  return z.string().transform((text, context) => {
    const read = rule(text.trim());
    if ("problem" in read) {
      context.issues.push({ code: "custom", message: read.problem, input: text });
      return z.NEVER;
    }
    return read.value;
  });
}

const ok = <T>(value: T) => ({ value });
const no = (problem: string) => ({ problem });

const term: Rule<number> = (text) =>
  /^\d{4}$/.test(text) && termName(Number(text))
    ? ok(Number(text))
    : no(`${shown(text)} is not a term (such as 2268, Fall 2026)`);

/** "CASCS" → CAS and CS: the college is the first three letters, the department the rest. */
const subjectArea: Rule<[string, string]> = (text) => {
  const match = /^([A-Z]{3})([A-Z]{2,4})$/.exec(text);
  return match
    ? ok([match[1], match[2]])
    : no(`${shown(text)} is not a subject area (such as CASCS: a college and a department)`);
};

/** The catalog's own rule for a course number (src/services/catalog/catalog.ts). */
const catalogNumber: Rule<string> = (text) =>
  /^\d{1,4}[A-Z]?$/.test(text) ? ok(text) : no(`${shown(text)} is not a course number (such as 111 or 120S)`);

const sectionCode: Rule<string> = (text) =>
  /^[A-Z0-9]{1,4}$/.test(text)
    ? ok(text)
    : no(`${shown(text)} is not a section (such as A1: one to four capital letters and digits)`);

/** A whole number from `least` to `most`, or null when empty. */
function wholeOrEmpty(what: string, least: number, most: number): Rule<number | null> {
  return (text) => {
    if (!text) return ok(null);
    const n = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
    return n >= least && n <= most
      ? ok(n)
      : no(`${shown(text)} is not ${what} (a whole number from ${formatCount(least)} to ${formatCount(most)})`);
  };
}

/** Text of one line of at most `limit` characters, or null when empty. */
function lineOrEmpty(limit: number): Rule<string | null> {
  return (text) => {
    const length = charactersUpTo(text, limit);
    if (length > limit) return no(`longer than ${limit} characters (${formatCount(textLength(text))})`);
    if (hasControlCharacters(text) || hasLineBreaks(text)) return no("has a control character or a line break");
    return ok(text || null);
  };
}

const name: Rule<string> = (text) => {
  const read = lineOrEmpty(NAME_LIMIT)(text);
  return "problem" in read ? read : ok(read.value ?? "");
};

const credits: Rule<[number | null, number | null]> = (text) => {
  if (!text) return ok([null, null]);
  const [min, max] = creditsOf(text);
  return min !== null && max !== null && min <= max && max <= MOST_CREDITS
    ? ok([min, max])
    : no(`${shown(text)} is not credits (such as 4.0, or VAR 2.0 to 12.0)`);
};

const days: Rule<string> = (text) => {
  const letters = dayLetters(text);
  return letters === null ? no(`${shown(text)} is not days of the week (such as Mon Wed Fri)`) : ok(letters);
};

const time: Rule<number | null> = (text) => {
  if (!text) return ok(null);
  const minute = minutesOf(text);
  return minute === null ? no(`${shown(text)} is not a time of day (such as 01:25PM)`) : ok(minute);
};

/** "09/02/2026" → "2026-09-02", a day the calendar has; null when empty. */
const date: Rule<string | null> = (text) => {
  if (!text) return ok(null);
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return no(`${shown(text)} is not a date written MM/DD/YYYY`);
  const [month, day, year] = match.slice(1).map(Number);
  const real = new Date(Date.UTC(year, month - 1, day));
  if (real.getUTCFullYear() !== year || real.getUTCMonth() !== month - 1 || real.getUTCDate() !== day) {
    return no(`${shown(text)} is not a day of the calendar`);
  }
  return ok(`${match[3]}-${match[1]}-${match[2]}`);
};

function oneOf<T>(values: Record<string, T>, what: string): Rule<T> {
  return (text) => Object.hasOwn(values, text) ? ok(values[text]) : no(`${shown(text)} is not ${what}`);
}

const notes: Rule<{ text: string | null; had: number | null }> = (text) => {
  const plain = plainNotes(text);
  return ok(plain === null ? { text: null, had: null } : cutNotes(plain));
};

/**
 * Every column stored, with its rule, in the file's order; then the rules between columns: an end time after its
 * start, both meeting dates or neither, in order and in or next to the term's year.
 */
const rowSchema = z.object(
  {
    "Term": column(term),
    "Subject Area": column(subjectArea),
    "Catalog Nbr": column(catalogNumber),
    "Class Section": column(sectionCode),
    "Class Nbr": column(wholeOrEmpty("a class number", 1, MOST_CLASS_NUMBER)),
    "Instructor's Last Name": column(name),
    "Instructor's First Name": column(name),
    "Credit Hours": column(credits),
    "Days Of The Week": column(days),
    "Start Time": column(time),
    "End Time": column(time),
    "Facil ID": column(lineOrEmpty(SHORT_TEXT_LIMIT)),
    "Meeting Start Date": column(date),
    "Meeting End Date": column(date),
    "Cap Enrl": column(wholeOrEmpty("a count", 0, MOST_SEATS)),
    "Wait Cap": column(wholeOrEmpty("a count", 0, MOST_SEATS)),
    "Tot Enrl": column(wholeOrEmpty("a count", 0, MOST_SEATS)),
    "Wait Tot": column(wholeOrEmpty("a count", 0, MOST_SEATS)),
    "Class Stat": column(oneOf(STATUSES, "Active, Cancelled or Stop Enrl")),
    "Class Type": column(oneOf({ "Enrollment": true, "Non-Enroll": false }, "Enrollment or Non-Enroll")),
    "Mode": column(lineOrEmpty(SHORT_TEXT_LIMIT)),
    "Notes": column(notes),
    "Final Exam": column(oneOf<boolean | null>({ "Yes": true, "No": false, "": null }, "Yes, No or empty")),
  } satisfies Record<Column, unknown>,
).superRefine((row, context) => {
  const problem = (path: Column, message: string) => context.addIssue({ code: "custom", path: [path], message });
  const [start, end] = [row["Start Time"], row["End Time"]];
  if (start !== null && end !== null && end <= start) {
    problem("End Time", `"${clock(end)}" is not after the Start Time, "${clock(start)}"`);
  }
  const [first, last] = [row["Meeting Start Date"], row["Meeting End Date"]];
  if ((first === null) !== (last === null)) {
    problem(
      first === null ? "Meeting Start Date" : "Meeting End Date",
      `empty while the ${first === null ? "Meeting End Date" : "Meeting Start Date"} is given`,
    );
  } else if (first !== null && last !== null) {
    const year = 2000 + Math.floor((row.Term % 1000) / 10);
    const far = ([["Meeting Start Date", first], ["Meeting End Date", last]] as const).find(([, iso]) =>
      Math.abs(Number(iso.slice(0, 4)) - year) > 1
    );
    if (far) {
      problem(far[0], `${shown(usDate(far[1]))} is not in the year of the term (${termName(row.Term)}) or next to it`);
    } else if (last < first) {
      problem("Meeting End Date", `${shown(usDate(last))} is before the Meeting Start Date, ${shown(usDate(first))}`);
    }
  }
});

type CheckedRow = z.output<typeof rowSchema>;

/** 805 → "01:25PM", as the download writes times. */
function clock(minute: number): string {
  const hour = Math.floor(minute / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(hour % 12 || 12)}:${pad(minute % 60)}${hour < 12 ? "AM" : "PM"}`;
}

/** "2026-09-02" → "09/02/2026", as the download writes dates. */
function usDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** The records of the CSV text, the header first; a ScheduleFileError when the text is not CSV. */
function csvRecords(text: string): string[][] {
  try {
    return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    const { code, lines, message } = error as { code?: string; lines?: number; message?: string };
    if (code === "CSV_QUOTE_NOT_CLOSED") {
      throw new ScheduleFileError(
        `The file ends inside a quoted field that opens on line ${lines}: it looks cut short; download it again.`,
      );
    }
    throw new ScheduleFileError(`Not a readable CSV file: ${String(message ?? error).replace(/\s+/g, " ")}`);
  }
}

/** Reads a class-schedule download's bytes in the encoding they are in; throws ScheduleFileError when it cannot. */
export function parseRegistrarFile(
  bytes: Uint8Array,
): ParsedSchedule & { encoding: TextEncodingName; converted: boolean } {
  let decoded;
  try {
    decoded = decodeText(bytes);
  } catch (error) {
    if (error instanceof EncodingError) throw new ScheduleFileError(error.message);
    throw error;
  }
  return { ...parseRegistrarCsv(decoded.text), encoding: decoded.encoding, converted: decoded.converted };
}

/** Reads a class-schedule download's text; throws ScheduleFileError when it is not one or cannot be read whole. */
export function parseRegistrarCsv(text: string): ParsedSchedule {
  const [header = [], ...records] = csvRecords(text);
  const names = header.map((name) => name.trim());
  const missing = COLUMNS.filter((name) => !names.includes(name));
  if (header.length && missing.length) {
    throw new ScheduleFileError(
      `Not a class-schedule download: no column ${missing.map((name) => `"${name}"`).join(", ")}`,
    );
  }
  const twice = COLUMNS.find((name) => names.indexOf(name) !== names.lastIndexOf(name));
  if (twice) throw new ScheduleFileError(`Not a class-schedule download: the column "${twice}" is in the header twice`);
  if (!records.length) throw new ScheduleFileError("The file has no rows.");
  const last = records.at(-1)!;
  if (last.length < names.length) {
    throw new ScheduleFileError(
      `The file ends in the middle of row ${records.length} (${last.length} of ${names.length} fields): ` +
        "it looks cut short; download it again.",
    );
  }
  const at = Object.fromEntries(COLUMNS.map((name) => [name, names.indexOf(name)])) as Record<Column, number>;

  const skipped: SkippedRow[] = [];
  const notices: SkippedRow[] = [];
  const sections = new Map<string, ScheduleSection>();
  records.forEach((fields, index) => {
    const record = index + 1;
    if (fields.length !== names.length) {
      return void skipped.push({
        record,
        reason: `the row has ${fields.length} fields where the header has ${names.length}`,
      });
    }
    const checked = rowSchema.safeParse(Object.fromEntries(COLUMNS.map((name) => [name, fields[at[name]]])));
    if (!checked.success) {
      const reason = checked.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join("; ");
      return void skipped.push({ record, reason });
    }
    const row = checked.data;
    if (row.Notes.had !== null) {
      notices.push({
        record,
        reason: `Notes: cut to ${formatCount(NOTES_LIMIT)} characters (it had ${formatCount(row.Notes.had)})`,
      });
    }
    fold(sections, row, record);
  });
  return { rows: records.length, sections: [...sections.values()], skipped, notices };
}

/** A checked row into its section: the section's first row gives its fields, every row an instructor and a meeting. */
function fold(sections: Map<string, ScheduleSection>, row: CheckedRow, record: number): void {
  const [college, department] = row["Subject Area"];
  const key = `${row.Term} ${college} ${department} ${row["Catalog Nbr"]} ${row["Class Section"]}`;
  let found = sections.get(key);
  if (!found) {
    const [creditsMin, creditsMax] = row["Credit Hours"];
    found = {
      record,
      term: row.Term,
      college,
      department,
      number: row["Catalog Nbr"],
      section: row["Class Section"],
      classNumber: row["Class Nbr"],
      enrollment: row["Class Type"],
      status: row["Class Stat"],
      capacity: row["Cap Enrl"],
      enrolled: row["Tot Enrl"],
      waitCapacity: row["Wait Cap"],
      waitlist: row["Wait Tot"],
      creditsMin,
      creditsMax,
      mode: row.Mode,
      notes: row.Notes.text,
      finalExam: row["Final Exam"],
      instructors: [],
      meetings: [],
    };
    sections.set(key, found);
  }
  const lastName = row["Instructor's Last Name"];
  const firstName = row["Instructor's First Name"];
  if (lastName && !found.instructors.some((i) => i.lastName === lastName && i.firstName === firstName)) {
    found.instructors.push({ lastName, firstName });
  }
  const room = row["Facil ID"];
  const meeting: ScheduleMeeting = {
    days: row["Days Of The Week"],
    startMinute: row["Start Time"],
    endMinute: row["End Time"],
    room: room && room !== "NO ROOM" ? room : null,
    startDate: row["Meeting Start Date"],
    endDate: row["Meeting End Date"],
  };
  const same = (m: ScheduleMeeting) =>
    m.days === meeting.days && m.startMinute === meeting.startMinute && m.endMinute === meeting.endMinute &&
    m.room === meeting.room && m.startDate === meeting.startDate && m.endDate === meeting.endDate;
  // A row with no days, times or room (directed study, a cancelled section) names no meeting.
  const empty = !meeting.days && meeting.startMinute === null && !meeting.room;
  if (!empty && !found.meetings.some(same)) found.meetings.push(meeting);
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
