/**
 * The site with the keyboard alone: one whole search and one whole review,
 * reaching every control with Tab and operating it with Space, Enter and the
 * arrow keys; the course toggles and the list view switch; a visible focus
 * ring on every control Tab reaches, in light and dark mode; and where the
 * focus goes after a page load and after choosing another result page.
 */
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { reviews } from "../../db/schema.ts";
import { plural } from "../../src/lib/text.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { createdReview } from "../helpers/reviews.ts";
import {
  browserFile,
  courseId,
  DESKTOP,
  logIn,
  signIn,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

const { stack, test } = browserFile();

/**
 * Waits until every island with controls has hydrated (those that wait to be seen are scrolled to), then goes back to the
 * top. Islands that hydrate only when their data changes have no control of their own.
 */
async function waitForHydration(page: Page): Promise<void> {
  const names = await page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrate=update])")].map((e) =>
        e.dataset.island!
      ),
    ),
  ]);
  for (const name of names) await waitForIsland(page, name);
  await page.evaluate(() => scrollTo(0, 0));
}

/** Presses Tab until `selector` has the focus (at most 200 times), as a keyboard user would reach it. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(
    `Tab never reached ${selector}; focus is on ${await page.evaluate(() =>
      document.activeElement?.outerHTML.slice(0, 120)
    )}`,
  );
}

/** The focused element draws an outline (the focus ring), so a sighted keyboard user can see where they are. */
async function focusVisible(page: Page, ringOn = ""): Promise<boolean> {
  return await page.evaluate((closest) => {
    const focused = document.activeElement!;
    const style = getComputedStyle(closest ? focused.closest(closest)! : focused);
    return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
  }, ringOn);
}

/** What the page notes of each element that gets the focus: where it is, what it is called, and whether its ring shows. */
type Focused = { key: string; label: string; ringed: boolean };
type RingWindow = { focusedInOrder?: Focused[] };

/**
 * Presses Tab from the top of the page until the focus leaves the page or
 * comes round again (at most `limit` times), and returns each control that
 * had the focus without a visible ring: an outline on the control, or on the
 * option or label around a control that is drawn by its label (the rating
 * rows' radios), inside the screen. The page notes each focused element as
 * the focus reaches it, and the notes are read after every few presses.
 */
