/** Course reads: search pages and single courses, in the API's shapes (src/lib/api-types.ts). */
import { pagedResponse } from "../lib/paging.ts";
import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client.ts";
import { courseHubUnits, courses, courseTexts, hubAreas, reviews } from "../../db/schema.ts";
import { courseCode } from "../lib/course-code.ts";
import type { SearchFilter, SortBy } from "../lib/search-filter.ts";
import type { CourseView, SearchPage } from "../lib/api-types.ts";

export const PAGE_SIZE = 18;

type CourseRow = typeof courses.$inferSelect;

type Texts = { description: string | null; prerequisites: string | null };

async function textsFor(db: Db, ids: number[]): Promise<Map<number, Texts>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(courseTexts).where(inArray(courseTexts.courseId, ids));
  return new Map(rows.map((r) => [r.courseId, { description: r.description, prerequisites: r.prerequisites }]));
}

/** The views of these course rows, with their Hub units and texts, in two queries. */
async function viewsOf(db: Db, rows: CourseRow[]): Promise<CourseView[]> {
  const ids = rows.map((r) => r.id);
  const [hubs, texts] = await Promise.all([hubsFor(db, ids), textsFor(db, ids)]);
  return rows.map((row) => toView(row, hubs.get(row.id) ?? [], texts.get(row.id)));
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

function toView(row: CourseRow, hubs: { code: string; name: string }[], texts: Texts = { description: null, prerequisites: null }): CourseView {
  return {
    id: row.id,
    college: row.college,
    department: row.department,
    courseCode: row.number,
    code: courseCode(row),
    title: row.title,
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

/** Above every character, so [word, word + LAST) is the range of words starting with `word` in binary order. */
const LAST = String.fromCodePoint(0x10ffff);

/**
 * Every word must start a word of "college dept number deptnumber title":
 * one index range scan of course_words per word, intersected. Comparisons are
 * of plain values, so %, _, quotes and the like are matched literally.
 */
function textCondition(q: string): SQL | undefined {
  const words = [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
  if (!words.length) return undefined;
  const perWord = words.map((word) => sql`SELECT course_id FROM course_words WHERE word >= ${word} AND word < ${word + LAST}`);
  return sql`${courses.id} IN (${sql.join(perWord, sql` INTERSECT `)})`;
}

const SORT_ORDERS: Record<SortBy, SQL[]> = {
  byCourseCode: [asc(courses.numberValue), asc(courses.number), asc(courses.college), asc(courses.department)],
  byRating: [desc(courses.avgOverall), asc(courses.college), asc(courses.department), asc(courses.numberValue), asc(courses.number)],
  byReviews: [desc(courses.numReviews), asc(courses.college), asc(courses.department), asc(courses.numberValue), asc(courses.number)],
};

/** A course without reviews has no rating: a minimum above 0 leaves it out; a maximum keeps it. */
function ratingConditions(filter: SearchFilter): SQL[] {
  const conditions: SQL[] = [];
  const minimums: [number, SQLiteColumn][] = [
    [filter.minRating, courses.avgOverall],
    [filter.minUsefulness, courses.avgUsefulness],
    [filter.minInterest, courses.avgInterest],
    [filter.minTeacher, courses.avgTeacher],
  ];
  // Averages are 0 without reviews, so a minimum above 0 already leaves those courses out.
  // The unary + keeps SQLite from walking a rating index and fetching most rows one by one: a scan of the narrow table is faster.
  for (const [min, column] of minimums) if (min > 0) conditions.push(sql`+${column} >= ${min - 1e-9}`);
  const maximums: [number, SQLiteColumn][] = [[filter.maxDifficulty, courses.avgDifficulty], [filter.maxWorkload, courses.avgWorkload]];
  for (const [max, column] of maximums) if (max < 5) conditions.push(or(eq(courses.numReviews, 0), lte(column, max + 1e-9))!);
  return conditions;
}

function searchConditions(filter: SearchFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.colleges.length ? inArray(courses.college, filter.colleges) : undefined,
    filter.departments.length ? inArray(courses.department, filter.departments) : undefined,
    filter.q ? textCondition(filter.q) : undefined,
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
  ];
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

export async function searchCourses(db: Db, filter: SearchFilter): Promise<SearchPage> {
  const where = searchConditions(filter);
  const [{ total }] = await db.select({ total: count() }).from(courses).where(where);
  // A page past the end is an empty page, not an error.
  const rows = filter.page * PAGE_SIZE < total
    ? await db.select().from(courses).where(where).orderBy(...SORT_ORDERS[filter.sortBy]).limit(PAGE_SIZE).offset(filter.page * PAGE_SIZE)
    : [];
  return pagedResponse(await viewsOf(db, rows), total, filter.page, PAGE_SIZE);
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
