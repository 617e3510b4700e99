/** The search filters in force, each as a chip the student can remove (the search page's results). */
import type { SearchPage } from "./api-types.ts";
import {
  defaultSortFor,
  hasRatingFilter,
  LEVEL_LABELS,
  MAX_SLIDERS,
  MIN_SLIDERS,
  type SearchFilter,
} from "./search-filter.ts";
import { withoutPhrases } from "./search-words.ts";
import { termName } from "./term-codes.ts";

/** A college or department code with its name. */
export type NamedCode = { code: string; name: string };

const CHIP_LABELS = new Map<string, string>([
  ["minRating", "Overall ≥"],
  ["minUsefulness", "Useful ≥"],
  ["minInterest", "Interest ≥"],
  ["minTeacher", "Teacher ≥"],
  ["maxDifficulty", "Difficulty ≤"],
  ["maxWorkload", "Workload ≤"],
]);

export type Chip = { key: string; label: string; remove: (f: SearchFilter) => SearchFilter };

/** The filters in force, each as a removable chip. */
export function chipsOf(filter: SearchFilter, colleges: NamedCode[], departmentName: (code: string) => string): Chip[] {
  const chips: Chip[] = [];
  const collegeName = new Map(colleges.map((c) => [c.code, c.name]));
  for (const code of filter.colleges) {
    chips.push({
      key: `college-${code}`,
      label: collegeName.get(code) ?? code,
      remove: (f) => ({ ...f, colleges: f.colleges.filter((c) => c !== code) }),
    });
  }
  for (const code of filter.departments) {
    chips.push({
      key: `department-${code}`,
      label: departmentName(code),
      remove: (f) => ({ ...f, departments: f.departments.filter((d) => d !== code) }),
    });
  }
  for (const code of filter.hubReqs) {
    chips.push({
      key: `hub-${code}`,
      label: `Hub ${code}`,
      remove: (f) => ({ ...f, hubReqs: f.hubReqs.filter((h) => h !== code) }),
    });
  }
  for (const level of filter.levels) {
    chips.push({
      key: `level-${level}`,
      label: `Level ${LEVEL_LABELS.get(level)}`,
      remove: (f) => ({ ...f, levels: f.levels.filter((l) => l !== level) }),
    });
  }
  if (filter.offered !== undefined) {
    chips.push({
      key: "offered",
      label: `Offered in ${termName(filter.offered) ?? filter.offered}`,
      remove: (f) => ({ ...f, offered: undefined }),
    });
  }
  if (filter.minCourseCode !== undefined) {
    chips.push({
      key: "min-code",
      label: `Number ≥ ${filter.minCourseCode}`,
      remove: (f) => ({ ...f, minCourseCode: undefined }),
    });
  }
  if (filter.reviewCount !== undefined) {
    chips.push({
      key: "reviews",
      label: `${filter.reviewCount}+ reviews`,
      remove: (f) => ({ ...f, reviewCount: undefined }),
    });
  }
  if (filter.noPreReqs) {
    chips.push({ key: "no-prereqs", label: "No prerequisites", remove: (f) => ({ ...f, noPreReqs: false }) });
  }
  if (filter.currentOnly) {
    chips.push({ key: "current", label: "Current courses only", remove: (f) => ({ ...f, currentOnly: false }) });
  }
  if (filter.prereqsMet) {
    chips.push({ key: "prereqs-met", label: "Prerequisites I've met", remove: (f) => ({ ...f, prereqsMet: false }) });
  }
  for (const name of MIN_SLIDERS) {
    if (filter[name] > 0) {
      chips.push({
        key: name,
        label: `${CHIP_LABELS.get(name)} ${filter[name].toFixed(1)}`,
        remove: (f) => ({ ...f, [name]: 0 }),
      });
    }
  }
  for (const name of MAX_SLIDERS) {
    if (filter[name] < 5) {
      chips.push({
        key: name,
        label: `${CHIP_LABELS.get(name)} ${filter[name]}`,
        remove: (f) => ({ ...f, [name]: 5 }),
      });
    }
  }
  if (filter.rank) {
    chips.push({ key: "rank", label: `“${filter.rank}” first`, remove: (f) => ({ ...f, rank: "" }) });
  }
  if (filter.includeUnreviewed && hasRatingFilter(filter)) {
    chips.push({
      key: "unreviewed",
      label: "With unreviewed courses",
      remove: (f) => ({ ...f, includeUnreviewed: false }),
    });
  }
  return chips;
}

/**
 * The phrases of the search text read as a Hub area or a sort (the search's `understood`), each as a chip: removing
 * it takes the phrase out of the text, where it was read.
 */
export function textChipsOf(understood: SearchPage["understood"]): Chip[] {
  return understood.map((read) => ({
    key: `text-${read.start}`,
    label: read.meaning,
    remove: (f) => {
      const q = withoutPhrases(f.q, [read]);
      const sortBy = f.sortBy === defaultSortFor(f.q, f.rank) ? defaultSortFor(q, f.rank) : f.sortBy;
      return { ...f, q, sortBy };
    },
  }));
}
