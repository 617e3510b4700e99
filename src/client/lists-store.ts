/**
 * The signed-in student's course lists, shared by every toggle on a page
 * (search cards, the course page). One signal says a toggle call is running:
 * while it does, every toggle on the page is disabled.
 */
import { signal } from "@preact/signals-react";
import { LIST_API_SEGMENTS, type ListIds, type ListName } from "../lib/course-list-names.ts";
import { apiFetch } from "./api.ts";
import { loginUrl } from "./navigation.ts";

export type { ListIds, ListName };

export const signedIn = signal(false);
export const lists = signal<Record<ListName, ReadonlySet<number>>>({
  completed: new Set(),
  future: new Set(),
  saved: new Set(),
});
export const toggleRunning = signal(false);

/**
 * Seeds the store from the island's props, replacing whatever it held: on the
 * server this module lives for the whole process, so one student's lists must
 * never still be there when the next request (a visitor's, say) renders.
 * Server renders are synchronous, so a render seeds and reads without another
 * request in between.
 */
export function seedLists(isSignedIn: boolean, ids: ListIds | null): void {
  signedIn.value = isSignedIn;
  lists.value = {
    completed: new Set(ids?.completed ?? []),
    future: new Set(ids?.future ?? []),
    saved: new Set(ids?.saved ?? []),
  };
}

export function inList(list: ListName, courseId: number): boolean {
  return lists.value[list].has(courseId);
}

/** Adds or removes the course; the button flips only after the server agreed. A failure is only logged. */
export async function toggleCourse(list: ListName, courseId: number): Promise<void> {
  if (!signedIn.value) {
    location.assign(loginUrl());
    return;
  }
  if (toggleRunning.value) return;
  toggleRunning.value = true;
  const adding = !inList(list, courseId);
  try {
    const result = await apiFetch<{ inList: boolean }>(`/api/users/${LIST_API_SEGMENTS[list]}/${courseId}`, {
      method: adding ? "POST" : "DELETE",
    });
    if (!result.ok) {
      if (result.status === 401) location.assign(loginUrl());
      console.error(
        `[lists] could not ${adding ? "add" : "remove"} course ${courseId}:`,
        result.message ?? result.status,
      );
      return;
    }
    const next = new Set(lists.value[list]);
    if (result.data.inList) next.add(courseId);
    else next.delete(courseId);
    const changed = { ...lists.value, [list]: next };
    // A course marked done is no longer one to take (the server ended its future status in the same step).
    if (list === "completed" && result.data.inList && changed.future.has(courseId)) {
      const future = new Set(changed.future);
      future.delete(courseId);
      changed.future = future;
    }
    lists.value = changed;
  } finally {
    toggleRunning.value = false;
  }
}
