/**
 * Search that finds what students type, on the real BU catalog: the course a
 * student means is among the first three results, for the six
 * queries and for a set of queries a BU student would type, spread over
 * colleges (codes in every form, abbreviations, typos, plain topics).
 */
import MiniSearch from "minisearch";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { currentCatalog } from "../../src/services/catalog/catalog-cache.ts";
import { DESCRIPTION_STOP_WORDS, stem } from "../../src/services/search/search-descriptions.ts";
import { catalogIndex, exactCodeMatches, rankCourses, textQuery } from "../../src/services/search/search-index.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import { api } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { readBuCatalog } from "../helpers/catalog.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
  await importCourses(t.deps.database, await readBuCatalog());
});
afterAll(() => t.close());

async function firstThree(q: string): Promise<string[]> {
  const response = await api(t, `/api/courses/search?q=${encodeURIComponent(q)}`);
  expect(response.status, q).toBe(200);
  return (await response.json()).content.slice(0, 3).map((course: { code: string }) => course.code);
}

/** Query → the courses any one of which a student typing it means. */
const REQUIRED: [string, string[]][] = [
  ["intro psych", ["CAS PS 101"]],
  ["econ 101", ["CAS EC 101"]],
  ["cs111", ["CAS CS 111"]],
  ["writing seminar", ["CAS WR 120"]],
  ["calculus", ["CAS MA 121", "CAS MA 123", "CAS MA 124"]],
  ["organic chem", ["CAS CH 203"]],
];

const STUDENTS_TYPE: [string, string[]][] = [
  // Course codes, in the forms students write them.
  ["CS-111", ["CAS CS 111"]],
  ["cas cs 111", ["CAS CS 111"]],
  ["CS 111", ["CAS CS 111"]],
  ["CASCS111", ["CAS CS 111"]],
  ["ma123", ["CAS MA 123"]],
  ["wr120", ["CAS WR 120"]],
  ["psych 101", ["CAS PS 101"]],
  ["econ 102", ["CAS EC 102"]],
  ["bio 107", ["CAS BI 107"]],
  ["chem 101", ["CAS CH 101"]],
  ["ec311", ["ENG EC 311"]],
  // Abbreviations and typos.
  ["calclus", ["CAS MA 121", "CAS MA 123", "CAS MA 124"]],
  ["stats", ["CAS MA 113", "CAS MA 115", "CAS MA 213"]],
  ["orgo", ["CAS CH 203"]],
  ["intro to comp sci", ["CAS CS 111", "CAS CS 101"]],
  ["intro to ethics", ["CAS PH 150"]],
  ["microbiolgy", ["CAS BI 311"]],
  ["differntial equations", ["CAS MA 226"]],
  // Topics, across the colleges.
  ["elementary statistics", ["CAS MA 113"]],
  ["general chemistry", ["CAS CH 101"]],
  ["data science python", ["CDS DS 110"]],
  ["macroeconomics", ["CAS EC 102"]],
  ["microeconomics", ["CAS EC 101"]],
  ["linear algebra", ["CAS MA 242"]],
  ["physics 1", ["CAS PY 105", "CAS PY 211"]],
  ["biology 1", ["CAS BI 107"]],
  ["intro to philosophy", ["CAS PH 100"]],
  ["american politics", ["CAS PO 111"]],
  ["financial accounting", ["QST AC 221"]],
  ["corporate finance", ["QST FE 223", "QST FE 323"]],
  ["marketing", ["QST MK 223"]],
  ["engineering mechanics", ["ENG EK 301"]],
  ["intro to programming", ["ENG EK 121", "ENG EK 125", "MET CS 201"]],
  ["logic design", ["ENG EC 311"]],
  ["human anatomy", ["CAS BI 210", "SAR HS 369"]],
  ["intro to nutrition", ["SAR HS 201"]],
  ["epidemiology", ["SAR HS 300"]],
  ["music theory", ["CFA MT 101"]],
  ["drawing", ["CFA AR 131", "CFA AR 192"]],
  ["acting", ["CFA TH 120", "CFA TH 121"]],
  ["journalism", ["COM JO 150"]],
  ["first semester spanish", ["CAS LS 111"]],
  ["arabic", ["CAS LY 111"]],
  ["sociology", ["CAS SO 100"]],
  ["neuroscience", ["CAS NE 101"]],
  ["discrete math", ["CAS MA 293", "CAS MA 193", "CAS CS 131"]],
  ["algorithms", ["CAS CS 330"]],
  ["machine learning", ["CDS DS 340", "ENG EC 414"]],
  ["genetics", ["CAS BI 206"]],
  ["shakespeare", ["CAS EN 163", "CAS EN 363"]],
  ["hospitality", ["SHA HF 100"]],
  ["criminal justice", ["MET CJ 101"]],
];

