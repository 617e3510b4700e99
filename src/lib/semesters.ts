/**
 * Semesters as students type them ("Fall 2024", "fall 24", "F24", "Spring
 * 2025", "Summer 1 2023", "SP25", "Fall '24") read into one number per term,
 * so reviews group by term and recent averages can be told from all-time
 * ones. A text that names no season and year is kept as typed and counts in
 * all-time averages only (docs/product.md, Course pages).
 *
 * A term is `year × 10 + season`: Winter (the January session) 0, Spring 1,
 * Summer 2 (Summer 1 also 2), Summer 2 3, Fall 4, so terms sort in calendar
 * order.
 */

export const SEASONS = { winter: 0, spring: 1, summer: 2, summer2: 3, fall: 4 } as const;
type Season = (typeof SEASONS)[keyof typeof SEASONS];

/** Words and abbreviations for each season, longest first so "summer" wins over "su". */
const SEASON_WORDS: [RegExp, Season][] = [
  [/^(?:fall|autumn|fa|fl|f|au|aut)$/, SEASONS.fall],
  [/^(?:spring|spr|sp|s)$/, SEASONS.spring],
  [/^(?:summer|summ|sum|su|sm)$/, SEASONS.summer],
  [/^(?:winter|win|wi|w|january)$/, SEASONS.winter],
];

/** Years a review can plausibly name: BU reviews before 1990 or after 2100 are typos. */
const FIRST_YEAR = 1990;
const LAST_YEAR = 2100;

function seasonOf(word: string): Season | null {
  for (const [pattern, season] of SEASON_WORDS) if (pattern.test(word)) return season;
  return null;
}

function yearOf(digits: string): number | null {
  // Two digits: 00-89 are this century's, 90-99 the last one's.
  const year = digits.length === 2
    ? (Number(digits) < 90 ? 2000 : 1900) + Number(digits)
    : digits.length === 4
    ? Number(digits)
    : NaN;
  return year >= FIRST_YEAR && year <= LAST_YEAR ? year : null;
}

/** Summer sessions: "Summer 1", "Summer I", "Summer Session 2", "SU2", "Summer II". */
function summerSession(text: string): Season {
  return /(?:^|[^a-z])(?:2|ii)(?:[^a-z0-9]|$)/.test(text) ? SEASONS.summer2 : SEASONS.summer;
}

/**
 * The term a semester text names, or null when it cannot be read. Accepts the
 * season before or after the year, two- or four-digit years, an apostrophe
 * ("Fall '24"), and joined abbreviations ("F24", "SP25", "FA2024", "S1 23").
 */
