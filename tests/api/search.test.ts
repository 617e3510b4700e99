/**
 * GET /api/courses/search (and the small course endpoints) over the real
 * 9,789-course BU catalog with deterministic synthetic reviews. Every
 * expectation of the filters and sorts is computed from the in-memory model in
 * tests/helpers/catalog.ts, never read back from the database. Text search is
 * ranked by relevance (tests/api/search-relevance.test.ts); here it is held
 * to properties: the filters narrow its matches without reordering them.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HUB_AREAS } from "../../src/lib/hub-areas.ts";
import { SEARCH_PARAMETERS } from "../../src/lib/search-filter.ts";
import { displayTitle } from "../../src/lib/text.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import { catalogIndex, indexTerm } from "../../src/services/search/search-index.ts";
import { searchPostingsCurrent } from "../../src/services/search/search-descriptions.ts";
import { referenceData } from "../../db/seeds/reference.ts";
import { api } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import {
  buildModel,
  type CatalogModel,
  loadModelIntoApp,
  type ModelCourse,
  type ModelStats,
  readBuCatalog,
} from "../helpers/catalog.ts";
import { turnsDuring } from "../helpers/event-loop.ts";

const PAGE_SIZE = 18;
/** Results up to this many pages are walked completely; longer ones are sampled. */
const WALK_LIMIT = 30;

let t: TestApp;
let model: CatalogModel;
let idByCode: Map<string, number>;

beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
  const rows = await readBuCatalog();
  model = buildModel(rows);
  idByCode = await loadModelIntoApp(t, rows, model);
  const rated = model.courses.filter((c) => c.stats.n > 0);
  exactMean = rated.reduce((sum, c) => sum + c.stats.overall5 / (5 * c.stats.n), 0) / rated.length;
  // Best Rating's stored scores use the stored prior, which follows the mean within a thousandth of a star (migration 0011).
  const [prior] = (await t.deps.database.client.execute(
    "SELECT CAST(value AS REAL) AS m FROM app_settings WHERE key = 'rating_prior'",
  )).rows;
  priorMean = Number(prior.m);
}, 120_000);
afterAll(() => t?.close());

// ---------------------------------------------------------------------------
// The query and the model's answer to it
// ---------------------------------------------------------------------------

type SortBy = "byCourseCode" | "byRating" | "byReviews";
type MinSlider = "minRating" | "minUsefulness" | "minInterest" | "minTeacher";
type MaxSlider = "maxDifficulty" | "maxWorkload";

type Query = {
  q?: string;
  colleges?: string[];
  departments?: string[];
  hubReqs?: string[];
  minRating?: number;
  minUsefulness?: number;
  minInterest?: number;
  minTeacher?: number;
  maxDifficulty?: number;
  maxWorkload?: number;
  minCourseCode?: number;
  reviewCount?: number;
  noPreReqs?: boolean;
  levels?: number[];
  currentOnly?: boolean;
  includeUnreviewed?: boolean;
  allCourses?: boolean;
  sortBy?: SortBy | "relevance";
};

type Item = {
  id: number;
  college: string;
  department: string;
  courseCode: string;
  code: string;
  title: string;
  departmentName: string;
  collegeName: string;
  current: boolean;
  description?: string | null;
  prerequisites?: string | null;
  noPreReqs: boolean;
  numReviews: number;
  averageOverallRating: number;
  averageUsefulnessRating: number;
  averageDifficultyRating: number;
  averageWorkloadRating: number;
  averageInterestRating: number;
  averageTeacherRating: number;
  hubRequirements: { code: string; name: string }[];
  userReviewed?: boolean;
};

type Page = { content: Item[]; totalElements: number; totalPages: number; number: number; size: number };

/** Which stats sum each slider reads, and the factor that turns the sum into n × average. */
const SLIDER_SUM: Record<MinSlider | MaxSlider, [keyof Omit<ModelStats, "n">, number]> = {
  minRating: ["overall5", 5],
  minUsefulness: ["usefulness", 1],
  minInterest: ["interest", 1],
  minTeacher: ["teacher", 1],
  maxDifficulty: ["difficulty", 1],
  maxWorkload: ["workload", 1],
};
const ITEM_FIELD: Record<MinSlider | MaxSlider, keyof Item> = {
  minRating: "averageOverallRating",
  minUsefulness: "averageUsefulnessRating",
  minInterest: "averageInterestRating",
  minTeacher: "averageTeacherRating",
  maxDifficulty: "averageDifficultyRating",
  maxWorkload: "averageWorkloadRating",
};
const MIN_SLIDERS: MinSlider[] = ["minRating", "minUsefulness", "minInterest", "minTeacher"];
const MAX_SLIDERS: MaxSlider[] = ["maxDifficulty", "maxWorkload"];

function tenths(value: number): number {
  const scaled = Math.round(value * 10);
  if (Math.abs(scaled - value * 10) > 1e-9) throw new Error(`slider values in these tests have one decimal: ${value}`);
  return scaled;
}

/** Exact: average ≥ value ⇔ 10 × sum ≥ n × factor × (10 × value). */
function averageAtLeast(c: ModelCourse, slider: MinSlider | MaxSlider, value: number): boolean {
  const [key, factor] = SLIDER_SUM[slider];
  return 10 * c.stats[key] >= c.stats.n * factor * tenths(value);
}

function averageAtMost(c: ModelCourse, slider: MinSlider | MaxSlider, value: number): boolean {
  const [key, factor] = SLIDER_SUM[slider];
  return 10 * c.stats[key] <= c.stats.n * factor * tenths(value);
}

/** A rating filter is a minimum above 0 or a maximum below 5. */
function hasRatingFilter(query: Query): boolean {
  return MIN_SLIDERS.some((s) => (query[s] ?? 0) > 0) || MAX_SLIDERS.some((s) => (query[s] ?? 5) < 5);
}

/** Level 100 … 400 is the hundreds of the number; 500 stands for 500 and above. */
function levelMatches(numberValue: number, levels: number[] | undefined): boolean {
  if (!levels?.length) return true;
  return levels.some((level) => level >= 500 ? numberValue >= 500 : numberValue >= level && numberValue < level + 100);
}

/**
 * Whether the course passes the query's filters (its text, if any, is not modelled). Without text, only current
 * undergraduate courses (levels 100 to 400 unless levels are chosen) unless `allCourses` (docs/product.md, Search).
 */
