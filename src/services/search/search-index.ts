/**
 * Relevance-ranked course search, in memory: MiniSearch over each course's
 * code, title, department and college names, and the stored index of the
 * descriptions' words (src/services/search/search-descriptions.ts), with word
 * prefixes, one typo in words of five letters or more (names only), and field
 * weights (code above title above names above description). What students
 * type is turned into the catalog's words by src/lib/search-words.ts.
 *
 * A query is evaluated as MiniSearch evaluates it over one index of all five
 * fields (the same combinations, scores and "quality" factor): the names come
 * from MiniSearch, the description's share from the stored index, and they
 * add up in the order MiniSearch adds fields. Only exact ties may order
 * differently (tests/api/search-relevance.test.ts compares the two on the
 * real catalog).
 *
 * The index is built for a copy of the catalog (src/services/catalog/catalog-cache.ts)
 * when it is first needed, in slices of the event loop, and kept with that
 * copy: a page that needs no search never waits for it, and a new catalog
 * version brings a new index in every process.
 */
import { LRUCache } from "lru-cache";
import MiniSearch, { type Query, type SearchOptions } from "minisearch";
import type { Db } from "../../../db/client.ts";
import { courseCodeQuery, queryWords } from "../../lib/search-words.ts";
import { slices } from "../platform/next-turn.ts";
import { type Catalog, currentCatalog, derivedFrom } from "../catalog/catalog-cache.ts";
import {
  type DescriptionField,
  descriptionField,
  descriptionMatches,
  type DescriptionPostings,
  loadSearchPostings,
  type RawResults,
  stem,
  tokenize,
} from "./search-descriptions.ts";

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

/** The catalog's courses as search and code matching see them: ready as soon as the catalog is. */
/** The catalog's courses by id, and by number ("111", "213E") for finding a code without reading them all. */
export type CourseCodes = { courses: Map<number, IndexedCourse>; byNumber: Map<string, IndexedCourse[]> };

export type CatalogIndex = CourseCodes & {
  version: number;
  /** The names: code, title, department and college. */
  names: MiniSearch;
  descriptions: DescriptionPostings;
  descriptionField: DescriptionField;
  /** Each course's boost (courseWeight). */
  weights: Map<number, number>;
  /** Every word of the codes, titles and names as indexed: a typed word found here is spelled right and needs no typo search. */
  nameWords: Set<string>;
  /**
   * The rankings of recent queries. A student who changes a filter, turns a
   * page or sorts again asks for the same text: its ranking is not redone.
   */
  recent: LRUCache<string, number[]>;
};

/** Rankings kept per index: at most RANKED_KEPT ids of a query of at most 200 characters each, so at most about 4 MB. */
const RECENT_QUERIES = 100;
/** The most matches a ranking keeps: far more than anyone pages through (a search passes at most 5,000 to the database). */
const RANKED_KEPT = 5000;

const FIELD_BOOST = { code: 6, title: 4, department: 1.5, college: 0.5, description: 0.75 };
/** The short fields, matched by prefix and with a typo; descriptions only by whole words (and prefixes of four letters or more). */
const NAME_FIELDS = ["code", "title", "department", "college"];
const DESCRIPTION = "description";
/** MiniSearch's default for combining the words of one query string. */
const OR = "OR";

/** Titles of courses that start a subject. */
const INTRODUCTORY =
  /\b(introduction|introductory|intro|principles|fundamentals|general|elementary|foundations|basic|survey)\b/i;
/** Titles of courses few students look for by topic: research, directed study, internships, theses. */
const NARROW =
  /\b(research|directed stud|independent stud|internship|thesis|dissertation|practicum|honors work|special topics|externship)/i;

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

/** Words as the index keeps them: lower case, plurals folded (see `stem`). */
export function indexTerm(term: string): string {
  return stem(term.toLowerCase());
}

/** Courses indexed between two turns of the event loop (a few milliseconds each here). */
const COURSES_PER_STEP = 20;

/** The catalog's courses for search and code matching, made once per catalog copy. */
export function courseCodes(catalog: Catalog): CourseCodes {
  return derivedFrom(catalog, "course-codes", () => {
    const courses = new Map<number, IndexedCourse>();
    const byNumber = new Map<string, IndexedCourse[]>();
    for (const row of catalog.courses.values()) {
      const course = {
        id: row.id,
        college: row.college,
        department: row.department,
        number: row.number,
        numberValue: row.numberValue,
        code: row.code,
        title: row.displayTitle,
        current: row.current,
      };
      courses.set(row.id, course);
      const same = byNumber.get(row.number);
      if (same) same.push(course);
      else byNumber.set(row.number, [course]);
    }
    return { courses, byNumber };
  });
}

