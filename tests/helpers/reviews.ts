/**
 * Helpers for the review, vote and course-list tests: review bodies, and course statistics recomputed by the test itself
 * from database rows or from an in-memory model (never from the code under test).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { courses, reviews } from "../../db/schema.ts";
import { api } from "./accounts.ts";
import type { TestApp } from "./app.ts";
import { randomInt, type Rng } from "./random.ts";

export type Ratings = {
  usefulnessRating: number;
  difficultyRating: number;
  workloadRating: number;
  interestRating: number;
  teacherRating: number;
};

export const RATING_FIELDS = [
  "usefulnessRating",
  "difficultyRating",
  "workloadRating",
  "interestRating",
  "teacherRating",
] as const;

/** docs/product.md, Ratings: overall = ((6 - difficulty) + (6 - workload) + interest + usefulness + teacher) / 5. */
export function expectedOverall(r: Ratings): number {
  return ((6 - r.difficultyRating) + (6 - r.workloadRating) + r.interestRating + r.usefulnessRating + r.teacherRating) /
    5;
}

export function randomRatings(rng: Rng): Ratings {
  return {
    usefulnessRating: randomInt(rng, 1, 5),
    difficultyRating: randomInt(rng, 1, 5),
    workloadRating: randomInt(rng, 1, 5),
    interestRating: randomInt(rng, 1, 5),
    teacherRating: randomInt(rng, 1, 5),
  };
}

/** A valid review body; `change` overrides or adds fields. */
export function reviewBody(change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    usefulnessRating: 4,
    difficultyRating: 2,
    workloadRating: 3,
    interestRating: 5,
    teacherRating: 4,
    teacherName: "Professor Smith",
    semester: "Fall 2024",
    hoursPerWeek: 6,
    attendanceRequired: true,
    assignmentTypes: "Problem sets, two exams",
    reviewText: "Clear lectures and fair exams.",
    ...change,
  };
}

/** Posts a review and returns the response status and body. */
export async function postReview(
  t: TestApp,
  token: string | undefined,
  courseId: number | string,
  body: Record<string, unknown>,
) {
  const response = await api(t, `/api/reviews/course/${courseId}`, { method: "POST", token, body });
  return { status: response.status, body: await response.json() };
}

/** Posts a review that must succeed; returns the review view. */
export async function createdReview(t: TestApp, token: string, courseId: number, change: Record<string, unknown> = {}) {
  const { status, body } = await postReview(t, token, courseId, reviewBody(change));
  if (status !== 201) throw new Error(`review on course ${courseId} got ${status}: ${JSON.stringify(body)}`);
  return body as { id: number; overallRating: number } & Record<string, unknown>;
}

/** The number of reviews and the six averages, as the course view names them. */
export type CourseStats = {
  numReviews: number;
  averageOverallRating: number;
  averageUsefulnessRating: number;
  averageDifficultyRating: number;
  averageWorkloadRating: number;
  averageInterestRating: number;
  averageTeacherRating: number;
};

export const STAT_FIELDS = [
  "numReviews",
  "averageOverallRating",
  "averageUsefulnessRating",
  "averageDifficultyRating",
  "averageWorkloadRating",
  "averageInterestRating",
  "averageTeacherRating",
] as const;

/** Count and averages over the given (already visible-only) ratings; all 0 without any. */
export function statsOf(list: Ratings[]): CourseStats {
  const n = list.length;
  const avg = (pick: (r: Ratings) => number) => n ? list.reduce((sum, r) => sum + pick(r), 0) / n : 0;
  return {
    numReviews: n,
    averageOverallRating: avg(expectedOverall),
    averageUsefulnessRating: avg((r) => r.usefulnessRating),
    averageDifficultyRating: avg((r) => r.difficultyRating),
    averageWorkloadRating: avg((r) => r.workloadRating),
    averageInterestRating: avg((r) => r.interestRating),
    averageTeacherRating: avg((r) => r.teacherRating),
  };
}

/**
 * The statistics recomputed in the test from the course's visible review rows
 * (the overall from the five stored ratings, not the stored overall column).
 */
export async function statsFromDatabase(t: TestApp, courseId: number): Promise<CourseStats> {
  const rows = await t.deps.database.db.select().from(reviews).where(
    and(eq(reviews.courseId, courseId), eq(reviews.hidden, false)),
  );
  return statsOf(rows);
}

/** The course's statistics as GET /api/courses/{id} reports them. */
export async function statsFromApi(
  t: TestApp,
  courseId: number,
  token?: string,
): Promise<CourseStats & Record<string, unknown>> {
  const response = await api(t, `/api/courses/${courseId}`, { token });
  if (response.status !== 200) throw new Error(`GET /api/courses/${courseId} got ${response.status}`);
  return await response.json();
}

/**
 * The ids of every course that has no review row at all (the demo catalog
 * comes with demo reviews on some courses), in id order. Take the list once,
 * before the tests write reviews, and hand its ids out.
 */
export async function coursesWithoutReviews(t: TestApp): Promise<number[]> {
  const rows = await t.deps.database.db.select({ id: courses.id }).from(courses)
    .where(sql`${courses.id} NOT IN (SELECT ${reviews.courseId} FROM ${reviews})`).orderBy(asc(courses.id));
  return rows.map((r) => r.id);
}

/** Hands out review-free courses, each once. */
export async function courseSupply(t: TestApp): Promise<(n: number) => number[]> {
  const free = await coursesWithoutReviews(t);
  let next = 0;
  return (n: number) => {
    if (next + n > free.length) throw new Error(`only ${free.length} courses without reviews`);
    next += n;
    return free.slice(next - n, next);
  };
}

export async function courseName(t: TestApp, courseId: number): Promise<string> {
  const [row] = await t.deps.database.db.select().from(courses).where(eq(courses.id, courseId));
  return `${row.college} ${row.department} ${row.number}`;
}

/** Every key of a JSON value, at any depth, with its value. */
export function jsonEntries(value: unknown, path = "$"): { path: string; key: string; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => jsonEntries(v, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap((
    [key, v],
  ) => [{ path: `${path}.${key}`, key, value: v }, ...jsonEntries(v, `${path}.${key}`)]);
}