function modelMatches(c: ModelCourse, query: Query): boolean {
  if (!query.q && !query.allCourses) {
    if (!c.current) return false;
    if (!query.levels?.length && !levelMatches(c.numberValue, [100, 200, 300, 400])) return false;
  }
  if (query.colleges?.length && !query.colleges.includes(c.college)) return false;
  if (query.departments?.length && !query.departments.includes(c.department)) return false;
  if (query.hubReqs?.some((h) => !c.hubs.has(h))) return false;
  if (query.noPreReqs && !c.noPreReqs) return false;
  if (query.minCourseCode !== undefined && c.numberValue < query.minCourseCode) return false;
  if (query.reviewCount !== undefined && c.stats.n < query.reviewCount) return false;
  if (!levelMatches(c.numberValue, query.levels)) return false;
  if (query.currentOnly && !c.current) return false;
  if (!hasRatingFilter(query)) return true;
  // A course without reviews has no rating: any rating filter leaves it out, unless asked for.
  if (c.stats.n === 0) return query.includeUnreviewed === true;
  for (const slider of MIN_SLIDERS) {
    const min = query[slider];
    if (min !== undefined && min > 0 && !averageAtLeast(c, slider, min)) return false;
  }
  for (const slider of MAX_SLIDERS) {
    const max = query[slider];
    if (max !== undefined && max < 5 && !averageAtMost(c, slider, max)) return false;
  }
  return true;
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const tieBreak = (a: ModelCourse, b: ModelCourse) =>
  text(a.college, b.college) || text(a.department, b.department) || a.numberValue - b.numberValue ||
  text(a.number, b.number);
/** Best Rating's prior: a course starts at the mean of the rated courses' averages, weighed as 5 reviews (docs/product.md, Ratings). */
const PRIOR_WEIGHT = 5;
/** The mean of the rated courses' averages, from the model. */
let exactMean = 0;
/** The prior the server's stored scores use. */
let priorMean = 0;

/** The Bayesian average, to nine decimals (as the server compares it, so float noise cannot reorder equal scores). */
function bayesian(n: number, average: number): number {
  return round9((PRIOR_WEIGHT * priorMean + n * average) / (PRIOR_WEIGHT + n));
}
const modelScore = (c: ModelCourse) => bayesian(c.stats.n, c.stats.n ? c.stats.overall5 / (5 * c.stats.n) : 0);

const MODEL_ORDER: Record<SortBy, (a: ModelCourse, b: ModelCourse) => number> = {
  byCourseCode: (a, b) =>
    a.numberValue - b.numberValue || text(a.number, b.number) || text(a.college, b.college) ||
    text(a.department, b.department),
  // Rated courses first, by the Bayesian average, then the one with more reviews.
  byRating: (a, b) =>
    Number(b.stats.n > 0) - Number(a.stats.n > 0) || modelScore(b) - modelScore(a) || b.stats.n - a.stats.n ||
    tieBreak(a, b),
  byReviews: (a, b) => b.stats.n - a.stats.n || tieBreak(a, b),
};

function expectedCourses(query: Query): ModelCourse[] {
  if (query.q) throw new Error("the model does not rank text: use checkTextQuery");
  return model.courses.filter((c) => modelMatches(c, query)).sort(
    MODEL_ORDER[(query.sortBy ?? "byCourseCode") as SortBy],
  );
}

const numeric = (number: string) => Number(/^\d+/.exec(number)?.[0] ?? 0);

/** The order checked on the answer's own fields, independent of the model. */
const ITEM_ORDER: Record<SortBy, (a: Item, b: Item) => number> = {
  byCourseCode: (a, b) =>
    numeric(a.courseCode) - numeric(b.courseCode) || text(a.courseCode, b.courseCode) || text(a.college, b.college) ||
    text(a.department, b.department),
  byRating: (a, b) =>
    Number(b.numReviews > 0) - Number(a.numReviews > 0) ||
    bayesian(b.numReviews, b.averageOverallRating) - bayesian(a.numReviews, a.averageOverallRating) ||
    b.numReviews - a.numReviews ||
    text(a.college, b.college) || text(a.department, b.department) || numeric(a.courseCode) - numeric(b.courseCode) ||
    text(a.courseCode, b.courseCode),
  byReviews: (a, b) =>
    b.numReviews - a.numReviews || text(a.college, b.college) || text(a.department, b.department) ||
    numeric(a.courseCode) - numeric(b.courseCode) || text(a.courseCode, b.courseCode),
};

/** What is wrong with a returned course for this query, judged from its own fields. */
function violations(item: Item, query: Query): string[] {
  const wrong: string[] = [];
  if (query.colleges?.length && !query.colleges.includes(item.college)) wrong.push(`college ${item.college}`);
  if (query.departments?.length && !query.departments.includes(item.department)) {
    wrong.push(`department ${item.department}`);
  }
  const hubs = new Set(item.hubRequirements.map((h) => h.code));
  for (const hub of query.hubReqs ?? []) if (!hubs.has(hub)) wrong.push(`lacks Hub ${hub}`);
  if (query.noPreReqs && !item.noPreReqs) wrong.push("has prerequisites");
  if (query.minCourseCode !== undefined && numeric(item.courseCode) < query.minCourseCode) {
    wrong.push(`number ${item.courseCode}`);
  }
  if (query.reviewCount !== undefined && item.numReviews < query.reviewCount) wrong.push(`${item.numReviews} reviews`);
  if (!levelMatches(numeric(item.courseCode), query.levels)) wrong.push(`level of ${item.courseCode}`);
  if (query.currentOnly && !item.current) wrong.push("not current");
  if (hasRatingFilter(query) && item.numReviews === 0) {
    if (!query.includeUnreviewed) wrong.push("unrated");
    return wrong;
  }
  for (const slider of MIN_SLIDERS) {
    const min = query[slider];
    if (min !== undefined && min > 0 && (item[ITEM_FIELD[slider]] as number) < min - 1e-9) {
      wrong.push(`${slider}: ${item[ITEM_FIELD[slider]]}`);
    }
  }
  for (const slider of MAX_SLIDERS) {
    const max = query[slider];
    if (max !== undefined && max < 5 && (item[ITEM_FIELD[slider]] as number) > max + 1e-9) {
      wrong.push(`${slider}: ${item[ITEM_FIELD[slider]]}`);
    }
  }
  return wrong;
}

const round9 = (x: number) => Math.round(x * 1e9) / 1e9;
const HUB_NAMES = new Map(HUB_AREAS.map((a) => [a.code, a.name]));
const COLLEGE_NAMES = new Map(referenceData.catalog.colleges.map((c) => [c.code, c.name]));
const DEPARTMENT_NAMES = new Map(referenceData.catalog.departments.map((d) => [`${d.college} ${d.code}`, d.name]));

function average(stats: ModelStats, key: keyof Omit<ModelStats, "n">, factor = 1): number {
  return stats.n === 0 ? 0 : round9(stats[key] / (factor * stats.n));
}

/** The list fields of a course as the model says they should be. */
function modelView(c: ModelCourse) {
  return {
    id: idByCode.get(c.code),
    college: c.college,
    department: c.department,
    courseCode: c.number,
    code: c.code,
    title: displayTitle(c.title),
    departmentName: DEPARTMENT_NAMES.get(`${c.college} ${c.department}`) ?? c.department,
    collegeName: COLLEGE_NAMES.get(c.college) ?? c.college,
    current: c.current,
    noPreReqs: c.noPreReqs,
    numReviews: c.stats.n,
    averageOverallRating: average(c.stats, "overall5", 5),
    averageUsefulnessRating: average(c.stats, "usefulness"),
    averageDifficultyRating: average(c.stats, "difficulty"),
    averageWorkloadRating: average(c.stats, "workload"),
    averageInterestRating: average(c.stats, "interest"),
    averageTeacherRating: average(c.stats, "teacher"),
    hubRequirements: [...c.hubs].sort().map((code) => ({ code, name: HUB_NAMES.get(code) })),
  };
}

function itemView(item: Item) {
  return {
    id: item.id,
    college: item.college,
    department: item.department,
    courseCode: item.courseCode,
    code: item.code,
    title: item.title,
    departmentName: item.departmentName,
    collegeName: item.collegeName,
    current: item.current,
    noPreReqs: item.noPreReqs,
    numReviews: item.numReviews,
    averageOverallRating: round9(item.averageOverallRating),
    averageUsefulnessRating: round9(item.averageUsefulnessRating),
    averageDifficultyRating: round9(item.averageDifficultyRating),
    averageWorkloadRating: round9(item.averageWorkloadRating),
    averageInterestRating: round9(item.averageInterestRating),
    averageTeacherRating: round9(item.averageTeacherRating),
    hubRequirements: [...item.hubRequirements].sort((a, b) => text(a.code, b.code)),
  };
}

// ---------------------------------------------------------------------------
// Talking to the API
// ---------------------------------------------------------------------------

function paramsOf(query: Query, page?: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) { for (const v of value) params.append(name, String(v)); }
    else if (value !== undefined) params.set(name, String(value));
  }
  if (page !== undefined) params.set("page", String(page));
  return params;
}

