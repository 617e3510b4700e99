/**
 * Course reads: search pages and single courses, in the API's shapes
 * (src/lib/api-types.ts). A course's fixed fields come from the catalog in
 * memory (src/services/catalog/catalog-cache.ts); only its review count and
 * averages, and whether the viewer reviewed it, are read, in the same round
 * trip as the catalog's version.
 */
import { pagedResponse } from "../../lib/paging.ts";
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client.ts";
import { completedCourses, courses, courseTexts } from "../../../db/schema.ts";
import { hasRatingFilter, readSearch, type SearchFilter, type SortBy } from "../../lib/search-filter.ts";
import { eligibilityOf } from "../../lib/prerequisite-parser.ts";
import { prerequisitesMetBy } from "./course-prerequisites.ts";
import {
  type Catalog,
  type CatalogCourse,
  currentCatalog,
  derivedFrom,
  type ScheduleTerm,
  withCatalog,
} from "../catalog/catalog-cache.ts";
import { badRequest } from "../platform/domain-errors.ts";
import { termOf } from "../../lib/term-codes.ts";
import { professorsMatching } from "../search/professor-search.ts";
import {
  catalogIndex,
  type IndexedCourse,
  indexOf,
  rankCourses,
  suggestCourses,
  type Suggestion,
} from "../search/search-index.ts";
import type {
  CourseDetail,
  CourseOffering,
  CourseView,
  PrerequisiteView,
  SearchCourse,
  SearchPage,
} from "../../lib/api-types.ts";

export const PAGE_SIZE = 18;

/**
 * A course's description, read beside its figures for the courses a page
 * shows: the catalog in memory leaves out the 4 MB of descriptions (a page
 * shows a few). Only in statements that select courses by id; a sorted page
 * reads its descriptions with `pageTexts`, so that no sort carries them.
 */
const descriptionColumn = sql<
  string | null
>`(SELECT t.description FROM course_texts t WHERE t.course_id = ${courses.id})`;

/** What a course page or card shows that changes with reviews: the columns read for each course shown. */
export function figureColumns(userId?: number) {
  return {
    id: courses.id,
    numReviews: courses.numReviews,
    avgOverall: courses.avgOverall,
    avgUsefulness: courses.avgUsefulness,
    avgDifficulty: courses.avgDifficulty,
    avgWorkload: courses.avgWorkload,
    avgInterest: courses.avgInterest,
    avgTeacher: courses.avgTeacher,
    // A hidden review counts: the student has written one and cannot write another.
    reviewed: userId === undefined
      ? sql<number>`0`
      // Spelled out: drizzle writes a column of the only table without its table's name, which inside the subquery would be the review's id.
      : sql<number>`EXISTS (SELECT 1 FROM reviews r WHERE r.course_id = courses.id AND r.user_id = ${userId})`,
  };
}

/** The figures with the description: for statements that pick courses by id. */
export function viewColumns(userId?: number) {
  return { ...figureColumns(userId), description: descriptionColumn };
}

export type CourseFigures = {
  id: number;
  numReviews: number;
  avgOverall: number;
  avgUsefulness: number;
  avgDifficulty: number;
  avgWorkload: number;
  avgInterest: number;
  avgTeacher: number;
  reviewed: number | boolean;
};

/** The figures of a course to show, with its description (null when the catalog has none). */
export type ShownFigures = CourseFigures & { description: string | null };

/** A course's view: its catalog fields and its figures. */
export function courseView(course: CatalogCourse, figures: ShownFigures): CourseView {
  return {
    id: course.id,
    college: course.college,
    department: course.department,
    courseCode: course.number,
    code: course.code,
    title: course.displayTitle,
    departmentName: course.departmentName,
    collegeName: course.collegeName,
    current: course.current,
    description: figures.description,
    prerequisites: course.prerequisites,
    noPreReqs: course.noPreReqs,
    numReviews: figures.numReviews,
    averageOverallRating: figures.avgOverall,
    averageUsefulnessRating: figures.avgUsefulness,
    averageDifficultyRating: figures.avgDifficulty,
    averageWorkloadRating: figures.avgWorkload,
    averageInterestRating: figures.avgInterest,
    averageTeacherRating: figures.avgTeacher,
    hubRequirements: course.hubs,
    userReviewed: Boolean(figures.reviewed),
  };
}

