/**
 * Reviews, votes and reports. A review and its course's averages change in
 * one transaction; a vote and its review's counts too. Views never carry the
 * author: only `owner`, relative to the viewer.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database, Db } from "../../../db/client.ts";
import { courses, reviewReports, reviews, reviewVotes } from "../../../db/schema.ts";
import { courseCode } from "../../lib/course-code.ts";
import { overallRating, type ReviewInput } from "../../lib/schemas.ts";
import { type Paged, pagedResponse } from "../../lib/paging.ts";
import { courseStatsUpdate, recomputeCourseStats } from "../courses/course-stats.ts";
import { courseProfessors, reviewKeys } from "../courses/course-summary.ts";
import { professorSlug } from "../../lib/professor-names.ts";
import { teacherKeyOfName } from "../schedule/professor-matching.ts";
import { conflict, DomainError, forbidden, notFound } from "../platform/domain-errors.ts";

import type { MyReviewView, ReviewView, VoteResult, VoteType } from "../../lib/api-types.ts";

export const REPORTS_TO_HIDE = 3;
/** Reviews per page: a course page shows ten, then 'Show more'. */
export const REVIEWS_PAGE_SIZE = 10;
export const MAX_REVIEWS_PAGE_SIZE = 50;
export type ReviewSort = "newest" | "helpful";

type ReviewRow = typeof reviews.$inferSelect;

/** Boston's calendar day, as YYYY-MM-DD. */
const BOSTON_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * The day a review was written, and no more: a time to the millisecond would
 * let readers tell which reviews were written one after another.
 */
export function reviewDay(date: Date): string {
  return BOSTON_DAY.format(date);
}

function view(row: ReviewRow, viewerId: number | undefined, userVote: VoteType | null, reported: boolean): ReviewView {
  return {
    id: row.id,
    courseId: row.courseId,
    overallRating: row.overallRating,
    usefulnessRating: row.usefulnessRating,
    difficultyRating: row.difficultyRating,
    workloadRating: row.workloadRating,
    interestRating: row.interestRating,
    teacherRating: row.teacherRating,
    teacherName: row.teacherName,
    professorSlug: row.teacherKey || professorSlug(row.teacherName),
    semester: row.semester,
    hoursPerWeek: row.hoursPerWeek,
    attendanceRequired: row.attendanceRequired,
    assignmentTypes: row.assignmentTypes,
    reviewText: row.reviewText,
    createdAt: reviewDay(row.createdAt),
    owner: viewerId !== undefined && row.userId === viewerId,
    voteCount: row.upvotes - row.downvotes,
    userVote,
    reported,
  };
}

/**
 * The columns of a review as a viewer sees it: the review, and the viewer's
 * own vote and report on it, read in the same statement.
 */
function reviewColumns(viewerId: number | undefined) {
  return {
    review: reviews,
    // Spelled out: drizzle writes a column of the only table without its table's name, which the subquery would read as its own.
    userVote: viewerId === undefined ? sql<VoteType | null>`NULL` : sql<
      VoteType | null
    >`(SELECT v.vote_type FROM review_votes v WHERE v.review_id = reviews.id AND v.user_id = ${viewerId})`,
    reported: viewerId === undefined
      ? sql<number>`0`
      : sql<number>`EXISTS (SELECT 1 FROM review_reports p WHERE p.review_id = reviews.id AND p.user_id = ${viewerId})`,
  };
}

type MarkedRow = { review: ReviewRow; userVote: VoteType | null; reported: number | boolean };

function views(rows: MarkedRow[], viewerId: number | undefined): ReviewView[] {
  return rows.map((row) => view(row.review, viewerId, row.userVote ?? null, Boolean(row.reported)));
}

export async function courseExists(db: Db, courseId: number): Promise<boolean> {
  return (await db.$count(courses, eq(courses.id, courseId))) > 0;
}

export type ReviewListOptions = {
  /**
   * Any spelling of the professor's name: 'Prof. Jane Doe' finds 'jane doe', and where the schedule names the course's
   * instructors, 'Doe' finds Jane Doe's reviews however they spelled her.
   */
  teacherName?: string;
  /** A term (src/lib/semesters.ts): only reviews of that semester. */
  term?: number;
  sort?: ReviewSort;
  page?: number;
  pageSize?: number;
};

function reviewOrder(sort: ReviewSort | undefined) {
  return sort === "helpful"
    ? [desc(sql`${reviews.upvotes} - ${reviews.downvotes}`), desc(reviews.createdAt), desc(reviews.id)]
    : [desc(reviews.createdAt), desc(reviews.id)];
}