async function searchRaw(query: string | URLSearchParams) {
  const response = await api(t, `/api/courses/search?${query}`);
  return { status: response.status, body: await response.json() };
}

async function searchPage(query: Query, page: number, label: string): Promise<Page> {
  const { status, body } = await searchRaw(paramsOf(query, page));
  expect(status, `${label}, page ${page}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

const codes = (list: { code: string }[]) => list.map((c) => c.code);

/**
 * Checks one query against the model: the count and page totals on every page
 * fetched, each page's exact content in order, each course against the filter
 * and against the model, and, when the result is walked whole, that the pages
 * together hold every expected course exactly once.
 */
async function checkQuery(
  label: string,
  query: Query,
  options: { walkAll?: boolean } = {},
): Promise<{ expected: ModelCourse[]; walked: Item[] }> {
  const expected = expectedCourses(query);
  const totalPages = Math.ceil(expected.length / PAGE_SIZE);
  const whole = options.walkAll || totalPages <= WALK_LIMIT;
  const pages = whole
    ? Array.from({ length: Math.max(totalPages, 1) }, (_, i) => i)
    : [...new Set([0, 1, Math.floor(totalPages / 2), totalPages - 2, totalPages - 1])];
  const walked: Item[] = [];
  for (const page of pages) {
    const body = await searchPage(query, page, label);
    const where = `${label}, page ${page}`;
    expect(
      { totalElements: body.totalElements, totalPages: body.totalPages, number: body.number, size: body.size },
      where,
    )
      .toEqual({ totalElements: expected.length, totalPages, number: page, size: PAGE_SIZE });
    const slice = expected.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
    // Soft, so that a wrong order still lets the count, set and field checks below report.
    expect.soft(codes(body.content), `${where}: page content in order`).toEqual(codes(slice));
    expect(body.content.length, where).toBe(slice.length);
    for (const item of body.content) {
      expect(violations(item, query), `${where}: ${item.code}`).toEqual([]);
      const course = model.byCode.get(item.code);
      expect(course, `${where}: ${item.code} is in the catalog`).toBeDefined();
      expect(itemView(item), `${where}: ${item.code}`).toEqual(modelView(course!));
    }
    walked.push(...body.content);
  }
  if (whole) {
    expect(walked.length, label).toBe(expected.length);
    expect(new Set(walked.map((i) => i.id)).size, `${label}: no course twice`).toBe(expected.length);
    expect(new Set(codes(walked)), label).toEqual(new Set(codes(expected)));
  }
  return { expected, walked };
}

function expectSorted(items: Item[], sortBy: SortBy, label: string) {
  for (let i = 1; i < items.length; i++) {
    const order = ITEM_ORDER[sortBy](items[i - 1], items[i]);
    expect(order, `${label}: ${items[i - 1].code} before ${items[i].code}`).toBeLessThan(0);
  }
}

// ---------------------------------------------------------------------------
// 1. Filters, alone and combined
// ---------------------------------------------------------------------------

describe("every filter alone and combined: count, pages and content match the model", () => {
  test("the model is what the tests think it is", () => {
    expect(model.courses).toHaveLength(9789);
    expect(model.reviewed).toHaveLength(400);
    const rated = model.reviewed.filter((c) => c.stats.n > 0);
    expect(rated.length).toBeGreaterThan(380);
    // The averages spread enough for the sliders to mean something.
    expect(rated.filter((c) => averageAtLeast(c, "minRating", 4)).length).toBeGreaterThan(10);
    expect(rated.filter((c) => !averageAtLeast(c, "minRating", 2.5)).length).toBeGreaterThan(10);
    expect(model.reviewed.some((c) => c.reviews.some((r) => r.hidden))).toBe(true);
  });

  test("no filter: the current undergraduate courses; allCourses: the whole catalog", async () => {
    const { expected } = await checkQuery("no filter", {});
    expect(expected.every((c) => c.current && c.numberValue >= 100 && c.numberValue < 500)).toBe(true);
    const { expected: all } = await checkQuery("allCourses", { allCourses: true });
    expect(all).toHaveLength(9789);
    // Graduate and no-longer-offered courses are the difference, and a level chosen is searched without the switch.
    expect(all.length - expected.length).toBeGreaterThan(5000);
    const graduate = await checkQuery("level 500", { levels: [500] });
    expect(graduate.expected.length).toBeGreaterThan(1000);
    expect(graduate.expected.every((c) => c.current)).toBe(true);
  });

  test("each college alone", async () => {
    const colleges = [...new Set(model.courses.map((c) => c.college))].sort();
    expect(colleges.length).toBeGreaterThan(20);
    for (const college of colleges) await checkQuery(`colleges=${college}`, { colleges: [college] });
  });

  const cases: [string, Query][] = [
    ["two colleges", { colleges: ["CDS", "KHC"] }],
    ["college + department", { colleges: ["CAS"], departments: ["CS"] }],
    ["college + two departments", { colleges: ["CAS"], departments: ["CS", "MA"] }],
    ["two colleges + departments", { colleges: ["CAS", "ENG"], departments: ["EC", "EK"] }],
    ["a department in two colleges", { colleges: ["CAS", "MET"], departments: ["CS"] }],
    ["department alone", { departments: ["CS"] }],
    ["one Hub unit", { hubReqs: ["QR2"] }],
    ["one rare Hub unit", { hubReqs: ["FYW"] }],
    ["two Hub units (AND)", { hubReqs: ["CRT", "WIN"] }],
    ["three Hub units (AND)", { hubReqs: ["SO1", "GCI", "CRT"] }],
    ["three Hub units (AND), another set", { hubReqs: ["QR2", "CRT", "TWC"] }],
    ["Hub units with no course in common", { hubReqs: ["AEX", "CRT", "TWC"] }],
    ["noPreReqs=true", { noPreReqs: true }],
    ["noPreReqs=false keeps everything", { noPreReqs: false, colleges: ["CGS"] }],
    ["noPreReqs + college", { noPreReqs: true, colleges: ["CAS"], departments: ["PH"] }],
    ["minCourseCode=500", { minCourseCode: 500, allCourses: true }],
    ["minCourseCode=900", { minCourseCode: 900, allCourses: true }],
    ["minCourseCode=300 among current undergraduate courses", { minCourseCode: 300 }],
    ["old and graduate courses of a college", { colleges: ["CAS"], allCourses: true }],
    ["minCourseCode=0", { minCourseCode: 0, colleges: ["SHA"] }],
    ["minCourseCode + department", { minCourseCode: 300, colleges: ["CAS"], departments: ["CS"] }],
    ["reviewCount=0 keeps everything", { reviewCount: 0, colleges: ["KHC"] }],
    ["reviewCount=1", { reviewCount: 1 }],
    ["reviewCount=4", { reviewCount: 4 }],
    ["reviewCount=8", { reviewCount: 8 }],
    ["reviewCount=9", { reviewCount: 9 }],
    ...MIN_SLIDERS.flatMap((slider): [string, Query][] =>
      [0.1, 2.5, 3.3, 4, 5].map((value): [string, Query] => [`${slider}=${value}`, { [slider]: value }])
    ),
    ["minRating=0 keeps unrated courses", { minRating: 0, colleges: ["CDS"] }],
    ...MAX_SLIDERS.flatMap((slider): [string, Query][] =>
      [1, 2, 3, 5].map((value): [string, Query] => [`${slider}=${value}`, { [slider]: value }])
    ),
    ...MAX_SLIDERS.flatMap((slider): [string, Query][] =>
      [1, 2, 3, 4].map((
        value,
      ): [string, Query] => [`${slider}=${value} among reviewed courses`, { [slider]: value, reviewCount: 1 }])
    ),
    ["maxDifficulty=2 + maxWorkload=3, reviewed", { maxDifficulty: 2, maxWorkload: 3, reviewCount: 1 }],
    ["maxDifficulty=3 + college leaves unrated courses out", { maxDifficulty: 3, colleges: ["CDS"] }],
    ["maxDifficulty=3 + college + includeUnreviewed keeps them", {
      maxDifficulty: 3,
      colleges: ["CDS"],
      includeUnreviewed: true,
    }],
    ["minRating=3.5 + Hub + includeUnreviewed", { minRating: 3.5, hubReqs: ["QR2"], includeUnreviewed: true }],
    ["includeUnreviewed alone changes nothing", { includeUnreviewed: true, colleges: ["KHC"] }],
    ["maxDifficulty=2 + Hub + noPreReqs (the issue's search)", { maxDifficulty: 2, hubReqs: ["QR2"], noPreReqs: true }],
    ["level 100", { levels: [100] }],
    ["levels 200 and 400", { levels: [200, 400], colleges: ["CAS"] }],
    ["level 500 and above", { levels: [500] }],
    ["levels + Hub + department", { levels: [100, 300], hubReqs: ["CRT"], departments: ["HI"] }],
    ["currentOnly", { currentOnly: true }],
    ["currentOnly + college", { currentOnly: true, colleges: ["SSW"] }],
    ["currentOnly + levels + minRating", { currentOnly: true, levels: [100, 200], minRating: 3 }],
    ["every min slider at 3", { minRating: 3, minUsefulness: 3, minInterest: 3, minTeacher: 3 }],
    ["min and max sliders together", { minRating: 3.5, maxDifficulty: 3, maxWorkload: 3 }],
    ["college + Hub + minRating + byRating", { colleges: ["CAS"], hubReqs: ["CRT"], minRating: 3, sortBy: "byRating" }],
    ["college + Hub + minRating, course order", { colleges: ["CAS"], hubReqs: ["GCI"], minRating: 2.5 }],
    ["Hub + reviewCount + byReviews", { hubReqs: ["HCO"], reviewCount: 1, sortBy: "byReviews" }],
    ["reviewed courses by rating", { reviewCount: 1, sortBy: "byRating" }],
    ["reviewed courses by reviews", { reviewCount: 1, sortBy: "byReviews" }],
    ["minRating=4 by rating", { minRating: 4, sortBy: "byRating" }],
    ["everything at once", {
      colleges: ["CAS", "CFA", "COM"],
      hubReqs: ["CRT"],
      noPreReqs: true,
      minCourseCode: 100,
      minRating: 2,
      maxWorkload: 4,
      reviewCount: 1,
      sortBy: "byRating",
    }],
  ];

  test.each(cases)("%s", async (label, query) => {
    const { expected } = await checkQuery(label, query);
    if (query.sortBy === undefined) return;
    expect(expected.length, `${label} should find something`).toBeGreaterThan(0);
  });
  test("a rating filter leaves courses without reviews out, unless they are asked for", async () => {
    const { expected } = await checkQuery("maxDifficulty=2", { maxDifficulty: 2 });
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.every((c) => c.stats.n > 0)).toBe(true);
    const withUnrated = expectedCourses({ maxDifficulty: 2, includeUnreviewed: true });
    const unrated = expectedCourses({}).filter((c) => c.stats.n === 0);
    expect(withUnrated.length).toBe(expected.length + unrated.length);
  });

  test("the catalog carries old courses and every level, so the new filters mean something", () => {
    expect(model.courses.filter((c) => !c.current).length).toBeGreaterThan(1000);
    for (const level of [100, 200, 300, 400, 500]) {
      expect(expectedCourses({ levels: [level], allCourses: true }).length, String(level)).toBeGreaterThan(500);
    }
  });
});

// ---------------------------------------------------------------------------
// 1b. Text search: ranked by the index, narrowed by the filters
// ---------------------------------------------------------------------------

/** Every page of a search, in order. */
async function walkAll(query: Query, label: string): Promise<Item[]> {
  const first = await searchPage(query, 0, label);
  expect(first.totalPages, `${label}: small enough to walk`).toBeLessThanOrEqual(60);
  const items = [...first.content];
  for (let page = 1; page < first.totalPages; page++) items.push(...(await searchPage(query, page, label)).content);
  expect(items, label).toHaveLength(first.totalElements);
  expect(new Set(items.map((i) => i.id)).size, `${label}: no course twice`).toBe(items.length);
  return items;
}

/**
 * The text's matches with the filters applied are exactly the text's matches
 * that pass the filters (by the model), in relevance order or in the chosen sort.
 */
async function checkTextQuery(q: string, filters: Query, matches?: Item[]): Promise<Item[]> {
  const all = matches ?? await walkAll({ q }, `q=${q}`);
  const label = `q=${q} + ${JSON.stringify(filters)}`;
  const got = await walkAll({ q, ...filters }, label);
  const passing = all.map((item) => model.byCode.get(item.code)!).filter((c) => modelMatches(c, { q, ...filters }));
  const sortBy = filters.sortBy;
  const expected = sortBy && sortBy !== "relevance" ? [...passing].sort(MODEL_ORDER[sortBy]) : passing;
  expect(codes(got), label).toEqual(codes(expected));
  for (const item of got) {
    expect(violations(item, filters), `${label}: ${item.code}`).toEqual([]);
    expect(itemView(item), `${label}: ${item.code}`).toEqual(modelView(model.byCode.get(item.code)!));
  }
  return got;
}

describe("text search: the filters narrow the index's matches and keep their order", () => {
  const filters: [string, Query][] = [
    ["college", { colleges: ["CAS"] }],
    ["Hub unit", { hubReqs: ["QR2"] }],
    ["level", { levels: [100] }],
    ["current only", { currentOnly: true }],
    ["no prerequisites", { noPreReqs: true }],
    ["minimum rating", { minRating: 3 }],
    ["maximum difficulty with unrated courses", { maxDifficulty: 3, includeUnreviewed: true }],
    ["reviewed", { reviewCount: 1 }],
  ];

  test.each(["writing", "data", "history", "intro psych", "calculus"])("q=%s", async (q) => {
    const matches = await walkAll({ q }, `q=${q}`);
    expect(matches.length, q).toBeGreaterThan(5);
    let narrowed = 0;
    for (const [, filter] of filters) {
      if ((await checkTextQuery(q, filter, matches)).length < matches.length) narrowed++;
    }
    expect(narrowed, `${q}: the filters take something away`).toBeGreaterThan(3);
  });

  test("a chosen sort wins over relevance, on the same matches", async () => {
    for (const sortBy of ["byCourseCode", "byRating", "byReviews"] as const) {
      const got = await checkTextQuery("history", { sortBy });
      expectSorted(got, sortBy, `history by ${sortBy}`);
    }
  });

  test("relevance is the default with text; without text it means the course order", async () => {
    const byDefault = await searchPage({ q: "economics" }, 0, "default");
    const byRelevance = await searchPage({ q: "economics", sortBy: "relevance" }, 0, "relevance");
    expect(codes(byDefault.content)).toEqual(codes(byRelevance.content));
    const byCode = await searchPage({ q: "economics", sortBy: "byCourseCode" }, 0, "by code");
    expect(codes(byCode.content)).not.toEqual(codes(byDefault.content));
    const noText = await searchPage({ sortBy: "relevance" }, 0, "no text");
    expect(codes(noText.content)).toEqual(codes(expectedCourses({}).slice(0, PAGE_SIZE)));
  });

  test("descriptions are searched: a word found only in one course's description finds that course", async () => {
    // Words as the index keeps them (plurals folded), so "conquests" is not taken for unique beside "conquest".
    const terms = (text: string) => new Set(text.toLowerCase().split(/[^a-z]+/).filter(Boolean).map(indexTerm));
    const inTitles = new Set(model.courses.flatMap((c) => [...terms(c.title)]));
    const courseOf = new Map<string, ModelCourse | null>();
    for (const c of model.courses) {
      for (const word of terms(c.description ?? "")) {
        if (word.length < 9 || inTitles.has(word)) continue;
        courseOf.set(word, courseOf.has(word) ? null : c);
      }
    }
    const unique = [...courseOf.entries()].filter((entry): entry is [string, ModelCourse] => entry[1] !== null);
    expect(unique.length).toBeGreaterThan(100);
    // Every 97th, so the words spread over the catalog.
    const sample = unique.filter((_, i) => i % 97 === 0).slice(0, 12);
    for (const [word, course] of sample) {
      // Among the first page: a title a typo away from the word may rank above a description.
      const page = await searchPage({ q: word }, 0, word);
      expect(codes(page.content), `${word} → ${course.code}`).toContain(course.code);
    }
  });

  test("title words after a non-breaking space are words too", async () => {
    // "Methods and Exegesis:\u00a0Africana and Womanist Biblical\u00a0Approaches" (STH) separates words with U+00A0.
    const nbsp = model.courses.filter((c) => /\u00a0/.test(c.title));
    expect(nbsp.length).toBeGreaterThan(0);
    for (const course of nbsp.slice(0, 5)) {
      const words = course.title.split(/[\s\u00a0]+/).filter((w) => /^[A-Za-z]{4,}$/.test(w));
      const afterNbsp = course.title.split("\u00a0")[1].split(/\s+/)[0].replace(/[^A-Za-z]/g, "");
      const q = [words[0], afterNbsp].join(" ");
      const page = await searchPage({ q, departments: [course.department], colleges: [course.college] }, 0, q);
      expect(codes(page.content), `${q} → ${course.code}`).toContain(course.code);
    }
  });
});

// ---------------------------------------------------------------------------
// 2. Sort orders across page boundaries
// ---------------------------------------------------------------------------

describe("sort orders hold across page boundaries", () => {
  const sorts: SortBy[] = ["byCourseCode", "byRating", "byReviews"];

  test.each(sorts)("%s over the whole catalog: the first five pages and the last", async (sortBy) => {
    const expected = expectedCourses({ sortBy, allCourses: true });
    const totalPages = Math.ceil(expected.length / PAGE_SIZE);
    const firstFive: Item[] = [];
    for (let page = 0; page < 5; page++) {
      const body = await searchPage({ sortBy, allCourses: true }, page, sortBy);
      expect(body.totalElements).toBe(9789);
      expect(body.totalPages).toBe(totalPages);
      expect.soft(codes(body.content), `${sortBy} page ${page}`).toEqual(
        codes(expected.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)),
      );
      firstFive.push(...body.content);
    }
    expectSorted(firstFive, sortBy, `${sortBy}, pages 0-4`);
    const last = await searchPage({ sortBy, allCourses: true }, totalPages - 1, sortBy);
    expect.soft(codes(last.content), `${sortBy} last page`).toEqual(
      codes(expected.slice((totalPages - 1) * PAGE_SIZE)),
    );
    expect(last.content).toHaveLength(9789 - (totalPages - 1) * PAGE_SIZE);
    expectSorted(last.content, sortBy, `${sortBy}, last page`);
    // The last item of the next-to-last page comes before the first of the last page.
    const beforeLast = await searchPage({ sortBy, allCourses: true }, totalPages - 2, sortBy);
    expectSorted([...beforeLast.content, ...last.content], sortBy, `${sortBy}, last two pages`);
  });

  test("byCourseCode puts the numeric part first, then the suffix", async () => {
    const suffixed = model.courses.filter((c) => /[A-Z]$/.test(c.number));
    expect(suffixed.length).toBeGreaterThan(0);
    const sample = suffixed[0];
    const { walked } = await checkQuery(`department ${sample.department} of ${sample.college}`, {
      colleges: [sample.college],
      departments: [sample.department],
    });
    expectSorted(walked, "byCourseCode", "suffixed department");
    // 120S sorts after 120 and 99, before 121: numeric parts never go down.
    const values = walked.map((c) => numeric(c.courseCode));
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  test("byRating: a course with one 5-star review does not outrank a well-reviewed one", async () => {
    const rated = expectedCourses({ reviewCount: 1, sortBy: "byRating" });
    const averageOf = (c: ModelCourse) => c.stats.overall5 / (5 * c.stats.n);
    const lone = rated.filter((c) => c.stats.n === 1).sort((a, b) => averageOf(b) - averageOf(a));
    const many = rated.filter((c) => c.stats.n >= 5);
    const bestLone = lone[0];
    // A course with more reviews and a lower plain average that still comes first.
    const best = many.find((c) => averageOf(c) < averageOf(bestLone) && modelScore(c) > modelScore(bestLone));
    expect(best, `a well-reviewed course below ${bestLone.code} by plain average`).toBeDefined();
    const order = codes(await walkAll({ reviewCount: 1, sortBy: "byRating" }, "rated by rating"));
    expect(order.indexOf(best!.code)).toBeLessThan(order.indexOf(bestLone.code));
    expect(order).toEqual(codes(rated));
  });

  test("byRating breaks ties in the score by the number of reviews, then college, department, number", async () => {
    // Courses with the same number of reviews and the same average (132/30 and 22/5 are both 4.4) tie,
    // whatever floating-point noise summing the reviews' overall ratings leaves behind.
    const rated = expectedCourses({ reviewCount: 1, sortBy: "byRating" });
    const groups = new Map<string, ModelCourse[]>();
    for (const c of rated) {
      const key = String(modelScore(c));
      groups.set(key, [...groups.get(key) ?? [], c]);
    }
    const ties = [...groups.entries()].filter(([, list]) => list.length > 1);
    expect(ties.length).toBeGreaterThan(10);
    const walked = await walkAll({ reviewCount: 1, sortBy: "byRating" }, "ties");
    const position = new Map(walked.map((item, i) => [item.code, i]));
    const wrong: string[] = [];
    for (const [score, list] of ties) {
      const got = [...list].sort((a, b) => position.get(a.code)! - position.get(b.code)!).map((c) => c.code);
      const want = list.map((c) => c.code);
      if (got.join() !== want.join()) wrong.push(`${score}: got ${got.join(", ")}; want ${want.join(", ")}`);
    }
    expect(wrong).toEqual([]);
  });

  test("byRating reads a stored score: its prior follows the mean of the rated courses, and every score is the Bayesian average with it", async () => {
    expect(Math.abs(priorMean - exactMean)).toBeLessThan(0.001);
    const rows = (await t.deps.database.client.execute(
      "SELECT id, num_reviews AS n, avg_overall AS avg, rating_score AS score FROM courses",
    )).rows;
    // To the ninth decimal both round to (SQLite's ROUND and the test's arithmetic may differ in the last bit).
    const wrong = rows.filter((r) =>
      Math.abs(Number(r.score) - (Number(r.n) > 0 ? bayesian(Number(r.n), Number(r.avg)) : -1)) > 2e-9
    );
    expect(wrong.slice(0, 5)).toEqual([]);
    // The sort walks the index of the stored score instead of computing an order over every course.
    const plan = (await t.deps.database.client.execute(
      "EXPLAIN QUERY PLAN SELECT id FROM courses ORDER BY rating_score DESC, num_reviews DESC, college, department, number_value, number LIMIT 18",
    )).rows.map((r) => String(r.detail)).join("; ");
    expect(plan).toContain("courses_best_rating");
    expect(plan).not.toContain("TEMP B-TREE");
  });

  test("a course's score follows its figures, however they change, and a new prior scores every rated course again", async () => {
    const db = t.deps.database.client;
    const [course] = (await db.execute(
      "SELECT id, num_reviews AS n, avg_overall AS avg, figures_stamp AS stamp FROM courses WHERE num_reviews = 0 LIMIT 1",
    )).rows;
    const score = async (id: unknown) =>
      Number(
        (await db.execute({ sql: "SELECT rating_score AS s FROM courses WHERE id = ?", args: [id as number] })).rows[0]
          .s,
      );
    const prior = async () =>
      Number(
        (await db.execute("SELECT CAST(value AS REAL) AS m FROM app_settings WHERE key = 'rating_prior'")).rows[0].m,
      );
    const mean = async () =>
      Number((await db.execute("SELECT AVG(avg_overall) AS m FROM courses WHERE num_reviews > 0")).rows[0].m);
    try {
      // By hand in SQL, as an operator might: the trigger keeps the score whoever writes the figures.
      await db.execute({
        sql: "UPDATE courses SET num_reviews = 3, avg_overall = 4.2 WHERE id = ?",
        args: [course.id as number],
      });
      const m = await prior();
      expect(await score(course.id)).toBeCloseTo((5 * m + 3 * 4.2) / 8, 8);
      const [after] = (await db.execute({
        sql: "SELECT figures_stamp AS stamp FROM courses WHERE id = ?",
        args: [course.id as number],
      })).rows;
      expect(Number(after.stamp)).toBeGreaterThan(Number(course.stamp));
      // Enough change to move the mean by more than a thousandth of a star: the prior moves and every rated score with it.
      const others =
        (await db.execute("SELECT id FROM courses WHERE num_reviews = 0 AND id <> " + Number(course.id) + " LIMIT 40"))
          .rows.map((r) => Number(r.id));
      await db.execute(`UPDATE courses SET num_reviews = 1, avg_overall = 5 WHERE id IN (${others.join(",")})`);
      expect(Math.abs((await prior()) - (await mean()))).toBeLessThan(0.001);
      expect(await prior()).not.toBe(m);
      const stale = (await db.execute(
        "SELECT COUNT(*) AS n FROM courses WHERE num_reviews > 0 AND rating_score <> ROUND((5 * (SELECT CAST(value AS REAL) FROM app_settings WHERE key = 'rating_prior') + num_reviews * avg_overall) / (5 + num_reviews), 9)",
      )).rows[0].n;
      expect(Number(stale)).toBe(0);
      await db.execute(
        `UPDATE courses SET num_reviews = 0, avg_overall = 0 WHERE id IN (${[...others, Number(course.id)].join(",")})`,
      );
      expect(await score(course.id)).toBe(-1);
    } finally {
      await db.execute(`UPDATE courses SET num_reviews = 0, avg_overall = 0 WHERE id = ${Number(course.id)}`);
    }
    expect(Math.abs((await prior()) - exactMean)).toBeLessThan(0.001);
  });

  test.each(sorts)("%s over a Hub filter, walked entirely", async (sortBy) => {
    const query: Query = { hubReqs: ["CRT"], sortBy };
    const { expected, walked } = await checkQuery(`CRT ${sortBy}`, query, { walkAll: true });
    expect(Math.ceil(expected.length / PAGE_SIZE)).toBeGreaterThan(20);
    expect(walked).toHaveLength(expected.length);
    expectSorted(walked, sortBy, `CRT ${sortBy}`);
  });
});

describe("the index follows the catalog", () => {
  test("a course imported after a search is found by the same text at once, on every page, and a renamed one by its new title only", async () => {
    const u = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    try {
      const found = async (q: string) =>
        codes((await (await api(u, `/api/courses/search?q=${encodeURIComponent(q)}`)).json() as Page).content);
      const suggested = async (q: string) =>
        (await (await api(u, `/api/courses/suggest?q=${encodeURIComponent(q)}`)).json() as { code: string }[]).map((
          s,
        ) => s.code);
      await importCourses(u.deps.database, [{
        college: "TST",
        department: "AB",
        number: "101",
        title: "Marine Acoustics",
        hub_units: [],
      }]);
      // Asked twice: the second answer may come from the rankings kept for recent queries.
      for (let i = 0; i < 2; i++) {
        expect(await found("zebrafish")).toEqual([]);
        expect(await found("acoustics")).toEqual(["TST AB 101"]);
      }
      await importCourses(u.deps.database, [
        { college: "TST", department: "AB", number: "102", title: "Zebrafish Genetics", hub_units: [] },
        { college: "TST", department: "AB", number: "101", title: "Ocean Sound", hub_units: [] },
      ]);
      expect(await found("zebrafish")).toEqual(["TST AB 102"]);
      expect(await suggested("zebraf")).toEqual(["TST AB 102"]);
      expect(await found("acoustics")).toEqual([]);
      expect(await found("ocean sound")).toEqual(["TST AB 101"]);
    } finally {
      await u.close();
    }
  });

  test("a new catalog is read and indexed in slices: timers run while it is, and a course page need not wait for the index", async () => {
    const db = t.deps.database.db;
    await t.deps.database.client.execute(
      "UPDATE app_settings SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'catalog_version'",
    );
    const { turns } = await turnsDuring(async () => {
      const index = catalogIndex(db);
      let indexReady = false;
      index.then(() => indexReady = true);
      // A course page's reads need the catalog, not the index: it is answered while the index is still being built.
      const page = await api(t, `/api/courses/${idByCode.get("CAS CS 111")}`);
      expect(page.status).toBe(200);
      expect(indexReady).toBe(false);
      await index;
    });
    // 9,789 courses' names and the descriptions' words: many slices on any machine (about 10 ms each).
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  test("a description changed by hand in SQL is found by its new words at the next search, and the stored index is built again", async () => {
    const u = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    try {
      const found = async (q: string) =>
        codes((await (await api(u, `/api/courses/search?q=${encodeURIComponent(q)}`)).json() as Page).content);
      await importCourses(u.deps.database, [
        {
          college: "TST",
          department: "AB",
          number: "201",
          title: "Field Methods",
          description: "Sampling streams and rivers.",
          hub_units: [],
        },
      ]);
      const db = u.deps.database.db;
      expect(await searchPostingsCurrent(db)).toBe(true);
      expect(await found("rivers")).toEqual(["TST AB 201"]);
      await u.deps.database.client.execute(
        "UPDATE course_texts SET description = 'Tide pools and estuaries.' WHERE course_id = (SELECT id FROM courses WHERE number = '201')",
      );
      // The triggers of course_texts say the stored index is stale and raise the catalog's version.
      expect(await searchPostingsCurrent(db)).toBe(false);
      expect(await found("estuaries")).toEqual(["TST AB 201"]);
      expect(await found("rivers")).toEqual([]);
      expect(await searchPostingsCurrent(db)).toBe(true);
      // The course page and the search answer show the description, read from the database with the figures.
      const page = (await (await api(u, "/api/courses/search?q=tide")).json() as Page).content[0];
      expect(page.description).toBe("Tide pools and estuaries.");
    } finally {
      await u.close();
    }
  });
});

describe("course numbers of other lengths (the real catalog only has three digits)", () => {
  // Made-up courses: in the BU catalog every number has three digits, so there a string sort
  // and a numeric sort agree. These tell them apart.
  let u: TestApp;
  const numbers = [
    ["TST", "AB", "1000"],
    ["TST", "AB", "121"],
    ["TST", "AB", "120S"],
    ["TST", "CD", "120"],
    ["TST", "AB", "120"],
    ["ABC", "AB", "120"],
    ["TST", "AB", "100"],
    ["TST", "AB", "99A"],
    ["TST", "AB", "99"],
    ["TST", "AB", "9"],
  ];
  beforeAll(async () => {
    u = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    const rows = numbers.map(([college, department, number]) => ({
      college,
      department,
      number,
      title: `Test course ${number}`,
      hub_units: [],
    }));
    const report = await importCourses(u.deps.database, rows);
    expect(report.skipped).toEqual([]);
  });
  afterAll(() => u?.close());

  // Every level of these numbers: the whole catalog, not only its current undergraduate courses.
  const order = async (query: string) => {
    const response = await api(u, `/api/courses/search?allCourses=true&${query}`);
    expect(response.status, query).toBe(200);
    return codes((await response.json() as Page).content);
  };

  test("byCourseCode: numeric part, then the number with its suffix, then college and department", async () => {
    expect(await order("")).toEqual([
      "TST AB 9",
      "TST AB 99",
      "TST AB 99A",
      "TST AB 100",
      "ABC AB 120",
      "TST AB 120",
      "TST CD 120",
      "TST AB 120S",
      "TST AB 121",
      "TST AB 1000",
    ]);
  });

  test("byRating and byReviews break ties by college, department, then the numeric part", async () => {
    const expected = [
      "ABC AB 120",
      "TST AB 9",
      "TST AB 99",
      "TST AB 99A",
      "TST AB 100",
      "TST AB 120",
      "TST AB 120S",
      "TST AB 121",
      "TST AB 1000",
      "TST CD 120",
    ];
    expect(await order("sortBy=byRating")).toEqual(expected);
    expect(await order("sortBy=byReviews")).toEqual(expected);
  });

  test("minCourseCode compares the numeric part", async () => {
    expect(await order("minCourseCode=100")).toEqual([
      "TST AB 100",
      "ABC AB 120",
      "TST AB 120",
      "TST CD 120",
      "TST AB 120S",
      "TST AB 121",
      "TST AB 1000",
    ]);
    expect(await order("minCourseCode=120&colleges=TST&departments=AB")).toEqual([
      "TST AB 120",
      "TST AB 120S",
      "TST AB 121",
      "TST AB 1000",
    ]);
    expect(await order("minCourseCode=1000")).toEqual(["TST AB 1000"]);
    expect(await order("minCourseCode=1001")).toEqual([]);
  });

  test("q finds codes of every length, the exact code first", async () => {
    expect((await order("q=ab+99"))[0]).toBe("TST AB 99");
    expect(await order("q=ab+99")).toContain("TST AB 99A");
    expect((await order("q=ab99a"))[0]).toBe("TST AB 99A");
    expect((await order("q=tst+ab+1000"))[0]).toBe("TST AB 1000");
    expect((await order("q=cd120"))[0]).toBe("TST CD 120");
  });
});

// ---------------------------------------------------------------------------
// 3. Bad parameters, empty parameters, pages past the end
// ---------------------------------------------------------------------------

describe("parameters", () => {
  const bad = [
    "hubReqs=XYZ",
    "hubReqs=CRT&hubReqs=NOPE",
    "sortBy=best",
    "sortBy=BYRATING",
    "minRating=NaN",
    "minRating=-1",
    "minRating=6",
    "minRating=5.01",
    "minRating=1e309",
    "minRating=Infinity",
    "minRating=abc",
    "minUsefulness=-0.1",
    "minInterest=9",
    "minTeacher=x",
    "maxDifficulty=0",
    "maxDifficulty=6",
    "maxWorkload=0.5",
    "maxWorkload=NaN",
    "page=-1",
    "page=1.5",
    "page=abc",
    "reviewCount=abc",
    "reviewCount=-1",
    "reviewCount=1.5",
    "minCourseCode=-5",
    "minCourseCode=1.5",
    "minCourseCode=1e3",
    "noPreReqs=maybe",
    "noPreReqs=1",
    "levels=150",
    "levels=abc",
    "levels=600",
    "levels=100&levels=-100",
    "currentOnly=yes",
    "includeUnreviewed=1",
    "sortBy=toString",
    "colleges=%3Cscript%3E",
    "departments=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    `q=${"a".repeat(201)}`,
  ];

  test.each(bad)("%s → 400 with a message", async (query) => {
    const response = await api(t, `/api/courses/search?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = await response.json();
    expect(body).toEqual({ message: expect.any(String) });
    expect(body.message.length).toBeGreaterThan(0);
  });

  test("empty values mean not sent", async () => {
    const names = SEARCH_PARAMETERS;
    // Without text, the current undergraduate courses.
    const expected = expectedCourses({});
    expect(expected.length).toBeLessThan(9789);
    for (const name of names) {
      const { status, body } = await searchRaw(`${name}=`);
      expect(status, name).toBe(200);
      expect(body.totalElements, name).toBe(expected.length);
      expect(codes(body.content), name).toEqual(codes(expected.slice(0, PAGE_SIZE)));
    }
    const { status, body } = await searchRaw(names.map((n) => `${n}=`).join("&"));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      totalElements: expected.length,
      totalPages: Math.ceil(expected.length / PAGE_SIZE),
      number: 0,
      size: PAGE_SIZE,
    });
    // An empty value beside real ones is ignored too.
    const mixed = await searchRaw("colleges=CDS&minRating=&hubReqs=&page=");
    expect(mixed.status).toBe(200);
    expect(mixed.body.totalElements).toBe(expectedCourses({ colleges: ["CDS"] }).length);
  });

  test("a page past the end is empty, with the right totals", async () => {
    const expected = expectedCourses({ colleges: ["CDS"] });
    const totalPages = Math.ceil(expected.length / PAGE_SIZE);
    for (const page of [totalPages, totalPages + 1, 5000]) {
      const { status, body } = await searchRaw(paramsOf({ colleges: ["CDS"] }, page));
      expect(status, `page ${page}`).toBe(200);
      expect(body, `page ${page}`).toEqual({
        content: [],
        totalElements: expected.length,
        totalPages,
        number: page,
        size: PAGE_SIZE,
        professors: [],
        sortBy: "byCourseCode",
        understood: [],
        scoped: true,
      });
    }
    const nothing = await searchRaw(paramsOf({ hubReqs: ["AEX", "CRT", "TWC"] }, 3));
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual({
      content: [],
      totalElements: 0,
      totalPages: 0,
      number: 3,
      size: PAGE_SIZE,
      professors: [],
      sortBy: "byCourseCode",
      understood: [],
      scoped: true,
    });
  });
});

