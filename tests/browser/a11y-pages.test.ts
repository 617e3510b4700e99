/**
 * Accessibility in Chromium, pages at rest: every page, for a visitor and for
 * a signed-in student with courses and a review, at desktop and phone sizes in
 * light and dark mode. Axe finds no serious or critical violation, every
 * control has an accessible name, and (with SCREENSHOTS=1) a screenshot of
 * each lands in tests/artifacts/screenshots (git-ignored) so a reviewer can
 * look at the whole site in a minute.
 *
 * Each page is loaded once per size: checked whole in light mode, then
 * switched to dark mode in place and checked again with the rules that depend
 * on colours. The colour scheme changes only the stylesheet's colours, never
 * the markup, the names or the layout, so the other rules would find the same.
 */
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { axeViolations, COLOUR_RULES, darkColourViolations, unnamedControls } from "../helpers/a11y.ts";
import { a11ySite } from "../helpers/a11y-site.ts";
import { AXE_SCRIPT_PATH } from "../helpers/axe-script.ts";
import {
  DESKTOP,
  failedLoad,
  logIn,
  type OpenPage,
  PHONE,
  screenshot,
  unexpected,
  waitForIsland,
} from "../helpers/pages.ts";

const { site, test } = a11ySite();

type Visit = { name: string; path: string; islands?: string[]; setup?: (page: Page) => Promise<unknown> };

const visitorPages = (): Visit[] => [
  { name: "landing", path: "/" },
  { name: "search", path: "/search?colleges=CAS", islands: ["CourseSearch"] },
  { name: "course", path: `/course/${site.course}`, islands: ["CourseActions", "CourseReviewList"] },
  // A demo professor the demo schedule names: the page's Teaching part is there too.
  { name: "professor", path: "/professor/morgan-tessaro", islands: ["ProfessorReviewList"] },
  { name: "contact", path: "/contact", islands: ["ContactForm"] },
  { name: "schedule", path: "/schedule", islands: ["ScheduleBuilder"] },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "login", path: "/login", islands: ["LoginForm"] },
  { name: "register", path: "/register", islands: ["RegisterForm"] },
  { name: "verify", path: "/verify", islands: ["VerifyForm"] },
  { name: "reset", path: "/reset", islands: ["ResetRequestForm"] },
  {
    name: "reset-password",
    path: "/reset-password",
    islands: ["ResetPasswordForm"],
    setup: (page) => page.addInitScript(() => localStorage.setItem("resetEmail", "someone@bu.edu")),
  },
  { name: "not-found", path: "/no/such/page" },
];

const studentPages = (): Visit[] => [
  { name: "dashboard", path: "/dashboard" },
  { name: "hub-progress", path: "/hub-progress" },
  { name: "my-courses", path: "/my-courses", islands: ["ListedCourses"] },
  { name: "saved-courses", path: "/saved-courses", islands: ["ListedCourses"] },
  { name: "my-reviews", path: "/my-reviews", islands: ["MyReviewList"] },
  { name: "account", path: "/account", islands: ["AccountSettings"] },
  { name: "schedule-signed-in", path: "/schedule", islands: ["ScheduleBuilder"] },
  { name: "search-signed-in", path: "/search?hubReqs=QR2", islands: ["CourseSearch"] },
  { name: "course-signed-in", path: `/course/${site.course}`, islands: ["CourseActions", "CourseReviewList"] },
  {
    name: "course-prerequisites-met",
    path: `/course/${site.withPrerequisites}`,
    islands: ["CourseActions", "CourseReviewList"],
  },
  { name: "review-form", path: `/course/${site.unreviewed}/review`, islands: ["ReviewForm"] },
  { name: "review-edit-form", path: `/course/${site.course}/review?edit=${site.ownReview}`, islands: ["ReviewForm"] },
];

