/**
 * Course averages and review counts, always recomputed from the visible
 * reviews inside the transaction that changed them. The overall average is
 * taken from integer sums (docs/product.md, Ratings), so courses with the same
 * true average get the same stored value and tie exactly when sorted.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { appSettings } from "../../../db/schema.ts";

export async function recomputeCourseStats(tx: Db, courseIds: number[]): Promise<void> {
  for (const courseId of new Set(courseIds)) await courseStatsUpdate(tx, sql`${courseId}`);
}

/** The statement that recomputes one course's figures; `courseId` may be a subquery. Not yet run: it can join a batch. */
export function courseStatsUpdate(tx: Db, courseId: SQL) {
  return tx.run(sql`
      UPDATE courses SET
        num_reviews = (SELECT COUNT(*) FROM reviews WHERE course_id = ${courseId} AND hidden = 0),
        avg_overall = COALESCE((SELECT SUM(12 - difficulty_rating - workload_rating + interest_rating + usefulness_rating + teacher_rating) / (5.0 * COUNT(*))
          FROM reviews WHERE course_id = ${courseId} AND hidden = 0), 0),
        avg_usefulness = COALESCE((SELECT AVG(usefulness_rating) FROM reviews WHERE course_id = ${courseId} AND hidden = 0), 0),
        avg_difficulty = COALESCE((SELECT AVG(difficulty_rating) FROM reviews WHERE course_id = ${courseId} AND hidden = 0), 0),
        avg_workload = COALESCE((SELECT AVG(workload_rating) FROM reviews WHERE course_id = ${courseId} AND hidden = 0), 0),
        avg_interest = COALESCE((SELECT AVG(interest_rating) FROM reviews WHERE course_id = ${courseId} AND hidden = 0), 0),
        avg_teacher = COALESCE((SELECT AVG(teacher_rating) FROM reviews WHERE course_id = ${courseId} AND hidden = 0), 0)
      WHERE id = ${courseId}`);
}

/**
 * Best Rating's prior m: the mean overall rating of the rated courses, as the
 * stored scores use it (`rating_prior`, moved by the trigger of migration 0011
 * once the mean has drifted a thousandth of a star). A course without reviews
 * scores m.
 */
export async function ratingPrior(db: Db): Promise<number> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(
    eq(appSettings.key, "rating_prior"),
  );
  return Number(row?.value ?? 0);
}
