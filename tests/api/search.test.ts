/**
 * GET /api/courses/search (and the small course endpoints) over the real
 * 9,789-course BU catalog with deterministic synthetic reviews. Every
 * expectation is computed from the in-memory model in tests/helpers/catalog.ts,
 * never read back from the database.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HUB_AREAS } from "../../src/lib/hub-areas.ts";
import { SEARCH_PARAMETERS } from "../../src/lib/search-filter.ts";
import { importCourses } from "../../src/services/catalog.ts";
import { api } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { buildModel, type CatalogModel, loadModelIntoApp, type ModelCourse, type ModelStats, readBuCatalog, searchWords } from "../helpers/catalog.ts";

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
  sortBy?: SortBy;
};

type Item = {
  id: number;
  college: string;
  department: string;
  courseCode: string;
  code: string;
  title: string;
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

function queryWords(q: string): string[] {
  return q.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

function textMatches(words: string[], q: string): boolean {
  return queryWords(q).every((word) => words.some((w) => w.startsWith(word)));
}

function modelMatches(c: ModelCourse, query: Query): boolean {
  if (query.colleges?.length && !query.colleges.includes(c.college)) return false;
  if (query.departments?.length && !query.departments.includes(c.department)) return false;
  if (query.hubReqs?.some((h) => !c.hubs.has(h))) return false;
  if (query.noPreReqs && !c.noPreReqs) return false;
  if (query.minCourseCode !== undefined && c.numberValue < query.minCourseCode) return false;
  if (query.reviewCount !== undefined && c.stats.n < query.reviewCount) return false;
  for (const slider of MIN_SLIDERS) {
    const min = query[slider];
    // No reviews means no rating: a minimum above 0 leaves the course out.
    if (min !== undefined && min > 0 && (c.stats.n === 0 || !averageAtLeast(c, slider, min))) return false;
  }
  for (const slider of MAX_SLIDERS) {
    const max = query[slider];
    // ...and a maximum keeps it.
    if (max !== undefined && c.stats.n > 0 && !averageAtMost(c, slider, max)) return false;
  }
  if (query.q && !textMatches(c.words, query.q)) return false;
  return true;
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const tieBreak = (a: ModelCourse, b: ModelCourse) =>
  text(a.college, b.college) || text(a.department, b.department) || a.numberValue - b.numberValue || text(a.number, b.number);
/** Exact comparison of average overall ratings: overall5_a / 5n_a vs overall5_b / 5n_b. */
const overallDesc = (a: ModelCourse, b: ModelCourse) => b.stats.overall5 * Math.max(a.stats.n, 1) - a.stats.overall5 * Math.max(b.stats.n, 1);

const MODEL_ORDER: Record<SortBy, (a: ModelCourse, b: ModelCourse) => number> = {
  byCourseCode: (a, b) => a.numberValue - b.numberValue || text(a.number, b.number) || text(a.college, b.college) || text(a.department, b.department),
  byRating: (a, b) => overallDesc(a, b) || tieBreak(a, b),
  byReviews: (a, b) => b.stats.n - a.stats.n || tieBreak(a, b),
};

function expectedCourses(query: Query): ModelCourse[] {
  return model.courses.filter((c) => modelMatches(c, query)).sort(MODEL_ORDER[query.sortBy ?? "byCourseCode"]);
}

const numeric = (number: string) => Number(/^\d+/.exec(number)?.[0] ?? 0);

/** The order checked on the answer's own fields, independent of the model. */
const ITEM_ORDER: Record<SortBy, (a: Item, b: Item) => number> = {
  byCourseCode: (a, b) =>
    numeric(a.courseCode) - numeric(b.courseCode) || text(a.courseCode, b.courseCode) || text(a.college, b.college) ||
    text(a.department, b.department),
  byRating: (a, b) =>
    b.averageOverallRating - a.averageOverallRating || text(a.college, b.college) || text(a.department, b.department) ||
    numeric(a.courseCode) - numeric(b.courseCode) || text(a.courseCode, b.courseCode),
  byReviews: (a, b) =>
    b.numReviews - a.numReviews || text(a.college, b.college) || text(a.department, b.department) ||
    numeric(a.courseCode) - numeric(b.courseCode) || text(a.courseCode, b.courseCode),
};

