/**
 * The typeahead search box in Chromium, on the demo catalog: the top bar's
 * box (on every page but the landing and search pages) and the landing
 * page's hero box. Suggestions as the student types, the same as the suggest
 * API's, in order; the arrows and Enter to open a course, Enter to search for
 * the text, Escape to close and then to clear; the line shown when nothing
 * matches; one request per pause in typing; a tap or a click on a suggestion;
 * no wider than a phone with the list open; axe with the list open; and a
 * plain form to /search without JavaScript.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { SearchPage } from "../../src/lib/api-types.ts";
import { axeViolations, unnamedControls } from "../helpers/a11y.ts";
import { browserFile, DESKTOP, DEVICES, fitsWidth, press, unexpected, waitForIsland } from "../helpers/pages.ts";

const { stack, test } = browserFile();

type Suggestion = { id: number; code: string; title: string };

/** A page with the top bar's box (the landing and search pages have their own instead). */
const BAR_PAGE = "/privacy";
const NO_MATCH = "No course or professor matches yet: press Enter to search.";

/** What the suggest API answers for `q`, courses then professors: what the list must show. */
async function apiSuggest(q: string): Promise<Suggestion[]> {
  const response = await stack.t.app.request(`/api/suggest?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  const body = await response.json() as {
    courses: Suggestion[];
    professors: { slug: string; name: string; reviews: number }[];
  };
  return [
    ...body.courses,
    ...body.professors.map((p) => ({
      id: 0,
      code: "Professor",
      title: `${p.name} · ${p.reviews} review${p.reviews === 1 ? "" : "s"}`,
    })),
  ];
}

async function apiSearch(q: string): Promise<SearchPage> {
  const response = await stack.t.app.request(`/api/courses/search?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return await response.json();
}

const box = (page: Page, id: string) => page.locator(`#${id}`);
const list = (page: Page, id: string) => page.locator(`#${id}-suggestions`);
const options = (page: Page, id: string) => list(page, id).getByRole("option");

/** The suggest call for exactly `q` (as the island encodes it), once its answer is in. */
function suggestAnswer(page: Page, q: string) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/api/suggest" && url.searchParams.get("q") === q;
  });
}

/** Types `text` into the box key by key and waits until the list shows the API's answer for it, in order. */
async function typeAndWait(page: Page, id: string, text: string, expected: Suggestion[]): Promise<void> {
  const answered = suggestAnswer(page, text.trim());
  await box(page, id).focus();
  await page.keyboard.type(text);
  await answered;
  await list(page, id).waitFor({ state: "visible" });
  await page.waitForFunction(
    ({ listId, codes }) =>
      JSON.stringify(
        [...document.querySelectorAll(`#${listId} [role=option] .suggestion-code`)].map((e) => e.textContent),
      ) === JSON.stringify(codes),
    { listId: `${id}-suggestions`, codes: expected.map((s) => s.code) },
  );
}

async function optionCodes(page: Page, id: string): Promise<string[]> {
  return await list(page, id).locator("[role=option] .suggestion-code").allTextContents();
}

async function selected(options: Locator): Promise<string[]> {
  return await options.evaluateAll((items) => items.map((item) => item.getAttribute("aria-selected") ?? ""));
}

