/**
 * The search filter: read from and written to URL query parameters, so the
 * API, the server-rendered /search page and the filter island agree on one
 * format (docs/product.md, Constants and Screens).
 */
import { HUB_CODES } from "./hub-areas.ts";
import { readSearchText, type SearchReading } from "./search-words.ts";
import { termName } from "./term-codes.ts";
import { hasControlCharacters, hasLineBreaks } from "./text.ts";

export const SORTS = {
  relevance: "Relevance",
  byCourseCode: "Course Number",
  byRating: "Best Rating",
  byReviews: "Most Reviewed",
  easiest: "Easiest",
  lightest: "Lightest Workload",
  hardest: "Hardest",
} as const;
export type SortBy = keyof typeof SORTS;
export const DEFAULT_SORT: SortBy = "byCourseCode";

/** The sort a search gets when none is chosen: by relevance when there is text to match or rank by, else by course number. */
export function defaultSortFor(q: string, rank = ""): SortBy {
  return q || rank ? "relevance" : DEFAULT_SORT;
}

/** Course levels a student can pick: the hundreds of the course number, and 500 for every graduate level. */
export const LEVELS = [100, 200, 300, 400, 500] as const;
export const LEVEL_LABELS: ReadonlyMap<number, string> = new Map([[100, "100"], [200, "200"], [300, "300"], [
  400,
  "400",
], [500, "500+"]]);

export type SearchFilter = {
  q: string;
  /**
   * Words that order the courses without narrowing them: those matching come first, by relevance, then the rest in
   * course order ("ethics" when the text says "ethics hub"). With a sort other than relevance they change nothing.
   */
  rank: string;
  colleges: string[];
  departments: string[];
  hubReqs: string[];
  minRating: number;
  minUsefulness: number;
  minInterest: number;
  minTeacher: number;
  maxDifficulty: number;
  maxWorkload: number;
  minCourseCode?: number;
  reviewCount?: number;
  noPreReqs: boolean;
  /** Course levels (100 … 400, and 500 for 500 and above); none means every level. */
  levels: number[];
  /** Only courses with a section to register for in this term (a term code: 2268 is Fall 2026). */
  offered?: number;
  /** Only courses in BU's recent catalog. */
  currentOnly: boolean;
  /** Only courses whose prerequisites the signed-in student has met (or that have none). */
  prereqsMet: boolean;
  /** With a rating filter set, keep courses without reviews too (they have no rating to compare). */
  includeUnreviewed: boolean;
  /**
   * Without text to match, a search lists current undergraduate courses (levels 100 to 400 of BU's recent catalog)
   * unless this is set: then graduate and no-longer-offered courses too. A level chosen is searched in either case.
   */
  allCourses: boolean;
  sortBy: SortBy;
  page: number;
};

/** Every query parameter of a search, in the order URLs write them. */
export const SEARCH_PARAMETERS = [
  "q",
  "rank",
  "colleges",
  "departments",
  "hubReqs",
  "minRating",
  "minUsefulness",
  "minInterest",
  "minTeacher",
  "maxDifficulty",
  "maxWorkload",
  "minCourseCode",
  "reviewCount",
  "noPreReqs",
  "levels",
  "offered",
  "currentOnly",
  "prereqsMet",
  "includeUnreviewed",
  "allCourses",
  "sortBy",
  "page",
] as const;

export const MIN_SLIDERS = ["minRating", "minUsefulness", "minInterest", "minTeacher"] as const;
export const MAX_SLIDERS = ["maxDifficulty", "maxWorkload"] as const;

export const EMPTY_FILTER: SearchFilter = {
  q: "",
  rank: "",
  colleges: [],
  departments: [],
  hubReqs: [],
  minRating: 0,
  minUsefulness: 0,
  minInterest: 0,
  minTeacher: 0,
  maxDifficulty: 5,
  maxWorkload: 5,
  noPreReqs: false,
  levels: [],
  currentOnly: false,
  prereqsMet: false,
  includeUnreviewed: false,
  allCourses: false,
  sortBy: DEFAULT_SORT,
  page: 0,
};

/** Whether any rating slider is away from its default: then courses without reviews are left out unless asked for. */
export function hasRatingFilter(filter: SearchFilter): boolean {
  return MIN_SLIDERS.some((name) => filter[name] > 0) || MAX_SLIDERS.some((name) => filter[name] < 5);
}

