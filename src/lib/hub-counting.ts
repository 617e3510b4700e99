/**
 * BU Hub progress from the Hub units of completed and future courses
 * (docs/product.md, Hub progress): one unit per course per area it carries; SI2 and SO2 share
 * one requirement, fulfilled by a unit of either. Cocurricular units count up to the cap of the student's Hub rules,
 * and the requirements are those rules' (src/lib/hub-requirements.ts): every area for a first-year entrant, 10 with
 * alternatives for a transfer student.
 */
import { HUB_AREAS, HUB_EITHER } from "./hub-areas.ts";
import { countedUnits, hubRequirements, type HubTrack } from "./hub-requirements.ts";

/** How far completed and future courses take a Hub area or a requirement. */
type ProgressCounts = {
  required: number;
  completed: number;
  projected: number;
  fulfilled: boolean;
  projectedFulfilled: boolean;
  /** Completed courses that count toward it. */
  fulfillingCourses: string[];
};

export type HubProgressItem = ProgressCounts & {
  category: string;
  hubCode: string;
  hubName: string;
  /** For SI2 and SO2: the other code of the shared requirement. */
  sharedWith?: string;
  /** For SI2 and SO2 when the shared requirement is met: the code whose unit met it. */
  fulfilledBy?: string;
};

export type HubProgressSummary = {
  total: number;
  completed: number;
  inFuture: number;
  remaining: number;
  percent: number;
};

export type CourseUnits = { name: string; hubUnits: string[]; cocurricular?: boolean };

/** The courses with the codes they count with: cocurricular units past the cap left out, completed courses first. */
function counted(completed: CourseUnits[], future: CourseUnits[], track: HubTrack): [CourseUnits[], CourseUnits[]] {
  const all = [...completed, ...future];
  const units = countedUnits(all.map((c) => ({ hubUnits: c.hubUnits, cocurricular: c.cocurricular ?? false })), track);
  const withUnits = all.map((c, i) => ({ ...c, hubUnits: units[i] }));
  return [withUnits.slice(0, completed.length), withUnits.slice(completed.length)];
}

/** Each Hub area's units (the API's `hubProgress`), counted under the student's Hub rules' cocurricular cap. */
export function hubProgress(
  completedCourses: CourseUnits[],
  futureCourses: CourseUnits[],
  track: HubTrack = "first-year",
): HubProgressItem[] {
  const [completed, future] = counted(completedCourses, futureCourses, track);
  const count = (list: CourseUnits[], code: string) => list.filter((c) => c.hubUnits.includes(code));
  const items = HUB_AREAS.map((area) => {
    const done = count(completed, area.code);
    const planned = count(future, area.code);
    const required = area.required ?? HUB_EITHER.required;
    return {
      category: area.category,
      hubCode: area.code,
      hubName: area.name,
      required,
      completed: done.length,
      projected: done.length + planned.length,
      fulfilled: done.length >= required,
      projectedFulfilled: done.length + planned.length >= required,
      fulfillingCourses: done.map((c) => c.name),
    } satisfies HubProgressItem as HubProgressItem;
  });
  const [a, b] = HUB_EITHER.codes.map((code) => items.find((i) => i.hubCode === code)!);
  const pairCompleted = a.completed + b.completed >= HUB_EITHER.required;
  const pairProjected = a.projected + b.projected >= HUB_EITHER.required;
  for (const [item, other] of [[a, b], [b, a]]) {
    item.sharedWith = other.hubCode;
    item.fulfilled = pairCompleted;
    item.projectedFulfilled = pairProjected;
    if (pairCompleted) item.fulfilledBy = a.completed > 0 ? a.hubCode : b.hubCode;
  }
  return items;
}

/** One requirement of the student's Hub rules: how far the completed and future courses take it, and which. */
export type RequirementProgress = ProgressCounts & {
  /** "CRT", "SI2/SO2", "PLM/AEX/HCO". */
  key: string;
  codes: string[];
  name: string;
  category: string;
  /** Future courses that count toward it, as far as it still needs units. */
  plannedCourses: string[];
};

/** Progress on each requirement of the student's Hub rules: a course gives one unit to each requirement it counts toward. */
export function requirementProgress(
  completedCourses: CourseUnits[],
  futureCourses: CourseUnits[],
  track: HubTrack = "first-year",
): RequirementProgress[] {
  const [completed, future] = counted(completedCourses, futureCourses, track);
  return hubRequirements(track).map((requirement) => {
    const toward = (list: CourseUnits[]) =>
      list.filter((c) => requirement.codes.some((code) => c.hubUnits.includes(code))).map((c) => c.name);
    const done = toward(completed);
    const planned = toward(future).slice(0, Math.max(0, requirement.units - done.length));
    return {
      key: requirement.key,
      codes: [...requirement.codes],
      name: requirement.name,
      category: requirement.category,
      required: requirement.units,
      completed: Math.min(done.length, requirement.units),
      projected: Math.min(done.length + planned.length, requirement.units),
      fulfilled: done.length >= requirement.units,
      projectedFulfilled: done.length + planned.length >= requirement.units,
      fulfillingCourses: done,
      plannedCourses: planned,
    };
  });
}

/** The totals over the requirements of the student's Hub rules. */
export function hubSummary(requirements: RequirementProgress[]): HubProgressSummary {
  const total = requirements.length;
  const completed = requirements.filter((r) => r.fulfilled).length;
  const projected = requirements.filter((r) => r.projectedFulfilled).length;
  return {
    total,
    completed,
    inFuture: projected - completed,
    remaining: total - projected,
    percent: Math.round((completed / total) * 100),
  };
}

export type ProgressTone = "success" | "info" | "danger";

/** Bar colour: green when fulfilled, info when at least 50%, otherwise danger. */
export function progressTone(completed: number, required: number): ProgressTone {
  if (completed >= required) return "success";
  return completed / required >= 0.5 ? "info" : "danger";
}
