/**
 * Bulletin pages however broken their markup: a page cut short after tens of thousands of tags that never close
 * (`<a href`, `<script>`, `<p>`) is read in one pass, its course still read from what is there, the characters read
 * growing with the page, not its square.
 */
import { describe, expect, test } from "vitest";
import { parseCourseList, parseCoursePage } from "../../src/services/catalog/bulletin-pages.ts";
import { charReads } from "../helpers/char-reads.ts";

/** A course page cut short after `tail`: nothing closes after it, not even a ">". */
const page = (tail: string) =>
  `<html><head><title>Intro to CS | Boston University</title></head><body><h1>Intro to CS</h1>` +
  `<h2>CAS CS 111</h2><div id="course-content"><p>Programs &amp; proofs.</p><p>${tail}`;

describe("a bulletin page of tags that never close", () => {
  for (
    const [what, tag] of [["<a href", "<a href"], ["<script>", "<script>"], ['<a title="', '<a title="'], [
      "<p>",
      "<p>",
    ]]
  ) {
    test(`40,000 ${what}: the course is read from what is there`, () => {
      const result = parseCoursePage(page(`Tail ${tag.repeat(40_000)}`));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.course).toMatchObject({ college: "CAS", department: "CS", number: "111", title: "Intro to CS" });
      expect(result.course.description).toBe("Programs & proofs.");
    }, 60_000);
  }

  test("the characters read grow with the page, not with its square", () => {
    for (const tag of ["<a href", "<script>", '<a title="', "<p>", "<div>"]) {
      const once = page(tag.repeat(5_000));
      const twice = page(tag.repeat(10_000));
      const [a, b] = [charReads(() => parseCoursePage(once)), charReads(() => parseCoursePage(twice))];
      expect(a, tag).toBeGreaterThan(once.length / 2);
      expect(b / a, tag).toBeLessThan(2.5);
      // Other texts than the course pages', so that nothing read for those is read again from memory.
      const [c, d] = [
        charReads(() => parseCourseList(` ${once}`, "https://www.bu.edu/academics/cas/courses/")),
        charReads(() => parseCourseList(` ${twice}`, "https://www.bu.edu/academics/cas/courses/")),
      ];
      expect(c, tag).toBeGreaterThan(once.length / 2);
      expect(d / c, tag).toBeLessThan(2.5);
    }
  });
});

describe("a bulletin page that repeats the Hub sentence's start without its end", () => {
  test("is read at once: the sentence's search looks a bounded way ahead from each start", () => {
    // Each "this course fulfills" with no "BU Hub areas" after it: a search that looked to the page's end from every
    // one read the page once per start (100,000 starts: minutes); one that looks 300 characters ahead reads it once.
    const tail = "this course fulfills a unit ".repeat(100_000);
    const result = parseCoursePage(page(`${tail}</p></div></body></html>`));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.course.hub_units).toEqual([]);
    // The sentence itself is still read.
    const named = parseCoursePage(
      page("This course fulfills a single unit in each of the following BU Hub areas: Critical Thinking.</p></div>"),
    );
    expect(named.ok && named.course.hub_units).toEqual(["CRT"]);
  }, 60_000);
});
