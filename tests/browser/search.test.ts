/**
 * Course search in Chromium, on the demo catalog: the filters, the results
 * and their URL, pagination with Back/Next and the browser's back button, a
 * reload, the empty message, and a visitor's toggle sending them to /login.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SearchPage } from "../../src/lib/views.ts";
import { createStudent } from "../helpers/accounts.ts";
import { fillLogin, openPage, type Stack, startStack, stopStack, unexpected, uniqueEmail, waitForIsland } from "../helpers/pages.ts";

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stopStack(stack);
});

/** What the API answers for these filters: the number the page must show. */
async function apiSearch(query: string): Promise<SearchPage> {
  const response = await stack.t.app.request(`/api/courses/search?${query}`);
  expect(response.status).toBe(200);
  return await response.json();
}

const found = (page: Page) => page.locator("#search-found");
const cards = (page: Page) => page.locator("article.course-card");
const cardTitles = (page: Page) => cards(page).locator("h2").allTextContents();

async function waitForFound(page: Page, total: number): Promise<void> {
  await page.locator("#search-found", { hasText: new RegExp(`^Found ${total} courses$`) }).waitFor();
  await page.locator("section.search-results[aria-busy=false]").waitFor();
}

describe("course search in Chromium", () => {
  test("filters: college, department, Hub requirement and a slider; the URL keeps them", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    await page.goto(stack.url + "/search");
    await waitForIsland(page, "CourseSearch");
    const everything = await apiSearch("");
    await expect(found(page).textContent()).resolves.toBe(`Found ${everything.totalElements} courses`);

    // Departments wait for a college.
    const noDepartments = page.getByRole("button", { name: "Departments" });
    expect(await noDepartments.isDisabled()).toBe(true);
    await expect(noDepartments.textContent()).resolves.toBe("Choose a college first");

    await page.locator("#search-colleges > summary").click();
    await page.locator("#search-colleges").getByRole("checkbox", { name: "CAS", exact: true }).check();
    expect(await noDepartments.count()).toBe(0);
    await page.locator("#search-departments > summary").click();
    const cs = page.locator("#search-departments").getByRole("checkbox", { name: "CS", exact: true });
    await cs.check();
    await page.locator("#search-hubs > summary").click();
    await page.locator("#search-hubs").getByRole("checkbox", { name: "QR2: Quantitative Reasoning II" }).check();
    await expect(page.locator("#search-hubs-value").textContent()).resolves.toBe("QR2");

    const slider = page.getByRole("slider", { name: /^Minimum overall rating/ });
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    expect(await slider.inputValue()).toBe("0.1");
    await expect(page.locator("output[for=search-minRating]").textContent()).resolves.toBe("0.1");

    const expected = await apiSearch("colleges=CAS&departments=CS&hubReqs=QR2&minRating=0.1");
    expect(expected.totalElements).toBeGreaterThan(0);
    expect(expected.totalElements).toBeLessThan(everything.totalElements);
    await page.getByRole("button", { name: "Search Courses" }).click();
    await waitForFound(page, expected.totalElements);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/search");
    expect(url.searchParams.getAll("colleges")).toEqual(["CAS"]);
    expect(url.searchParams.getAll("departments")).toEqual(["CS"]);
    expect(url.searchParams.getAll("hubReqs")).toEqual(["QR2"]);
    expect(url.searchParams.get("minRating")).toBe("0.1");
    expect(url.searchParams.has("page")).toBe(false);

    expect(await cards(page).count()).toBe(expected.content.length);
    expect(await cardTitles(page)).toEqual(expected.content.map((c) => c.title));
    for (const card of await cards(page).all()) {
      await expect(card.locator(".course-code").textContent()).resolves.toMatch(/^CAS · CS · /);
      expect(await card.getByRole("list", { name: "Hub units" }).getByText("QR2", { exact: true }).count()).toBe(1);
      expect(Number(await card.locator(".ratings div", { hasText: "Overall" }).locator("dd").textContent())).toBeGreaterThan(0);
    }

    // The same URL, loaded fresh, renders the same results on the server.
    await page.reload();
    await waitForIsland(page, "CourseSearch");
    await expect(found(page).textContent()).resolves.toBe(`Found ${expected.totalElements} courses`);
    await expect(page.locator("#search-colleges-value").textContent()).resolves.toBe("CAS");
    await expect(page.locator("#search-departments-value").textContent()).resolves.toBe("CS");
    expect(await slider.inputValue()).toBe("0.1");

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  test("pages: Next, View Course, back, reload", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    await page.goto(stack.url + "/search");
    await waitForIsland(page, "CourseSearch");
    await page.locator("#search-colleges > summary").click();
    await page.locator("#search-colleges").getByRole("checkbox", { name: "CAS", exact: true }).check();
    const first = await apiSearch("colleges=CAS");
    const second = await apiSearch("colleges=CAS&page=1");
    expect(first.totalPages).toBeGreaterThan(1);
    await page.getByRole("button", { name: "Search Courses" }).click();
    await waitForFound(page, first.totalElements);
    expect(await cards(page).count()).toBe(18);
    const pages = page.getByRole("navigation", { name: "Result pages" });
    expect(await pages.getByRole("link", { name: "Page 1", exact: true }).getAttribute("aria-current")).toBe("page");
    expect(await pages.getByRole("link", { name: "Back" }).count()).toBe(0);
    expect(await cardTitles(page)).toEqual(first.content.map((c) => c.title));

    await pages.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "1" && url.searchParams.get("colleges") === "CAS");
    await page.locator("article.course-card h2", { hasText: second.content[0].title }).first().waitFor();
    await page.locator("section.search-results[aria-busy=false]").waitFor();
    expect(await cardTitles(page)).toEqual(second.content.map((c) => c.title));
    await expect(found(page).textContent()).resolves.toBe(`Found ${first.totalElements} courses`);
    expect(await pages.getByRole("link", { name: "Page 2", exact: true }).getAttribute("aria-current")).toBe("page");
    expect(await pages.getByRole("link", { name: "Back" }).isVisible()).toBe(true);
    const resultsUrl = page.url();

    const course = second.content[0];
    await page.getByRole("link", { name: `View Course ${course.code}`, exact: true }).click();
    await page.waitForURL(new RegExp(`/course/${course.id}$`));
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(course.title);
    // The course page leads back to the very search it came from.
    expect(await page.getByRole("link", { name: "← Back to search" }).getAttribute("href")).toBe(new URL(resultsUrl).pathname + new URL(resultsUrl).search);

    await page.goBack();
    await page.waitForURL(resultsUrl);
    await waitForIsland(page, "CourseSearch");
    await page.locator("section.search-results[aria-busy=false]").waitFor();
    await expect(found(page).textContent()).resolves.toBe(`Found ${first.totalElements} courses`);
    expect(await cardTitles(page)).toEqual(second.content.map((c) => c.title));
    expect(await pages.getByRole("link", { name: "Page 2", exact: true }).getAttribute("aria-current")).toBe("page");

    // Back once more, inside the search: page 1 again.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("colleges") === "CAS" && !url.searchParams.has("page"));
    await page.locator("article.course-card h2", { hasText: first.content[0].title }).first().waitFor();
    expect(await cardTitles(page)).toEqual(first.content.map((c) => c.title));

    await page.goto(resultsUrl);
    await page.reload();
    await waitForIsland(page, "CourseSearch");
    await expect(found(page).textContent()).resolves.toBe(`Found ${first.totalElements} courses`);
    expect(await cardTitles(page)).toEqual(second.content.map((c) => c.title));

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  test("a search that matches nothing shows the empty message", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    await page.goto(stack.url + "/search");
    await waitForIsland(page, "CourseSearch");
    await page.getByLabel("Course code or title").fill("zzqxv nothing like this");
    await page.getByRole("button", { name: "Search Courses" }).click();
    await waitForFound(page, 0);
    await page.getByText("No courses found. Try adjusting the filter parameters.", { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Result pages" }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("q")).toBe("zzqxv nothing like this");
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  test("a visitor who clicks Mark Done goes to /login, and comes back to the search after logging in", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    const student = await createStudent(stack.t, uniqueEmail("searcher"));
    await page.goto(stack.url + "/search?colleges=CAS&departments=CS");
    await waitForIsland(page, "CourseSearch");
    const card = cards(page).filter({ has: page.getByRole("link", { name: "View Course CAS CS 111", exact: true }) });
    await card.getByRole("button", { name: "Mark Done" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/search?colleges=CAS&departments=CS");

    await fillLogin(page, student.user.email, student.password);
    await page.waitForURL((url) => url.pathname === "/search" && url.search === "?colleges=CAS&departments=CS");
    await waitForIsland(page, "CourseSearch");
    // Signed in now: the same button adds the course.
    await card.getByRole("button", { name: "Mark Done" }).click();
    await card.getByRole("button", { name: "Remove Done" }).waitFor();
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
