/** The three independent per-user lists: completed, future (in progress) and saved courses. */
import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../../../db/client.ts";
import {
  completedCourses,
  courseHubUnits,
  courses,
  futureCourses,
  reviews,
  reviewVotes,
  savedCourses,
  users,
} from "../../../db/schema.ts";
import { courseCode } from "../../lib/course-code.ts";
import type { ListIds, ListName } from "../../lib/course-list-names.ts";
import {
  hubProgress,
  type HubProgressItem,
  type RequirementProgress,
  requirementProgress,
} from "../../lib/hub-counting.ts";
import { type HubTrack, isCocurricular } from "../../lib/hub-requirements.ts";
import type { CourseView } from "../../lib/api-types.ts";
import { plural } from "../../lib/text.ts";
import { withCatalog } from "../catalog/catalog-cache.ts";
import { viewColumns, viewsOf } from "./course-queries.ts";
import { notFound } from "../platform/domain-errors.ts";

const LISTS = {
  completed: { table: completedCourses, label: "completed courses" },
  future: { table: futureCourses, label: "future courses" },
  saved: { table: savedCourses, label: "saved courses" },
} as const satisfies Record<ListName, unknown>;

export type ListChange = { message: string; changed: boolean; inList: boolean };

/** Not among the student's completed courses: a course done never joins the future list, however it is added. */
const notCompleted = (userId: number, courseId: SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM completed_courses c WHERE c.user_id = ${userId} AND c.course_id = ${courseId})`;

/** A list's courses, newest first, in one round trip. */
export function listCourses(db: Db, userId: number, list: ListName): Promise<CourseView[]> {
  const table = LISTS[list].table;
  return withCatalog(db, async (catalog) =>
    viewsOf(
      catalog,
      await db.select(viewColumns(userId)).from(table).innerJoin(courses, eq(courses.id, table.courseId)).where(
        eq(table.userId, userId),
      )
        .orderBy(desc(table.createdAt)),
    ));
}

/** Adding twice or removing what is absent is harmless and says so. One round trip: SQL conditions do the checking. */
export async function changeList(
  database: Database,
  userId: number,
  list: ListName,
  courseId: number,
  add: boolean,
): Promise<ListChange> {
  const { table, label } = LISTS[list];
  const exists = (db: Db) =>
    db.all<{ found: number }>(sql`SELECT EXISTS (SELECT 1 FROM courses WHERE id = ${courseId}) AS found`);
  if (add) {
    const [[{ found, done }], inserted, ended = []] = await database.writeBatch((db) => [
      db.all<{ found: number; done: number }>(sql`SELECT EXISTS (SELECT 1 FROM courses WHERE id = ${courseId}) AS found,
        EXISTS (SELECT 1 FROM completed_courses WHERE user_id = ${userId} AND course_id = ${courseId}) AS done`),
      // A completed course is not one to take again: it never joins the future list.
      db.all<{ course_id: number }>(
        sql`INSERT INTO ${table} (user_id, course_id) SELECT ${userId}, id FROM courses WHERE id = ${courseId}
        ${list === "future" ? sql`AND ${notCompleted(userId, sql`courses.id`)}` : sql``}
        ON CONFLICT DO NOTHING RETURNING course_id`,
      ),
      // A course done is no longer one to take: marking it completed ends its future status in the same transaction.
      ...(list === "completed"
        ? [
          db.all<{ course_id: number }>(
            sql`DELETE FROM future_courses WHERE user_id = ${userId} AND course_id = ${courseId} RETURNING course_id`,
          ),
        ]
        : []),
    ]);
    if (!found) throw notFound("Course not found");
    if (list === "future" && done) {
      return { changed: false, inList: false, message: "You completed this course already." };
    }
    const message = inserted.length ? `Added to your ${label}.` : `Already in your ${label}.`;
    return {
      changed: inserted.length > 0 || ended.length > 0,
      inList: true,
      message: ended.length ? `${message} Removed from your future courses.` : message,
    };
  }
  const [[{ found }], removed] = await database.writeBatch((db) => [
    exists(db),
    db.all<{ course_id: number }>(
      sql`DELETE FROM ${table} WHERE user_id = ${userId} AND course_id = ${courseId} RETURNING course_id`,
    ),
  ]);
  if (!found) throw notFound("Course not found");
  return {
    changed: removed.length > 0,
    inList: false,
    message: removed.length ? `Removed from your ${label}.` : `Was not in your ${label}.`,
  };
}

async function unitsOf(db: Db, userId: number, list: "completed" | "future") {
  const table = LISTS[list].table;
  const rows = await db.select({ course: courses, hub: courseHubUnits.hubCode }).from(table)
    .innerJoin(courses, eq(courses.id, table.courseId))
    .leftJoin(courseHubUnits, eq(courseHubUnits.courseId, courses.id))
    .where(eq(table.userId, userId));
  const byCourse = new Map<number, { name: string; hubUnits: string[]; cocurricular: boolean }>();
  for (const { course, hub } of rows) {
    const entry = byCourse.get(course.id) ??
      { name: courseCode(course), hubUnits: [], cocurricular: isCocurricular(course) };
    if (hub) entry.hubUnits.push(hub);
    byCourse.set(course.id, entry);
  }
  return [...byCourse.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** A student's Hub progress: each area's units, and each requirement of their Hub rules with its courses. */
export type HubProgressOf = { track: HubTrack; items: HubProgressItem[]; requirements: RequirementProgress[] };

export async function hubProgressFor(db: Db, userId: number): Promise<HubProgressOf> {
  const [completed, planned, [user]] = await Promise.all([
    unitsOf(db, userId, "completed"),
    unitsOf(db, userId, "future"),
    db.select({ track: users.hubTrack }).from(users).where(eq(users.id, userId)),
  ]);
  const completedNames = new Set(completed.map((c) => c.name));
  // A course both completed and planned counts once, as completed.
  const future = planned.filter((c) => !completedNames.has(c.name));
  const track = user?.track ?? "first-year";
  return {
    track,
    items: hubProgress(completed, future, track),
    requirements: requirementProgress(completed, future, track),
  };
}

export type DashboardData = {
  email: string;
  college: string;
  major: string;
  expectedGrad: number;
  coursesCompleted: number;
  coursesInProgress: number;
  coursesSaved: number;
  coursesReviewed: number;
  totalUpvotes: number;
  averageReviewScore: number;
  coursesToReview: string[];
  /** The same courses with their ids, so the page can link to their review forms. */
  coursesToReviewLinks: { id: number; name: string }[];
};

export async function dashboardFor(
  db: Db,
  user: { id: number; email: string; college: string; major: string; expectedGrad: number },
): Promise<DashboardData> {
  const userId = user.id;
  // Six questions sent side by side: one round trip.
  const [coursesCompleted, coursesInProgress, coursesSaved, mine, votes, completedRows] = await Promise.all([
    db.$count(completedCourses, eq(completedCourses.userId, userId)),
    db.$count(futureCourses, eq(futureCourses.userId, userId)),
    db.$count(savedCourses, eq(savedCourses.userId, userId)),
    db.select({ id: reviews.id, courseId: reviews.courseId }).from(reviews).where(eq(reviews.userId, userId)),
    db.select({ type: reviewVotes.voteType }).from(reviewVotes).innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId))
      .where(eq(reviews.userId, userId)),
    db.select({
      course: { id: courses.id, college: courses.college, department: courses.department, number: courses.number },
    }).from(completedCourses)
      .innerJoin(courses, eq(courses.id, completedCourses.courseId)).where(eq(completedCourses.userId, userId)),
  ]);
  const up = votes.filter((v) => v.type === "UPVOTE").length;
  const down = votes.length - up;
  const reviewed = new Set(mine.map((r) => r.courseId));
  const toReview = completedRows.filter((r) => !reviewed.has(r.course.id)).map((r) => ({
    id: r.course.id,
    name: courseCode(r.course),
  }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    email: user.email,
    college: user.college,
    major: user.major,
    expectedGrad: user.expectedGrad,
    coursesCompleted,
    coursesInProgress,
    coursesSaved,
    coursesReviewed: mine.length,
    totalUpvotes: up,
    averageReviewScore: mine.length ? (up - down) / mine.length : 0,
    coursesToReview: toReview.map((c) => c.name),
    coursesToReviewLinks: toReview,
  };
}

/** Every course id in each of the user's lists: small, and what the toggles on a page need. */
export async function listIds(db: Db, userId: number): Promise<ListIds> {
  const ids = (name: ListName) => {
    const table = LISTS[name].table;
    return db.select({ courseId: table.courseId }).from(table).where(eq(table.userId, userId)).then((rows) =>
      rows.map((r) => r.courseId)
    );
  };
  const [completed, future, saved] = await Promise.all([ids("completed"), ids("future"), ids("saved")]);
  return { completed, future, saved };
}

/**
 * Adds several courses to one list in one transaction; completed ones end
 * their future status, as one at a time does. Unknown ids are refused before
 * anything changes.
 */
export async function addToList(
  database: Database,
  userId: number,
  list: ListName,
  ids: number[],
): Promise<{ added: number; already: number; message: string }> {
  const { table, label } = LISTS[list];
  const unique = [...new Set(ids)];
  const idList = JSON.stringify(unique);
  // Every statement changes something only when every id is a course: one round trip, all or nothing.
  const allKnown =
    sql`(SELECT COUNT(*) FROM courses WHERE id IN (SELECT value FROM json_each(${idList}))) = ${unique.length}`;
  const [[{ known, done }], inserted] = await database.writeBatch((db) => [
    db.all<{ known: number; done: number }>(sql`SELECT ${allKnown} AS known,
      (SELECT COUNT(*) FROM completed_courses WHERE user_id = ${userId}
        AND course_id IN (SELECT value FROM json_each(${idList}))) AS done`),
    db.all<{ course_id: number }>(sql`INSERT INTO ${table} (user_id, course_id)
      SELECT ${userId}, j.value FROM json_each(${idList}) AS j WHERE ${allKnown}
      ${list === "future" ? sql`AND ${notCompleted(userId, sql`j.value`)}` : sql``} ORDER BY j.key
      ON CONFLICT DO NOTHING RETURNING course_id`),
    ...(list === "completed"
      ? [
        db.run(
          sql`DELETE FROM future_courses WHERE user_id = ${userId} AND course_id IN (SELECT value FROM json_each(${idList})) AND ${allKnown}`,
        ),
      ]
      : []),
  ]);
  if (!known) throw notFound("Course not found");
  const added = inserted.length;
  // For the future list, completed courses are left out and said apart from those already there.
  const completed = list === "future" ? Number(done) : 0;
  const already = Math.max(0, unique.length - added - completed);
  const message = `Added ${plural(added, "course")} to your ${label}.` +
    (already ? ` ${plural(already, "course")} ${already === 1 ? "was" : "were"} already there.` : "") +
    (completed ? ` ${plural(completed, "course")} you completed ${completed === 1 ? "was" : "were"} left out.` : "");
  return { added, already, message };
}
