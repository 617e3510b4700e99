/**
 * What the search reads in the text, on the real 9,789-course BU catalog with deterministic synthetic reviews: every
 * rule of SEARCH_MEANINGS (src/lib/search-words.ts) sent as a student types it, each held to the model in
 * tests/helpers/catalog.ts (a Hub rule finds exactly the model's current undergraduate courses of its area; a sort
 * rule orders reviewed courses by their averages); the searches the issue found failing; and the first page without
 * text (current undergraduate courses by course number, the rest one switch away).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SearchCourse, SearchPage } from "../../src/lib/api-types.ts";
import { SEARCH_MEANINGS, type WordMeaning, type WordSort } from "../../src/lib/search-words.ts";
import { api } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import {
  buildModel,
  type CatalogModel,
  loadModelIntoApp,
  type ModelCourse,
  readBuCatalog,
} from "../helpers/catalog.ts";

let t: TestApp;
let model: CatalogModel;

beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
  const rows = await readBuCatalog();
  model = buildModel(rows);
  await loadModelIntoApp(t, rows, model);
}, 120_000);
afterAll(() => t?.close());

async function search(query: string, page = 0): Promise<SearchPage> {
  const response = await api(t, `/api/courses/search?${query}&page=${page}`);
  const body = await response.json();
  expect(response.status, `${query}: ${JSON.stringify(body).slice(0, 200)}`).toBe(200);
  return body;
}

/** Every course of a search, page by page. */
async function everyCourse(query: string): Promise<SearchCourse[]> {
  const all: SearchCourse[] = [];
  for (let page = 0;; page++) {
    const body = await search(query, page);
    all.push(...body.content);
    if (page + 1 >= body.totalPages) return all;
  }
}

const undergraduate = (c: ModelCourse) => c.current && c.numberValue >= 100 && c.numberValue < 500;
const q = (text: string) => `q=${encodeURIComponent(text)}`;
const codes = (list: { code: string }[]) => list.map((c) => c.code);
const hubsOf = (course: SearchCourse) => course.hubRequirements.map((hub) => hub.code);
const byCourseNumber = (a: ModelCourse, b: ModelCourse) =>
  a.numberValue - b.numberValue || (a.number < b.number ? -1 : a.number > b.number ? 1 : 0) ||
  (a.college < b.college ? -1 : a.college > b.college ? 1 : 0) ||
  (a.department < b.department ? -1 : a.department > b.department ? 1 : 0);

/** The model's current undergraduate courses of a Hub area, in course order. */
const areaCourses = (hub: string) =>
  model.courses.filter((c) => undergraduate(c) && c.hubs.has(hub)).sort(byCourseNumber);

/** The field a sort orders by, and which way. */
const SORT_FIELDS = {
  easiest: ["averageDifficultyRating", 1],
  lightest: ["averageWorkloadRating", 1],
  hardest: ["averageDifficultyRating", -1],
} as const;

/** Reviewed courses first, in the sort's order of their (rounded) averages; the courses without reviews after. */
function expectSortedBy(list: SearchCourse[], sort: keyof typeof SORT_FIELDS, label: string) {
  const [field, way] = SORT_FIELDS[sort];
  const firstUnreviewed = list.findIndex((c) => c.numReviews === 0);
  const reviewed = firstUnreviewed < 0 ? list : list.slice(0, firstUnreviewed);
  expect(list.slice(reviewed.length).every((c) => c.numReviews === 0), `${label}: unreviewed last`).toBe(true);
  for (let i = 1; i < reviewed.length; i++) {
    expect(way * (reviewed[i][field] - reviewed[i - 1][field]), `${label}: ${reviewed[i].code}`).toBeGreaterThanOrEqual(
      0,
    );
  }
}

describe("every rule of SEARCH_MEANINGS on the real catalog", () => {
  const rules = [...SEARCH_MEANINGS].map(([phrase, meaning]) => [phrase, meaning] as [string, WordMeaning]);
  const hubRules = rules.filter(([, meaning]) => "hub" in meaning) as [string, { hub: string; rank?: string }][];
  const sortRules = rules.filter(([, meaning]) => "sort" in meaning) as [string, { sort: WordSort }][];

  test("the table has a rule for each Hub area's code and name, and the sort words", () => {
    expect(hubRules.length).toBeGreaterThan(100);
    expect(sortRules.map(([phrase]) => phrase)).toEqual(
      expect.arrayContaining(["easy", "light", "low workload", "hard"]),
    );
  });

  test("each Hub rule, typed in capitals, finds exactly its area's current undergraduate courses", async () => {
    for (const [phrase, meaning] of hubRules) {
      const typed = phrase.toUpperCase();
      const body = await search(q(typed));
      const expected = areaCourses(meaning.hub);
      expect(body.understood, phrase).toEqual([{ text: typed, meaning: `Hub ${meaning.hub}`, start: 0 }]);
      expect(body.totalElements, phrase).toBe(expected.length);
      expect(body.scoped, phrase).toBe(true);
      if (meaning.rank) {
        // Ranked by the topic: the courses naming it come first.
        expect(body.sortBy, phrase).toBe("relevance");
        const word = meaning.rank.replace(/s$/, "").slice(0, 5).toLowerCase();
        const top = body.content.slice(0, 3);
        expect(top.every((c) => `${c.title} ${c.description ?? ""}`.toLowerCase().includes(word)), phrase).toBe(true);
      } else {
        expect(body.sortBy, phrase).toBe("byCourseCode");
        expect(codes(body.content), phrase).toEqual(codes(expected.slice(0, 18)));
      }
    }
  });

  test("each sort rule orders the courses by their averages, reviewed first", async () => {
    for (const [phrase, meaning] of sortRules) {
      const body = await search(q(phrase));
      expect(body.understood, phrase).toEqual([{ text: phrase, meaning: expect.any(String), start: 0 }]);
      expect(body.sortBy, phrase).toBe(meaning.sort);
      expect(body.totalElements, phrase).toBe(model.courses.filter(undergraduate).length);
      if (meaning.sort === "byReviews") {
        const counts = body.content.map((c) => c.numReviews);
        expect(counts, phrase).toEqual([...counts].sort((a, b) => b - a));
      } else if (meaning.sort === "byRating") expect(body.content[0].numReviews, phrase).toBeGreaterThan(0);
      else expectSortedBy(body.content, meaning.sort, phrase);
    }
  });
});