export function parseSemester(raw: string): number | null {
  const text = raw.toLowerCase().normalize("NFKC").replace(/[’‘`]/g, "'").replace(
    /\bsemester\b|\bterm\b|\bof\b|\bsession\b/g,
    " ",
  ).trim();
  if (!text || text.length > 40) return null;
  // Joined forms: F24, SP25, FA2024, SU1 23, S2-23 (a digit after SU/S names the summer session).
  const joined = /^([a-z]{1,6})\s*([12])?[\s\-'/]*(\d{2}|\d{4})$/.exec(text) ??
    /^(\d{2}|\d{4})[\s\-'/]*([a-z]{1,6})\s*([12])?$/.exec(text);
  if (joined) {
    const [word, session, digits] = /^\d/.test(joined[1])
      ? [joined[2], joined[3], joined[1]]
      : [joined[1], joined[2], joined[3]];
    const season = seasonOf(word);
    const year = yearOf(digits);
    if (season === null || year === null) return null;
    if (session && season !== SEASONS.summer && !(word === "s" && session)) return null;
    const exact = word === "s" && session
      ? (session === "2" ? SEASONS.summer2 : SEASONS.summer)
      : season === SEASONS.summer && session === "2"
      ? SEASONS.summer2
      : season;
    return year * 10 + exact;
  }
  // Spelled-out forms: "Fall 2024", "2024 Fall", "Summer 1 2023", "Summer II '23", "fall, 24".
  const words = text.split(/[\s,.\-/]+/).map((w) => w.replace(/^'/, "")).filter(Boolean);
  let season: Season | null = null;
  let year: number | null = null;
  for (const word of words) {
    if (/^\d{4}$|^\d{2}$/.test(word)) {
      const y = yearOf(word);
      if (y !== null && year === null) year = y;
      continue;
    }
    if (/^(?:1|2|i|ii)$/.test(word)) continue;
    const s = seasonOf(word);
    if (s === null || season !== null) return null;
    season = s;
  }
  if (season === null || year === null) return null;
  return year * 10 +
    (season === SEASONS.summer ? summerSession(words.filter((w) => !/^\d{4}$|^\d{2}$/.test(w)).join(" ")) : season);
}

const NAMES: Record<number, string> = { 0: "Winter", 1: "Spring", 2: "Summer", 3: "Summer 2", 4: "Fall" };
const SHORT: Record<number, string> = { 0: "W", 1: "Sp", 2: "Su", 3: "Su2", 4: "F" };

/** "Fall 2024", "Summer 2 2023": the form the review form suggests. */
export function semesterLabel(term: number): string {
  return `${NAMES[term % 10] ?? "Term"} ${Math.floor(term / 10)}`;
}

/** "F24": for chart axes. */
export function semesterShortLabel(term: number): string {
  return `${SHORT[term % 10] ?? "T"}${String(Math.floor(term / 10)).slice(-2)}`;
}

/** The canonical spelling of a typed semester, or null when it cannot be read. */
export function canonicalSemester(raw: string): string | null {
  const term = parseSemester(raw);
  return term === null ? null : semesterLabel(term);
}

/**
 * The fall or spring semester a day falls in or last ended: January to May is
 * Spring, June to August belongs to the Spring before it (its summer
 * sessions), September to December is Fall.
 */
export function currentSemester(today: Date): number {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  return month >= 9 ? year * 10 + SEASONS.fall : year * 10 + SEASONS.spring;
}

/** How many fall and spring semesters "recent" averages cover. */
export const RECENT_SEMESTERS = 4;

/**
 * The terms of the last four fall and spring semesters up to today, with the
 * summer and winter sessions between them: `[from, to]`, both inclusive.
 */
export function recentTerms(today: Date, semesters = RECENT_SEMESTERS): [from: number, to: number] {
  const current = currentSemester(today);
  let term = current;
  for (let i = 1; i < semesters; i++) {
    term = term % 10 === SEASONS.fall
      ? term - (SEASONS.fall - SEASONS.spring)
      : (Math.floor(term / 10) - 1) * 10 + SEASONS.fall;
  }
  // The fall semester's summer and winter neighbours that follow it count with the window.
  return [term, current % 10 === SEASONS.fall ? current : current + (SEASONS.summer2 - SEASONS.spring)];
}

/** The canonical names of the last `count` fall and spring semesters, newest first: the review form's suggestions. */
export function recentSemesterLabels(today: Date, count = 6): string[] {
  const labels: string[] = [];
  let term = currentSemester(today);
  for (let i = 0; i < count; i++) {
    labels.push(semesterLabel(term));
    term = term % 10 === SEASONS.fall
      ? term - (SEASONS.fall - SEASONS.spring)
      : (Math.floor(term / 10) - 1) * 10 + SEASONS.fall;
  }
  return labels;
}

/** What the site will read from the semester typed, so the student can fix it before sending. */
export function semesterHint(typed: string): { text: string; canonical: string | null } | null {
  const text = typed.trim();
  if (!text) return null;
  const canonical = canonicalSemester(text);
  if (canonical === null) {
    return {
      text:
        "No semester can be read from this, so the review will count in all-time averages only. Try e.g. Fall 2024.",
      canonical,
    };
  }
  if (canonical === text) return null;
  return { text: `Read as ${canonical}.`, canonical };
}
