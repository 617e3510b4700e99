/**
 * Every empty state of docs/product.md in Chromium, each once, shared out between
 * desktop size (light) and phone size (dark), each also checked with axe and the control-name check, with a
 * screenshot: the new student's dashboard, My Courses, Saved Courses and My
 * Reviews; the dashboard's 'Start your course journey!' and 'All caught up!'
 * around the threshold of 5 completed courses; a course without reviews,
 * description, Hub units or prerequisites. (The search's no-results message
 * is in search.test.ts, the new student's Hub progress in lists.test.ts.)
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { api } from "../helpers/accounts.ts";
import { expectAccessible } from "../helpers/a11y.ts";
import { browserFile, courseId, DEVICES, press, screenshot, unexpected, waitForIsland } from "../helpers/pages.ts";
import { courseSupply, createdReview } from "../helpers/reviews.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";

const { stack, test, testOn } = browserFile();
/** Hands out courses nobody has reviewed. */
let freeCourses: (n: number) => number[];
/** A course with no description, no Hub units, no prerequisites and no reviews. */
let bare: number;

test.beforeAll(async () => {
  freeCourses = await courseSupply(stack.t);
  const report = await importCourses(stack.t.deps.database, [
    {
      college: "CAS",
      department: "XX",
      number: "901",
      title: "A Course With Nothing Yet",
      description: null,
      prerequisites: null,
      hub_units: [],
    },
  ], "demo");
  expect(report.skipped).toEqual([]);
  bare = await courseId(stack.t, "CAS XX 901");
});

async function metric(page: Page, label: string): Promise<string> {
  // The label may carry a hint after it ("Total upvotes from your reviews").
  return (await page.locator(".metric", { has: page.locator("dt", { hasText: new RegExp(`^${label}( |$)`) }) }).locator(
    "dd",
  ).textContent()) ?? "";
}

/** Completes these courses for the student, and reviews the first `reviewed` of them. */
async function complete(token: string, ids: number[], reviewed: number): Promise<void> {
  for (const [i, id] of ids.entries()) {
    const response = await api(stack.t, `/api/users/completed-courses/${id}`, { method: "POST", token });
    expect(response.status).toBeLessThan(300);
    if (i < reviewed) await createdReview(stack.t, token, id);
  }
}