describe("the searches students typed", () => {
  test("QR2, easy QR2, hub etr, Quantitative Reasoning II: the area's courses, the easiest first when asked", async () => {
    const qr2 = areaCourses("QR2");
    for (const text of ["QR2", "qr2", "Quantitative Reasoning II", "quantitative reasoning 2", "QR-2"]) {
      expect(codes(await everyCourse(q(text))), text).toEqual(codes(qr2));
    }
    const easy = await everyCourse(q("easy QR2"));
    expect(new Set(codes(easy))).toEqual(new Set(codes(qr2)));
    expectSortedBy(easy, "easiest", "easy QR2");
    expect(easy[0].numReviews).toBeGreaterThan(0);
    expect(codes(await everyCourse(q("hub etr")))).toEqual(codes(areaCourses("ETR")));
  });

  test("WIN is the Writing-Intensive area, not a wine-tasting course", async () => {
    const win = await everyCourse(q("WIN"));
    expect(codes(win)).toEqual(codes(areaCourses("WIN")));
    expect(win.every((c) => !/wine/i.test(c.title) && hubsOf(c).includes("WIN"))).toBe(true);
    expect(codes(await everyCourse(q("writing intensive")))).toEqual(codes(win));
  });

  test("ethics hub: Ethical Reasoning courses, CAS PH 150 Introduction to Ethics on the first page", async () => {
    for (const text of ["ethics hub", "hub ethics"]) {
      const body = await search(q(text));
      expect(body.totalElements).toBe(areaCourses("ETR").length);
      expect(codes(body.content), text).toContain("CAS PH 150");
      expect(body.content.every((c) => hubsOf(c).includes("ETR"))).toBe(true);
    }
  });

  test("the text left beside a Hub code narrows the area's courses", async () => {
    const found = await everyCourse(q("statistics QR2"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(areaCourses("QR2").length);
    expect(found.every((c) => hubsOf(c).includes("QR2"))).toBe(true);
    expect(found.some((c) => /statistic/i.test(c.title))).toBe(true);
  });

  test("college and department names and codes keep working", async () => {
    expect((await search(q("CS 111"))).content[0].code).toBe("CAS CS 111");
    expect((await search(q("econ 101"))).content[0].code).toBe("CAS EC 101");
    const science = await search(q("computer science"));
    expect(science.understood).toEqual([]);
    expect(science.content.some((c) => c.department === "CS")).toBe(true);
  });

  test("light with other words is a word: light and optics finds courses about light", async () => {
    const optics = await search(q("light and optics"));
    expect(optics.understood).toEqual([]);
    expect(optics.sortBy).toBe("relevance");
    expect(optics.totalElements).toBeGreaterThan(0);
    // Alone, or beside a Hub area, it asks for the lightest workload.
    expect((await search(q("light QR2"))).sortBy).toBe("lightest");
    expect((await search(q("easy classes"))).understood).toEqual([{
      text: "easy",
      meaning: "Easiest first",
      start: 0,
    }]);
  });

  test("a quoted word is a word; a chosen sort wins over the word", async () => {
    const light = await search(q('"light"'));
    expect(light.understood).toEqual([]);
    expect(light.sortBy).toBe("relevance");
    expect(light.content.some((c) => /light/i.test(c.title))).toBe(true);
    // A sort named in the request wins, even relevance; the sort word is then a word.
    for (const sortBy of ["byReviews", "relevance"]) {
      const chosen = await search(`${q("easy writing")}&sortBy=${sortBy}`);
      expect(chosen.sortBy).toBe(sortBy);
      expect(chosen.understood).toEqual([]);
    }
  });
});

describe("the first page without text", () => {
  test("current undergraduate courses by course number; graduate and old courses one switch away", async () => {
    const first = await search("");
    const expected = model.courses.filter(undergraduate).sort(byCourseNumber);
    expect(first.scoped).toBe(true);
    expect(first.totalElements).toBe(expected.length);
    expect(codes(first.content)).toEqual(codes(expected.slice(0, 18)));
    // The first page starts with 100-level courses, not old or non-credit ones numbered below 100.
    expect(first.content.every((c) => c.current && Number(c.courseCode.slice(0, 3)) >= 100)).toBe(true);
    const all = await search("allCourses=true");
    expect(all.scoped).toBe(false);
    expect(all.totalElements).toBe(9789);
  });
});
