/**
 * Compare (docs/product.md, Compare): the rules shared by the page, the API
 * and the islands: at most four courses, their ids in the URL, and which
 * course has the best value of a rating row.
 */

export const MAX_COMPARED = 4;
export const COMPARE_LIMIT_MESSAGE = "You can compare up to four courses.";

/** The page comparing these courses; /compare alone (the page that says how to pick) without any. */
export function compareHref(ids: readonly number[]): string {
  return ids.length ? `/compare?ids=${ids.join(",")}` : "/compare";
}

/** The middle of the values (the mean of the two middle ones for an even count); null without values. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Hours as shown: to one decimal, without a trailing ".0" ("6", "6.5"). */
export function formatHours(hours: number): string {
  return String(Math.round(hours * 10) / 10);
}

export type Better = "higher" | "lower";

/**
 * The ids of the courses whose value is the best of a row, compared as shown
 * (to one decimal). Only courses with reviews take part (one without has no
 * rating), and a row names no best unless at least two take part and they
 * differ: highlighting every course says nothing.
 */
export function bestOf(entries: readonly { id: number; value: number; rated: boolean }[], better: Better): Set<number> {
  const rated = entries.filter((e) => e.rated).map((e) => ({ id: e.id, shown: Math.round(e.value * 10) }));
  if (rated.length < 2) return new Set();
  const values = rated.map((e) => e.shown);
  const best = better === "higher" ? Math.max(...values) : Math.min(...values);
  if (values.every((v) => v === best)) return new Set();
  return new Set(rated.filter((e) => e.shown === best).map((e) => e.id));
}

/** What a link naming courses the catalog does not have is told. */
export function unknownCoursesMessage(missing: readonly number[]): string {
  return missing.length === 1 ? `Course not found: ${missing[0]}` : `Courses not found: ${missing.join(", ")}`;
}
