/** Ids in URL paths: one that cannot name a row is answered like a missing row. */
import { parseId } from "../lib/ids.ts";
import { notFound } from "../services/domain-errors.ts";

export function courseIdParam(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw notFound("Course not found");
  return id;
}

export function reviewIdParam(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw notFound("Review could not be found");
  return id;
}
