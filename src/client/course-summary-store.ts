/**
 * The course page's figures, shared by the islands that show them (the
 * summary, the ratings section, the write button, the review filters). The
 * server renders each island from its props; after a student deletes or
 * reports away a review, `refreshSummary` fetches the figures again and every
 * island shows them without a reload.
 */
import { signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import type { CourseSummary } from "../lib/api-types.ts";
import { apiFetch } from "./api.ts";
import { ISLAND_UPDATE_EVENT } from "./island.tsx";

/** Set only in the browser, by a refresh; read only after hydration, so a server render never shows one request's figures on another's page. */
export const liveSummary = signal<CourseSummary | null>(null);

/**
 * The live figures once the island has hydrated, when they are this course's;
 * else the island's props. Until then the props: an island that hydrates
 * after a refresh (the ratings section, when it scrolls into view) must first
 * match the server's HTML, then show the new figures.
 */
export function useSummaryPart<T>(courseId: number, pick: (summary: CourseSummary) => T, initial: T): T {
  useSignals();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const live = hydrated ? liveSummary.value : null;
  return live && live.courseId === courseId ? pick(live) : initial;
}

export function useCourseSummary(courseId: number, initial: CourseSummary): CourseSummary {
  return useSummaryPart(courseId, (s) => s, initial);
}

export async function refreshSummary(courseId: number): Promise<boolean> {
  const answer = await apiFetch<CourseSummary>(`/api/courses/${courseId}/summary`);
  if (answer.ok) {
    liveSummary.value = answer.data;
    // The summary and the ratings section hydrate now, to show the new figures.
    globalThis.dispatchEvent(new Event(ISLAND_UPDATE_EVENT));
  }
  return answer.ok;
}
