/**
 * Pasted course lists read line by line: BU's unofficial transcript ("CAS PH150 Introduction to Ethics  A-  4.00"
 * under "FALL 2023"), a degree audit ("FA23 CASCS111 4.0 A INTRO COMP SCI 1"), or codes typed by hand ("CS 111,
 * cs112"). Each line gives the course codes on it, each with what its grade says when the grade means it was not
 * completed (withdrawn, in progress, failed, incomplete, no credit, audit, or no grade yet in a transcript); titles,
 * grades, credits, section letters and term headings are passed over, and a line with no code is either one of a
 * transcript's own lines (a term, totals, a header) or a line not understood. Which codes are courses is the
 * catalog's to say (src/services/courses/course-codes.ts).
 */
import { courseCodeQuery } from "./search-words.ts";

/** Why a course on a line was not completed, as its grade (or its missing grade) says. */
export type NotCompleted =
  | "withdrawn"
  | "in progress"
  | "failed"
  | "incomplete"
  | "no credit"
  | "audit"
  | "no grade";

export type TranscriptCode = { text: string; notCompleted?: NotCompleted };

export type TranscriptLine =
  /** A line naming courses (the codes as written). */
  | { kind: "courses"; line: string; codes: TranscriptCode[] }
  /** One of a transcript's or an audit's own lines: a term, totals, a header; or a list of courses to choose from. */
  | { kind: "passed"; line: string }
  /** A line with no course code that is none of those. */
  | { kind: "unknown"; line: string };

/** A code with whether a grade stands beside it, while the lines are read. */
type ReadCode = { text: string; graded: boolean; notCompleted?: NotCompleted };

/** Grades that say a course was not completed. */
const NOT_COMPLETED: ReadonlyMap<string, NotCompleted> = new Map([
  ["w", "withdrawn"],
  ["wd", "withdrawn"],
  ["wf", "withdrawn"],
  ["wp", "withdrawn"],
  ["ip", "in progress"],
  ["inp", "in progress"],
  ["f", "failed"],
  ["inc", "incomplete"],
  ["nc", "no credit"],
  ["np", "no credit"],
  ["au", "audit"],
]);
/** The passing grades, and the letters of a credit without a grade (transfer, pass). */
const PASSING = /^(?:[a-d][+-]?|p|cr|tr|t|s|pass)$/;
/** Credits ("4.00", "4") and a section ("A1", "B2"): they stand beside grades. */
const BESIDE_GRADES = /^(?:\d{1,2}(?:\.\d+)?|[a-z]\d)$/;