async function controlsWithoutRing(page: Page, limit = 120): Promise<string[]> {
  const missing: string[] = [];
  const seen = new Set<string>();
  await page.evaluate(() => {
    const notes = (globalThis as RingWindow).focusedInOrder = [] as Focused[];
    document.addEventListener("focusin", () => {
      const element = document.activeElement;
      if (!element || element === document.body) return;
      const path = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}[${(el.textContent ?? "").trim().slice(0, 30)}]`;
      const ringed = [element, element.closest("label"), element.parentElement].some((candidate) => {
        if (!candidate) return false;
        const style = getComputedStyle(candidate);
        return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
      });
      const box = (element.closest("label") ?? element).getBoundingClientRect();
      const onScreen = box.width > 0 && box.height > 0 && box.right > 0 && box.left < innerWidth;
      notes.push({
        key: `${path(element)}@${Math.round(box.left)},${Math.round(box.top + scrollY)}`,
        label: path(element),
        ringed: ringed && onScreen,
      });
    });
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const BATCH = 8;
  sweep: for (let pressed = 0; pressed < limit; pressed += BATCH) {
    for (let i = 0; i < BATCH; i++) await page.keyboard.press("Tab");
    const notes = await page.evaluate(() => (globalThis as RingWindow).focusedInOrder!.splice(0));
    for (const focused of notes) {
      if (seen.has(focused.key)) break sweep;
      seen.add(focused.key);
      if (!focused.ringed) missing.push(focused.label);
    }
    // Fewer notes than presses: the focus left the page.
    if (notes.length < BATCH) break;
  }
  expect(seen.size, `Tab reached nothing on ${page.url()}`).toBeGreaterThan(3);
  return missing;
}

describe("keyboard only, in Chromium", () => {
  test("a whole search: text, a college, a Hub requirement, a slider, sort, submit, next page", async ({ page, problems }) => {
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
    // The sort stands in the results' head; a text search starts at Relevance, the arrow keys reach Best Rating.
    await tabTo(page, "#search-sort");
    expect(await page.locator("#search-sort").inputValue()).toBe("relevance");
    for (let i = 0; i < 3 && (await page.locator("#search-sort").inputValue()) !== "byRating"; i++) {
      await page.keyboard.press("ArrowDown");
    }
    await tabTo(page, 'form[role="search"] button[type="submit"]');
    await page.keyboard.press("Enter");

    await page.waitForURL(/colleges=CAS/);
    const url = new URL(page.url());
    expect(url.searchParams.get("q")).toBe("intro");
    expect(url.searchParams.getAll("hubReqs")).toEqual(["SI1"]);
    expect(url.searchParams.get("maxWorkload")).toBe("4");
    expect(url.searchParams.get("sortBy")).toBe("byRating");
    const expected = await (await fetch(`${stack.url}/api/courses/search?${url.searchParams}`)).json();
    await page.getByText(`Found ${plural(expected.totalElements, "course")}`).waitFor();
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
    await page.getByText(`Found ${plural(all.totalElements, "course")}`).waitFor();
    // Focus moves to the results heading, so the next Tab starts at the new results.
    await page.waitForFunction(() => document.activeElement?.id === "search-found");
    expect(unexpected(problems)).toEqual([]);
  });

  test("every control Tab reaches shows a focus ring, on every kind of page (visitor's in light mode, student's in dark mode)", async ({ openPage }) => {
    const { t, url } = stack;
    const student = await createStudent(t, uniqueEmail("rings"));
    const id = await courseId(t, "CAS CS 111");
    await api(t, `/api/users/completed-courses/${id}`, { method: "POST", token: student.token });
    const visitor = [
      "/",
      "/search?colleges=CAS&departments=CS&hubReqs=QR2",
      `/course/${id}`,
      "/login",
      "/register",
      "/verify",
      "/reset",
      "/contact",
      "/privacy",
    ];
    const signedIn = [
      "/dashboard",
      "/hub-progress",
      "/my-courses",
      "/account",
      `/course/${id}`,
      `/course/${await courseId(t, "CAS WR 120")}/review`,
    ];
    // The visitor's pages in light mode, the student's in dark mode: both schemes draw the ring.
    const found: Record<string, string[]> = {};
    for (const [colorScheme, paths, token] of [["light", visitor, null], ["dark", signedIn, student.token]] as const) {
      const { context, page, problems } = await openPage({ ...DESKTOP, colorScheme });
      if (token) await signIn(context, token, url);
      for (const path of paths) {
        await page.goto(url + path);
        await waitForHydration(page);
        const missing = await controlsWithoutRing(page);
        if (missing.length) found[`${colorScheme} ${path}`] = missing;
      }
      expect(unexpected(problems)).toEqual([]);
    }
    expect(found).toEqual({});
  });

  test("after a page load the first Tab is 'Skip to content', which takes the focus to the page's content and heading", async ({ page, problems }) => {
    for (const path of ["/", "/search", "/login", "/privacy"]) {
      await page.goto(stack.url + path);
      await waitForHydration(page);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      expect(await skip.evaluate((link) => link === document.activeElement), path).toBe(true);
      expect(await focusVisible(page), path).toBe(true);
      const box = (await skip.boundingBox())!;
      expect(box.x, path).toBeGreaterThanOrEqual(0);
      await page.keyboard.press("Enter");
      // The next Tab starts inside the main content, after its heading.
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const focused = document.activeElement!;
        const main = document.querySelector("main")!;
        const heading = main.querySelector("h1")!;
        return {
          inMain: main.contains(focused),
          afterHeading: Boolean(heading.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING),
        };
      });
      expect(where, path).toEqual({ inMain: true, afterHeading: true });
    }
    expect(unexpected(problems)).toEqual([]);
  });

  test("the toggles and votes with the keyboard keep the focus on the button pressed: a card's three, the course page's three, a vote, the view switch", async ({ page, problems, student }) => {
    const { t, url } = stack;
    const id = await courseId(t, "CAS CS 111");
    const author = await createStudent(t, uniqueEmail("keyboard-votes"));
    await createdReview(t, author.token, id, { reviewText: "A review to vote on with the keyboard." });
    /** The button has the focus, with its ring, once its call is done. */
    const keepsFocus = async (button: Locator, what: string) => {
      await button.waitFor();
      await page.waitForFunction(() =>
        !document.querySelector("button[disabled]:not(.multi-select-summary):not([title^='You cannot'])")
      );
      expect(await button.evaluate((element) => element === document.activeElement), what).toBe(true);
      expect(await focusVisible(page), what).toBe(true);
    };

    await page.goto(url + "/search?colleges=CAS&departments=CS");
    await waitForIsland(page, "CourseSearch");
    const card = page.locator("article.course-card").filter({
      has: page.getByRole("link", { name: "View Course CAS CS 111", exact: true }),
    });
    const cardButton = (name: string) => card.getByRole("button", { name, exact: true });
    await tabTo(page, 'article.course-card:has(a[aria-label="View Course CAS CS 111"]) button.bookmark');
    await page.keyboard.press("Enter");
    await keepsFocus(cardButton("Remove CAS CS 111 from saved courses"), "bookmark");
    await tabTo(
      page,
      'article.course-card:has(a[aria-label="View Course CAS CS 111"]) .card-actions button[aria-pressed="false"]',
    );
    await page.keyboard.press("Space");
    await keepsFocus(cardButton("Remove Done"), "Mark Done");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    // A completed course is not planned again: refused, and the focus stays on the button.
    await keepsFocus(cardButton("Add Future"), "Add Future");
    expect(await cardButton("Add Future").getAttribute("aria-pressed")).toBe("false");

    await page.goto(`${url}/course/${id}`);
    await waitForIsland(page, "CourseActions");
    const actions = page.getByRole("group", { name: "Course actions" });
    for (
      const [from, to] of [["Completed", "Mark as Completed"], ["Saved", "Save for Later"]]
    ) {
      await tabTo(page, `.course-actions button[aria-pressed="true"]`);
      expect(
        await actions.getByRole("button", { name: from, exact: true }).evaluate((button) =>
          button === document.activeElement
        ),
        from,
      ).toBe(true);
      await page.keyboard.press("Space");
      await keepsFocus(actions.getByRole("button", { name: to, exact: true }), from);
    }
    await waitForIsland(page, "CourseReviewList");
    const review = page.locator("article.review-card").filter({ hasText: "A review to vote on with the keyboard." });
    // Marked for tabTo, which takes CSS selectors.
    await review.getByRole("button", { name: "Upvote" }).evaluate((button) =>
      button.setAttribute("data-test-target", "upvote")
    );
    await tabTo(page, '[data-test-target="upvote"]');
    await page.keyboard.press("Enter");
    await review.locator(".vote-count", { hasText: /^1$/ }).waitFor();
    await keepsFocus(review.getByRole("button", { name: "Upvote" }), "Upvote");
    expect(await review.getByRole("button", { name: "Upvote" }).getAttribute("aria-pressed")).toBe("true");

    await api(t, `/api/users/completed-courses/${id}`, { method: "POST", token: student.token });
    await page.goto(url + "/my-courses");
    await waitForIsland(page, "ListedCourses");
    await tabTo(page, '.view-switch button[aria-pressed="false"]');
    await page.keyboard.press("Enter");
    await page.getByRole("table").first().waitFor();
    // The table's headers sort with the keyboard too.
    await tabTo(page, "th.col-code button");
    await page.keyboard.press("Enter");
    expect(await page.locator("th.col-code").getAttribute("aria-sort")).toBe("ascending");
    expect(unexpected(problems)).toEqual([]);
  });

  test("a whole review: rating rows with arrow keys, the fields, the checkbox, submit", async ({ page, problems }) => {
    const { token: _token, user, password } = await createStudent(stack.t, "keyboard@bu.edu");
    const id = await courseId(stack.t, "CAS WR 120");
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
  });
});