// ---------------------------------------------------------------------------
// 4. Search text is literal
// ---------------------------------------------------------------------------

describe("search text is text, never a pattern or a query", () => {
  const punctuation = ["%", "_", '"', "%%", "\\", "\\%", "'", "*", "[]", "()", "&&", "||", "-", "^", "~", ":"];

  test.each(punctuation)("q=%s finds nothing and fails nothing", async (q) => {
    const { status, body } = await searchRaw(paramsOf({ q }));
    expect(status, q).toBe(200);
    expect(body.totalElements, q).toBe(0);
    const suggestions = await api(t, `/api/courses/suggest?q=${encodeURIComponent(q)}`);
    expect(suggestions.status, q).toBe(200);
    expect(await suggestions.json(), q).toEqual([]);
  });

  test.each([["cs%", "cs"], ["100%", "100"], ["c_s", "c s"], ["cs 1_1", "cs 1 1"], ["[a-z]", "a z"], [
    "econ*",
    "econ",
  ]])(
    "q=%s searches the words of %s",
    async (q, words) => {
      const got = await searchRaw(paramsOf({ q }));
      const want = await searchRaw(paramsOf({ q: words }));
      expect(got.status, q).toBe(200);
      expect({ total: got.body.totalElements, first: codes(got.body.content) }, q).toEqual({
        total: want.body.totalElements,
        first: codes(want.body.content),
      });
      // A wildcard read as a pattern would have matched (nearly) everything.
      expect(got.body.totalElements, q).toBeLessThan(9789 / 2);
    },
  );

  test.each(["' OR 1=1--", "'; DROP TABLE courses; --", "1 UNION SELECT * FROM users", "OR AND NOT"])(
    "q=%s is searched as words",
    async (q) => {
      const { status, body } = await searchRaw(paramsOf({ q }));
      expect(status, q).toBe(200);
      expect(body.totalElements, q).toBeLessThan(9789);
    },
  );

  test("the catalog survives the searches", async () => {
    const { body } = await searchRaw("allCourses=true");
    expect(body.totalElements).toBe(9789);
  });
});