/** A term heading: "FALL 2023", "Spring Term 2024", "Summer 1 2024", "2023 Fall", "FA23", "SPRG 2024". */
const TERM_HEADING =
  /^(?:(?:fall|spring|summer|winter|fa|fl|sp|spr|spg|sprg|su|sum|wi|win)(?:\s*(?:term|semester|session|i{1,2}|[12]))?\s*'?\d{2,4}|\d{4}\s*(?:fall|spring|summer|winter))\b/i;
/** The other lines of a transcript or an audit: totals, headers, the student's and the school's details. */
const OWN_LINES =
  /\b(?:gpa|credits?|units|hours|totals?|cumulative|attempted|earned|quality points|academic standing|dean'?s list|good standing|course|title|grade|subject|catalog|boston university|unofficial|transcript|student|name|program|plan|major|minor|degree|college of|school of|page \d+|printed|date|advisor|university|institution|transfer|advanced placement|hub|requirements?|satisfied|complete|completed|in.progress|not taken|needs|planned|overview|summary|term|semester|session)\b/i;
/** Lines that list courses to choose from, not courses taken (a degree audit's "Select from:"). */
const CHOICES = /^\s*(?:select|choose|needs?|course list|not (?:yet )?taken|still needed|options?)\b/i;
/** Words before a line's first code that say its codes are choices ("1 course needed CAS CS 210 or CAS CS 237"). */
const CHOICE_WORDS = /\b(?:needed|needs?|select|choose|from|options?)\b/i;

/** A course number: three digits, maybe a letter (BU's numbers; two-digit years and credits are not numbers). */
const NUMBER = /\d{3}[a-z]?$/i;
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
/** Words that look like a code's letters before a number but are a transcript's totals ("Hours 128", "Total 128"). */
const NOT_CODES = new Set(["hours", "total", "units", "credits", "points", "grade", "level", "page", "term", "year"]);

/** The words of a line (letters and digits), with where each stands. */
function wordsOf(line: string): { word: string; start: number; end: number; initial: boolean }[] {
  return [...line.matchAll(/[\p{L}\p{N}]+(?:[-.'][\p{L}\p{N}]+)*[+-]?/gu)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
    // "W. E. B. Du Bois": a letter with a full stop after it is an initial, not a grade.
    initial: line[m.index + m[0].length] === ".",
  }));
}

/**
 * Whether words written like this could be a course code: the forms `courseCodeQuery` reads, ending in a number.
 * `unknown`: a code the catalog does not know, so held to more: not a total ("Hours 128"), and a college and a
 * department run together only when the number is too ("CASCS111", not "HOURS 128").
 */
function codeLike(words: string[], unknown: boolean): boolean {
  if (!NUMBER.test(words.at(-1)!)) return false;
  if (words.length === 3 && NOT_COLLEGES.has(words[0].toLowerCase())) return false;
  if (unknown && words.some((w) => NOT_CODES.has(w.toLowerCase()))) return false;
  if (unknown && words.length === 2 && /^\p{L}{5}$/u.test(words[0])) return false;
  return courseCodeQuery(words.join(" ").replace(/-/g, " ")) !== null;
}

/**
 * What the grade beside a code says, from the words of its part of the line (lower case): those right after the code
 * (an audit: credits, then the grade) and those at the end (a transcript: the grade, then credits), never the title
 * between them ("GEN CHEM W/LAB", "Works in Progress").
 */
function gradeOf(words: string[]): { graded: boolean; notCompleted?: NotCompleted } {
  const grades: string[] = [];
  const take = (list: string[]) => {
    for (let i = 0; i < list.length; i++) {
      const word = list[i];
      // "(in progress)", read either way round.
      if ((word === "in" && list[i + 1] === "progress") || (word === "progress" && list[i + 1] === "in")) {
        grades.push("ip");
        i++;
      } else if (NOT_COMPLETED.has(word) || PASSING.test(word)) grades.push(word);
      else if (!BESIDE_GRADES.test(word)) return;
    }
  };
  take(words);
  take([...words].reverse());
  const notCompleted = grades.map((g) => NOT_COMPLETED.get(g)).find(Boolean);
  return notCompleted ? { graded: true, notCompleted } : { graded: grades.length > 0 };
}

/**
 * The course codes on a line as written, in any common form ("CAS CS 111", "CASCS111", "cs-111", "econ 101"), each
 * with its grade (the words up to the next code). The codes `isCourse` knows are found first, the longest at each
 * place; then what else is written like a code, which names no course.
 */
function codesOn(line: string, isCourse: (code: string) => boolean): ReadCode[] {
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
        if (!codeLike(run.map((w) => w.word), !known) || (known && !isCourse(text))) continue;
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
    const rest = words.slice(code.after, until).filter((w) => !w.initial).map((w) => {
      const word = w.word.toLowerCase();
      // A grade keeps its sign ("b+"); a word keeps none ("CHEM-").
      return PASSING.test(word) ? word : word.replace(/[+-]$/, "");
    });
    return { text: code.text, ...gradeOf(rest) };
  });
}

/**
 * The pasted text's lines, each read. `isCourse` says which codes the catalog knows: those are found before anything
 * else written like a code, which is held to the stricter forms (without it, every code is).
 */
export function readTranscript(text: string, isCourse: (code: string) => boolean = () => false): TranscriptLine[] {
  const reading = readingTranscript(text, isCourse);
  for (;;) {
    const step = reading.next();
    if (step.done) return step.value;
  }
}

/**
 * `readTranscript` a line at a time: it pauses after each line read (a server reading a long paste gives other
 * requests their turn between lines) and returns the lines when done.
 */
export function* readingTranscript(
  text: string,
  isCourse: (code: string) => boolean = () => false,
): Generator<void, TranscriptLine[]> {
  const lines: TranscriptLine[] = [];
  const codesOf = new Map<TranscriptLine, ReadCode[]>();
  for (const raw of text.split(/\r?\n|\r/)) {
    yield;
    const line = raw.replace(/\s+/g, " ").trim().replace(/^[-•*·]\s*/, "");
    if (!line || /^[\s\d.,:;+\-/()|_=*#]*$/.test(line)) continue;
    if (CHOICES.test(line)) {
      lines.push({ kind: "passed", line });
      continue;
    }
    const codes = codesOn(line, isCourse);
    if (codes.length && CHOICE_WORDS.test(line.slice(0, line.indexOf(codes[0].text)))) {
      lines.push({ kind: "passed", line });
    } else if (codes.length) {
      const courses: TranscriptLine = { kind: "courses", line, codes: [] };
      codesOf.set(courses, codes);
      lines.push(courses);
    } else if (TERM_HEADING.test(line) || OWN_LINES.test(line) || /^[a-f][+-]?$/i.test(line)) {
      lines.push({ kind: "passed", line });
    } else {
      // Several things typed on one line by hand ("zz 999, not a code"): each piece is said apart.
      for (const piece of line.split(/\s*[,;]\s*|\s+(?:and|or|&)\s+/i).filter(Boolean)) {
        lines.push({ kind: "unknown", line: piece.replace(/[.)]+$/, "") });
      }
    }
  }
  // In a transcript every finished course has its grade: one without, where others have theirs, is not finished yet
  // (this term's). Codes typed by hand have no grades at all, and say nothing.
  const transcript = [...codesOf.values()].some((codes) => codes.some((c) => c.graded));
  for (const [line, codes] of codesOf) {
    if (line.kind !== "courses") continue;
    line.codes = codes.map(({ text, graded, notCompleted }) => {
      const why = notCompleted ?? (transcript && !graded ? "no grade" : undefined);
      return why ? { text, notCompleted: why } : { text };
    });
  }
  return lines;
}
