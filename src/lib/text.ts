/** Text helpers shared by the server and the browser. */

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Length as a reader counts it: one per user-perceived character, so a family
 * emoji joined by ZWJs or a letter with combining marks counts once.
 */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/**
 * The formatters pages use, made on first use and kept: `toLocaleString` with
 * options makes a new formatter per call, which was a seventh of a course
 * page's CPU (a number per rating, a date per review).
 */
let counts: Intl.NumberFormat | undefined;
let longDates: Intl.DateTimeFormat | undefined;

/** Long US date, as on review cards: "August 20, 2025". */
export function longDate(date: Date | number): string {
  longDates ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  return longDates.format(new Date(date));
}

/**
 * C0 control characters other than tab, line feed and carriage return, and
 * DEL: characters no reader sees, which can hide what follows them.
 */
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

export function hasLineBreaks(text: string): boolean {
  return /[\r\n\u2028\u2029]/.test(text);
}

/** Words that stay in capitals when an ALL-CAPS title is put in title case. */
const ACRONYMS = new Set([
  "US",
  "USA",
  "U.S.",
  "UK",
  "EU",
  "UN",
  "AI",
  "BU",
  "STEM",
  "HIV",
  "AIDS",
  "DNA",
  "RNA",
  "CAD",
  "CAM",
  "GIS",
  "JD",
  "LLM",
  "LLMS",
  "MBA",
  "MPH",
  "PHD",
  "II",
  "III",
  "IV",
  "VI",
  "VII",
  "VIII",
  "IX",
  "XX",
  "XXI",
  "IT",
]);
const MINOR_WORDS = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "but",
  "by",
  "for",
  "from",
  "in",
  "into",
  "of",
  "on",
  "or",
  "the",
  "to",
  "vs",
  "with",
]);

/**
 * A title as students should read it: an ALL-CAPS title from the catalog
 * ("CHAMBER MUSIC") in title case ("Chamber Music"); any other title as it is.
 */
export function displayTitle(title: string): string {
  if (/[a-z]/.test(title) || !/[A-Z]{2}/.test(title)) return title;
  let first = true;
  return title.replace(/[A-Za-z][A-Za-z'.]*/g, (word) => {
    const upper = word.toUpperCase();
    const lower = word.toLowerCase();
    const wasFirst = first;
    first = false;
    if (ACRONYMS.has(upper)) return upper;
    if (upper.endsWith("S") && ACRONYMS.has(upper.slice(0, -1)) && upper.length > 2) return upper.slice(0, -1) + "s";
    if (!wasFirst && MINOR_WORDS.has(lower)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}

/** A count with thousands separators, as the site shows numbers: "9,789". */
export function formatCount(n: number): string {
  counts ??= new Intl.NumberFormat("en-US");
  return counts.format(n);
}

/** "1 course", "9,789 courses". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** The first `max` characters or so of a text, cut after a whole word and marked with "…" when cut. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/** "A", "A and B", "A, B and C". */
export function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