const CODE = /^[A-Z]{1,4}$/;
const MAX_LIST = 30;
const MAX_Q = 200;

/** What a malformed term code is answered with; a well-formed code of a term without a schedule gets its own message. */
export const OFFERED_MESSAGE = "offered must be a term code, e.g. 2268";

/** A term the "Offered in" filter offers: one with a class schedule. */
export type TermChoice = { code: number; name: string };

/** A filter read from parameters; `sortGiven` says the parameters named a sort (which wins over sort words). */
export type FilterResult = { ok: true; filter: SearchFilter; sortGiven: boolean } | { ok: false; message: string };

function number(
  params: URLSearchParams,
  name: string,
  min: number,
  max: number,
  integer: boolean,
): number | undefined | string {
  const raw = params.get(name);
  if (raw === null || raw.trim() === "") return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(raw.trim())) return `${name} must be a number`;
  const value = Number(raw);
  if (integer && !Number.isInteger(value)) return `${name} must be a whole number`;
  if (value < min || value > max) return `${name} must be between ${min} and ${max}`;
  return value;
}

function list(params: URLSearchParams, name: string): string[] {
  return [
    ...new Set(params.getAll(name).flatMap((v) => v.split(",")).map((v) => v.trim().toUpperCase()).filter(Boolean)),
  ];
}

/** Reads a filter from query parameters; any bad value gives a message naming the parameter. */
export function parseSearchParams(params: URLSearchParams): FilterResult {
  const filter: SearchFilter = { ...EMPTY_FILTER, colleges: [], departments: [], hubReqs: [], levels: [] };
  for (const name of ["q", "rank"] as const) {
    filter[name] = (params.get(name) ?? "").trim();
    if (filter[name].length > MAX_Q) return { ok: false, message: `${name} must be at most ${MAX_Q} characters` };
    if (hasControlCharacters(filter[name]) || hasLineBreaks(filter[name])) {
      return { ok: false, message: `${name} must be one line of text without control characters` };
    }
  }
  for (const name of ["colleges", "departments"] as const) {
    const values = list(params, name);
    const bad = values.find((v) => !CODE.test(v));
    if (bad !== undefined) {
      return { ok: false, message: `Unknown ${name === "colleges" ? "college" : "department"}: ${bad}` };
    }
    if (values.length > MAX_LIST) return { ok: false, message: `At most ${MAX_LIST} ${name}` };
    filter[name] = values;
  }
  const hubs = list(params, "hubReqs");
  const badHub = hubs.find((h) => !HUB_CODES.has(h));
  if (badHub !== undefined) return { ok: false, message: `Unknown Hub requirement: ${badHub}` };
  filter.hubReqs = hubs;
  const numbers: [keyof SearchFilter, number, number, boolean][] = [
    ["minRating", 0, 5, false],
    ["minUsefulness", 0, 5, false],
    ["minInterest", 0, 5, false],
    ["minTeacher", 0, 5, false],
    ["maxDifficulty", 1, 5, false],
    ["maxWorkload", 1, 5, false],
    ["minCourseCode", 0, 9999, true],
    ["reviewCount", 0, 1_000_000, true],
    ["page", 0, 100_000, true],
  ];
  for (const [name, min, max, integer] of numbers) {
    const value = number(params, name, min, max, integer);
    if (typeof value === "string") return { ok: false, message: value };
    if (value !== undefined) (filter as Record<string, unknown>)[name] = value;
  }
  for (const name of ["noPreReqs", "currentOnly", "prereqsMet", "includeUnreviewed", "allCourses"] as const) {
    const value = params.get(name);
    if (value === null || value === "") continue;
    if (value !== "true" && value !== "false") return { ok: false, message: `${name} must be true or false` };
    filter[name] = value === "true";
  }
  const levels = list(params, "levels");
  const badLevel = levels.find((level) => !LEVEL_LABELS.has(Number(level)) || !/^\d+$/.test(level));
  if (badLevel !== undefined) return { ok: false, message: `levels must be among ${LEVELS.join(", ")}` };
  filter.levels = levels.map(Number).sort((a, b) => a - b);
  const offered = (params.get("offered") ?? "").trim();
  if (offered !== "") {
    const code = /^\d{4}$/.test(offered) ? Number(offered) : NaN;
    if (termName(code) === null) return { ok: false, message: OFFERED_MESSAGE };
    filter.offered = code;
  }
  const sortBy = params.get("sortBy");
  if (sortBy !== null && sortBy !== "") {
    if (!Object.hasOwn(SORTS, sortBy)) {
      return { ok: false, message: `sortBy must be one of ${Object.keys(SORTS).join(", ")}` };
    }
    filter.sortBy = sortBy as SortBy;
  } else {
    filter.sortBy = defaultSortFor(filter.q, filter.rank);
  }
  // Relevance needs text to be relevant to: without it, the course order.
  if (filter.sortBy === "relevance" && !filter.q && !filter.rank) filter.sortBy = DEFAULT_SORT;
  return { ok: true, filter, sortGiven: Boolean(sortBy) };
}

