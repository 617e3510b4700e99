/** Course reads: search pages and single courses, in the API's shapes (src/lib/api-types.ts). */
import { pagedResponse } from "../lib/paging.ts";
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client.ts";
import { courseHubUnits, courses, courseTexts, hubAreas, reviews } from "../../db/schema.ts";
import { courseCode } from "../lib/course-code.ts";
import { hasRatingFilter, type SearchFilter, type SortBy } from "../lib/search-filter.ts";
import { displayTitle } from "../lib/text.ts";
import { coursePrerequisiteView, prerequisitesMetBy, requiredFor } from "./course-prerequisites.ts";
import { catalogIndex, type CatalogNames, catalogNames, type IndexedCourse, rankCourses, suggestCourses, type Suggestion } from "./search-index.ts";
import type { CourseDetail, CourseView, SearchPage } from "../lib/api-types.ts";

export const PAGE_SIZE = 18;

type CourseRow = typeof courses.$inferSelect;

type Texts = { description: string | null; prerequisites: string | null };

async function textsFor(db: Db, ids: number[]): Promise<Map<number, Texts>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(courseTexts).where(inArray(courseTexts.courseId, ids));
  return new Map(rows.map((r) => [r.courseId, { description: r.description, prerequisites: r.prerequisites }]));
}

/** The views of these course rows, with their Hub units, texts and names. */
async function viewsOf(db: Db, rows: CourseRow[]): Promise<CourseView[]> {
  const ids = rows.map((r) => r.id);
  const [hubs, texts, names] = await Promise.all([hubsFor(db, ids), textsFor(db, ids), catalogNames(db)]);
  return rows.map((row) => toView(row, hubs.get(row.id) ?? [], names, texts.get(row.id)));
}

async function hubsFor(db: Db, ids: number[]): Promise<Map<number, { code: string; name: string }[]>> {
  const byCourse = new Map<number, { code: string; name: string }[]>();
  if (!ids.length) return byCourse;
  const rows = await db.select({ courseId: courseHubUnits.courseId, code: hubAreas.code, name: hubAreas.name })
    .from(courseHubUnits).innerJoin(hubAreas, eq(hubAreas.code, courseHubUnits.hubCode))
    .where(inArray(courseHubUnits.courseId, ids)).orderBy(hubAreas.position);
  for (const row of rows) {
    const list = byCourse.get(row.courseId) ?? [];
    list.push({ code: row.code, name: row.name });
    byCourse.set(row.courseId, list);
  }
  return byCourse;
}

function toView(
  row: CourseRow,
  hubs: { code: string; name: string }[],
  names: CatalogNames,
  texts: Texts = { description: null, prerequisites: null },
): CourseView {
  return {
    id: row.id,
    college: row.college,
    department: row.department,
    courseCode: row.number,
    code: courseCode(row),
    title: displayTitle(row.title),
    departmentName: names.departments.get(`${row.college} ${row.department}`) ?? row.department,
    collegeName: names.colleges.get(row.college) ?? row.college,
    current: row.current,
    description: texts.description,
    prerequisites: texts.prerequisites,
    noPreReqs: row.noPreReqs,
    numReviews: row.numReviews,
    averageOverallRating: row.avgOverall,
    averageUsefulnessRating: row.avgUsefulness,
    averageDifficultyRating: row.avgDifficulty,
    averageWorkloadRating: row.avgWorkload,
    averageInterestRating: row.avgInterest,
    averageTeacherRating: row.avgTeacher,
    hubRequirements: hubs,
    userReviewed: false,
  };
}

/** The prior of Best Rating: a course's score starts at the mean of all rated courses, weighed as this many reviews (docs/product.md, Ratings). */
export const BEST_RATING_WEIGHT = 5;