/** One page of a course's visible reviews, newest or most helpful first, for one professor or semester if asked. */
export async function listCourseReviews(
  db: Db,
  courseId: number,
  viewerId: number | undefined,
  options: ReviewListOptions = {},
): Promise<Paged<ReviewView>> {
  const pageSize = options.pageSize ?? REVIEWS_PAGE_SIZE;
  const page = options.page ?? 0;
  const where = and(
    eq(reviews.courseId, courseId),
    eq(reviews.hidden, false),
    options.teacherName ? eq(reviews.teacherKey, teacherKeyOfName(courseId, options.teacherName)) : undefined,
    options.term !== undefined ? eq(reviews.term, options.term) : undefined,
  );
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(reviews).where(where),
    db.select(reviewColumns(viewerId)).from(reviews).where(where).orderBy(...reviewOrder(options.sort)).limit(pageSize)
      .offset(page * pageSize),
  ]);
  return pagedResponse(views(rows, viewerId), total, page, pageSize);
}

export type ProfessorReview = ReviewView & { courseCode: string; courseTitle: string };

/** One page of a professor's visible reviews across their courses, newest or most helpful first. */
export async function listProfessorReviews(
  db: Db,
  slug: string,
  viewerId: number | undefined,
  options: { sort?: ReviewSort; page?: number; pageSize?: number; courseId?: number } = {},
): Promise<Paged<ProfessorReview>> {
  const pageSize = options.pageSize ?? REVIEWS_PAGE_SIZE;
  const page = options.page ?? 0;
  const where = and(
    eq(reviews.teacherKey, slug),
    eq(reviews.hidden, false),
    options.courseId !== undefined ? eq(reviews.courseId, options.courseId) : undefined,
  );
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(reviews).where(where),
    db.select({
      ...reviewColumns(viewerId),
      course: {
        college: courses.college,
        department: courses.department,
        number: courses.number,
        title: courses.title,
      },
    })
      .from(reviews).innerJoin(courses, eq(courses.id, reviews.courseId))
      .where(where).orderBy(...reviewOrder(options.sort)).limit(pageSize).offset(page * pageSize),
  ]);
  const list = views(rows, viewerId);
  return pagedResponse(
    list.map((v, i) => ({ ...v, courseCode: courseCode(rows[i].course), courseTitle: rows[i].course.title })),
    total,
    page,
    pageSize,
  );
}

export async function findReview(db: Db, reviewId: number, viewerId: number | undefined): Promise<ReviewView> {
  const [row] = await db.select(reviewColumns(viewerId)).from(reviews).where(eq(reviews.id, reviewId));
  if (!row || (row.review.hidden && row.review.userId !== viewerId)) throw notFound("Review could not be found");
  return views([row], viewerId)[0];
}

/** The professors of a course's visible reviews, one name each however students spelled it, by name. */
export async function teachersOf(db: Db, courseId: number): Promise<string[]> {
  return (await courseProfessors(db, courseId)).map((p) => p.name);
}

/** The average overall rating of the course's visible reviews for one teacher, any spelling of the name (0 when none). */
export async function teacherScore(db: Db, courseId: number, teacherName: string): Promise<number> {
  const [row] = await db.select({
    average: sql<
      number | null
    >`SUM(12 - ${reviews.difficultyRating} - ${reviews.workloadRating} + ${reviews.interestRating} + ${reviews.usefulnessRating} + ${reviews.teacherRating}) / (5.0 * COUNT(*))`,
  }).from(reviews)
    .where(
      and(
        eq(reviews.courseId, courseId),
        eq(reviews.hidden, false),
        eq(reviews.teacherKey, teacherKeyOfName(courseId, teacherName)),
      ),
    );
  return row?.average ?? 0;
}

function values(courseId: number, input: ReviewInput) {
  return { ...input, overallRating: overallRating(input), ...reviewKeys(courseId, input) };
}

export async function ownReviewId(db: Db, userId: number, courseId: number): Promise<number | null> {
  const [row] = await db.select({ id: reviews.id }).from(reviews).where(
    and(eq(reviews.userId, userId), eq(reviews.courseId, courseId)),
  );
  return row?.id ?? null;
}

/** A foreign key names a row that does not exist: the course of a review, say. */
function isMissingReference(error: unknown): boolean {
  const text = `${(error as { cause?: unknown })?.cause ?? ""} ${(error as Error)?.message ?? ""}`;
  return /FOREIGN KEY constraint failed/i.test(text);
}

