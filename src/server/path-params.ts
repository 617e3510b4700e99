/** Ids in URL paths: one that cannot name a row is answered like a missing row. */
import type { Db } from "../../db/client.ts";
import { parseId } from "../lib/ids.ts";
import { courseExists } from "../services/course-reviews.ts";
import { notFound } from "../services/domain-errors.ts";

export function courseIdParam(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw notFound("Course not found");
  return id;
}

/** The id of a course that exists, or 404 "Course not found" (for endpoints that answer about a course without loading it). */
export async function existingCourseId(db: Db, raw: string | undefined): Promise<number> {
  const id = courseIdParam(raw);
  if (!(await courseExists(db, id))) throw notFound("Course not found");
  return id;
}

export function reviewIdParam(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw notFound("Review could not be found");
  return id;
}