/**
 * Best Rating: rated courses first, by the Bayesian average
 * `(C·m + n·avg) / (C + n)` (m: the mean overall rating of all rated courses,
 * C: 5 reviews), so one 5-star review does not outrank a well-reviewed course;
 * then the courses without reviews, which have no rating. Rounded to nine
 * decimals, so that equal averages summed in another order still tie.
 */
export const bayesianAverage =
  sql`ROUND((${BEST_RATING_WEIGHT} * (SELECT COALESCE(AVG(avg_overall), 0) FROM courses WHERE num_reviews > 0) + ${courses.numReviews} * ${courses.avgOverall}) / (${BEST_RATING_WEIGHT} + ${courses.numReviews}), 9)`;

const CODE_ORDER = [asc(courses.numberValue), asc(courses.number), asc(courses.college), asc(courses.department)];
const SORT_ORDERS: ReadonlyMap<SortBy, SQL[]> = new Map([
  ["byCourseCode", CODE_ORDER],
  ["relevance", CODE_ORDER],
  ["byRating", [
    desc(sql`${courses.numReviews} > 0`),
    desc(bayesianAverage),
    desc(courses.numReviews),
    asc(courses.college),
    asc(courses.department),
    asc(courses.numberValue),
    asc(courses.number),
  ]],
  ["byReviews", [desc(courses.numReviews), asc(courses.college), asc(courses.department), asc(courses.numberValue), asc(courses.number)]],
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
  const maximums: [number, SQLiteColumn][] = [[filter.maxDifficulty, courses.avgDifficulty], [filter.maxWorkload, courses.avgWorkload]];
  for (const [max, column] of maximums) if (max < 5) rated.push(lte(column, max + 1e-9));
  if (!hasRatingFilter(filter)) return [];
  const withReviews = and(sql`${courses.numReviews} > 0`, ...rated)!;
  return [filter.includeUnreviewed ? or(eq(courses.numReviews, 0), withReviews)! : withReviews];
}

/** Levels 100 … 400 are their hundreds; 500 stands for every graduate level. */
function levelCondition(levels: number[]): SQL {
  return or(
    ...levels.map((level) => level >= 500 ? gte(courses.numberValue, 500) : and(gte(courses.numberValue, level), lt(courses.numberValue, level + 100))),
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
  if (filter.levels.length && !filter.levels.some((level) => level >= 500 ? course.numberValue >= 500 : Math.floor(course.numberValue / 100) * 100 === level)) {
    return false;
  }
  return true;
}

/** Text matches passed to the database at most: far more than anyone pages through. */
const MAX_TEXT_MATCHES = 5000;

/**
 * One page of a search. Text (`q`) is matched and ranked by the search index;
 * the filters run in the database over those matches (passed as one JSON
 * parameter). With `relevance` the page keeps the index's order; any other
 * sort orders the matches in SQL.
 */
export async function searchCourses(db: Db, filter: SearchFilter, userId?: number): Promise<SearchPage> {
  const ranked = filter.q ? rankCourses(await catalogIndex(db), filter.q).slice(0, MAX_TEXT_MATCHES) : null;
  const conditions = [searchConditions(filter, userId)];
  if (ranked) conditions.push(sql`${courses.id} IN (SELECT value FROM json_each(${JSON.stringify(ranked)}))`);
  const where = and(...conditions.filter((c): c is SQL => c !== undefined));
  const offset = filter.page * PAGE_SIZE;
  if (ranked && filter.sortBy === "relevance") {
    // The index knows each course's college, department, number and current flag: those filters run here, and only the rest
    // (Hub units, reviews, ratings, prerequisites) go to the database, over the matches left.
    const index = await catalogIndex(db);
    let ids = ranked.filter((id) => passesIndexedFilters(index.courses.get(id), filter));
    const rest = searchConditions({ ...filter, colleges: [], departments: [], levels: [], currentOnly: false, minCourseCode: undefined }, userId);
    if (rest && ids.length) {
      const inIds = sql`${courses.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
      const passing = new Set((await db.select({ id: courses.id }).from(courses).where(and(rest, inIds))).map((r) => r.id));
      ids = ids.filter((id) => passing.has(id));
    }
    const page = ids.slice(offset, offset + PAGE_SIZE);
    return pagedResponse(await coursesByIds(db, page), ids.length, filter.page, PAGE_SIZE);
  }
  const [{ total }] = await db.select({ total: count() }).from(courses).where(where);
  // A page past the end is an empty page, not an error.
  const rows = offset < total ? await db.select().from(courses).where(where).orderBy(...SORT_ORDERS.get(filter.sortBy)!).limit(PAGE_SIZE).offset(offset) : [];
  return pagedResponse(await viewsOf(db, rows), total, filter.page, PAGE_SIZE);
}

/**
 * One course with its prerequisites as groups of courses, the note, the
 * courses that name it as a prerequisite, and for a signed-in student
 * whether they may take it (`eligibility`, and which groups they have met).
 */
export async function findCourseDetail(db: Db, id: number, userId?: number): Promise<CourseDetail | null> {
  const course = await findCourse(db, id, userId);
  if (!course) return null;
  const [prerequisites, needing] = await Promise.all([coursePrerequisiteView(db, id, course.noPreReqs, userId), requiredFor(db, id)]);
  return { ...course, ...prerequisites, requiredFor: needing };
}

/** Up to 8 courses for the search box's suggestions. */
export async function courseSuggestions(db: Db, q: string): Promise<Suggestion[]> {
  return q.trim() ? suggestCourses(await catalogIndex(db), q) : [];
}

/** One course; `userReviewed` tells whether the signed-in user (if any) has reviewed it. */
export async function findCourse(db: Db, id: number, userId?: number): Promise<CourseView | null> {
  return (await coursesByIds(db, [id], userId))[0] ?? null;
}

export async function courseColleges(db: Db): Promise<string[]> {
  return (await db.selectDistinct({ college: courses.college }).from(courses).orderBy(courses.college)).map((r) => r.college);
}

export async function departmentsOf(db: Db, college: string): Promise<string[]> {
  const rows = await db.selectDistinct({ department: courses.department }).from(courses).where(eq(courses.college, college)).orderBy(courses.department);
  return rows.map((r) => r.department);
}

export type NamedCode = { code: string; name: string };

/** A college's departments that have courses, with their names (the code itself when unknown), by name. */
export async function namedDepartmentsOf(db: Db, college: string): Promise<NamedCode[]> {
  const [codes, names] = await Promise.all([departmentsOf(db, college), catalogNames(db)]);
  return codes.map((code) => ({ code, name: names.departments.get(`${college} ${code}`) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The colleges that have courses, with their names, by code. */
export async function namedCourseColleges(db: Db): Promise<NamedCode[]> {
  const [codes, names] = await Promise.all([courseColleges(db), catalogNames(db)]);
  return codes.map((code) => ({ code, name: names.colleges.get(code) ?? code }));
}

/** Courses by id, in the order given, with the viewer's review marks. */
export async function coursesByIds(db: Db, ids: number[], userId?: number): Promise<CourseView[]> {
  if (!ids.length) return [];
  const rows = await viewsOf(db, await db.select().from(courses).where(inArray(courses.id, ids)));
  const reviewed = userId === undefined
    ? new Set<number>()
    : new Set((await db.select({ courseId: reviews.courseId }).from(reviews).where(and(eq(reviews.userId, userId), inArray(reviews.courseId, ids)))).map((r) =>
      r.courseId
    ));
  const byId = new Map(rows.map((view) => [view.id, view]));
  return ids.filter((id) => byId.has(id)).map((id) => ({ ...byId.get(id)!, userReviewed: reviewed.has(id) }));
}

/** Every course id, for the sitemap. */
export async function allCourseIds(db: Db): Promise<number[]> {
  return (await db.select({ id: courses.id }).from(courses).orderBy(courses.id)).map((r) => r.id);
}