for (const device of DEVICES) {
  describe(`empty states in Chromium, ${device.name}`, () => {
    test.override({ device });
    const shot = (page: Page, name: string) =>
      screenshot(page, `empty-${name}-${device.name}-${device.options.colorScheme}`, { fullPage: true });

    testOn(device, "phone")(
      "a new student: dashboard, My Courses, Saved Courses and My Reviews say so and lead to the search",
      async ({ page, problems, student }) => {
        const { url, t } = stack;

        await page.goto(url + "/dashboard");
        for (
          const label of ["Courses completed", "Future courses planned", "Bookmarked", "Reviewed", "Total upvotes"]
        ) {
          expect(await metric(page, label), label).toBe("0");
        }
        expect(await metric(page, "Average review score")).toBe("0.0");
        await page.getByText("Start your course journey!", { exact: true }).waitFor();
        await expectAccessible(page, "empty dashboard");
        await shot(page, "dashboard");
        await press(device, page.getByRole("link", { name: "Add more courses" }));
        await page.waitForURL(url + "/search");

        await page.goto(url + "/my-courses");
        await page.getByText("No courses enrolled yet", { exact: true }).waitFor();
        expect(await page.locator("article.course-card").count()).toBe(0);
        await expectAccessible(page, "empty my courses");
        await shot(page, "my-courses");
        await press(device, page.getByRole("link", { name: "Browse Courses" }));
        await page.waitForURL(url + "/search");

        await page.goto(url + "/saved-courses");
        await page.getByText("No saved courses yet", { exact: true }).waitFor();
        expect(await page.locator("article.course-card").count()).toBe(0);
        await expectAccessible(page, "empty saved courses");
        await shot(page, "saved-courses");
        await press(device, page.getByRole("link", { name: "Browse Courses" }));
        await page.waitForURL(url + "/search");

        await page.goto(url + "/my-reviews");
        await waitForIsland(page, "MyReviewList");
        await page.getByText("You have currently done 0 reviews", { exact: true }).waitFor();
        await page.getByText("No reviews yet.", { exact: true }).waitFor();
        expect(await page.locator("article.review-card").count()).toBe(0);
        await expectAccessible(page, "empty my reviews");
        await shot(page, "my-reviews");

        // One planned course: My Courses lists it, and its completed section says it has none yet.
        const [planned] = freeCourses(1);
        expect(
          (await api(t, `/api/users/courses-in-progress/${planned}`, { method: "POST", token: student.token })).status,
        ).toBeLessThan(300);
        await page.goto(url + "/my-courses");
        await waitForIsland(page, "ListedCourses");
        await page.getByText("You have 1 course", { exact: true }).waitFor();
        expect(
          await page.getByRole("region", { name: "Your Current/Future Courses:" }).locator("article.course-card")
            .count(),
        ).toBe(1);
        await page.getByRole("region", { name: "Completed Courses:" }).getByText("None yet.", { exact: true })
          .waitFor();
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "dashboard: 'Start your course journey!' below 5 completed courses, 'All caught up!' from 5, the list in between",
      async ({ page, problems, student }) => {
        const { url, t } = stack;
        const courses = freeCourses(5);
        const next = page.getByRole("region", { name: "Next courses to review" });

        // Four completed, all reviewed: nothing to review, and still below the threshold.
        await complete(student.token, courses.slice(0, 4), 4);
        await page.goto(url + "/dashboard");
        expect(await metric(page, "Courses completed")).toBe("4");
        expect(await metric(page, "Reviewed")).toBe("4");
        await next.getByText("Start your course journey!", { exact: true }).waitFor();
        expect(await next.getByRole("link", { name: "Add more courses" }).getAttribute("href")).toBe("/search");

        // The fifth, not reviewed yet: one course to review.
        await complete(student.token, courses.slice(4), 0);
        await page.reload();
        await next.getByText("1 course ready for review", { exact: true }).waitFor();
        expect(await next.getByRole("link", { name: /^Review / }).count()).toBe(1);
        expect(await next.getByRole("link", { name: "View All My Courses" }).getAttribute("href")).toBe("/my-courses");

        // Reviewed too: five completed and nothing left.
        await createdReview(t, student.token, courses[4]);
        await page.reload();
        expect(await metric(page, "Courses completed")).toBe("5");
        expect(await metric(page, "Reviewed")).toBe("5");
        await next.getByText("All caught up!", { exact: true }).waitFor();
        expect(await next.getByText("Start your course journey!").count()).toBe(0);
        expect(await next.getByRole("link").count()).toBe(0);
        await expectAccessible(page, "all caught up");
        await shot(page, "dashboard-caught-up");
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "a course without reviews, description, Hub units or prerequisites",
      async ({ page, problems }) => {
        const { url } = stack;
        await page.goto(`${url}/course/${bare}`);
        await waitForIsland(page, "CourseReviewList");
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("A Course With Nothing Yet");
        await expect(page.locator(".course-header .course-meta").textContent()).resolves.toBe(
          "College of Arts & SciencesNo Prerequisites",
        );
        await expect(page.locator(".course-header .summary-strip").textContent()).resolves.toBe(
          "No ratings yet (0 reviews)",
        );
        await page.getByText("No Description Found", { exact: true }).waitFor();
        await page.getByText("This course does not fulfill any hub requirements.", { exact: true }).waitFor();
        await page.getByText("No reviews yet. Be the first to review this course.", { exact: true }).waitFor();
        await expect(page.getByRole("heading", { name: /^Reviews/ }).textContent()).resolves.toBe("Reviews (0)");
        expect(await page.getByLabel("Teacher", { exact: true }).locator("option").allTextContents()).toEqual([
          "All Teachers",
        ]);
        // No ratings to break down yet.
        expect(await page.getByText("How students rated it").count()).toBe(0);
        await expectAccessible(page, "course without anything");
        await shot(page, "course");
        expect(unexpected(problems)).toEqual([]);
      },
    );
  });
}