/** What is wrong with a returned course for this query, judged from its own fields. */
function violations(item: Item, query: Query): string[] {
  const wrong: string[] = [];
  if (query.colleges?.length && !query.colleges.includes(item.college)) wrong.push(`college ${item.college}`);
  if (query.departments?.length && !query.departments.includes(item.department)) wrong.push(`department ${item.department}`);
  const hubs = new Set(item.hubRequirements.map((h) => h.code));
  for (const hub of query.hubReqs ?? []) if (!hubs.has(hub)) wrong.push(`lacks Hub ${hub}`);
  if (query.noPreReqs && !item.noPreReqs) wrong.push("has prerequisites");
  if (query.minCourseCode !== undefined && numeric(item.courseCode) < query.minCourseCode) wrong.push(`number ${item.courseCode}`);
  if (query.reviewCount !== undefined && item.numReviews < query.reviewCount) wrong.push(`${item.numReviews} reviews`);
  for (const slider of MIN_SLIDERS) {
    const min = query[slider];
    if (min === undefined || min <= 0) continue;
    if (item.numReviews === 0) wrong.push(`${slider}: unrated`);
    else if ((item[ITEM_FIELD[slider]] as number) < min - 1e-9) wrong.push(`${slider}: ${item[ITEM_FIELD[slider]]}`);
  }
  for (const slider of MAX_SLIDERS) {
    const max = query[slider];
    if (max !== undefined && item.numReviews > 0 && (item[ITEM_FIELD[slider]] as number) > max + 1e-9) wrong.push(`${slider}: ${item[ITEM_FIELD[slider]]}`);
  }
  if (query.q && !textMatches(searchWords(item.college, item.department, item.courseCode, item.title), query.q)) wrong.push(`text "${item.title}"`);
  return wrong;
}

