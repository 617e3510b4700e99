/**
 * Every page, for a visitor and for a signed-in student, at desktop and phone
 * sizes in light and dark mode: axe finds no serious or critical violation,
 * and a screenshot of each lands in tests/artifacts/screenshots (git-ignored)
 * so a reviewer can look at the whole site in a minute.
 */
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createStudent } from "../helpers/accounts.ts";
import { courseId, DESKTOP, failedLoad, logIn, openPage, PHONE, type Stack, startStack, stopStack, unexpected, waitForIsland } from "../helpers/pages.ts";

const SHOTS = "tests/artifacts/screenshots";
let stack: Stack;
let course: number;
let student: { email: string; password: string };

beforeAll(async () => {
  stack = await startStack();
  course = await courseId(stack.t, "CAS CS 111");
  const { user, password } = await createStudent(stack.t, "a11y@bu.edu");
  student = { email: user.email, password };
  await Deno.mkdir(SHOTS, { recursive: true });
});
afterAll(() => stopStack(stack));

type Visit = { name: string; path: string; islands?: string[]; setup?: (page: Page) => Promise<unknown> };

const visitorPages = (): Visit[] => [
  { name: "landing", path: "/" },
  { name: "search", path: "/search?colleges=CAS", islands: ["CourseSearch"] },
  { name: "course", path: `/course/${course}`, islands: ["CourseActions", "CourseReviews"] },
  { name: "contact", path: "/contact", islands: ["ContactForm"] },
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
  { name: "my-courses", path: "/my-courses" },
  { name: "saved-courses", path: "/saved-courses" },
  { name: "my-reviews", path: "/my-reviews" },
  { name: "account", path: "/account", islands: ["AccountSettings"] },
  { name: "search-signed-in", path: "/search?hubReqs=QR2", islands: ["CourseSearch"] },
  { name: "course-signed-in", path: `/course/${course}`, islands: ["CourseActions", "CourseReviews"] },
  { name: "review-form", path: `/course/${course}/review`, islands: ["ReviewForm"] },
];

const SIZES: [string, BrowserContextOptions][] = [
  ["desktop-light", { ...DESKTOP, colorScheme: "light" }],
  ["desktop-dark", { ...DESKTOP, colorScheme: "dark" }],
  ["phone-light", { ...PHONE, colorScheme: "light" }],
  ["phone-dark", { ...PHONE, colorScheme: "dark" }],
];

/** Serious and critical violations, each with the rule and where it fired, for a readable failure. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`));
}

async function audit(visits: Visit[], size: string, options: BrowserContextOptions, signedIn: boolean) {
  const { context, page, problems } = await openPage(stack.browser, options);
  try {
    if (signedIn) await logIn(page, stack.url, student.email, student.password);
    const found: Record<string, string[]> = {};
    for (const visit of visits) {
      await visit.setup?.(page);
      await page.goto(stack.url + visit.path);
      for (const name of visit.islands ?? []) await waitForIsland(page, name);
      const list = await violations(page);
      if (list.length) found[visit.name] = list;
      await page.screenshot({ path: `${SHOTS}/${visit.name}-${size}.png`, fullPage: true });
    }
    expect(found).toEqual({});
    expect(unexpected(problems, failedLoad(404, "/no/such/page"))).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("accessibility in Chromium (axe: no serious or critical violations)", () => {
  for (const [size, options] of SIZES) {
    test(`visitor pages, ${size}`, () => audit(visitorPages(), size, options, false));
    test(`signed-in pages, ${size}`, () => audit(studentPages(), size, options, true));
  }
});
