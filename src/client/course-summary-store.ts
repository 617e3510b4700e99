/**
 * The course page's figures, shared by the islands that show them (the
 * summary, the ratings section, the write button, the review filters). The
 * server renders each island from its props; after a student deletes or
 * reports away a review, `refreshSummary` fetches the figures again and every
 * island shows them without a reload.
 */
import { signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import type { CourseSummary } from "../lib/api-types.ts";
import { apiFetch } from "./api.ts";

/** Set only in the browser, by a refresh: a server render never reads it, so one request's figures never reach another's page. */
export const liveSummary = signal<CourseSummary | null>(null);

/** The live figures when they are this course's, else the island's props. */
export function useCourseSummary(courseId: number, initial: CourseSummary): CourseSummary {
  useSignals();
  const live = typeof document === "undefined" ? null : liveSummary.value;
  return live && live.courseId === courseId ? live : initial;
}

/** Like useCourseSummary, for an island that holds only part of the figures. */
export function useSummaryPart<T>(courseId: number, pick: (summary: CourseSummary) => T, initial: T): T {
  useSignals();
  const live = typeof document === "undefined" ? null : liveSummary.value;
  return live && live.courseId === courseId ? pick(live) : initial;
}

export async function refreshSummary(courseId: number): Promise<boolean> {
  const answer = await apiFetch<CourseSummary>(`/api/courses/${courseId}/summary`);
  if (answer.ok) liveSummary.value = answer.data;
  return answer.ok;
}
