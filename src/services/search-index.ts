/**
 * Relevance-ranked course search, in memory: MiniSearch over each course's
 * code, title, department and college names and description, with word
 * prefixes, one typo in words of five letters or more, and field weights
 * (code above title above names above description). What students type is
 * turned into the catalog's words by src/lib/search-words.ts.
 *
 * The index is built from the catalog in memory (src/services/catalog-cache.ts)
 * on the first search and kept with that copy of the catalog, so a new
 * catalog version brings a new index in every process.
 */
import { LRUCache } from "lru-cache";
import MiniSearch, { type Query, type SearchResult } from "minisearch";
import type { Db } from "../../db/client.ts";
import { courseCodeQuery, queryWords } from "../lib/search-words.ts";
import { type Catalog, currentCatalog, derivedFrom } from "./catalog-cache.ts";

export type IndexedCourse = {
  id: number;
  college: string;
  department: string;
  number: string;
  numberValue: number;
  code: string;
  title: string;
  current: boolean;
};

export type CatalogIndex = {
  version: number;
  search: MiniSearch;
  courses: Map<number, IndexedCourse>;
  /** Every word of the codes, titles and names as indexed: a typed word found here is spelled right and needs no typo search. */
  nameWords: Set<string>;
  /**
   * The rankings of recent queries. A student who changes a filter, turns a
   * page or sorts again asks for the same text: its ranking is not redone.
   */
  recent: LRUCache<string, number[]>;
};

/** Rankings kept per index: at most 5,000 ids each, so at most about 4 MB. */
const RECENT_QUERIES = 100;

const FIELD_BOOST = { code: 6, title: 4, department: 1.5, college: 0.5, description: 0.75 };
/** The short fields, matched by prefix and with a typo; descriptions only by whole words (and prefixes of four letters or more). */
const NAME_FIELDS = ["code", "title", "department", "college"];
const DESCRIPTION_FIELDS = ["description"];

/** Words too common in descriptions to tell courses apart: left out of their index (titles keep them). */
const DESCRIPTION_STOP_WORDS = new Set(
  "a an and are as at be by for from has have in into is it its of on or that the their this to with will students course courses".split(" "),
);

/** Titles of courses that start a subject. */
const INTRODUCTORY = /\b(introduction|introductory|intro|principles|fundamentals|general|elementary|foundations|basic|survey)\b/i;
/** Titles of courses few students look for by topic: research, directed study, internships, theses. */
const NARROW = /\b(research|directed stud|independent stud|internship|thesis|dissertation|practicum|honors work|special topics|externship)/i;

/**
 * What a search for a topic most likely means, at equal relevance: an
 * introductory undergraduate course in BU's recent catalog before an
 * advanced, graduate, narrow or old one. A factor on each course's score.
 */
function courseWeight(course: IndexedCourse): number {
  const level = Math.floor(course.numberValue / 100);
  const byLevel = level <= 1 ? 1.5 : level === 2 ? 1.25 : level === 3 ? 1.1 : level === 4 ? 1 : 0.6;
  const byKind = INTRODUCTORY.test(course.title) ? 1.15 : NARROW.test(course.title) ? 0.75 : 1;
  // Metropolitan College offers evening and online versions of many day courses: the day course is the one most students mean.
  const byCollege = course.college === "MET" ? 0.9 : 1;
  return byLevel * byKind * byCollege * (course.current ? 1 : 0.6);
}

/**
 * Words as the index keeps them: lower case, plurals folded by Harman's
 * S-stemmer (ies → y, es → e, s → nothing, with its exceptions), so
 * "macroeconomics" finds "Macroeconomic". A stronger stemmer (Porter) would
 * also fold "organization" into "organ", and typos would drift further from
 * the words they mean.
 */
export function indexTerm(term: string): string {
  const word = term.toLowerCase();
  return stem(word);
}

function stem(word: string): string {
  if (word.length <= 3 || !word.endsWith("s")) return word;
  if (word.endsWith("ies") && !/[ae]ies$/.test(word)) return word.slice(0, -3) + "y";
  if (word.endsWith("es") && !/[aeo]es$/.test(word)) return word.slice(0, -1);
  if (/[us]s$/.test(word)) return word;
  return word.slice(0, -1);
}