/** The views of these figure rows, in their order; a row the catalog copy does not know is left out. */
export function viewsOf(catalog: Catalog, rows: ShownFigures[]): CourseView[] {
  const views: CourseView[] = [];
  for (const row of rows) {
    const course = catalog.courses.get(row.id);
    if (course) views.push(courseView(course, row));
  }
  return views;
}

/**
 * Best Rating: rated courses first, by the Bayesian average
 * `(C·m + n·avg) / (C + n)` (m: the mean overall rating of all rated courses,
 * C: 5 reviews), so one 5-star review does not outrank a well-reviewed course;
 * then the courses without reviews, which have no rating. The score is stored
 * with the course's figures (`rating_score`, -1 without reviews; kept by the
 * trigger of migration 0011, rounded to nine decimals so that equal averages
 * summed in another order still tie) and read in the order of its index: a
 * sorted page costs no computed ORDER BY over every course.
 */
const CODE_ORDER = [asc(courses.numberValue), asc(courses.number), asc(courses.college), asc(courses.department)];
const UNREVIEWED_LAST = sql`(${courses.numReviews} = 0)`;
const SORT_ORDERS: ReadonlyMap<SortBy, SQL[]> = new Map([
  ["byCourseCode", CODE_ORDER],
  ["relevance", CODE_ORDER],
  ["byRating", [
    desc(courses.ratingScore),
    desc(courses.numReviews),
    asc(courses.college),
    asc(courses.department),
    asc(courses.numberValue),
    asc(courses.number),
  ]],
  ["byReviews", [
    desc(courses.numReviews),
    asc(courses.college),
    asc(courses.department),
    asc(courses.numberValue),
    asc(courses.number),
  ]],
  // Easiest, lightest and hardest: reviewed courses by their average difficulty and workload (the better rated first
  // among equals), then the courses without reviews, which have neither, by course number.
  ["easiest", [
    UNREVIEWED_LAST,
    asc(courses.avgDifficulty),
    asc(courses.avgWorkload),
    desc(courses.ratingScore),
    ...CODE_ORDER,
  ]],
  ["lightest", [
    UNREVIEWED_LAST,
    asc(courses.avgWorkload),
    asc(courses.avgDifficulty),
    desc(courses.ratingScore),
    ...CODE_ORDER,
  ]],
  ["hardest", [
    UNREVIEWED_LAST,
    desc(courses.avgDifficulty),
    desc(courses.avgWorkload),
    desc(courses.ratingScore),
    ...CODE_ORDER,
  ]],
]);

/**
 * A course without reviews has no rating to compare: with any rating filter
 * set it is left out, unless the student asked to include such courses.
 */
function ratingConditions(filter: SearchFilter): SQL[] {
  const minimums: [number, SQLiteColumn][] = [
    [filter.minRating, courses.avgOverall],
    [filter.minUsefulness, courses.avgUsefulness],
    [filter.minInterest, courses.avgInterest],
    [filter.minTeacher, courses.avgTeacher],
  ];
  const rated: SQL[] = [];
  // The unary + keeps SQLite from walking a rating index and fetching most rows one by one: a scan of the narrow table is faster.
  for (const [min, column] of minimums) if (min > 0) rated.push(sql`+${column} >= ${min - 1e-9}`);
  const maximums: [number, SQLiteColumn][] = [[filter.maxDifficulty, courses.avgDifficulty], [
    filter.maxWorkload,
    courses.avgWorkload,
  ]];
  for (const [max, column] of maximums) if (max < 5) rated.push(lte(column, max + 1e-9));
  if (!hasRatingFilter(filter)) return [];
  const withReviews = and(sql`${courses.numReviews} > 0`, ...rated)!;
  return [filter.includeUnreviewed ? or(eq(courses.numReviews, 0), withReviews)! : withReviews];
}

/** Levels 100 … 400 are their hundreds; 500 stands for every graduate level. */
function levelCondition(levels: number[]): SQL {
  return or(
    ...levels.map((level) =>
      level >= 500
        ? gte(courses.numberValue, 500)
        : and(gte(courses.numberValue, level), lt(courses.numberValue, level + 100))
    ),
  )!;
}

