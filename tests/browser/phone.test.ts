/**
 * HubRate on a phone (390x844, touch) in Chromium: sign up, verify with the
 * mailed code, log in and reach the dashboard with taps; search with the
 * filters, use a result card, write a review. No page is wider than the
 * screen (document.documentElement.scrollWidth <= 390 on every page).
 */
import { describe, expect } from "vitest";
import { plural } from "../../src/lib/text.ts";
import { createStudent } from "../helpers/accounts.ts";
import {
  browserFile,
  codeIn,
  fitsWidth,
  PHONE,
  signIn,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

const { stack, test } = browserFile();

const WIDTH = PHONE.viewport!.width;

const PASSWORD = "Terrier-Phone-2031!";

describe("HubRate on a phone", () => {
  test("register → verify with the mailed code → log in → dashboard, by tapping", async ({ openPage }) => {
    const { url, smtp } = stack;
    const { page, problems } = await openPage(PHONE);
    const email = uniqueEmail("phone");

    await page.goto(url + "/");
    await fitsWidth(page);
    // The landing page's Sign Up sits in the collapsed menu.
    await page.locator("details.topbar-menu summary").tap();
    await page.locator("details.topbar-menu").getByRole("link", { name: "Sign Up" }).tap();
    await page.waitForURL(/\/register$/);
    await waitForIsland(page, "RegisterForm");
    await fitsWidth(page);
    await page.getByLabel("Email").tap();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("College").selectOption("CAS");
    await page.waitForFunction(() => {
      const select = document.querySelector<HTMLSelectElement>("#register-major");
      return select !== null && !select.disabled && select.options.length > 5;
    });
    await page.getByLabel("Major").selectOption("Computer Science");
    await page.getByLabel("Expected graduation year").fill("2028");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Register" }).tap();

    await page.waitForURL(/\/verify$/);
    await waitForIsland(page, "VerifyForm");
    await page.waitForFunction(
      (expected) => document.querySelector<HTMLInputElement>("#verify-email")?.value === expected,
      email,
    );
    await fitsWidth(page);
    const code = codeIn((await smtp.next(email)).text);
    await page.getByLabel("Verification code").tap();
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify Account" }).tap();

    await page.waitForURL(/\/login$/);
    await waitForIsland(page, "LoginForm");
    await fitsWidth(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).tap();

    await page.waitForURL(/\/dashboard$/);
    await expect(page.locator(".dashboard-email").textContent()).resolves.toBe(email);
    await expect(page.locator(".dashboard-profile").textContent()).resolves.toContain("Computer Science, CAS");
    // The sidebar gives way to the slide-in menu.
    expect(await page.getByRole("complementary", { name: "Account navigation" }).isVisible()).toBe(false);
    expect(await page.locator("details.slide-menu summary").isVisible()).toBe(true);
    // The menu closes on a tap outside it, and on Escape, which gives the focus back to its button.
    const menu = page.locator("details.slide-menu");
    const isOpen = () => menu.evaluate((d) => (d as HTMLDetailsElement).open);
    await menu.locator("summary").tap();
    await expect.poll(isOpen).toBe(true);
    await page.locator("h1").first().tap({ force: true });
    await expect.poll(isOpen).toBe(false);
    await menu.locator("summary").tap();
    await expect.poll(isOpen).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(isOpen).toBe(false);
    await expect(page.evaluate(() => document.activeElement?.closest("details")?.className)).resolves.toBe(
      "slide-menu",
    );
    await fitsWidth(page);
    expect(unexpected(problems)).toEqual([]);
  });

  test("search filters, a result card (Mark Done, View Course) and the review form work and fit the screen", async ({ openPage }) => {
    const { url, t } = stack;
    const { context, page, problems } = await openPage(PHONE);
    const student = await createStudent(t, uniqueEmail("phone-search"), PASSWORD);
    await signIn(context, student.token, url);

    await page.goto(url + "/search");
    await waitForIsland(page, "CourseSearch");
    await fitsWidth(page);
    // The results come first; the filters wait behind their button as a sheet.
    const foundTop = await page.locator("#search-found").evaluate((h) => h.getBoundingClientRect().top);
    expect(foundTop).toBeLessThan(844);
    await page.locator("details.filter-sheet > summary").tap();
    await page.locator("#search-colleges > summary").tap();
    await page.locator("#search-colleges").getByRole("checkbox", { name: "College of Arts & Sciences (CAS)" }).tap();
    await page.locator("#search-departments > summary").tap();
    await page.locator("#search-departments").getByRole("checkbox", { name: "Computer Science (CS)" }).tap();
    await expect(page.locator("#search-departments-value").textContent()).resolves.toBe("CS");
    await fitsWidth(page);

    const expected = await (await stack.t.app.request("/api/courses/search?colleges=CAS&departments=CS")).json();
    expect(expected.totalElements).toBeGreaterThan(0);
    // The sheet's button shows the number found so far, closes the sheet and brings the results into view.
    await page.getByRole("button", { name: `Show ${plural(expected.totalElements, "course")}` }).tap();
    await page.locator("#search-found", { hasText: new RegExp(`^Found ${plural(expected.totalElements, "course")}$`) })
      .waitFor();
    await page.locator("section.search-results[aria-busy=false]").waitFor();
    await page.waitForFunction(() => {
      const top = document.querySelector("#search-found")!.getBoundingClientRect().top;
      return top >= 0 && top < innerHeight && !document.querySelector<HTMLDetailsElement>("details.filter-sheet")!.open;
    });
    expect(new URL(page.url()).searchParams.getAll("departments")).toEqual(["CS"]);
    await fitsWidth(page);

    const first = expected.content[0] as { id: number; code: string; title: string };
    const card = page.locator("article.course-card").filter({
      has: page.getByRole("link", { name: `View Course ${first.code}`, exact: true }),
    });
    await card.scrollIntoViewIfNeeded();
    const cardBox = await card.boundingBox();
    expect(cardBox!.x).toBeGreaterThanOrEqual(0);
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(WIDTH);
    await card.getByRole("button", { name: "Mark Done" }).tap();
    await card.getByRole("button", { name: "Remove Done" }).waitFor();
    await card.getByRole("link", { name: `View Course ${first.code}`, exact: true }).tap();

    await page.waitForURL(new RegExp(`/course/${first.id}$`));
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(first.title);
    await waitForIsland(page, "CourseActions");
    await fitsWidth(page);
    // From the header, one tap down to the reviews, far below on a phone.
    const reviewsHeading = page.locator("#reviews-heading");
    expect(await reviewsHeading.evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThan(844);
    await page.locator(".jump-to-reviews a").tap();
    // In view (near the page's end it cannot reach the top).
    await expect.poll(() => reviewsHeading.evaluate((h) => h.getBoundingClientRect().top)).toBeLessThan(844 - 60);
    expect(await reviewsHeading.evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(new URL(page.url()).hash).toBe("#reviews-heading");
    await page.evaluate(() => scrollTo(0, 0));
    await page.getByRole("link", { name: "Write a review" }).tap();

    await page.waitForURL(new RegExp(`/course/${first.id}/review$`));
    await waitForIsland(page, "ReviewForm");
    await fitsWidth(page);
    // The five rating rows fit: every caption is on screen horizontally.
    for (const option of await page.locator("label.rating-option").all()) {
      const box = await option.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
    }
    await page.getByRole("group", { name: /^Usefulness\b/ }).locator("label.rating-option").filter({
      hasText: "Very high",
    }).tap();
    expect(await page.getByRole("group", { name: /^Usefulness\b/ }).getByRole("radio", { checked: true }).inputValue())
      .toBe("5");
    await page.getByLabel("Professor Name").fill("Grace Hopper");
    await page.getByLabel("Semester Taken").fill("Spring 2025");
    await page.getByLabel("Hours per Week").fill("8");
    await page.getByLabel("Attendance Required").tap();
    expect(await page.getByLabel("Attendance Required").isChecked()).toBe(true);
    await page.getByLabel("Assignment Types").fill("Labs");
    const text = `Written on a phone ${Date.now()}.`;
    await page.getByLabel("Your Review").fill(text);
    await fitsWidth(page);
    await page.getByRole("button", { name: "Submit Review" }).tap();

    await page.waitForURL(new RegExp(`/course/${first.id}\\?review=submitted$`));
    await page.getByRole("status").filter({ hasText: "Review submitted successfully!" }).waitFor();
    await page.locator("article.review-card").filter({ hasText: text }).waitFor();
    await fitsWidth(page);
    expect(unexpected(problems)).toEqual([]);
  });
});