function buildIndex(catalog: Catalog): CatalogIndex {
  const byId = new Map<number, IndexedCourse>();
  const weights = new Map<number, number>();
  const nameWords = new Set<string>();
  const search = new MiniSearch({
    fields: ["code", "title", "department", "college", "description"],
    storeFields: [],
    processTerm: (term, field) => {
      const word = term.toLowerCase();
      if (field === "description") return DESCRIPTION_STOP_WORDS.has(word) ? null : stem(word);
      const stemmed = stem(word);
      // Called with a field while indexing, without one while searching.
      if (field) nameWords.add(stemmed);
      return stemmed;
    },
    searchOptions: {
      boost: FIELD_BOOST,
      boostDocument: (id) => weights.get(id as number) ?? 1,
    },
  });
  const documents = [...catalog.courses.values()].map((row) => {
    const course: IndexedCourse = {
      id: row.id,
      college: row.college,
      department: row.department,
      number: row.number,
      numberValue: row.numberValue,
      code: row.code,
      title: row.displayTitle,
      current: row.current,
    };
    byId.set(row.id, course);
    weights.set(row.id, courseWeight(course));
    const code = `${row.college} ${row.department} ${row.number} ${row.department}${row.number} ${row.college}${row.department}${row.number}`;
    return {
      id: row.id,
      code,
      title: row.title,
      department: row.departmentName,
      college: row.collegeName,
      description: row.description ?? "",
    };
  });
  search.addAll(documents);
  return { version: catalog.version, search, courses: byId, nameWords, recent: new LRUCache({ max: RECENT_QUERIES }) };
}

/** The search index of a catalog copy, built on first use and kept with it. */
export function indexOf(catalog: Catalog): CatalogIndex {
  return derivedFrom(catalog, "search-index", buildIndex);
}

/** The search index of this database's current catalog. */
export async function catalogIndex(db: Db): Promise<CatalogIndex> {
  return indexOf(await currentCatalog(db));
}

/** The courses whose code the query names (`cs111`, `econ 101`), current and CAS ones first. */
export function exactCodeMatches(index: CatalogIndex, q: string): IndexedCourse[] {
  const wanted = courseCodeQuery(q);
  if (!wanted) return [];
  const found: IndexedCourse[] = [];
  for (const course of index.courses.values()) {
    if (course.number !== wanted.number || !wanted.departments.includes(course.department)) continue;
    if (wanted.college && course.college !== wanted.college) continue;
    found.push(course);
  }
  // CAS first among equal codes: the college most students mean when they leave it out.
  return found.sort((a, b) =>
    Number(b.current) - Number(a.current) || Number(b.college === "CAS") - Number(a.college === "CAS") || a.code.localeCompare(b.code)
  );
}

/**
 * One word as typed: in the code, title and names by prefix (two letters or
 * more) and with one typo (five letters or more); in the description as a
 * whole word, or as a prefix from four letters on. The words an alias stands
 * for are spelled right and whole: they match as they are; so does a typed
 * word that is itself a word of some code, title or name (the typo search is
 * the costly part, and a word spelled right does not need it).
 */
function wordQuery(index: CatalogIndex, word: string, typed: boolean): Query {
  if (!typed) return { queries: [word], fields: [...NAME_FIELDS, ...DESCRIPTION_FIELDS], prefix: false, fuzzy: false };
  const typo = word.length >= 5 && !index.nameWords.has(stem(word)) ? 1 : false;
  return {
    combineWith: "OR",
    queries: [
      { queries: [word], fields: NAME_FIELDS, prefix: word.length >= 2, fuzzy: typo },
      { queries: [word], fields: DESCRIPTION_FIELDS, prefix: word.length >= 4, fuzzy: false },
    ],
  };
}

function textQuery(index: CatalogIndex, q: string): Query | null {
  const words = queryWords(q);
  if (!words.length) return null;
  // A word matches any of its variants; a variant of several words ("computer science") needs all of them.
  const variant = (text: string, typed: boolean): Query =>
    text.includes(" ") ? { combineWith: "AND", queries: text.split(" ").map((part) => wordQuery(index, part, typed)) } : wordQuery(index, text, typed);
  return { combineWith: "AND", queries: words.map((variants) => ({ combineWith: "OR", queries: variants.map((v, i) => variant(v, i === 0)) })) };
}

/** The ids of the courses that match the query, best first: an exact course code first, then by relevance. */
export function rankCourses(index: CatalogIndex, q: string): number[] {
  const key = q.trim().toLowerCase();
  const known = index.recent.get(key);
  if (known) return known;
  const ranked = rankAnew(index, q);
  index.recent.set(key, ranked);
  return ranked;
}

function rankAnew(index: CatalogIndex, q: string): number[] {
  const exact = exactCodeMatches(index, q);
  const query = textQuery(index, q);
  const results: SearchResult[] = query ? index.search.search(query) : [];
  const ranked = exact.map((course) => course.id);
  const seen = new Set(ranked);
  for (const result of results) {
    if (!seen.has(result.id)) ranked.push(result.id as number);
  }
  return ranked;
}

export type Suggestion = { id: number; code: string; title: string };

/** Up to `limit` courses for the search box's suggestions, best first. */
export function suggestCourses(index: CatalogIndex, q: string, limit = 8): Suggestion[] {
  return rankCourses(index, q).slice(0, limit).map((id) => {
    const course = index.courses.get(id)!;
    return { id, code: course.code, title: course.title };
  });
}
