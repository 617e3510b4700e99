/** Ids in URL paths: one that cannot name a row is answered like a missing row. */
import type { Db } from "../../db/client.ts";
import { parseId } from "../lib/ids.ts";
import { courseExists } from "../services/reviews/course-reviews.ts";
import { notFound } from "../services/platform/domain-errors.ts";

export function courseIdParam(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw notFound("Course not found");
  return id;
}

/**
 * What `read` answers about the course the path names, or 404 "Course not
 * found" (for endpoints that answer about a course without loading it). The
 * existence check and the read leave together, in one round trip; a read
 * about a course that does not exist finds nothing and is dropped.
 */
export async function forExistingCourse<T>(
  db: Db,
  raw: string | undefined,
  read: (courseId: number) => Promise<T>,
): Promise<T> {
  const id = courseIdParam(raw);
  const [exists, result] = await Promise.all([courseExists(db, id), read(id)]);
  if (!exists) throw notFound("Course not found");
  return result;
}

export function reviewIdParam(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw notFound("Review could not be found");
  return id;
}
