/**
 * BU Hub progress from the Hub units of completed and future courses
 * (docs/product.md, Hub progress): one unit per course per area it carries; SI2 and SO2 share
 * one requirement, fulfilled by a unit of either.
 */
import { HUB_AREAS, HUB_EITHER } from "./hub-areas.ts";

export type HubProgressItem = {
  category: string;
  hubCode: string;
  hubName: string;
  required: number;
  completed: number;
  projected: number;
  fulfilled: boolean;
  projectedFulfilled: boolean;
  fulfillingCourses: string[];
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

export type CourseUnits = { name: string; hubUnits: string[] };

export function hubProgress(completed: CourseUnits[], future: CourseUnits[]): HubProgressItem[] {
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

/** Requirements counted once each, the SI2/SO2 pair as one. */
export function hubSummary(items: HubProgressItem[]): HubProgressSummary {
  const requirements = items.filter((i) => i.hubCode !== HUB_EITHER.codes[1]);
  const total = requirements.length;
  const completed = requirements.filter((i) => i.fulfilled).length;
  const projected = requirements.filter((i) => i.projectedFulfilled).length;
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
