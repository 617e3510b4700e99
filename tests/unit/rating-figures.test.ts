import { describe, expect, test } from "vitest";
import { averagesOf, distributionOf, median, type RatingRow, summarize } from "../../src/lib/rating-figures.ts";
import { professorSlug } from "../../src/lib/professor-names.ts";
import { parseSemester } from "../../src/lib/semesters.ts";
import { mulberry32, randomInt } from "../helpers/random.ts";

const TODAY = new Date("2026-11-22T12:00:00Z");

function row(change: Partial<RatingRow> & { teacherName?: string; semester?: string } = {}): RatingRow {
  const teacherName = change.teacherName ?? "Avery Quill";
  const ratings = {
    usefulnessRating: change.usefulnessRating ?? 4,
    difficultyRating: change.difficultyRating ?? 3,
    workloadRating: change.workloadRating ?? 3,
    interestRating: change.interestRating ?? 4,
    teacherRating: change.teacherRating ?? 5,
  };
  const overall =
    ((6 - ratings.difficultyRating) + (6 - ratings.workloadRating) + ratings.interestRating + ratings.usefulnessRating +
      ratings.teacherRating) /
    5;
  return {
    ...ratings,
    overallRating: overall,
    hoursPerWeek: change.hoursPerWeek ?? 6,
    attendanceRequired: change.attendanceRequired ?? false,
    teacherName,
    teacherKey: professorSlug(teacherName),
    term: change.semester === undefined ? 20244 : parseSemester(change.semester),
  };
}

describe("a course's figures", () => {
  test("median: the middle value, or the mean of the two middle ones; none for no reviews", () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([10, 2, 4, 8])).toBe(6);
  });

  test("averages over random reviews match sums the test makes itself", () => {
    const rng = mulberry32(16);
    const rows = Array.from({ length: 37 }, () =>
      row({
        usefulnessRating: randomInt(rng, 1, 5),
        difficultyRating: randomInt(rng, 1, 5),
        workloadRating: randomInt(rng, 1, 5),
        interestRating: randomInt(rng, 1, 5),
        teacherRating: randomInt(rng, 1, 5),
        hoursPerWeek: randomInt(rng, 0, 40),
        attendanceRequired: rng() < 0.3,
      }));
    const sum = (pick: (r: RatingRow) => number) => rows.reduce((a, r) => a + pick(r), 0);
    const got = averagesOf(rows);
    expect(got.count).toBe(37);
    expect(got.overall).toBeCloseTo(sum((r) => r.overallRating) / 37, 12);
    expect(got.difficulty).toBeCloseTo(sum((r) => r.difficultyRating) / 37, 12);
    expect(got.teacher).toBeCloseTo(sum((r) => r.teacherRating) / 37, 12);
    expect(got.attendanceShare).toBeCloseTo(rows.filter((r) => r.attendanceRequired).length / 37, 12);
    expect(got.medianHours).toBe([...rows.map((r) => r.hoursPerWeek)].sort((a, b) => a - b)[18]);
  });

  test("no reviews: counts of zero and no figures", () => {
    const summary = summarize(3, [], TODAY);
    expect(summary.allTime).toMatchObject({ count: 0, overall: 0, medianHours: null, attendanceShare: null });
    expect(summary.recent.count).toBe(0);
    expect(summary.trend).toEqual([]);
    expect(summary.professors).toEqual([]);
    expect(Object.values(summary.distribution).flat().every((n) => n === 0)).toBe(true);
  });

  test("distributions count each value 1-5, overall rounded; values nobody gave stay 0", () => {
    const rows = [row({ difficultyRating: 1 }), row({ difficultyRating: 1 }), row({ difficultyRating: 5 })];
    const d = distributionOf(rows);
    expect(d.difficultyRating).toEqual([2, 0, 0, 0, 1]);
    expect(d.teacherRating).toEqual([0, 0, 0, 0, 3]);
    expect(d.overallRating.reduce((a, b) => a + b, 0)).toBe(3);
    expect(d.overallRating[Math.round(rows[0].overallRating) - 1]).toBeGreaterThan(0);
  });

  test("recent is the last four fall and spring semesters; unreadable semesters count in all time only", () => {
    const rows = [
      row({ semester: "Fall 2026", teacherRating: 5 }),
      row({ semester: "Spring 2025", teacherRating: 5 }),
      row({ semester: "Summer 1 2025", teacherRating: 5 }),
      row({ semester: "Fall 2024", teacherRating: 1 }),
      row({ semester: "a while ago", teacherRating: 1 }),
    ];
    const summary = summarize(3, rows, TODAY);
    expect(summary.allTime.count).toBe(5);
    expect(summary.recent).toMatchObject({ count: 3, teacher: 5, from: "Spring 2025", to: "Fall 2026" });
    expect(summary.unreadSemesters).toBe(1);
    expect(summary.trend.map((t) => [t.label, t.count])).toEqual([["Fall 2024", 1], ["Spring 2025", 1], [
      "Summer 2025",
      1,
    ], ["Fall 2026", 1]]);
    expect(summary.semesters.map((s) => s.label)).toEqual(["Fall 2026", "Summer 2025", "Spring 2025", "Fall 2024"]);
  });

  test("professors are grouped across spellings, most reviewed first, with their own averages and last semester", () => {
    const rows = [
      row({ teacherName: "Prof. Dana Whitlock", teacherRating: 5, semester: "Fall 2025" }),
      row({ teacherName: "dana whitlock", teacherRating: 4, semester: "Spring 2026" }),
      row({ teacherName: "Dana Whitlock", teacherRating: 3, semester: "F23" }),
      row({ teacherName: "Dr. Lee Park", teacherRating: 2, semester: "Fall 2024" }),
    ];
    const { professors } = summarize(3, rows, TODAY, true);
    expect(professors.map((p) => [p.slug, p.name, p.averages.count, p.lastTerm])).toEqual([
      ["dana-whitlock", "Dana Whitlock", 3, "Spring 2026"],
      ["lee-park", "Lee Park", 1, "Fall 2024"],
    ]);
    expect(professors[0].averages.teacher).toBe(4);
    expect(summarize(3, rows, TODAY, true).userReviewed).toBe(true);
  });
});