async function buildIndex(db: Db, catalog: Catalog): Promise<CatalogIndex> {
  // The descriptions' index comes from the database while the names are indexed here.
  const descriptions = loadSearchPostings(db);
  const { courses, byNumber } = courseCodes(catalog);
  const weights = new Map<number, number>();
  const nameWords = new Set<string>();
  const names = new MiniSearch({
    fields: NAME_FIELDS,
    storeFields: [],
    processTerm: (term, field) => {
      const stemmed = stem(term.toLowerCase());
      // Called with a field while indexing, without one while searching.
      if (field) nameWords.add(stemmed);
      return stemmed;
    },
    searchOptions: { boost: FIELD_BOOST, boostDocument: (id) => weights.get(id as number) ?? 1 },
  });
  const rows = [...catalog.courses.values()];
  const slice = slices();
  for (let start = 0; start < rows.length; start += COURSES_PER_STEP) {
    await slice();
    names.addAll(
      rows.slice(start, start + COURSES_PER_STEP).map((row) => {
        weights.set(row.id, courseWeight(courses.get(row.id)!));
        return {
          id: row.id,
          code:
            `${row.college} ${row.department} ${row.number} ${row.department}${row.number} ${row.college}${row.department}${row.number}`,
          title: row.title,
          department: row.departmentName,
          college: row.collegeName,
        };
      }),
    );
  }
  const postings = await descriptions;
  return {
    version: catalog.version,
    names,
    courses,
    byNumber,
    descriptions: postings,
    descriptionField: descriptionField(postings, catalog.courses.keys()),
    weights,
    nameWords,
    recent: new LRUCache({ max: RECENT_QUERIES }),
  };
}

/**
 * The search index of a catalog copy, built on first use and kept with it.
 * A failed build is forgotten, so the next search tries again.
 */
export function indexOf(db: Db, catalog: Catalog): Promise<CatalogIndex> {
  const index = derivedFrom(catalog, "search-index", () => buildIndex(db, catalog));
  index.catch(() => catalog.derived.delete("search-index"));
  return index;
}

/** The search index of this database's current catalog. */
export async function catalogIndex(db: Db): Promise<CatalogIndex> {
  return await indexOf(db, await currentCatalog(db));
}