/** One round trip: the insert, refused by the database for an unknown course or a second review, and the course's new figures. */
export async function createReview(
  database: Database,
  userId: number,
  courseId: number,
  input: ReviewInput,
): Promise<ReviewView> {
  let created: ReviewRow[];
  try {
    [created] = await database.writeBatch((db) => [
      db.insert(reviews).values({ ...values(courseId, input), courseId, userId }).onConflictDoNothing().returning(),
      courseStatsUpdate(db, sql`${courseId}`),
    ]);
  } catch (error) {
    if (isMissingReference(error)) throw notFound("Course not found");
    throw error;
  }
  if (!created.length) throw alreadyReviewed(await ownReviewId(database.db, userId, courseId));
  return view(created[0], userId, null, false);
}

function alreadyReviewed(reviewId: number | null): DomainError {
  return new DomainError(
    409,
    "You have already reviewed this course. You can edit your review instead.",
    {},
    reviewId === null ? undefined : { reviewId: String(reviewId) },
  );
}

/** The author and course of a review the student wants to change: 404 when it is gone, 403 when it is someone else's. */
async function ownedReview(db: Db, userId: number, reviewId: number, action: string): Promise<{ courseId: number }> {
  const [row] = await db.select({ userId: reviews.userId, courseId: reviews.courseId }).from(reviews).where(
    eq(reviews.id, reviewId),
  );
  if (!row) throw notFound("Review could not be found");
  if (row.userId !== userId) throw forbidden(`You can only ${action} your own reviews.`);
  return row;
}

/** Two round trips: whose review it is, then the change and the course's new figures in one batch (which changes only the author's review). */
export async function updateReview(
  database: Database,
  userId: number,
  reviewId: number,
  input: ReviewInput,
): Promise<ReviewView> {
  const { courseId } = await ownedReview(database.db, userId, reviewId, "edit");
  const [updated] = await database.writeBatch((db) => [
    db.update(reviews).set({ ...values(courseId, input), updatedAt: new Date() }).where(
      and(eq(reviews.id, reviewId), eq(reviews.userId, userId)),
    ).returning(),
    courseStatsUpdate(db, sql`${courseId}`),
  ]);
  if (!updated.length) throw notFound("Review could not be found");
  // No one votes on or reports their own review.
  return view(updated[0], userId, null, false);
}

export async function deleteReview(database: Database, userId: number, reviewId: number): Promise<void> {
  const { courseId } = await ownedReview(database.db, userId, reviewId, "delete");
  await database.writeBatch((db) => [
    db.delete(reviews).where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId))),
    courseStatsUpdate(db, sql`${courseId}`),
  ]);
}

/** The statement that counts a review's votes again; not yet run, so it can join a batch. */
export function voteCountsUpdate(tx: Db, reviewId: number) {
  return tx.run(sql`UPDATE reviews SET
    upvotes = (SELECT COUNT(*) FROM review_votes WHERE review_id = ${reviewId} AND vote_type = 'UPVOTE'),
    downvotes = (SELECT COUNT(*) FROM review_votes WHERE review_id = ${reviewId} AND vote_type = 'DOWNVOTE')
    WHERE id = ${reviewId}`);
}

export async function votesOf(db: Db, reviewId: number, viewerId: number | undefined): Promise<VoteResult> {
  const [row] = await db.select(reviewColumns(viewerId)).from(reviews).where(eq(reviews.id, reviewId));
  if (!row || row.review.hidden) throw notFound("Review could not be found");
  return { voteCount: row.review.upvotes - row.review.downvotes, userVote: row.userVote ?? null };
}

/**
 * Voting the same way again removes the vote; the other way switches it.
 * Two round trips: the review and the student's vote, then the change, the
 * new counts and their reading in one batch.
 */
export async function castVote(
  database: Database,
  userId: number,
  reviewId: number,
  type: VoteType,
): Promise<VoteResult> {
  const db = database.db;
  const [[row], [existing]] = await Promise.all([
    db.select({ userId: reviews.userId, hidden: reviews.hidden }).from(reviews).where(eq(reviews.id, reviewId)),
    db.select().from(reviewVotes).where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId))),
  ]);
  if (!row || row.hidden) throw notFound("Review could not be found");
  if (row.userId === userId) throw forbidden("You cannot vote on your own review.");
  const mine = and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId));
  const userVote: VoteType | null = existing?.voteType === type ? null : type;
  const [, , counts] = await database.writeBatch((tx) => [
    userVote === null
      ? tx.delete(reviewVotes).where(mine)
      : tx.insert(reviewVotes).values({ reviewId, userId, voteType: type })
        .onConflictDoUpdate({ target: [reviewVotes.reviewId, reviewVotes.userId], set: { voteType: type } }),
    voteCountsUpdate(tx, reviewId),
    tx.select({ up: reviews.upvotes, down: reviews.downvotes }).from(reviews).where(eq(reviews.id, reviewId)),
  ]);
  if (!counts.length) throw notFound("Review could not be found");
  return { voteCount: counts[0].up - counts[0].down, userVote };
}

