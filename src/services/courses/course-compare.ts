/** Compare (docs/product.md, Compare): up to four courses side by side, from the course queries that exist. */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { reviews } from "../../../db/schema.ts";
import type { ComparedCourse } from "../../lib/api-types.ts";
import { courseLevel } from "../../lib/course-code.ts";
import { median } from "../../lib/comparison.ts";
import { withCatalog } from "../catalog/catalog-cache.ts";
import { completedIds, coursesIn, prerequisiteViewOf } from "./course-queries.ts";

/** The hours per week of every visible review of these courses, in one query, by course. */
async function hoursOf(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const rows = await db.select({ courseId: reviews.courseId, hours: reviews.hoursPerWeek }).from(reviews)
    .where(and(inArray(reviews.courseId, ids), eq(reviews.hidden, false)));
  const byCourse = new Map<number, number[]>();
  for (const row of rows) byCourse.set(row.courseId, [...byCourse.get(row.courseId) ?? [], row.hours]);
  return byCourse;
}

/**
 * The courses of `ids` in that order, each with its level, the median hours
 * of its visible reviews and its prerequisites (met or not, for a signed-in
 * student); `missing` lists the ids the catalog does not have.
 */
export function compareCourses(
  db: Db,
  ids: number[],
  userId?: number,
): Promise<{ courses: ComparedCourse[]; missing: number[] }> {
  return withCatalog(db, async (catalog) => {
    // Figures, hours and the student's completed courses leave together: one round trip.
    const [views, hours, completed] = await Promise.all([
      coursesIn(db, catalog, ids, userId),
      hoursOf(db, ids),
      userId === undefined ? null : completedIds(db, userId),
    ]);
    const courses = views.map((view): ComparedCourse => {
      const spent = hours.get(view.id) ?? [];
      const prerequisites = prerequisiteViewOf(catalog, catalog.courses.get(view.id)!, completed);
      return {
        ...view,
        ...prerequisites,
        level: courseLevel(view.courseCode),
        hoursPerWeek: { median: median(spent), count: spent.length },
      };
    });
    const found = new Set(views.map((view) => view.id));
    return { courses, missing: ids.filter((id) => !found.has(id)) };
  });
}