function searchConditions(filter: SearchFilter, userId?: number): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.colleges.length ? inArray(courses.college, filter.colleges) : undefined,
    filter.departments.length ? inArray(courses.department, filter.departments) : undefined,
    filter.levels.length ? levelCondition(filter.levels) : undefined,
    filter.currentOnly ? eq(courses.current, true) : undefined,
    filter.minCourseCode !== undefined ? gte(courses.numberValue, filter.minCourseCode) : undefined,
    filter.reviewCount !== undefined ? gte(courses.numReviews, filter.reviewCount) : undefined,
    filter.noPreReqs ? eq(courses.noPreReqs, true) : undefined,
    // Hub search is AND: the course must carry every selected unit.
    filter.hubReqs.length
      ? inArray(
        courses.id,
        sql`(SELECT course_id FROM course_hub_units WHERE hub_code IN (${
          sql.join(filter.hubReqs.map((h) => sql`${h}`), sql`, `)
        }) GROUP BY course_id HAVING COUNT(*) = ${filter.hubReqs.length})`,
      )
      : undefined,
    ...ratingConditions(filter),
    filter.prereqsMet && userId !== undefined ? prerequisitesMetBy(userId) : undefined,
  ];
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

/** The filters a course of the search index can answer by itself. */
function passesIndexedFilters(course: IndexedCourse | undefined, filter: SearchFilter): boolean {
  if (!course) return false;
  if (filter.colleges.length && !filter.colleges.includes(course.college)) return false;
  if (filter.departments.length && !filter.departments.includes(course.department)) return false;
  if (filter.currentOnly && !course.current) return false;
  if (filter.minCourseCode !== undefined && course.numberValue < filter.minCourseCode) return false;
  if (
    filter.levels.length &&
    !filter.levels.some((level) =>
      level >= 500 ? course.numberValue >= 500 : Math.floor(course.numberValue / 100) * 100 === level
    )
  ) {
    return false;
  }
  return true;
}

/**
 * The ids of the courses offered in a term (a section to register for, neither cancelled nor gone), from the catalog
 * in memory, made once per copy and term. A term without a schedule is refused with the terms that have one.
 */
function offeredIn(catalog: Catalog, term: number): ReadonlySet<number> {
  const known = catalog.terms.find((t) => t.code === term);
  if (!known) {
    const choices = catalog.terms.map((t) => `${t.code} (${t.name})`).join(", ");
    throw badRequest(
      choices
        ? `offered must be a term with a class schedule: ${choices}`
        : "offered cannot be used yet: no term has a class schedule",
    );
  }
  return derivedFrom(catalog, `offered-${term}`, () => {
    const ids = new Set<number>();
    for (const course of catalog.courses.values()) {
      if (course.offerings.some((o) => o.term === term)) ids.add(course.id);
    }
    return ids;
  });
}

/**
 * The term a result card names: the filtered term, or without one the soonest term from the current one on in which
 * the course has sections; null when it has none.
 */
function offeringOf(
  catalog: Catalog,
  course: CatalogCourse,
  term: number | undefined,
  from: number,
): CourseOffering | null {
  for (const offering of course.offerings) {
    if (term !== undefined ? offering.term !== term : offering.term < from) continue;
    const name = catalog.terms.find((t) => t.code === offering.term)?.name;
    if (name !== undefined) return { term: offering.term, name, sections: offering.sections };
  }
  return null;
}

/** Search results: the course views with the term each is offered in (offerings are sorted by term). */
function withOfferings(catalog: Catalog, views: CourseView[], filter: SearchFilter): SearchCourse[] {
  const from = termOf(new Date());
  return views.map((view) => ({
    ...view,
    offering: offeringOf(catalog, catalog.courses.get(view.id)!, filter.offered, from),
  }));
}

/**
 * Courses with the soonest term from the current one on in which each is offered (null when none), for the lists a
 * student keeps (saved, in progress or planned): what their "Add to {term} schedule" names. From the catalog in memory.
 */
