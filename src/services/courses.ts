/** Course reads: search pages and single courses, in the API's shapes (SPEC.md section 3). */
import { and, asc, count, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { courseHubUnits, courses, hubAreas } from "../../db/schema.ts";
import { courseCode } from "../lib/course-code.ts";

export const PAGE_SIZE = 18;

export type CourseView = {
  id: number;
  college: string;
  department: string;
  courseCode: string;
  code: string;
  title: string;
  description: string | null;
  prerequisites: string | null;
  noPreReqs: boolean;
  numReviews: number;
  averageOverallRating: number;
  averageUsefulnessRating: number;
  averageDifficultyRating: number;
  averageWorkloadRating: number;
  averageInterestRating: number;
  averageTeacherRating: number;
  hubRequirements: { code: string; name: string }[];
  userReviewed: boolean;
};

export type SearchPage = { content: CourseView[]; totalElements: number; totalPages: number; number: number; size: number };

export type SearchFilter = { q?: string; colleges?: string[]; page?: number };

type CourseRow = typeof courses.$inferSelect;

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

function toView(row: CourseRow, hubs: { code: string; name: string }[]): CourseView {
  return {
    id: row.id,
    college: row.college,
    department: row.department,
    courseCode: row.number,
    code: courseCode(row),
    title: row.title,
    description: row.description,
    prerequisites: row.prerequisites,
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

/** Escapes LIKE wildcards so search text is matched literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function textCondition(q: string): SQL | undefined {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return undefined;
  // Every word must start a word of "college dept number deptnumber title".
  return and(...words.map((word) => {
    const literal = likeLiteral(word);
    return or(sql`${courses.searchText} LIKE ${`${literal}%`} ESCAPE '\\'`, sql`${courses.searchText} LIKE ${`% ${literal}%`} ESCAPE '\\'`);
  }));
}

export async function searchCourses(db: Db, filter: SearchFilter): Promise<SearchPage> {
  const page = Math.max(0, filter.page ?? 0);
  const conditions = [
    filter.colleges?.length ? inArray(courses.college, filter.colleges) : undefined,
    filter.q ? textCondition(filter.q) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(courses).where(where);
  const rows = await db.select().from(courses).where(where)
    .orderBy(asc(courses.numberValue), asc(courses.number), asc(courses.college), asc(courses.department))
    .limit(PAGE_SIZE).offset(page * PAGE_SIZE);
  const hubs = await hubsFor(db, rows.map((r) => r.id));
  return {
    content: rows.map((row) => toView(row, hubs.get(row.id) ?? [])),
    totalElements: total,
    totalPages: Math.ceil(total / PAGE_SIZE),
    number: page,
    size: PAGE_SIZE,
  };
}

export async function findCourse(db: Db, id: number): Promise<CourseView | null> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  if (!row) return null;
  const hubs = await hubsFor(db, [row.id]);
  return toView(row, hubs.get(row.id) ?? []);
}

export async function courseColleges(db: Db): Promise<string[]> {
  return (await db.selectDistinct({ college: courses.college }).from(courses).orderBy(courses.college)).map((r) => r.college);
}