describe("search finds the course a student means among the first three", () => {
  test.each(REQUIRED)("%s", async (q, wanted) => {
    const found = await firstThree(q);
    expect(found.some((code) => wanted.includes(code)), `${q} → ${found.join(", ")}`).toBe(true);
  });

  test(`${STUDENTS_TYPE.length} queries a BU student would type, over colleges`, async () => {
    expect(STUDENTS_TYPE.length).toBeGreaterThanOrEqual(40);
    const misses: string[] = [];
    for (const [q, wanted] of STUDENTS_TYPE) {
      const found = await firstThree(q);
      if (!found.some((code) => wanted.includes(code))) {
        misses.push(`${q} → ${found.join(", ")} (wanted ${wanted.join(" or ")})`);
      }
    }
    expect(misses).toEqual([]);
  });
});

/**
 * The index keeps the names in MiniSearch and the descriptions' words in a stored index of their own
 * (src/services/search/search-descriptions.ts); together they must rank as one MiniSearch over all five fields did. Here that
 * MiniSearch is built from the catalog and the descriptions, and both answer the same queries: the same courses, in
 * the same order but for courses whose scores tie exactly.
 */
describe("the split index ranks as one MiniSearch over names and descriptions", () => {
  test("every query of this file, and some broad ones, gives the same ranking", async () => {
    const database = t.deps.database;
    const index = await catalogIndex(database.db);
    const catalog = await currentCatalog(database.db);
    const texts = new Map(
      (await database.client.execute("SELECT course_id, description FROM course_texts")).rows.map((
        r,
      ) => [Number(r.course_id), r.description]),
    );
    const whole = new MiniSearch({
      fields: ["code", "title", "department", "college", "description"],
      storeFields: [],
      processTerm: (term, field) => {
        const word = term.toLowerCase();
        if (field === "description") return DESCRIPTION_STOP_WORDS.has(word) ? null : stem(word);
        return stem(word);
      },
      searchOptions: {
        boost: { code: 6, title: 4, department: 1.5, college: 0.5, description: 0.75 },
        boostDocument: (id) => index.weights.get(id as number) ?? 1,
      },
    });
    whole.addAll([...catalog.courses.values()].map((row) => ({
      id: row.id,
      code:
        `${row.college} ${row.department} ${row.number} ${row.department}${row.number} ${row.college}${row.department}${row.number}`,
      title: row.title,
      department: row.departmentName,
      college: row.collegeName,
      description: String(texts.get(row.id) ?? ""),
    })));
    const queries = [...REQUIRED, ...STUDENTS_TYPE].map(([q]) => q).concat([
      "history",
      "in",
      "study",
      "research methods",
      "c",
      "pre",
      "lab",
    ]);
    const different: string[] = [];
    for (const q of queries) {
      const ranked = rankCourses(index, q);
      const exact = new Set(exactCodeMatches(index, q).map((c) => c.id));
      const query = textQuery(index, q);
      const expected = query ? whole.search(query) : [];
      const scoreOf = new Map(expected.map((r) => [r.id as number, r.score]));
      const got = ranked.filter((id) => !exact.has(id));
      // A ranking keeps its first 5,000 courses (more than anyone pages through).
      const want = expected.map((r) => r.id as number).filter((id) => !exact.has(id)).slice(0, 5000 - exact.size);
      // Tied courses may come in either order: compare the scores position by position, and the sets.
      const same = got.length === want.length && got.every((id, i) => scoreOf.get(id) === scoreOf.get(want[i])) &&
        new Set(got).size === new Set([...got, ...want]).size;
      if (!same) {
        different.push(
          `${q}: ${got.slice(0, 5).join(",")} vs ${want.slice(0, 5).join(",")} (${got.length} vs ${want.length})`,
        );
      }
    }
    expect(different).toEqual([]);
  });
});
