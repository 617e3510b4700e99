/**
 * A visitor's schedule worksheets, kept in this browser (docs/product.md, Schedule builder): per term, named versions,
 * each a list of courses with the sections chosen. When the visitor logs in, `joinKeptWorksheets` gives them to their
 * account and forgets them here. Whatever storage holds is read defensively: edited by hand or from an older shape,
 * what cannot be read counts as nothing.
 */
import type { WorksheetJoin } from "../lib/api-types.ts";
import { parseId } from "../lib/ids.ts";
import { WORKSHEET_LIMITS } from "../lib/schedule-rules.ts";
import { apiFetch } from "./api.ts";
import { termName } from "../lib/term-codes.ts";
import { readStored, removeStored, SCHEDULE_JOINED_KEY, SCHEDULE_KEY, writeStored } from "./storage.ts";

export type KeptCourse = { courseId: number; sectionIds: number[] };
export type KeptVersion = { name: string; courses: KeptCourse[] };
export type KeptWorksheets = Record<string, KeptVersion[]>;

function ids(value: unknown, max: number): number[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.map((v) => parseId(String(v))).filter((v): v is number => v !== null))].slice(0, max);
}

/** What storage holds, cleaned: at most 8 versions per term, 12 courses each, names of 40 characters. */
export function readKept(): KeptWorksheets {
  let raw: unknown;
  try {
    raw = JSON.parse(readStored(SCHEDULE_KEY) ?? "{}");
  } catch {
    return {};
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const out: KeptWorksheets = {};
  for (const [term, versions] of Object.entries(raw as Record<string, unknown>)) {
    // A term code the site cannot name (edited by hand) is let go: the account would refuse the whole worksheet.
    if (!/^\d{4}$/.test(term) || termName(Number(term)) === null || !Array.isArray(versions)) continue;
    const list: KeptVersion[] = [];
    for (const version of versions.slice(0, WORKSHEET_LIMITS.versionsPerTerm)) {
      const v = version as { name?: unknown; courses?: unknown };
      const name = typeof v?.name === "string" && v.name.trim()
        ? v.name.trim().slice(0, WORKSHEET_LIMITS.name)
        : "Plan";
      const courses = (Array.isArray(v?.courses) ? v.courses : []).slice(0, WORKSHEET_LIMITS.coursesPerVersion)
        .map((c: { courseId?: unknown; sectionIds?: unknown }) => ({
          courseId: parseId(String(c?.courseId)),
          sectionIds: ids(c?.sectionIds, 4),
        }))
        .filter((c): c is KeptCourse => c.courseId !== null && c.sectionIds.length > 0);
      if (!list.some((other) => other.name === name)) list.push({ name, courses });
    }
    if (list.length) out[term] = list;
  }
  return out;
}

/** What joining made of the kept worksheets, in words: the plans now on the account, and what was left out. */
export function joinSummary(joined: WorksheetJoin): string {
  const made = joined.versions.map((v) => v.name);
  const parts = [
    made.length
      ? `The plan${made.length > 1 ? "s" : ""} you built before logging in ${
        made.length > 1 ? "are" : "is"
      } now on your account: ${made.join(", ")}.`
      : "The plan you built before logging in could not be kept.",
    ...joined.skipped.map((s) => `Left out: ${s.reason}.`),
  ];
  return parts.join(" ");
}

/** The summary a login left for the schedule page to say, once. */
export function takeJoinNotice(): string | null {
  const text = readStored(SCHEDULE_JOINED_KEY);
  if (text) removeStored(SCHEDULE_JOINED_KEY);
  return text;
}

export function writeKept(kept: KeptWorksheets): void {
  const terms = Object.entries(kept).filter(([, versions]) => versions.length > 0);
  if (terms.length === 0) removeStored(SCHEDULE_KEY);
  else writeStored(SCHEDULE_KEY, JSON.stringify(Object.fromEntries(terms)));
}

/**
 * Gives the worksheets kept in this browser to the signed-in student's account, then forgets them here; returns what
 * the server made of them (null when there was nothing, or the call failed and they stay kept for the next try).
 */
export async function joinKeptWorksheets(): Promise<WorksheetJoin | null> {
  const kept = readKept();
  const worksheets = Object.entries(kept).map(([term, versions]) => ({
    term: Number(term),
    versions: versions.filter((v) => v.courses.length > 0),
  })).filter((w) => w.versions.length > 0).sort((a, b) => b.term - a.term).slice(0, 6);
  if (worksheets.length === 0) {
    writeKept({});
    return null;
  }
  const result = await apiFetch<WorksheetJoin>("/api/schedules/mine/join", { method: "POST", body: { worksheets } });
  if (!result.ok) return null;
  writeKept({});
  // Said on the schedule page, whichever page the login goes on to.
  writeStored(SCHEDULE_JOINED_KEY, joinSummary(result.data));
  return result.data;
}