/** Writes the parameters that differ from the defaults, in a stable order, so URLs stay short and shareable. */
export function searchParamsOf(filter: SearchFilter, page = filter.page): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.rank) params.set("rank", filter.rank);
  for (const name of ["colleges", "departments", "hubReqs"] as const) {
    for (const value of filter[name]) params.append(name, value);
  }
  for (const name of [...MIN_SLIDERS, ...MAX_SLIDERS]) {
    if (filter[name] !== EMPTY_FILTER[name]) params.set(name, String(filter[name]));
  }
  if (filter.minCourseCode !== undefined) params.set("minCourseCode", String(filter.minCourseCode));
  if (filter.reviewCount !== undefined) params.set("reviewCount", String(filter.reviewCount));
  if (filter.noPreReqs) params.set("noPreReqs", "true");
  for (const level of filter.levels) params.append("levels", String(level));
  if (filter.offered !== undefined) params.set("offered", String(filter.offered));
  if (filter.currentOnly) params.set("currentOnly", "true");
  if (filter.prereqsMet) params.set("prereqsMet", "true");
  if (filter.includeUnreviewed) params.set("includeUnreviewed", "true");
  if (filter.allCourses) params.set("allCourses", "true");
  if (filter.sortBy !== defaultSortFor(filter.q, filter.rank)) params.set("sortBy", filter.sortBy);
  if (page > 0) params.set("page", String(page));
  return params;
}

export function searchHref(filter: SearchFilter, page = filter.page): string {
  const query = searchParamsOf(filter, page).toString();
  return query ? `/search?${query}` : "/search";
}

/** The levels of a search without text: the undergraduate ones. */
export const UNDERGRADUATE_LEVELS = [100, 200, 300, 400];

/** A search as it runs: the filter with its text read, what the text was read as, and whether the scope applied. */
export type ReadSearch = {
  filter: SearchFilter;
  /** Each phrase of the text read as a Hub area or a sort, as typed, with what it became. */
  understood: SearchReading["read"];
  /** Whether the courses were limited to current undergraduate ones (no text to match, `allCourses` not set). */
  scoped: boolean;
};

/**
 * The search a filter asks for: Hub codes and names in its text become Hub areas (and "ethics hub" ranks by
 * "ethics"), sort words the sort unless one was chosen (`sortGiven`: the request named one), and what is left stays
 * text; without text to match, only current undergraduate courses (UNDERGRADUATE_LEVELS, unless levels were chosen)
 * unless `allCourses`.
 */
export function readSearch(filter: SearchFilter, sortGiven = false): ReadSearch {
  // A sort asked for (the sortBy parameter, or one other than the default) wins: sort words are then only words.
  const chosenSort = sortGiven || filter.sortBy !== defaultSortFor(filter.q, filter.rank);
  const reading = readSearchText(filter.q, { sorts: !chosenSort });
  const q = reading.q;
  const rank = [filter.rank, reading.rank].filter(Boolean).join(" ");
  let sortBy = chosenSort ? filter.sortBy : reading.sortBy ?? defaultSortFor(q, rank);
  if (sortBy === "relevance" && !q && !rank) sortBy = DEFAULT_SORT;
  const scoped = !q && !filter.allCourses;
  return {
    filter: {
      ...filter,
      q,
      rank,
      sortBy,
      hubReqs: [...new Set([...filter.hubReqs, ...reading.hubReqs])],
      currentOnly: filter.currentOnly || scoped,
      levels: scoped && !filter.levels.length ? UNDERGRADUATE_LEVELS : filter.levels,
    },
    understood: reading.read,
    scoped,
  };
}