// ---------------------------------------------------------------------------
// 5. Colleges, departments and single courses
// ---------------------------------------------------------------------------

describe("course endpoints", () => {
  test("GET /api/courses/colleges lists the distinct colleges, sorted", async () => {
    const response = await api(t, "/api/courses/colleges");
    expect(response.status).toBe(200);
    const expected = [...new Set(model.courses.map((c) => c.college))].sort(text);
    expect(await response.json()).toEqual(expected);
  });

  test("GET /api/courses/departments/{college} lists that college's distinct departments, sorted", async () => {
    const colleges = [...new Set(model.courses.map((c) => c.college))];
    for (const college of colleges) {
      const response = await api(t, `/api/courses/departments/${college}`);
      expect(response.status, college).toBe(200);
      const expected = [...new Set(model.courses.filter((c) => c.college === college).map((c) => c.department))].sort(
        text,
      );
      expect(await response.json(), college).toEqual(expected);
    }
    const unknown = await api(t, "/api/courses/departments/ZZZ");
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual([]);
  });

  test("?names=true gives each department with its name; every department of the real catalog has one", async () => {
    const colleges = [...new Set(model.courses.map((c) => c.college))];
    const unnamed: string[] = [];
    for (const college of colleges) {
      const response = await api(t, `/api/courses/departments/${college}?names=true`);
      expect(response.status, college).toBe(200);
      const list: { code: string; name: string }[] = await response.json();
      const expected = [...new Set(model.courses.filter((c) => c.college === college).map((c) => c.department))].sort(
        text,
      );
      expect(list.map((d) => d.code).sort(text), college).toEqual(expected);
      // In the order of their names, as a picker shows them.
      const names = list.map((d) => d.name);
      expect(names, college).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      for (const d of list) if (d.name === d.code || !d.name.trim()) unnamed.push(`${college} ${d.code}`);
    }
    expect(unnamed).toEqual([]);
    const cs = await (await api(t, "/api/courses/departments/CAS?names=true")).json();
    expect(cs).toContainEqual({ code: "CS", name: "Computer Science" });
  });

  test("every course's college has a name", () => {
    const unnamed = [...new Set(model.courses.map((c) => c.college))].filter((college) => !COLLEGE_NAMES.has(college));
    expect(unnamed).toEqual([]);
  });

  test("GET /api/courses/suggest: up to 8 courses as {id, code, title}, the exact code first", async () => {
    const response = await api(t, "/api/courses/suggest?q=cs111");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/public/);
    const list = await response.json();
    expect(list[0]).toEqual({
      id: idByCode.get("CAS CS 111"),
      code: "CAS CS 111",
      title: displayTitle(model.byCode.get("CAS CS 111")!.title),
    });
    for (const q of ["intro", "history", "e", "writing seminar", "calclus"]) {
      const got = await (await api(t, `/api/courses/suggest?q=${encodeURIComponent(q)}`)).json();
      expect(got.length, q).toBeLessThanOrEqual(8);
      for (const item of got) {
        expect(Object.keys(item).sort(), q).toEqual(["code", "id", "title"]);
        expect(idByCode.get(item.code), q).toBe(item.id);
      }
    }
    expect((await (await api(t, "/api/courses/suggest?q=history")).json()).length).toBe(8);
    // The suggestions are the search's first results.
    const search = await searchPage({ q: "organic chem" }, 0, "organic chem");
    const suggested = await (await api(t, "/api/courses/suggest?q=organic%20chem")).json();
    expect(codes(suggested)).toEqual(codes(search.content.slice(0, 8)));
  });

  test("GET /api/courses/suggest refuses a missing, long or multi-line q with 400 and a message", async () => {
    for (const query of ["", "q=" + "a".repeat(201), "q=a%0Ab", "q=%00"]) {
      const response = await api(t, `/api/courses/suggest?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ message: expect.any(String) });
    }
    const blank = await api(t, "/api/courses/suggest?q=%20%20");
    expect(blank.status).toBe(200);
    expect(await blank.json()).toEqual([]);
  });

  test("GET /api/courses/{id} returns the course as the model says", async () => {
    const sample = [
      model.byCode.get("CAS CS 111")!,
      ...model.reviewed.slice(0, 15),
      ...model.courses.filter((c) => c.prerequisites !== null).slice(0, 3),
      ...model.courses.filter((c) => /[A-Z]$/.test(c.number)).slice(0, 3),
    ];
    for (const course of sample) {
      const id = idByCode.get(course.code)!;
      const response = await api(t, `/api/courses/${id}`);
      expect(response.status, course.code).toBe(200);
      const body: Item = await response.json();
      expect(itemView(body), course.code).toEqual(modelView(course));
      expect(body.description ?? null, course.code).toBe(course.description);
      expect(body.prerequisites ?? null, course.code).toBe(course.prerequisites);
      expect(body.userReviewed, course.code).toBe(false);
    }
  });

  test("a missing or malformed course id is 404 Course not found", async () => {
    const maxId = Math.max(...idByCode.values());
    for (
      const id of [
        String(maxId + 1),
        "999999999",
        "0",
        "-1",
        "abc",
        "1.5",
        "1e3",
        "99999999999999999999",
        "%20",
        "12abc",
      ]
    ) {
      const response = await api(t, `/api/courses/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.json(), id).toEqual({ message: "Course not found" });
    }
  });
});
