import { describe, expect, test } from "vitest";
import {
  canonicalSemester,
  currentSemester,
  parseSemester,
  recentSemesterLabels,
  recentTerms,
  semesterHint,
  semesterLabel,
  semesterShortLabel,
} from "../../src/lib/semesters.ts";
import { preferredName, PROFESSOR_SLUG, professorDisplayName, professorSlug } from "../../src/lib/professor-names.ts";

describe("semesters as students type them", () => {
  test.each([
    ["Fall 2024", "Fall 2024"],
    ["fall 24", "Fall 2024"],
    ["F24", "Fall 2024"],
    ["FA2024", "Fall 2024"],
    ["Fall '24", "Fall 2024"],
    ["Fall, 2024", "Fall 2024"],
    ["Fall of 2024", "Fall 2024"],
    ["2024 Fall", "Fall 2024"],
    ["Autumn 2019", "Fall 2019"],
    ["Spring 2025", "Spring 2025"],
    ["spring2025", "Spring 2025"],
    ["SP25", "Spring 2025"],
    ["S24", "Spring 2024"],
    ["Spring Semester 2025", "Spring 2025"],
    ["Summer 1 2023", "Summer 2023"],
    ["Summer 2023", "Summer 2023"],
    ["S1 24", "Summer 2024"],
    ["Summer II '23", "Summer 2 2023"],
    ["su2 23", "Summer 2 2023"],
    ["SUMMER 2 2022", "Summer 2 2022"],
    ["Winter 2024", "Winter 2024"],
    ["fall 99", "Fall 1999"],
  ])("%j is read as %s", (typed, label) => {
    expect(canonicalSemester(typed)).toBe(label);
  });

  test.each([
    "",
    "   ",
    "last year",
    "2024",
    "Fall",
    "Fall 2024 with Smith",
    "fall1 2024",
    "Fall 1850",
    "Spring 2024 and Fall 2024",
    "x".repeat(100),
  ])(
    "%j names no term",
    (typed) => {
      expect(parseSemester(typed)).toBeNull();
    },
  );

  test("terms sort in calendar order: winter, spring, summer, summer 2, fall", () => {
    const order = ["Winter 2024", "Spring 2024", "Summer 1 2024", "Summer 2 2024", "Fall 2024", "Winter 2025"].map((
      s,
    ) => parseSemester(s)!);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(new Set(order.slice(2, 4)).size).toBe(2);
  });

  test("labels, long and short", () => {
    expect(semesterLabel(20244)).toBe("Fall 2024");
    expect(semesterShortLabel(20244)).toBe("F24");
    expect(semesterShortLabel(20251)).toBe("Sp25");
    expect(semesterShortLabel(20233)).toBe("Su223");
  });

  test("the current semester and the last four: fall runs September to December, spring January to August", () => {
    expect(currentSemester(new Date("2026-11-22T12:00:00Z"))).toBe(20264);
    expect(currentSemester(new Date("2026-03-01T12:00:00Z"))).toBe(20261);
    expect(currentSemester(new Date("2026-07-15T12:00:00Z"))).toBe(20261);
    expect(recentTerms(new Date("2026-11-22T12:00:00Z"))).toEqual([20251, 20264]);
    // In spring the window reaches back to the fall two years before and forward over the summer sessions.
    expect(recentTerms(new Date("2026-03-01T12:00:00Z"))).toEqual([20244, 20263]);
    expect(recentSemesterLabels(new Date("2026-11-22T12:00:00Z"), 4)).toEqual([
      "Fall 2026",
      "Spring 2026",
      "Fall 2025",
      "Spring 2025",
    ]);
    expect(recentSemesterLabels(new Date("2026-02-01T12:00:00Z"), 3)).toEqual([
      "Spring 2026",
      "Fall 2025",
      "Spring 2025",
    ]);
  });

  test("the review form's hint: the canonical form to adopt, nothing when already canonical, a warning when unreadable", () => {
    expect(semesterHint("")).toBeNull();
    expect(semesterHint("Fall 2024")).toBeNull();
    expect(semesterHint("f24")).toEqual({ text: "Read as Fall 2024.", canonical: "Fall 2024" });
    expect(semesterHint("sometime")).toEqual({
      text:
        "No semester can be read from this, so the review will count in all-time averages only. Try e.g. Fall 2024.",
      canonical: null,
    });
  });
});

describe("professor names", () => {
  test.each([
    ["Prof. Wayne Snyder", "wayne-snyder", "Wayne Snyder"],
    ["wayne  snyder", "wayne-snyder", "wayne snyder"],
    ["Professor Wayne Snyder", "wayne-snyder", "Wayne Snyder"],
    ["Dr. José Núñez", "jose-nunez", "José Núñez"],
    ["Dr Jane Doe, PhD", "jane-doe", "Jane Doe"],
    ["  DR  SMITH ", "smith", "SMITH"],
    ["O'Neil", "o-neil", "O'Neil"],
    // No letter: a slug of its own (tests/unit/professor-scripts.test.ts), never one shared "unnamed".
    ["???", "unnamed-a03b221c6c", "???"],
  ])("%j → slug %s, shown as %j", (typed, slug, shown) => {
    expect(professorSlug(typed)).toBe(slug);
    expect(PROFESSOR_SLUG.test(professorSlug(typed))).toBe(true);
    expect(professorDisplayName(typed)).toBe(shown);
  });

  test("a group is shown under its most used spelling; ties go to the one with capitals; lower- or upper-case only gets capitals", () => {
    expect(preferredName([["wayne snyder", 3], ["Wayne Snyder", 3], ["Prof. Wayne Snyder", 1]])).toBe("Wayne Snyder");
    expect(preferredName([["wayne snyder", 5], ["Wayne Snyder", 1]])).toBe("Wayne Snyder");
    expect(preferredName([["W. Snyder", 4], ["Wayne Snyder", 1]])).toBe("W. Snyder");
    expect(preferredName([["SMITH", 1]])).toBe("Smith");
    expect(preferredName([["o'neil-baker", 1]])).toBe("O'Neil-Baker");
    // Only what looks like a name gets capitals.
    expect(preferredName([["<b>ada</b> lovelace", 1]])).toBe("<b>ada</b> lovelace");
  });

  test("slugs are at most 80 characters", () => {
    expect(professorSlug("a".repeat(100)).length).toBe(80);
  });
});