export function withSoonestOfferings<T extends CourseView>(
  db: Db,
  views: T[],
  today = new Date(),
): Promise<(T & { offering: CourseOffering | null })[]> {
  return withCatalog(db, (catalog) => {
    const from = termOf(today);
    return Promise.resolve(views.map((view) => {
      const course = catalog.courses.get(view.id);
      return { ...view, offering: course ? offeringOf(catalog, course, undefined, from) : null };
    }));
  });
}

/**
 * The terms with a class schedule, for the search's "Offered in": the current term and those after it first, soonest
 * first, then earlier ones, latest first.
 */
export async function scheduleTerms(db: Db, today = new Date()): Promise<ScheduleTerm[]> {
  return termsInOrder(await currentCatalog(db), today);
}

/** A catalog copy's terms with a class schedule in the order `scheduleTerms` gives them. */
export function termsInOrder(catalog: Catalog, today = new Date()): ScheduleTerm[] {
  const current = termOf(today);
  return [
    ...catalog.terms.filter((t) => t.code >= current),
    ...catalog.terms.filter((t) => t.code < current).reverse(),
  ];
}

/** Text matches passed to the database at most: far more than anyone pages through. */
const MAX_TEXT_MATCHES = 5000;

/** `courses.id` is one of `ids` (passed as one JSON parameter). */
function idIn(ids: number[]): SQL {
  return sql`${courses.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/**
 * One page of a search, in one round trip. The text is read first (src/lib/search-filter.ts `readSearch`: Hub areas
 * and sorts it names, and without text the current undergraduate scope). Text (`q`) is matched and ranked by the
 * search index; the filters the index knows (college, department, level, number, current) run in memory with
 * `relevance`, the rest in the database over the matches. With `relevance` the page keeps the index's order (or with
 * only `rank`, its matches first and then every other course in course order); any other sort orders in SQL.
 */
export function searchCourses(
  db: Db,
  asked: SearchFilter,
  userId?: number,
  options: SearchOptions = {},
): Promise<SearchPage> {
  return withCatalog(db, (catalog) => searchCatalog(db, catalog, asked, userId, options));
}

export type SearchOptions = { sortGiven?: boolean };

/** `searchCourses` over a catalog copy in hand: for work that asks several searches of one copy at once. */
export async function searchCatalog(
  db: Db,
  catalog: Catalog,
  asked: SearchFilter,
  userId?: number,
  options: SearchOptions = {},
): Promise<SearchPage> {
  const { filter, understood, scoped } = readSearch(asked, options.sortGiven);
  return { ...await searchIn(db, catalog, filter, userId), sortBy: filter.sortBy, understood, scoped };
}

/** The catalog's course ids in course order (number, then college and department), made once per catalog copy. */
function inCourseOrder(catalog: Catalog): number[] {
  return derivedFrom(
    catalog,
    "course-order",
    () =>
      [...catalog.courses.values()].sort((a, b) =>
        a.numberValue - b.numberValue || a.number.localeCompare(b.number) || a.college.localeCompare(b.college) ||
        a.department.localeCompare(b.department)
      ).map((course) => course.id),
  );
}

/** Whether a course carries every Hub unit of the filter, from the catalog in memory. */
function carriesHubs(catalog: Catalog, id: number, hubReqs: string[]): boolean {
  if (!hubReqs.length) return true;
  const hubs = catalog.courses.get(id)?.hubs ?? [];
  return hubReqs.every((code) => hubs.some((hub) => hub.code === code));
}

type Found = Omit<SearchPage, "sortBy" | "understood" | "scoped">;

async function searchIn(db: Db, catalog: Catalog, filter: SearchFilter, userId?: number): Promise<Found> {
  const offered = filter.offered !== undefined ? offeredIn(catalog, filter.offered) : null;
  // The professors the text names, asked in the same turn as the courses so that both leave in one round trip.
  const professors = filter.q && filter.page === 0 ? professorsMatching(db, catalog, filter.q) : Promise.resolve([]);
  const index = filter.q || filter.rank ? await indexOf(db, catalog) : null;
  let ranked = index && filter.q ? rankCourses(index, filter.q).slice(0, MAX_TEXT_MATCHES) : null;
  if (ranked && offered) ranked = ranked.filter((id) => offered.has(id));
  const offset = filter.page * PAGE_SIZE;
  const found = async (views: CourseView[], total: number) => ({
    ...pagedResponse(withOfferings(catalog, views, filter), total, filter.page, PAGE_SIZE),
    professors: await professors,
  });
  if (index && filter.sortBy === "relevance" && (ranked || filter.rank)) {
    const passes = (id: number) =>
      passesIndexedFilters(index.courses.get(id), filter) && (!offered || offered.has(id)) &&
      carriesHubs(catalog, id, filter.hubReqs);
    let ids: number[];
    if (ranked) ids = ranked.filter(passes);
    else {
      // Words that rank without narrowing: their matches first, then every other course in course order.
      const first = rankCourses(index, filter.rank).filter(passes);
      const placed = new Set(first);
      ids = [...first, ...inCourseOrder(catalog).filter((id) => !placed.has(id) && passes(id))];
    }
    const rest = searchConditions({
      ...filter,
      colleges: [],
      departments: [],
      levels: [],
      currentOnly: false,
      minCourseCode: undefined,
      hubReqs: [],
    }, userId);
    if (rest && ids.length) {
      // The figures of every match that passes (a few numbers each, so the page and the count come from one statement), and
      // beside them the descriptions of the page's courses, the same matches in the index's order.
      const [figures, texts] = await Promise.all([
        db.select(figureColumns(userId)).from(courses).where(and(rest, idIn(ids))),
        descriptionsOf(
          db,
          sql`SELECT ${courses.id} FROM json_each(${
            JSON.stringify(ids)
          }) AS j JOIN ${courses} ON ${courses.id} = j.value WHERE ${rest}
            ORDER BY j.key LIMIT ${PAGE_SIZE} OFFSET ${offset}`,
        ),
      ]);
      const passing = new Map(figures.map((r) => [r.id, r]));
      ids = ids.filter((id) => passing.has(id));
      const page = ids.slice(offset, offset + PAGE_SIZE).map((id) => ({
        ...passing.get(id)!,
        description: texts.get(id) ?? null,
      }));
      return found(viewsOf(catalog, page), ids.length);
    }
    const page = ids.slice(offset, offset + PAGE_SIZE);
    return found(await coursesIn(db, catalog, page, userId), ids.length);
  }
  // The term's courses come from the catalog in memory, as text matches do: one list of ids for the database.
  const among = ranked ?? (offered ? [...offered] : null);
  const where = and(
    ...[searchConditions(filter, userId), among ? idIn(among) : undefined].filter((c): c is SQL => c !== undefined),
  );
  const order = SORT_ORDERS.get(filter.sortBy)!;
  // The count, the page and its descriptions leave together; a page past the end is an empty page, not an error.
  const [[{ total }], rows, texts] = await Promise.all([
    db.select({ total: count() }).from(courses).where(where),
    db.select(figureColumns(userId)).from(courses).where(where).orderBy(...order).limit(PAGE_SIZE).offset(offset),
    descriptionsOf(
      db,
      db.select({ id: courses.id }).from(courses).where(where).orderBy(...order).limit(PAGE_SIZE).offset(offset)
        .getSQL(),
    ),
  ]);
  return found(viewsOf(catalog, rows.map((row) => ({ ...row, description: texts.get(row.id) ?? null }))), total);
}

/**
 * The descriptions of the courses a subquery selects (a page of a search),
 * by course: a statement of its own beside the page's, so the page's sort
 * never carries the texts of every course it orders.
 */
async function descriptionsOf(db: Db, ids: SQL): Promise<Map<number, string | null>> {
  const rows = await db.select({ id: courseTexts.courseId, description: courseTexts.description }).from(courseTexts)
    .where(sql`${courseTexts.courseId} IN (${ids})`);
  return new Map(rows.map((r) => [r.id, r.description]));
}

/** A course's prerequisite groups and note from the catalog, and for a student (`completed`: their course ids) whether they are met. */
export function prerequisiteViewOf(
  catalog: Catalog,
  course: CatalogCourse,
  completed: number[] | null,
): PrerequisiteView {
  const view: PrerequisiteView = {
    prerequisiteGroups: course.prerequisiteGroups,
    prerequisiteNote: course.prerequisiteNote,
  };
  if (completed) {
    const taken = new Set(
      completed.map((id) => catalog.courses.get(id)?.code).filter((code): code is string => code !== undefined),
    );
    view.eligibility = course.noPreReqs ? "met" : eligibilityOf(course.parsed, taken);
    view.groupsMet = course.parsed.groups.map((group) => group.codes.some((code) => taken.has(code)));
  }
  return view;
}

/** The ids of a student's completed courses. */
export async function completedIds(db: Db, userId: number): Promise<number[]> {
  return (await db.select({ id: completedCourses.courseId }).from(completedCourses).where(
    eq(completedCourses.userId, userId),
  )).map((r) => r.id);
}

/**
 * One course with its prerequisites as groups of courses, the note, the
 * courses that name it as a prerequisite, and for a signed-in student
 * whether they may take it (`eligibility`, and which groups they have met).
 */
export function findCourseDetail(db: Db, id: number, userId?: number): Promise<CourseDetail | null> {
  return withCatalog(db, async (catalog) => {
    const course = catalog.courses.get(id);
    if (!course) return null;
    const [[figures], completed] = await Promise.all([
      db.select(viewColumns(userId)).from(courses).where(eq(courses.id, id)),
      userId === undefined ? null : completedIds(db, userId),
    ]);
    if (!figures) return null;
    return {
      ...courseView(course, figures),
      ...prerequisiteViewOf(catalog, course, completed),
      requiredFor: course.requiredFor,
      exclusions: course.exclusions,
      namedInExclusions: course.namedInExclusions,
    };
  });
}

/** Up to 8 courses for the search box's suggestions. */
export async function courseSuggestions(db: Db, q: string): Promise<Suggestion[]> {
  return q.trim() ? suggestCourses(await catalogIndex(db), q) : [];
}

/** One course; `userReviewed` tells whether the signed-in user (if any) has reviewed it. */
export async function findCourse(db: Db, id: number, userId?: number): Promise<CourseView | null> {
  return (await coursesByIds(db, [id], userId))[0] ?? null;
}

/** The colleges that have courses, by code. */
export async function courseColleges(db: Db): Promise<string[]> {
  return [...(await currentCatalog(db)).collegeCodes];
}

/** A college's departments that have courses, by code. */
export async function departmentsOf(db: Db, college: string): Promise<string[]> {
  const codes = new Set<string>();
  for (const course of (await currentCatalog(db)).courses.values()) {
    if (course.college === college) codes.add(course.department);
  }
  return [...codes].sort();
}

export type NamedCode = { code: string; name: string };

/** A college's departments that have courses, with their names (the code itself when unknown), by name. */
export async function namedDepartmentsOf(db: Db, college: string): Promise<NamedCode[]> {
  const [codes, catalog] = await Promise.all([departmentsOf(db, college), currentCatalog(db)]);
  return codes.map((code) => ({ code, name: catalog.names.departments.get(`${college} ${code}`) ?? code })).sort((
    a,
    b,
  ) => a.name.localeCompare(b.name));
}

/** The colleges that have courses, with their names, by code. */
export async function namedCourseColleges(db: Db): Promise<NamedCode[]> {
  const catalog = await currentCatalog(db);
  return catalog.collegeCodes.map((code) => ({ code, name: catalog.names.colleges.get(code) ?? code }));
}

/** Courses by id, in the order given, with the viewer's review marks: one round trip. */
export async function coursesByIds(db: Db, ids: number[], userId?: number): Promise<CourseView[]> {
  if (!ids.length) return [];
  return await withCatalog(db, (catalog) => coursesIn(db, catalog, ids, userId));
}

/** Courses by id with a catalog copy in hand, in the order given. */
export async function coursesIn(db: Db, catalog: Catalog, ids: number[], userId?: number): Promise<CourseView[]> {
  if (!ids.length) return [];
  const rows = await db.select(viewColumns(userId)).from(courses).where(idIn(ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return viewsOf(catalog, ids.filter((id) => byId.has(id)).map((id) => byId.get(id)!));
}

/** Every course id, for the sitemap. */
export async function allCourseIds(db: Db): Promise<number[]> {
  return [...(await currentCatalog(db)).courses.keys()].sort((a, b) => a - b);
}