/** The courses whose code the query names (`cs111`, `econ 101`), current and CAS ones first. */
export function exactCodeMatches(index: CourseCodes, q: string): IndexedCourse[] {
  const wanted = courseCodeQuery(q);
  if (!wanted) return [];
  const found: IndexedCourse[] = [];
  // Only the courses of that number: a pasted transcript asks this of every code-like run of words it holds.
  for (const course of index.byNumber.get(wanted.number) ?? []) {
    if (!wanted.departments.includes(course.department)) continue;
    if (wanted.college && course.college !== wanted.college) continue;
    found.push(course);
  }
  // CAS first among equal codes: the college most students mean when they leave it out.
  return found.sort((a, b) =>
    Number(b.current) - Number(a.current) || Number(b.college === "CAS") - Number(a.college === "CAS") ||
    a.code.localeCompare(b.code)
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
function wordQuery(index: Pick<CatalogIndex, "nameWords">, word: string, typed: boolean): Query {
  if (!typed) return { queries: [word], fields: [...NAME_FIELDS, DESCRIPTION], prefix: false, fuzzy: false };
  const typo = word.length >= 5 && !index.nameWords.has(stem(word)) ? 1 : false;
  return {
    combineWith: "OR",
    queries: [
      { queries: [word], fields: NAME_FIELDS, prefix: word.length >= 2, fuzzy: typo },
      { queries: [word], fields: [DESCRIPTION], prefix: word.length >= 4, fuzzy: false },
    ],
  };
}

/** What a query asks of the index: every word, each by any of its variants (exported for the test that ranks it with MiniSearch alone). */
export function textQuery(index: Pick<CatalogIndex, "nameWords">, q: string): Query | null {
  const words = queryWords(q);
  if (!words.length) return null;
  // A word matches any of its variants; a variant of several words ("computer science") needs all of them.
  const variant = (text: string, typed: boolean): Query =>
    text.includes(" ")
      ? { combineWith: "AND", queries: text.split(" ").map((part) => wordQuery(index, part, typed)) }
      : wordQuery(index, text, typed);
  return {
    combineWith: "AND",
    queries: words.map((variants) => ({ combineWith: "OR", queries: variants.map((v, i) => variant(v, i === 0)) })),
  };
}

type Options = Pick<SearchOptions, "fields" | "prefix" | "fuzzy" | "combineWith">;

/** MiniSearch's combinators: OR adds up and unites, AND adds up and keeps what both have (in the order of the second). */
function combine(results: RawResults[], combineWith = OR): RawResults {
  if (!results.length) return new Map();
  return results.reduce((a, b) => {
    if (combineWith.toUpperCase() === "AND") {
      const both: RawResults = new Map();
      for (const [id, hit] of b) {
        const earlier = a.get(id);
        if (!earlier) continue;
        for (const term of hit.terms) if (!earlier.terms.includes(term)) earlier.terms.push(term);
        both.set(id, { score: earlier.score + hit.score, terms: earlier.terms });
      }
      return both;
    }
    for (const [id, hit] of b) {
      const earlier = a.get(id);
      if (!earlier) a.set(id, hit);
      else {
        earlier.score += hit.score;
        for (const term of hit.terms) if (!earlier.terms.includes(term)) earlier.terms.push(term);
      }
    }
    return a;
  });
}

const whole = (term: string) => [term];
const asIs = (term: string) => term;

/** One query word over the given fields: the names' share from MiniSearch, then the description's, added in that order. */
function termResults(index: CatalogIndex, term: string, options: Options): RawResults {
  const fields = options.fields ?? [...NAME_FIELDS, DESCRIPTION];
  const nameFields = fields.filter((f) => f !== DESCRIPTION);
  const results: RawResults = new Map();
  if (nameFields.length) {
    // The word is already processed: MiniSearch takes it as it is. One word, so its score is the raw one (quality 1).
    const found = index.names.search(term, {
      fields: nameFields,
      prefix: options.prefix,
      fuzzy: options.fuzzy,
      tokenize: whole,
      processTerm: asIs,
    });
    for (const hit of found) results.set(hit.id as number, { score: hit.score, terms: [term] });
  }
  if (fields.includes(DESCRIPTION)) {
    descriptionMatches(index.descriptions, index.descriptionField, term, {
      prefix: options.prefix === true,
      boost: FIELD_BOOST.description,
      boostOf: (id) => index.courses.has(id) ? index.weights.get(id) ?? 1 : undefined,
    }, results);
  }
  return results;
}

/** A query as MiniSearch's executeQuery runs it: combinations pass their options down, a string is its words. */
function evaluate(index: CatalogIndex, query: Query, inherited: Options = {}): RawResults {
  if (typeof query === "symbol") throw new Error("a wildcard query has no words to rank");
  if (typeof query !== "string") {
    const { queries, ...own } = query;
    const options: Options = { ...inherited, ...own };
    return combine(queries.map((q: Query) => evaluate(index, q, options)), options.combineWith);
  }
  const terms = tokenize(query).map((token) => stem(token.toLowerCase())).filter(Boolean);
  return combine(
    terms.map((term) =>
      termResults(index, term, { ...inherited, prefix: inherited.prefix === true, fuzzy: inherited.fuzzy ?? false })
    ),
    inherited.combineWith,
  );
}

/** The ids of the courses that match the query, best first: an exact course code first, then by relevance. */
export function rankCourses(index: CatalogIndex, q: string): number[] {
  const key = q.trim().toLowerCase();
  const known = index.recent.get(key);
  if (known) return known;
  const ranked = rankAnew(index, q).slice(0, RANKED_KEPT);
  index.recent.set(key, ranked);
  return ranked;
}

function rankAnew(index: CatalogIndex, q: string): number[] {
  const exact = exactCodeMatches(index, q);
  const query = textQuery(index, q);
  const scored: { id: number; score: number }[] = [];
  if (query) {
    // As MiniSearch's search(): each score times the number of the query's words the course matched.
    for (const [id, hit] of evaluate(index, query)) scored.push({ id, score: hit.score * (hit.terms.length || 1) });
    scored.sort((a, b) => b.score - a.score);
  }
  const ranked = exact.map((course) => course.id);
  const seen = new Set(ranked);
  for (const { id } of scored) {
    if (!seen.has(id)) ranked.push(id);
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