/**
 * A report per user per review; the third reporter hides the review from
 * every list and average until an operator acts. Two round trips: the review
 * and any earlier report, then the report, the hiding (when it is the third)
 * and the course's figures in one batch.
 */
export async function reportReview(
  database: Database,
  userId: number,
  reviewId: number,
  reason: string,
): Promise<{ hidden: boolean }> {
  const db = database.db;
  const [[row], [already]] = await Promise.all([
    db.select({ userId: reviews.userId, courseId: reviews.courseId, hidden: reviews.hidden }).from(reviews).where(
      eq(reviews.id, reviewId),
    ),
    db.select({ id: reviewReports.reviewId }).from(reviewReports).where(
      and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.userId, userId)),
    ),
  ]);
  if (!row || row.hidden) throw notFound("Review could not be found");
  if (row.userId === userId) throw forbidden("You cannot report your own review.");
  if (already) throw conflict("You have already reported this review.");
  const [inserted, hidden] = await database.writeBatch((tx) => [
    tx.insert(reviewReports).values({ reviewId, userId, reason }).onConflictDoNothing().returning({
      reviewId: reviewReports.reviewId,
    }),
    tx.update(reviews).set({ hidden: true }).where(
      and(
        eq(reviews.id, reviewId),
        eq(reviews.hidden, false),
        sql`(SELECT COUNT(*) FROM review_reports WHERE review_id = ${reviewId}) >= ${REPORTS_TO_HIDE}`,
      ),
    ).returning({ id: reviews.id }),
    courseStatsUpdate(tx, sql`${row.courseId}`),
  ]);
  if (!inserted.length) throw conflict("You have already reported this review.");
  return { hidden: hidden.length > 0 };
}

export async function myReviews(db: Db, userId: number): Promise<MyReviewView[]> {
  const rows = await db.select({
    ...reviewColumns(userId),
    course: { college: courses.college, department: courses.department, number: courses.number, title: courses.title },
  })
    .from(reviews).innerJoin(courses, eq(courses.id, reviews.courseId))
    .where(eq(reviews.userId, userId)).orderBy(desc(reviews.createdAt), desc(reviews.id));
  const list = views(rows, userId);
  return list.map((v, i) => ({
    ...v,
    courseCode: courseCode(rows[i].course),
    courseTitle: rows[i].course.title,
    hidden: rows[i].review.hidden,
  }));
}

// ------------------------------------------------------------ moderation

export type HiddenReview = {
  id: number;
  course: string;
  teacherName: string;
  reviewText: string;
  reports: { reason: string; createdAt: string }[];
};

export async function hiddenReviews(db: Db): Promise<HiddenReview[]> {
  const rows = await db.select({ review: reviews, course: courses }).from(reviews).innerJoin(
    courses,
    eq(courses.id, reviews.courseId),
  )
    .where(eq(reviews.hidden, true)).orderBy(asc(reviews.id));
  const result: HiddenReview[] = [];
  for (const { review, course } of rows) {
    const reports = await db.select().from(reviewReports).where(eq(reviewReports.reviewId, review.id)).orderBy(
      asc(reviewReports.createdAt),
    );
    result.push({
      id: review.id,
      course: courseCode(course),
      teacherName: review.teacherName,
      reviewText: review.reviewText,
      reports: reports.map((r) => ({ reason: r.reason, createdAt: r.createdAt.toISOString() })),
    });
  }
  return result;
}

/** Restores a hidden review: its reports are cleared so it takes three new ones to hide it again. */
export async function restoreReview(database: Database, reviewId: number): Promise<void> {
  await database.write(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, reviewId));
    if (!row) throw notFound(`No review ${reviewId}`);
    await tx.delete(reviewReports).where(eq(reviewReports.reviewId, reviewId));
    await tx.update(reviews).set({ hidden: false }).where(eq(reviews.id, reviewId));
    await recomputeCourseStats(tx, [row.courseId]);
  });
}

export async function removeReview(database: Database, reviewId: number): Promise<void> {
  await database.write(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, reviewId));
    if (!row) throw notFound(`No review ${reviewId}`);
    await tx.delete(reviews).where(eq(reviews.id, reviewId));
    await recomputeCourseStats(tx, [row.courseId]);
  });
}
