/**
 * The site with the keyboard alone: one whole search and one whole review,
 * reaching every control with Tab and operating it with Space, Enter and the
 * arrow keys. A visible focus ring is checked on the way.
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { reviews } from "../../db/schema.ts";
import { createStudent } from "../helpers/accounts.ts";
import { courseId, logIn, openPage, type Stack, startStack, stopStack, unexpected, waitForIsland } from "../helpers/pages.ts";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stopStack(stack));

/** Presses Tab until `selector` has the focus (at most 200 times), as a keyboard user would reach it. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}; focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`);
}

/** The focused element draws an outline (the focus ring), so a sighted keyboard user can see where they are. */
async function focusVisible(page: Page, ringOn = ""): Promise<boolean> {
  return await page.evaluate((closest) => {
    const focused = document.activeElement!;
    const style = getComputedStyle(closest ? focused.closest(closest)! : focused);
    return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
  }, ringOn);
}

describe("keyboard only, in Chromium", () => {
  test("a whole search: text, a college, a Hub requirement, a slider, sort, submit, next page", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    await page.goto(stack.url + "/search");
    await waitForIsland(page, "CourseSearch");

    await tabTo(page, "#search-q");
    expect(await focusVisible(page)).toBe(true);
    await page.keyboard.type("intro");

    await tabTo(page, "#search-colleges > summary");
    await page.keyboard.press("Enter");
    await tabTo(page, 'input[name="colleges"][value="CAS"]');
    await page.keyboard.press("Space");

    await tabTo(page, "#search-hubs > summary");
    await page.keyboard.press("Enter");
    await tabTo(page, 'input[name="hubReqs"][value="SI1"]');
    await page.keyboard.press("Space");

    await tabTo(page, "#search-maxWorkload");
    await page.keyboard.press("ArrowLeft");
    await tabTo(page, "#search-sort");
    await page.keyboard.press("ArrowDown"); // Best Rating
    await tabTo(page, 'form[role="search"] button[type="submit"]');
    await page.keyboard.press("Enter");

    await page.waitForURL(/colleges=CAS/);
    const url = new URL(page.url());
    expect(url.searchParams.get("q")).toBe("intro");
    expect(url.searchParams.getAll("hubReqs")).toEqual(["SI1"]);
    expect(url.searchParams.get("maxWorkload")).toBe("4");
    expect(url.searchParams.get("sortBy")).toBe("byRating");
    const expected = await (await fetch(`${stack.url}/api/courses/search?${url.searchParams}`)).json();
    await page.getByText(`Found ${expected.totalElements} courses`).waitFor();
    expect(expected.totalElements).toBeGreaterThan(0);

    // With more than one page, Next is reachable and works from the keyboard.
    const all = await (await fetch(`${stack.url}/api/courses/search`)).json();
    await page.goto(stack.url + "/search");
    await waitForIsland(page, "CourseSearch");
    // The skip link jumps over the cards: the next Tab is inside the pagination.
    await tabTo(page, ".results-head a.skip-link");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("#search-pages") !== null)).toBe(true);
    await tabTo(page, 'nav.pagination a[rel="next"]');
    await page.keyboard.press("Enter");
    await page.waitForURL(/page=1/);
    await page.getByText(`Found ${all.totalElements} courses`).waitFor();
    // Focus moves to the results heading, so the next Tab starts at the new results.
    await page.waitForFunction(() => document.activeElement?.id === "search-found");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  test("a whole review: rating rows with arrow keys, the fields, the checkbox, submit", async () => {
    const { token: _token, user, password } = await createStudent(stack.t, "keyboard@bu.edu");
    const id = await courseId(stack.t, "CAS WR 120");
    const { context, page, problems } = await openPage(stack.browser);
    await logIn(page, stack.url, user.email, password);
    await page.goto(`${stack.url}/course/${id}/review`);
    await waitForIsland(page, "ReviewForm");

    // Each rating row is one radio group: Tab enters it on the checked option (3), arrows move the choice.
    await tabTo(page, 'input[name="usefulnessRating"]:checked');
    // The radio itself is invisible; the option around it shows the ring.
    expect(await focusVisible(page, "label")).toBe(true);
    await page.keyboard.press("ArrowRight"); // 4
    await page.keyboard.press("ArrowRight"); // 5
    await tabTo(page, 'input[name="difficultyRating"]:checked');
    await page.keyboard.press("ArrowLeft"); // 2
    await tabTo(page, 'input[name="teacherRating"]:checked');
    await page.keyboard.press("ArrowRight"); // 4

    await tabTo(page, "#review-teacherName");
    await page.keyboard.type("Prof. Keyboard");
    await tabTo(page, "#review-semester");
    await page.keyboard.type("Spring 2025");
    await tabTo(page, "#review-hoursPerWeek");
    await page.keyboard.type("6");
    await tabTo(page, 'input[name="attendanceRequired"]');
    await page.keyboard.press("Space");
    await tabTo(page, "#review-assignmentTypes");
    await page.keyboard.type("Essays and peer review");
    await tabTo(page, "#review-reviewText");
    await page.keyboard.type("Written without a mouse.");
    await tabTo(page, 'form.review-form button[type="submit"]');
    await page.keyboard.press("Enter");

    await page.waitForURL(new RegExp(`/course/${id}\\?review=submitted`));
    await page.getByText("Review submitted successfully!").waitFor();
    const [saved] = await stack.t.deps.database.db.select().from(reviews).where(eq(reviews.userId, user.id));
    expect(saved).toMatchObject({
      usefulnessRating: 5,
      difficultyRating: 2,
      workloadRating: 3,
      interestRating: 3,
      teacherRating: 4,
      teacherName: "Prof. Keyboard",
      semester: "Spring 2025",
      hoursPerWeek: 6,
      attendanceRequired: true,
      assignmentTypes: "Essays and peer review",
      reviewText: "Written without a mouse.",
    });
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
