/**
 * A course's figures from its visible reviews: all-time and recent averages,
 * distributions, the trend by semester and each professor's averages
 * (docs/product.md, Course pages). Pure, so the same rules hold wherever the
 * rows come from.
 */
import {
  type CourseSummary,
  DISTRIBUTED,
  type Distribution,
  type RatingAverages,
  type ReviewView,
} from "./api-types.ts";
import { preferredName } from "./professor-names.ts";
import { recentTerms, semesterLabel, semesterShortLabel } from "./semesters.ts";

/** The fields of one review the figures need: its ratings and facts, and the professor and term read from its texts. */
export type RatingRow =
  & Pick<
    ReviewView,
    | "overallRating"
    | "usefulnessRating"
    | "difficultyRating"
    | "workloadRating"
    | "interestRating"
    | "teacherRating"
    | "hoursPerWeek"
    | "attendanceRequired"
    | "teacherName"
  >
  & { teacherKey: string; term: number | null };

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function averagesOf(rows: readonly RatingRow[]): RatingAverages {
  const n = rows.length;
  const mean = (pick: (r: RatingRow) => number) => n ? rows.reduce((sum, r) => sum + pick(r), 0) / n : 0;
  return {
    count: n,
    // From integer sums, as the stored course average is (src/services/courses/course-stats.ts), so both agree to the last digit.
    overall: n
      ? rows.reduce(
        (sum, r) =>
          sum + 12 - r.difficultyRating - r.workloadRating + r.interestRating + r.usefulnessRating + r.teacherRating,
        0,
      ) / (5 * n)
      : 0,
    usefulness: mean((r) => r.usefulnessRating),
    difficulty: mean((r) => r.difficultyRating),
    workload: mean((r) => r.workloadRating),
    interest: mean((r) => r.interestRating),
    teacher: mean((r) => r.teacherRating),
    medianHours: median(rows.map((r) => r.hoursPerWeek)),
    attendanceShare: n ? rows.filter((r) => r.attendanceRequired).length / n : null,
  };
}

const DISTRIBUTION_VALUE: Record<(typeof DISTRIBUTED)[number], (r: RatingRow) => number> = {
  overallRating: (r) => Math.round(r.overallRating),
  usefulnessRating: (r) => r.usefulnessRating,
  difficultyRating: (r) => r.difficultyRating,
  workloadRating: (r) => r.workloadRating,
  interestRating: (r) => r.interestRating,
  teacherRating: (r) => r.teacherRating,
};

export function distributionOf(rows: readonly RatingRow[]): Distribution {
  const result = Object.fromEntries(DISTRIBUTED.map((key) => [key, [0, 0, 0, 0, 0]])) as Distribution;
  for (const row of rows) {
    for (const key of DISTRIBUTED) {
      const value = DISTRIBUTION_VALUE[key](row);
      if (value >= 1 && value <= 5) result[key][value - 1]++;
    }
  }
  return result;
}

function groupBy<K, T>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * The name each professor key among these rows is shown under: the class schedule's name for an instructor (`known`),
 * else the most used spelling; `uses` counts a row as that many reviews (1 when absent).
 */
export function professorNames(
  rows: readonly { teacherKey: string; teacherName: string; uses?: number }[],
  known: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const spellings = new Map<string, Map<string, number>>();
  for (const { teacherKey, teacherName, uses = 1 } of rows) {
    const names = spellings.get(teacherKey) ?? new Map<string, number>();
    names.set(teacherName, (names.get(teacherName) ?? 0) + uses);
    spellings.set(teacherKey, names);
  }
  return new Map([...spellings].map(([key, names]) => [key, known.get(key) ?? preferredName(names)]));
}

function latestTerm(rows: readonly RatingRow[]): string | null {
  const terms = rows.map((r) => r.term).filter((t): t is number => t !== null);
  return terms.length ? semesterLabel(Math.max(...terms)) : null;
}

export function summarize(
  courseId: number,
  rows: readonly RatingRow[],
  today: Date,
  userReviewed = false,
  knownNames?: ReadonlyMap<string, string>,
): CourseSummary {
  const [from, to] = recentTerms(today);
  const recentRows = rows.filter((r) => r.term !== null && r.term >= from && r.term <= to);
  const byTerm = [...groupBy(rows.filter((r) => r.term !== null), (r) => r.term!)].sort(([a], [b]) => a - b);
  const names = professorNames(rows, knownNames);
  const professors = [...groupBy(rows, (r) => r.teacherKey)]
    .map(([slug, group]) => ({
      slug,
      name: names.get(slug)!,
      averages: averagesOf(group),
      lastTerm: latestTerm(group),
    }))
    .sort((a, b) => b.averages.count - a.averages.count || a.name.localeCompare(b.name));
  return {
    courseId,
    allTime: averagesOf(rows),
    recent: {
      ...averagesOf(recentRows),
      from: semesterLabel(from),
      to: semesterLabel(to - (to % 10) + (to % 10 >= 4 ? 4 : 1)),
    },
    distribution: distributionOf(rows),
    trend: byTerm.map(([term, group]) => ({
      term,
      label: semesterLabel(term),
      shortLabel: semesterShortLabel(term),
      count: group.length,
      overall: averagesOf(group).overall,
    })),
    professors,
    semesters: byTerm.map(([term, group]) => ({ term, label: semesterLabel(term), count: group.length })).reverse(),
    unreadSemesters: rows.filter((r) => r.term === null).length,
    userReviewed,
  };
}

/** What a course's review filters offer: each professor once, by name, with their overall average there; the semesters with reviews. */
export type ReviewFilters = {
  professors: { name: string; averages: { overall: number } }[];
  semesters: CourseSummary["semesters"];
};

export function reviewFilters(summary: CourseSummary): ReviewFilters {
  return {
    professors: [...summary.professors].sort((a, b) => a.name.localeCompare(b.name)).map((p) => ({
      name: p.name,
      averages: { overall: p.averages.overall },
    })),
    semesters: summary.semesters,
  };
}
