/**
 * The trend chart's semester labels in Chromium: a course reviewed in fourteen semesters shows at most eight labels
 * on a desktop and five on a phone (where they are set larger), as many as fit, spread evenly with the first and the last semester
 * always labelled, and no two labels touch.
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { createStudents } from "../helpers/accounts.ts";
import { browserFile, courseId, DEVICES, fitsWidth, screenshot, unexpected } from "../helpers/pages.ts";
import { createdReview } from "../helpers/reviews.ts";

const { stack, test } = browserFile();

/** Spring and Fall from Spring 2019 to Fall 2025: fourteen semesters, oldest first. */
const SEMESTERS = Array.from({ length: 14 }, (_, i) => `${i % 2 ? "Fall" : "Spring"} ${2019 + Math.floor(i / 2)}`);
const SHORT = SEMESTERS.map((s) => `${s.startsWith("Fall") ? "F" : "Sp"}${s.slice(-2)}`);

/** The labels drawn under the trend (displayed ones only), left to right, with their boxes. */
function shownLabels(page: Page) {
  return page.locator("figure.trend-chart svg text.trend-term").evaluateAll((texts) =>
    texts.filter((t) => getComputedStyle(t).display !== "none").map((t) => {
      const box = t.getBoundingClientRect();
      return { text: t.textContent ?? "", left: box.left, right: box.right };
    })
  );
}

let course = 0;

for (const device of DEVICES) {
  describe(`trend labels, ${device.name}`, () => {
    test.override({ device });
    test("fourteen semesters: evenly spread labels that do not touch", async ({ page, problems }) => {
      if (!course) {
        course = await courseId(stack.t, "CAS PH 150");
        const students = await createStudents(stack.t, "trend", SEMESTERS.length);
        for (const [i, student] of students.entries()) {
          await createdReview(stack.t, student.token, course, { semester: SEMESTERS[i], interestRating: 1 + (i % 5) });
        }
      }
      await page.goto(`${stack.url}/course/${course}`);
      const chart = page.locator("figure.trend-chart");
      await chart.evaluate((figure) => figure.scrollIntoView({ block: "center" }));
      const labels = await shownLabels(page);
      // As many as fit apart, at most 8 on a desktop and 5 on a phone.
      expect(labels.length).toBeLessThanOrEqual(device.touch ? 5 : 8);
      expect(labels.length).toBeGreaterThanOrEqual(device.touch ? 4 : 6);
      expect(labels[0].text).toBe(SHORT[0]);
      expect(labels.at(-1)!.text).toBe(SHORT.at(-1));
      // In time order, each a semester of the chart, and at least a few pixels apart.
      const order = labels.map((l) => SHORT.indexOf(l.text));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(order.every((i) => i >= 0)).toBe(true);
      for (let i = 1; i < labels.length; i++) expect(labels[i].left - labels[i - 1].right).toBeGreaterThan(4);
      if (device.touch) await fitsWidth(page);
      await screenshot(page, `trend-labels-${device.name}`);
      expect(unexpected(problems)).toEqual([]);
    });
  });
}
