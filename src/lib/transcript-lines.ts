/**
 * Pasted course lists read line by line: BU's unofficial transcript ("CAS PH150 Introduction to Ethics  A-  4.00"
 * under "FALL 2023"), a degree audit ("FA23 CASCS111 4.0 A INTRO COMP SCI 1"), or codes typed by hand ("CS 111,
 * cs112"). Each line gives the course codes on it, each with what its grade says when the grade means it was not
 * completed (withdrawn, in progress, failed, incomplete, no credit, audit); titles, grades, credits, section letters
 * and term headings are passed over, and a line with no code is either one of a transcript's own lines (a term, totals,
 * a header) or a line not understood. Which codes are courses is the catalog's to say
 * (src/services/courses/course-codes.ts).
 */
import { courseCodeQuery } from "./search-words.ts";

/** Why a course on a line was not completed, as its grade says. */
export type NotCompleted = "withdrawn" | "in progress" | "failed" | "incomplete" | "no credit" | "audit";

export type TranscriptCode = { text: string; notCompleted?: NotCompleted };

export type TranscriptLine =
  /** A line naming courses (the codes as written). */
  | { kind: "courses"; line: string; codes: TranscriptCode[] }
  /** One of a transcript's or an audit's own lines: a term, totals, a header; or a list of courses to choose from. */
  | { kind: "passed"; line: string }
  /** A line with no course code that is none of those. */
  | { kind: "unknown"; line: string };

/** Grades that say a course was not completed. The letters of passing grades (A to D, P, CR, TR) say nothing here. */
const NOT_COMPLETED: ReadonlyMap<string, NotCompleted> = new Map([
  ["w", "withdrawn"],
  ["wd", "withdrawn"],
  ["wf", "withdrawn"],
  ["wp", "withdrawn"],
  ["ip", "in progress"],
  ["inp", "in progress"],
  ["inprogress", "in progress"],
  ["f", "failed"],
  ["inc", "incomplete"],
  ["nc", "no credit"],
  ["np", "no credit"],
  ["au", "audit"],
]);

/** A term heading: "FALL 2023", "Spring Term 2024", "Summer 1 2024", "2023 Fall", "FA23", "SPRG 2024". */
const TERM_HEADING =
  /^(?:(?:fall|spring|summer|winter|fa|fl|sp|spr|spg|spring|sprg|su|sum|wi|win)(?:\s*(?:term|semester|session|i{1,2}|[12]))?\s*'?\d{2,4}|\d{4}\s*(?:fall|spring|summer|winter))\b/i;
/** The other lines of a transcript or an audit: totals, headers, the student's and the school's details. */
const OWN_LINES =
  /\b(?:gpa|credits?|units|hours|totals?|cumulative|attempted|earned|quality points|academic standing|dean'?s list|good standing|course|title|grade|subject|catalog|boston university|unofficial|transcript|student|name|program|plan|major|minor|degree|college of|school of|page \d+|printed|date|advisor|university|institution|transfer|advanced placement|hub|requirements?|satisfied|complete|completed|in.progress|not taken|needs|planned|overview|summary|term|semester|session)\b/i;
/** Lines that list courses to choose from, not courses taken (a degree audit's "Select from:"). */
const CHOICES = /^\s*(?:select|choose|needs?|course list|not (?:yet )?taken|still needed|options?)\b/i;

/** A course number: three digits, maybe a letter (BU's numbers; two-digit years and credits are not numbers). */
const NUMBER = /\d{3}[a-z]?$/i;

/** The words of a line (letters and digits), with where each starts. */
function wordsOf(line: string): { word: string; start: number; end: number; initial: boolean }[] {
  return [...line.matchAll(/[\p{L}\p{N}]+(?:[-.'][\p{L}\p{N}]+)*[+-]?/gu)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
    // "W. E. B. Du Bois": a letter with a full stop after it is an initial, not a grade.
    initial: line[m.index + m[0].length] === ".",
  }));
}

/** Words that may stand before a code but are not a college ("and econ 101", "the CS 111"). */
const NOT_COLLEGES = new Set([
  "and",
  "the",
  "for",
  "not",
  "but",
  "via",
  "per",
  "see",
  "all",
  "any",
  "one",
  "two",
  "new",
]);

/** Whether words written like this could be a course code: the forms `courseCodeQuery` reads, ending in a number. */
function codeLike(words: string[]): boolean {
  if (!NUMBER.test(words.at(-1)!)) return false;
  if (words.length === 3 && NOT_COLLEGES.has(words[0].toLowerCase())) return false;
  return courseCodeQuery(words.join(" ").replace(/-/g, " ")) !== null;
}

/**
 * The course codes on a line as written, in any common form ("CAS CS 111", "CASCS111", "cs-111", "econ 101"), each
 * with what the grades after it say (the words up to the next code). The codes `isCourse` knows are found first, the
 * longest at each place; then what else is written like a code, which names no course.
 */
function codesOn(line: string, isCourse: (code: string) => boolean): TranscriptCode[] {
  const words = wordsOf(line);
  const taken = new Array<boolean>(words.length).fill(false);
  const found: { text: string; at: number; after: number }[] = [];
  for (const known of [true, false]) {
    for (let i = 0; i < words.length;) {
      let length = 0;
      for (let n = Math.min(3, words.length - i); n >= 1 && !length; n--) {
        if (taken.slice(i, i + n).some(Boolean)) continue;
        const run = words.slice(i, i + n);
        const text = line.slice(run[0].start, run[n - 1].end);
        if (!codeLike(run.map((w) => w.word)) || (known && !isCourse(text))) continue;
        found.push({ text, at: i, after: i + n });
        taken.fill(true, i, i + n);
        length = n;
      }
      i += length || 1;
    }
  }
  found.sort((a, b) => a.at - b.at);
  return found.map((code, k) => {
    const until = k + 1 < found.length ? found[k + 1].at : words.length;
    const rest = words.slice(code.after, until).filter((w) => !w.initial).map((w) =>
      w.word.toLowerCase().replace(/[+-]$/, "")
    );
    const joined = rest.join("").replace(/[^a-z]/g, "");
    const notCompleted = rest.map((w) => NOT_COMPLETED.get(w)).find(Boolean) ??
      (joined.includes("inprogress") ? "in progress" : undefined);
    return notCompleted ? { text: code.text, notCompleted } : { text: code.text };
  });
}

/**
 * The pasted text's lines, each read. `isCourse` says which codes the catalog knows (every code-like text when not
 * given): those are found before anything else written like a code.
 */
export function readTranscript(text: string, isCourse: (code: string) => boolean = () => true): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const raw of text.split(/\r?\n|\r/)) {
    const line = raw.replace(/\s+/g, " ").trim().replace(/^[-•*·]\s*/, "");
    if (!line || /^[\s\d.,:;+\-/()|_=*#]*$/.test(line)) continue;
    if (CHOICES.test(line)) {
      lines.push({ kind: "passed", line });
      continue;
    }
    const codes = codesOn(line, isCourse);
    if (codes.length) lines.push({ kind: "courses", line, codes });
    else if (TERM_HEADING.test(line) || OWN_LINES.test(line) || /^[a-f][+-]?$/i.test(line)) {
      lines.push({ kind: "passed", line });
    } else {
      // Several things typed on one line by hand ("zz 999, not a code"): each piece is said apart.
      for (const piece of line.split(/\s*[,;]\s*|\s+(?:and|or|&)\s+/i).filter(Boolean)) {
        lines.push({ kind: "unknown", line: piece.replace(/[.)]+$/, "") });
      }
    }
  }
  return lines;
}