const SIZES: [string, BrowserContextOptions][] = [
  ["desktop", { ...DESKTOP, colorScheme: "light" }],
  ["phone", { ...PHONE, colorScheme: "light" }],
];

async function audit(
  openPage: OpenPage,
  visits: Visit[],
  size: string,
  options: BrowserContextOptions,
  signedIn: boolean,
) {
  const { page, problems } = await openPage(options);
  if (signedIn) await logIn(page, site.stack.url, site.student.email, site.student.password);
  const found: Record<string, string[]> = {};
  for (const visit of visits) {
    await visit.setup?.(page);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(site.stack.url + visit.path);
    for (const name of visit.islands ?? []) await waitForIsland(page, name);
    const light = [...await axeViolations(page), ...await unnamedControls(page)];
    if (light.length) found[`${visit.name}-${size}-light`] = light;
    // In CSS pixels: the phone's double-density shots took longer than the axe run.
    await screenshot(page, `${visit.name}-${size}-light`, { fullPage: true, scale: "css" });
    const dark = await darkColourViolations(page);
    if (dark.length) found[`${visit.name}-${size}-dark`] = dark;
    await screenshot(page, `${visit.name}-${size}-dark`, { fullPage: true, scale: "css" });
  }
  expect(found).toEqual({});
  expect(unexpected(problems, failedLoad(404, "/no/such/page"))).toEqual([]);
}

describe("accessibility in Chromium, pages at rest (axe: no serious or critical violations; every control named)", () => {
  for (const [size, options] of SIZES) {
    test(`visitor pages, ${size}, light and dark`, ({ openPage }) =>
      audit(openPage, visitorPages(), size, options, false));
    test(`signed-in pages, ${size}, light and dark`, ({ openPage }) =>
      audit(openPage, studentPages(), size, options, true));
  }

  test("the checks fail where they should: axe on an unnamed button and faint text, the name check on unnamed controls", async ({ page }) => {
    await page.setContent(
      `<main><h1>Names</h1><button></button><button aria-label="Close"></button><a href="/x"><svg aria-hidden="true"></svg></a><input type="text"></main>`,
    );
    const axe = (await axeViolations(page)).join("\n");
    expect(axe).toMatch(/^button-name \(critical\)/m);
    await page.setContent(`<main><h1>Faint</h1><p style="color:#ccc;background:#fff">Hard to read</p></main>`);
    expect((await axeViolations(page)).join("\n")).toMatch(/^color-contrast \(serious\)/m);
    // Faint in dark mode only: the light check passes, the colour rules after switching in place find it.
    await page.emulateMedia({ colorScheme: "light" });
    await page.setContent(
      `<style>p{color:#111;background:#fff}@media (prefers-color-scheme: dark){p{color:#333;background:#222}}</style><main><h1>Dark</h1><p>Hard to read at night</p></main>`,
    );
    expect(await axeViolations(page, undefined, COLOUR_RULES)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    expect((await axeViolations(page, undefined, COLOUR_RULES)).join("\n")).toMatch(/^color-contrast \(serious\)/m);
    await page.setContent(
      `<main><h1>Names</h1><button></button><button aria-label="Close"></button><a href="/x"><svg aria-hidden="true"></svg></a><input type="text"></main>`,
    );
    const unnamed = await unnamedControls(page);
    expect(unnamed).toHaveLength(3);
    expect(unnamed.join("\n")).toMatch(/button without a name: <button><\/button>/);
    expect(unnamed.join("\n")).toMatch(/link without a name/);
    expect(unnamed.join("\n")).toMatch(/textbox without a name/);
  });

  test("axe comes into a HubRate page as the test server's script, which the page's CSP lets in", async ({ page, problems }) => {
    await page.goto(site.stack.url + "/privacy");
    expect(await axeViolations(page)).toEqual([]);
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname)
    );
    expect(loaded).toContain(AXE_SCRIPT_PATH);
    expect(unexpected(problems)).toEqual([]);
  });
});
