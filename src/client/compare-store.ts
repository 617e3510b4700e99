/**
 * The courses a student picked to compare (docs/product.md, Compare), shared
 * by every Compare toggle and the tray on a page, and kept in localStorage so
 * the picks follow the student from page to page without an account.
 *
 * The store starts empty, on the server and in the browser alike, and reads
 * the storage only in an effect after hydration: the server cannot know the
 * picks, and the first browser render has to match its HTML (see usePicks).
 */
import { signal } from "@preact/signals-react";
import { useEffect, useState } from "react";
import { COMPARE_LIMIT_MESSAGE, MAX_COMPARED } from "../lib/comparison.ts";
import { parseId } from "../lib/ids.ts";
import { COMPARE_KEY, readStored, writeStored } from "./storage.ts";

/** A picked course: its id for the link, its code for the tray. */
export type PickedCourse = { id: number; code: string };

/** The picks in the order they were made. */
export const picks = signal<readonly PickedCourse[]>([]);
/** Why the last pick was refused (a fifth course); cleared by the next change. */
export const compareNotice = signal<string | null>(null);

/** What storage holds, if it is a list of picks; anything else (edited by hand, an older shape) counts as none. */
function parsePicks(raw: string | null): PickedCourse[] {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  const list: PickedCourse[] = [];
  for (const item of value) {
    const id = parseId(String((item as PickedCourse)?.id));
    const code = (item as PickedCourse)?.code;
    if (id === null || typeof code !== "string" || seen.has(id)) continue;
    seen.add(id);
    list.push({ id, code: code.slice(0, 40) });
  }
  return list.slice(0, MAX_COMPARED);
}

function samePicks(a: readonly PickedCourse[], b: readonly PickedCourse[]): boolean {
  return a.length === b.length && a.every((pick, i) => pick.id === b[i].id && pick.code === b[i].code);
}

function setPicks(next: readonly PickedCourse[]): void {
  picks.value = next;
  writeStored(COMPARE_KEY, JSON.stringify(next));
}

/** Takes the picks from storage, leaving the signal alone when nothing changed (every toggle on a page asks). */
function readPicks(): void {
  const stored = parsePicks(readStored(COMPARE_KEY));
  if (!samePicks(stored, picks.value)) picks.value = stored;
}

let following = false;

/** From now on, follow the other tabs (the storage event) and a page shown again by Back from the browser's cache (pageshow). */
function follow(): void {
  if (following) return;
  following = true;
  addEventListener("storage", (event) => {
    if (event.key === COMPARE_KEY || event.key === null) readPicks();
  });
  addEventListener("pageshow", (event) => {
    if (event.persisted) readPicks();
  });
}

const NONE: readonly PickedCourse[] = [];

/**
 * The picks, for a component to render. Its first render, the one that
 * hydrates the server's HTML, sees none, whatever the store holds by then:
 * islands hydrate one by one, and an island hydrating after another has read
 * the storage would otherwise not match its HTML. Call useSignals() first.
 */
export function usePicks(): readonly PickedCourse[] {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    readPicks();
    follow();
    setHydrated(true);
  }, []);
  return hydrated ? picks.value : NONE;
}

/** Adds the course, or takes it out; a fifth course is refused with the notice instead. */
export function togglePick(course: PickedCourse): void {
  if (picks.value.some((pick) => pick.id === course.id)) {
    compareNotice.value = null;
    setPicks(picks.value.filter((pick) => pick.id !== course.id));
  } else if (picks.value.length >= MAX_COMPARED) {
    compareNotice.value = `${COMPARE_LIMIT_MESSAGE} Remove one to add ${course.code}.`;
  } else {
    compareNotice.value = null;
    setPicks([...picks.value, course]);
  }
}

export function clearPicks(): void {
  compareNotice.value = null;
  setPicks([]);
}

/** The compare page's courses become the picks: the tray and the toggles elsewhere then show what was compared last. */
export function adoptPicks(list: readonly PickedCourse[]): void {
  compareNotice.value = null;
  if (!samePicks(list, picks.value)) setPicks(list.slice(0, MAX_COMPARED));
}