describe("the top bar's search box in Chromium, desktop", () => {
  test("typing shows the API's suggestions; ArrowDown highlights the first, Enter opens its course", async ({ openPage }) => {
    const expected = await apiSuggest("cs 111");
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThanOrEqual(8);
    const { page, problems } = await openPage(DESKTOP);
    await page.goto(stack.url + BAR_PAGE);
    await waitForIsland(page, "SearchBox");
    const input = page.getByRole("combobox", { name: "Search courses" });
    expect(await input.getAttribute("id")).toBe("site-search");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    expect(await list(page, "site-search").isVisible()).toBe(false);

    await typeAndWait(page, "site-search", "cs 111", expected);
    expect(await optionCodes(page, "site-search")).toEqual(expected.map((s) => s.code));
    expect(await options(page, "site-search").locator(".suggestion-title").allTextContents()).toEqual(
      expected.map((s) => s.title),
    );
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    expect(await input.getAttribute("aria-controls")).toBe("site-search-suggestions");
    // Nothing is highlighted until the arrows move.
    expect(await input.getAttribute("aria-activedescendant")).toBeNull();
    expect(await selected(options(page, "site-search"))).toEqual(expected.map(() => "false"));

    await page.keyboard.press("ArrowDown");
    await page.locator("#site-search[aria-activedescendant='site-search-suggestions-0']").waitFor();
    expect(await selected(options(page, "site-search"))).toEqual(expected.map((_, i) => String(i === 0)));
    expect(await options(page, "site-search").first().getAttribute("id")).toBe("site-search-suggestions-0");
    // Down and up again: the second, then the first once more; the focus stays in the box.
    await page.keyboard.press("ArrowDown");
    await page.locator("#site-search[aria-activedescendant='site-search-suggestions-1']").waitFor();
    expect(await selected(options(page, "site-search"))).toEqual(expected.map((_, i) => String(i === 1)));
    await page.keyboard.press("ArrowUp");
    await page.locator("#site-search[aria-activedescendant='site-search-suggestions-0']").waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("site-search");

    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/course/${expected[0].id}$`));
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(expected[0].title);
    expect(unexpected(problems)).toEqual([]);
  });

  test("Enter with nothing highlighted searches for the text on /search", async ({ openPage }) => {
    const expected = await apiSuggest("cs 111");
    const results = await apiSearch("cs 111");
    expect(results.totalElements).toBeGreaterThan(0);
    const { page, problems } = await openPage(DESKTOP);
    await page.goto(stack.url + BAR_PAGE);
    await waitForIsland(page, "SearchBox");
    await typeAndWait(page, "site-search", "cs 111", expected);
    expect(await page.locator("#site-search").getAttribute("aria-activedescendant")).toBeNull();

    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search");
    expect(new URL(page.url()).searchParams.get("q")).toBe("cs 111");
    await page.locator("#search-found", { hasText: new RegExp(`^Found ${results.totalElements} courses$`) }).waitFor();
    // The best match first: its card links to its course by title.
    await page.locator("article.course-card").first().getByRole("link", { name: results.content[0].title, exact: true })
      .waitFor();
    expect(unexpected(problems)).toEqual([]);
  });

  test("Escape closes the list, a second Escape empties the box", async ({ openPage }) => {
    const expected = await apiSuggest("cs 111");
    const { page, problems } = await openPage(DESKTOP);
    await page.goto(stack.url + BAR_PAGE);
    await waitForIsland(page, "SearchBox");
    const input = page.locator("#site-search");
    await typeAndWait(page, "site-search", "cs 111", expected);
    await page.keyboard.press("ArrowDown");
    await page.locator("#site-search[aria-activedescendant='site-search-suggestions-0']").waitFor();

    await page.keyboard.press("Escape");
    await list(page, "site-search").waitFor({ state: "hidden" });
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    expect(await input.getAttribute("aria-activedescendant")).toBeNull();
    expect(await page.getByRole("listbox", { name: "Suggested courses and professors" }).count()).toBe(0);
    // The first Escape only closes: the text stays, and so does the page.
    expect(await input.inputValue()).toBe("cs 111");
    expect(new URL(page.url()).pathname).toBe(BAR_PAGE);

    await page.keyboard.press("Escape");
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>("#site-search")?.value === "");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    expect(await list(page, "site-search").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("site-search");
    expect(new URL(page.url()).pathname).toBe(BAR_PAGE);
    expect(unexpected(problems)).toEqual([]);
  });

  test("a text that matches nothing says so; a word typed quickly is at most 2 requests", async ({ openPage }) => {
    const nothing = "zzqxvj";
    expect(await apiSuggest(nothing)).toEqual([]);
    const calculus = await apiSuggest("calculus");
    expect(calculus.length).toBeGreaterThan(0);
    const { page, problems } = await openPage(DESKTOP);
    await page.goto(stack.url + BAR_PAGE);
    await waitForIsland(page, "SearchBox");
    const input = page.locator("#site-search");

    const answered = suggestAnswer(page, nothing);
    await input.focus();
    await page.keyboard.type(nothing);
    await answered;
    // The line is a status beside the list, not an option inside it: the empty list stays closed.
    const empty = page.locator("form:has(#site-search) .suggestion-empty");
    await empty.getByText(NO_MATCH, { exact: true }).waitFor();
    expect(await empty.getAttribute("role")).toBe("status");
    expect(await list(page, "site-search").isVisible()).toBe(false);
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    expect(await axeViolations(page, "form.search-box")).toEqual([]);
    // No highlight to move to.
    await page.keyboard.press("ArrowDown");
    expect(await input.getAttribute("aria-activedescendant")).toBeNull();

    // Emptied, the box closes and asks nothing.
    await input.fill("");
    await empty.waitFor({ state: "hidden" });

    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/suggest") asked.push(url.searchParams.get("q") ?? "");
    });
    const last = suggestAnswer(page, "calculus");
    await page.keyboard.type("calculus", { delay: 20 });
    await last;
    await page.waitForFunction(
      (codes) =>
        JSON.stringify(
          [...document.querySelectorAll("#site-search-suggestions .suggestion-code")].map((e) => e.textContent),
        ) === JSON.stringify(codes),
      calculus.map((s) => s.code),
    );
    // Longer than the pause: a late request would have gone out by now.
    await page.waitForTimeout(400);
    expect(asked.length, `requests: ${JSON.stringify(asked)}`).toBeGreaterThanOrEqual(1);
    expect(asked.length, `requests: ${JSON.stringify(asked)}`).toBeLessThanOrEqual(2);
    expect(asked.at(-1)).toBe("calculus");
    expect(await empty.isVisible()).toBe(false);
    expect(unexpected(problems)).toEqual([]);
  });
});

describe("the top bar's search box in Chromium: answers that come late", () => {
  test("an answer for an older text, or one arriving after Escape or a blur, is never shown", async ({ openPage }) => {
    const { page, problems } = await openPage(DESKTOP);
    await page.goto(stack.url + BAR_PAGE);
    await waitForIsland(page, "SearchBox");
    const input = page.locator("#site-search");

    // The answer for "calc" is held until the text has become something else.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const held = new Promise<void>((resolve) => (arrived = resolve));
    let heldAnswered = false;
    await page.route(
      (url) => url.pathname === "/api/suggest" && url.searchParams.get("q") === "calc",
      async (route) => {
        arrived();
        await gate;
        await route.continue();
        heldAnswered = true;
      },
    );
    await input.focus();
    await page.keyboard.type("calc");
    await held;
    const newer = suggestAnswer(page, "zzqxvj");
    await input.fill("zzqxvj");
    await newer;
    const older = suggestAnswer(page, "calc");
    release();
    await older;
    expect(heldAnswered).toBe(true);
    await page.locator("form:has(#site-search) .suggestion-empty").getByText(NO_MATCH, { exact: true }).waitFor();
    await page.waitForTimeout(300);
    expect(await options(page, "site-search").count()).toBe(0);

    // Escape right after typing: the answer still on its way does not open the list again.
    await input.fill("");
    await page.keyboard.type("cs");
    await page.keyboard.press("Escape");
    await page.waitForTimeout(500);
    expect(await list(page, "site-search").isVisible()).toBe(false);
    expect(await input.inputValue()).toBe("cs");

    // Tab away right after typing: the list stays closed.
    await input.fill("");
    await page.keyboard.type("math");
    await page.keyboard.press("Tab");
    await page.waitForTimeout(500);
    expect(await list(page, "site-search").isVisible()).toBe(false);
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    expect(unexpected(problems)).toEqual([]);
  });
});

for (const device of DEVICES) {
  describe(`the landing page's search box in Chromium, ${device.name}`, () => {
    test.override({ device });
    test("type, then click or tap a suggestion: its course page opens", async ({ page, problems }) => {
      const expected = await apiSuggest("cs 111");
      expect(expected.length).toBeGreaterThan(1);
      // The second suggestion, so the course opened is the one picked and not merely the first.
      const picked = expected[1];
      await page.goto(stack.url + "/");
      await waitForIsland(page, "SearchBox");
      // The landing page leads with its own box instead of the top bar's.
      expect(await page.locator("#site-search").count()).toBe(0);
      const hero = page.getByRole("search", { name: "Find a course" });
      expect(await hero.getByRole("button", { name: "Search" }).textContent()).toBe("Search");
      await press(device, hero.getByRole("combobox", { name: "Search courses" }));
      await typeAndWait(page, "hero-search", "cs 111", expected);
      if (device.touch) await fitsWidth(page);
      // The list is on screen, inside the viewport horizontally.
      const listBox = await list(page, "hero-search").boundingBox();
      expect(listBox!.x).toBeGreaterThanOrEqual(0);
      expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(device.options.viewport!.width);

      await press(device, options(page, "hero-search").filter({ has: page.getByText(picked.code, { exact: true }) }));
      await page.waitForURL(new RegExp(`/course/${picked.id}$`));
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(picked.title);
      if (device.touch) await fitsWidth(page);
      expect(unexpected(problems)).toEqual([]);
    });
  });
}

describe("the search box, accessibility and no JavaScript", () => {
  for (const device of DEVICES) {
    test(`axe finds nothing with the list open, and every control is named; ${device.name}`, async ({ openPage }) => {
      const { page, problems } = await openPage(device.options);
      const expected = await apiSuggest("cs 111");
      await page.goto(stack.url + BAR_PAGE);
      await waitForIsland(page, "SearchBox");
      await typeAndWait(page, "site-search", "cs 111", expected);
      await page.keyboard.press("ArrowDown");
      await page.locator("#site-search[aria-activedescendant='site-search-suggestions-0']").waitFor();
      expect([...await axeViolations(page, "form.search-box"), ...await unnamedControls(page)]).toEqual([]);

      await page.goto(stack.url + "/");
      await waitForIsland(page, "SearchBox");
      await typeAndWait(page, "hero-search", "cs 111", expected);
      expect([...await axeViolations(page, "form.search-box"), ...await unnamedControls(page)]).toEqual([]);
      expect(unexpected(problems)).toEqual([]);
    });
  }

  test("without JavaScript the top bar's box is a plain form to /search", async ({ openPage }) => {
    const results = await apiSearch("cs 111");
    expect(results.totalElements).toBeGreaterThan(0);
    const { page, problems } = await openPage({ ...DESKTOP, javaScriptEnabled: false });
    await page.goto(stack.url + BAR_PAGE);
    const form = page.getByRole("search", { name: "Site" });
    expect(await form.getAttribute("method")).toBe("get");
    expect(await form.getAttribute("action")).toBe("/search");
    // No list without the script to fill it.
    expect(await list(page, "site-search").isVisible()).toBe(false);
    await form.getByRole("combobox", { name: "Search courses" }).fill("cs 111");
    await form.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/search");
    expect(new URL(page.url()).searchParams.get("q")).toBe("cs 111");
    await expect(page.locator("#search-found").textContent()).resolves.toBe(`Found ${results.totalElements} courses`);
    expect(unexpected(problems)).toEqual([]);
  });
});