const round9 = (x: number) => Math.round(x * 1e9) / 1e9;
const HUB_NAMES = new Map(HUB_AREAS.map((a) => [a.code, a.name]));

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
    title: c.title,
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
    if (Array.isArray(value)) { for (const v of value) params.append(name, v); }
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
async function checkQuery(label: string, query: Query, options: { walkAll?: boolean } = {}): Promise<{ expected: ModelCourse[]; walked: Item[] }> {
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
    expect({ totalElements: body.totalElements, totalPages: body.totalPages, number: body.number, size: body.size }, where)
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

  test("no filter at all: the whole catalog", async () => {
    await checkQuery("no filter", {});
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
    ["minCourseCode=500", { minCourseCode: 500 }],
    ["minCourseCode=900", { minCourseCode: 900 }],
    ["minCourseCode=0", { minCourseCode: 0, colleges: ["SHA"] }],
    ["minCourseCode + department", { minCourseCode: 300, colleges: ["CAS"], departments: ["CS"] }],
    ["reviewCount=0 keeps everything", { reviewCount: 0, colleges: ["KHC"] }],
    ["reviewCount=1", { reviewCount: 1 }],
    ["reviewCount=4", { reviewCount: 4 }],
    ["reviewCount=8", { reviewCount: 8 }],
    ["reviewCount=9", { reviewCount: 9 }],
    ...MIN_SLIDERS.flatMap((slider): [string, Query][] => [0.1, 2.5, 3.3, 4, 5].map((value): [string, Query] => [`${slider}=${value}`, { [slider]: value }])),
    ["minRating=0 keeps unrated courses", { minRating: 0, colleges: ["CDS"] }],
    ...MAX_SLIDERS.flatMap((slider): [string, Query][] => [1, 2, 3, 5].map((value): [string, Query] => [`${slider}=${value}`, { [slider]: value }])),
    ...MAX_SLIDERS.flatMap((slider): [string, Query][] =>
      [1, 2, 3, 4].map((value): [string, Query] => [`${slider}=${value} among reviewed courses`, { [slider]: value, reviewCount: 1 }])
    ),
    ["maxDifficulty=2 + maxWorkload=3, reviewed", { maxDifficulty: 2, maxWorkload: 3, reviewCount: 1 }],
    ["maxDifficulty=3 + college keeps unrated", { maxDifficulty: 3, colleges: ["CDS"] }],
    ["every min slider at 3", { minRating: 3, minUsefulness: 3, minInterest: 3, minTeacher: 3 }],
    ["min and max sliders together", { minRating: 3.5, maxDifficulty: 3, maxWorkload: 3 }],
    ['q="cs 111"', { q: "cs 111" }],
    ['q="CAS CS 111"', { q: "CAS CS 111" }],
    ['q="cs111"', { q: "cs111" }],
    ['q="intro psych"', { q: "intro psych" }],
    ['q="writing"', { q: "writing" }],
    ['q="  Writing   SEMINAR "', { q: "  Writing   SEMINAR " }],
    ['q="cs 1" (prefixes)', { q: "cs 1" }],
    ['q="ENG EK 1"', { q: "ENG EK 1" }],
    ['q="120s" (a suffixed number)', { q: "120s" }],
    ['q="history" + college', { q: "history", colleges: ["CAS"] }],
    ['q="data" + Hub', { q: "data", hubReqs: ["QR2"] }],
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

  test("the text searches from docs/product.md find what a student means", async () => {
    for (const q of ["cs 111", "CAS CS 111", "cs111"]) {
      const { walked } = await checkQuery(`q=${q}`, { q });
      expect(codes(walked), q).toContain("CAS CS 111");
    }
    const { walked } = await checkQuery("q=intro psych", { q: "intro psych" });
    expect(walked.length).toBeGreaterThan(0);
    expect(walked.every((c) => /\bintro/i.test(c.title) && /\bpsych/i.test(c.title))).toBe(true);
  });

  test("title words after a non-breaking space are words too", async () => {
    // "Methods and Exegesis:\u00a0Africana and Womanist Biblical\u00a0Approaches" (STH) separates words with U+00A0.
    const nbsp = model.courses.filter((c) => /\u00a0/.test(c.title));
    expect(nbsp.length).toBeGreaterThan(0);
    for (const q of ["biblical approaches", "exegesis the gospel", "theories of learning"]) {
      const { expected } = await checkQuery(`q=${q}`, { q });
      expect(expected.some((c) => /\u00a0/.test(c.title)), q).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------
// 2. Sort orders across page boundaries
// ---------------------------------------------------------------------------

describe("sort orders hold across page boundaries", () => {
  const sorts: SortBy[] = ["byCourseCode", "byRating", "byReviews"];

  test.each(sorts)("%s over the whole catalog: the first five pages and the last", async (sortBy) => {
    const expected = expectedCourses({ sortBy });
    const totalPages = Math.ceil(expected.length / PAGE_SIZE);
    const firstFive: Item[] = [];
    for (let page = 0; page < 5; page++) {
      const body = await searchPage({ sortBy }, page, sortBy);
      expect(body.totalElements).toBe(9789);
      expect(body.totalPages).toBe(totalPages);
      expect.soft(codes(body.content), `${sortBy} page ${page}`).toEqual(codes(expected.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)));
      firstFive.push(...body.content);
    }
    expectSorted(firstFive, sortBy, `${sortBy}, pages 0-4`);
    const last = await searchPage({ sortBy }, totalPages - 1, sortBy);
    expect.soft(codes(last.content), `${sortBy} last page`).toEqual(codes(expected.slice((totalPages - 1) * PAGE_SIZE)));
    expect(last.content).toHaveLength(9789 - (totalPages - 1) * PAGE_SIZE);
    expectSorted(last.content, sortBy, `${sortBy}, last page`);
    // The last item of the next-to-last page comes before the first of the last page.
    const beforeLast = await searchPage({ sortBy }, totalPages - 2, sortBy);
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

  test("byRating breaks exact ties in the average by college, department, number", async () => {
    // Courses whose averages are the same fraction (132/30 and 22/5 are both 4.4) tie, whatever
    // floating-point noise summing the reviews' overall ratings leaves behind.
    const rated = expectedCourses({ reviewCount: 1, sortBy: "byRating" });
    const groups = new Map<string, ModelCourse[]>();
    for (const c of rated) {
      const key = String(round9(c.stats.overall5 / (5 * c.stats.n)));
      groups.set(key, [...groups.get(key) ?? [], c]);
    }
    const ties = [...groups.entries()].filter(([, list]) => list.length > 1);
    expect(ties.length).toBeGreaterThan(10);
    const walked: Item[] = [];
    for (let page = 0; page * PAGE_SIZE < rated.length; page++) {
      walked.push(...(await searchPage({ reviewCount: 1, sortBy: "byRating" }, page, "ties")).content);
    }
    const position = new Map(walked.map((item, i) => [item.code, i]));
    const wrong: string[] = [];
    for (const [average, list] of ties) {
      const got = [...list].sort((a, b) => position.get(a.code)! - position.get(b.code)!).map((c) => c.code);
      const want = list.map((c) => c.code);
      if (got.join() !== want.join()) wrong.push(`${average}: got ${got.join(", ")}; want ${want.join(", ")}`);
    }
    expect(wrong).toEqual([]);
  });

  test.each(sorts)("%s over a Hub filter, walked entirely", async (sortBy) => {
    const query: Query = { hubReqs: ["CRT"], sortBy };
    const { expected, walked } = await checkQuery(`CRT ${sortBy}`, query, { walkAll: true });
    expect(Math.ceil(expected.length / PAGE_SIZE)).toBeGreaterThan(20);
    expect(walked).toHaveLength(expected.length);
    expectSorted(walked, sortBy, `CRT ${sortBy}`);
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
    const rows = numbers.map(([college, department, number]) => ({ college, department, number, title: `Test course ${number}`, hub_units: [] }));
    const report = await importCourses(u.deps.database, rows);
    expect(report.skipped).toEqual([]);
  });
  afterAll(() => u?.close());

  const order = async (query: string) => {
    const response = await api(u, `/api/courses/search?${query}`);
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
    expect(await order("minCourseCode=100")).toEqual(["TST AB 100", "ABC AB 120", "TST AB 120", "TST CD 120", "TST AB 120S", "TST AB 121", "TST AB 1000"]);
    expect(await order("minCourseCode=120&colleges=TST&departments=AB")).toEqual(["TST AB 120", "TST AB 120S", "TST AB 121", "TST AB 1000"]);
    expect(await order("minCourseCode=1000")).toEqual(["TST AB 1000"]);
    expect(await order("minCourseCode=1001")).toEqual([]);
  });

  test("q matches number prefixes, with and without the department", async () => {
    expect(await order("q=ab+99")).toEqual(["TST AB 99", "TST AB 99A"]);
    expect(await order("q=ab99a")).toEqual(["TST AB 99A"]);
    expect(await order("q=tst+12")).toEqual(["TST AB 120", "TST CD 120", "TST AB 120S", "TST AB 121"]);
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
    const expected = expectedCourses({});
    for (const name of names) {
      const { status, body } = await searchRaw(`${name}=`);
      expect(status, name).toBe(200);
      expect(body.totalElements, name).toBe(9789);
      expect(codes(body.content), name).toEqual(codes(expected.slice(0, PAGE_SIZE)));
    }
    const { status, body } = await searchRaw(names.map((n) => `${n}=`).join("&"));
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalElements: 9789, totalPages: Math.ceil(9789 / PAGE_SIZE), number: 0, size: PAGE_SIZE });
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
      expect(body, `page ${page}`).toEqual({ content: [], totalElements: expected.length, totalPages, number: page, size: PAGE_SIZE });
    }
    const nothing = await searchRaw(paramsOf({ hubReqs: ["AEX", "CRT", "TWC"] }, 3));
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual({ content: [], totalElements: 0, totalPages: 0, number: 3, size: PAGE_SIZE });
  });
});

// ---------------------------------------------------------------------------
// 4. Search text is literal
// ---------------------------------------------------------------------------

describe("search text is matched literally", () => {
  const texts = ["%", "_", "' OR 1=1--", '"', "100%", "%%", "_1", "c_s", "cs%", "\\", "\\%", "'", "'; DROP TABLE courses; --", "*", "[a-z]", "cs 1_1"];

  test.each(texts)("q=%s", async (q) => {
    const { expected } = await checkQuery(`q=${q}`, { q });
    // Sanity for the strongest cases: a wildcard read as SQL would have matched (nearly) everything.
    if (["%", "_", "%%", "' OR 1=1--", "100%", "cs%", "c_s", "_1"].includes(q)) expect(expected).toHaveLength(0);
  });

  test("a quote that starts a title word finds exactly those titles", async () => {
    const { expected, walked } = await checkQuery('q="', { q: '"' });
    expect(expected.length).toBeGreaterThan(0);
    expect(walked.every((c) => c.title.includes('"'))).toBe(true);
  });

  test("the catalog survives the searches", async () => {
    const { body } = await searchRaw("");
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
      const expected = [...new Set(model.courses.filter((c) => c.college === college).map((c) => c.department))].sort(text);
      expect(await response.json(), college).toEqual(expected);
    }
    const unknown = await api(t, "/api/courses/departments/ZZZ");
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual([]);
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
    for (const id of [String(maxId + 1), "999999999", "0", "-1", "abc", "1.5", "1e3", "99999999999999999999", "%20", "12abc"]) {
      const response = await api(t, `/api/courses/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.json(), id).toEqual({ message: "Course not found" });
    }
  });
});
