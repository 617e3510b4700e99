/**
 * Accessibility in Chromium.
 *
 * At rest: every page, for a visitor and for a signed-in student with courses
 * and a review, at desktop and phone sizes in light and dark mode. Axe finds
 * no serious or critical violation, every control has an accessible name, and
 * a screenshot of each lands in tests/artifacts/screenshots (git-ignored) so a
 * reviewer can look at the whole site in a minute.
 *
 * In use: the states a page only reaches when someone works it (the phone
 * menus open, each form showing its validation messages, the account
 * deletion dialog, the report form, the search filters open, the no-results
 * message, the error boxes), at desktop size in light mode and at phone size
 * in dark mode, checked the same way on the part of the page that changed.
 * The empty states and the server-rendered errors are checked where their
 * tests reach them (empty-states.test.ts, errors.test.ts).
 */
import type { BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, createStudent } from "../helpers/accounts.ts";
import { axeViolations, unnamedControls } from "../helpers/a11y.ts";
import {
  courseId,
  DESKTOP,
  type Device,
  DEVICES,
  failedLoad,
  logIn,
  openPage,
  PHONE,
  press,
  type Stack,
  startStack,
  stopStack,
  unexpected,
  waitForIsland,
} from "../helpers/pages.ts";
import { createdReview } from "../helpers/reviews.ts";

const SHOTS = "tests/artifacts/screenshots";
let stack: Stack;
let course: number;
/** A course the student has not reviewed, for the empty review form. */
let unreviewed: number;
/** The student's own review of `course`. */
let ownReview: number;
let student: { email: string; password: string; token: string };
/** A review by someone else on `course`, for the report form and the votes. */
let othersReview: number;

beforeAll(async () => {
  stack = await startStack();
  const { t } = stack;
  course = await courseId(t, "CAS CS 111");
  unreviewed = await courseId(t, "CAS WR 120");
  const created = await createStudent(t, "a11y@bu.edu");
  student = { email: created.user.email, password: created.password, token: created.token };
  // The student's pages show what a student who uses HubRate sees: courses in every list and a review.
  for (
    const [list, code] of [["completed-courses", "CAS CS 111"], ["completed-courses", "CAS WR 100"], ["courses-in-progress", "CAS EN 120"], [
      "saved-courses",
      "CAS CS 131",
    ]]
  ) {
    const response = await api(t, `/api/users/${list}/${await courseId(t, code)}`, { method: "POST", token: student.token });
    expect(response.status, `${list} ${code}`).toBeLessThan(300);
  }
  ownReview = (await createdReview(t, student.token, course, { reviewText: "The student's own review, shown on the course page and My Reviews." })).id;
  const other = await createStudent(t, "a11y-other@bu.edu");
  othersReview = (await createdReview(t, other.token, course, { teacherName: "Ada Report", reviewText: "Someone else's review." })).id;
  await Deno.mkdir(SHOTS, { recursive: true });
});
afterAll(() => stopStack(stack));

type Visit = { name: string; path: string; islands?: string[]; setup?: (page: Page) => Promise<unknown> };

const visitorPages = (): Visit[] => [
  { name: "landing", path: "/" },
  { name: "search", path: "/search?colleges=CAS", islands: ["CourseSearch"] },
  { name: "course", path: `/course/${course}`, islands: ["CourseActions", "CourseReviewList"] },
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
  { name: "my-courses", path: "/my-courses", islands: ["ListedCourses"] },
  { name: "saved-courses", path: "/saved-courses", islands: ["ListedCourses"] },
  { name: "my-reviews", path: "/my-reviews", islands: ["MyReviewList"] },
  { name: "account", path: "/account", islands: ["AccountSettings"] },
  { name: "search-signed-in", path: "/search?hubReqs=QR2", islands: ["CourseSearch"] },
  { name: "course-signed-in", path: `/course/${course}`, islands: ["CourseActions", "CourseReviewList"] },
  { name: "review-form", path: `/course/${unreviewed}/review`, islands: ["ReviewForm"] },
  { name: "review-edit-form", path: `/course/${course}/review?edit=${ownReview}`, islands: ["ReviewForm"] },
];

const SIZES: [string, BrowserContextOptions][] = [
  ["desktop-light", { ...DESKTOP, colorScheme: "light" }],
  ["desktop-dark", { ...DESKTOP, colorScheme: "dark" }],
  ["phone-light", { ...PHONE, colorScheme: "light" }],
  ["phone-dark", { ...PHONE, colorScheme: "dark" }],
];

async function audit(visits: Visit[], size: string, options: BrowserContextOptions, signedIn: boolean) {
  const { context, page, problems } = await openPage(stack.browser, options);
  try {
    if (signedIn) await logIn(page, stack.url, student.email, student.password);
    const found: Record<string, string[]> = {};
    for (const visit of visits) {
      await visit.setup?.(page);
      await page.goto(stack.url + visit.path);
      for (const name of visit.islands ?? []) await waitForIsland(page, name);
      const list = [...await axeViolations(page), ...await unnamedControls(page)];
      if (list.length) found[visit.name] = list;
      // In CSS pixels: the phone's double-density shots took longer than the axe run.
      await page.screenshot({ path: `${SHOTS}/${visit.name}-${size}.png`, fullPage: true, scale: "css" });
    }
    expect(found).toEqual({});
    expect(unexpected(problems, failedLoad(404, "/no/such/page"))).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("accessibility in Chromium, pages at rest (axe: no serious or critical violations; every control named)", () => {
  for (const [size, options] of SIZES) {
    test(`visitor pages, ${size}`, () => audit(visitorPages(), size, options, false));
    test(`signed-in pages, ${size}`, () => audit(studentPages(), size, options, true));
  }

  test("the checks fail where they should: axe on an unnamed button and faint text, the name check on unnamed controls", async () => {
    const { context, page } = await openPage(stack.browser);
    await page.setContent(
      `<main><h1>Names</h1><button></button><button aria-label="Close"></button><a href="/x"><svg aria-hidden="true"></svg></a><input type="text"></main>`,
    );
    const axe = (await axeViolations(page)).join("\n");
    expect(axe).toMatch(/^button-name \(critical\)/m);
    await page.setContent(`<main><h1>Faint</h1><p style="color:#ccc;background:#fff">Hard to read</p></main>`);
    expect((await axeViolations(page)).join("\n")).toMatch(/^color-contrast \(serious\)/m);
    await page.setContent(
      `<main><h1>Names</h1><button></button><button aria-label="Close"></button><a href="/x"><svg aria-hidden="true"></svg></a><input type="text"></main>`,
    );
    const unnamed = await unnamedControls(page);
    expect(unnamed).toHaveLength(3);
    expect(unnamed.join("\n")).toMatch(/button without a name: <button><\/button>/);
    expect(unnamed.join("\n")).toMatch(/link without a name/);
    expect(unnamed.join("\n")).toMatch(/textbox without a name/);
    await context.close();
  });
});

/** A state reached by working a page, and the part of the page it changed (the whole page when not given). */
type State = { name: string; phoneOnly?: boolean; within?: string; reach: (page: Page, device: Device) => Promise<unknown> };

const visitorStates = (): State[] => [
  {
    name: "public-menu-open",
    phoneOnly: true,
    within: "header.topbar",
    reach: async (page, device) => {
      await page.goto(stack.url + "/");
      await press(device, page.locator("details.topbar-menu summary"));
      await page.locator("details.topbar-menu").getByRole("navigation", { name: "Main (menu)" }).waitFor({ state: "visible" });
    },
  },
  {
    name: "login-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(stack.url + "/login");
      await waitForIsland(page, "LoginForm");
      await page.getByLabel("Email").fill("someone@bu.edu");
      await page.getByLabel("Password").fill("not-the-password");
      await press(device, page.getByRole("button", { name: "Log In" }));
      await page.getByRole("alert").filter({ hasText: "Incorrect email or password" }).waitFor();
      // Then a field the form refuses: the alert stays and the field is marked.
      await page.getByLabel("Email").fill("not an email");
      await press(device, page.getByRole("button", { name: "Log In" }));
      await page.locator("#login-email[aria-invalid=true]").waitFor();
    },
  },
  {
    name: "register-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(stack.url + "/register");
      await waitForIsland(page, "RegisterForm");
      await press(device, page.getByRole("button", { name: "Register" }));
      await page.getByText("Select a major, can be undecided", { exact: true }).waitFor();
    },
  },
  {
    name: "verify-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(stack.url + "/verify");
      await waitForIsland(page, "VerifyForm");
      await press(device, page.getByRole("button", { name: "Resend verification email" }));
      await page.getByRole("alert").filter({ hasText: "No email found" }).waitFor();
      await press(device, page.getByRole("button", { name: "Verify Account" }));
      await page.getByText("Enter the 6-digit code", { exact: true }).waitFor();
    },
  },
  {
    name: "reset-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(stack.url + "/reset");
      await waitForIsland(page, "ResetRequestForm");
      await press(device, page.getByRole("button", { name: "Send Reset Code" }));
      await page.getByText("Invalid email address", { exact: true }).waitFor();
    },
  },
  {
    name: "reset-password-errors",
    within: "main",
    reach: async (page, device) => {
      await page.evaluate(() => localStorage.setItem("resetEmail", "someone@bu.edu"));
      await page.goto(stack.url + "/reset-password");
      await waitForIsland(page, "ResetPasswordForm");
      await press(device, page.getByRole("button", { name: "Reset Password" }));
      await page.getByText("Reset code must be exactly 6 characters", { exact: true }).waitFor();
    },
  },
  {
    name: "contact-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(stack.url + "/contact");
      await waitForIsland(page, "ContactForm");
      await page.getByLabel("Email").fill("");
      await press(device, page.getByRole("button", { name: "Send Message" }));
      await page.getByText("Message is required", { exact: true }).waitFor();
    },
  },
  {
    name: "search-filters-open",
    within: "form[role=search]",
    reach: async (page, device) => {
      await page.goto(stack.url + "/search");
      await waitForIsland(page, "CourseSearch");
      await press(device, page.locator("#search-colleges > summary"));
      await press(device, page.locator("#search-colleges").getByRole("checkbox", { name: "CAS", exact: true }));
      await press(device, page.locator("#search-departments > summary"));
      await press(device, page.locator("#search-departments").getByRole("checkbox", { name: "CS", exact: true }));
      await press(device, page.locator("#search-hubs > summary"));
      await press(device, page.locator("#search-hubs").getByRole("checkbox", { name: "QR2: Quantitative Reasoning II" }));
      await page.getByLabel("Minimum Course Number").fill("100");
      await page.getByLabel("Prerequisites Required").selectOption("true");
      await page.getByLabel("Sort by").selectOption("byRating");
      await expect(page.locator("#search-hubs-value").textContent()).resolves.toBe("QR2");
    },
  },
  {
    name: "search-no-results",
    within: "section.search-results",
    reach: async (page, device) => {
      await page.goto(stack.url + "/search");
      await waitForIsland(page, "CourseSearch");
      await page.getByLabel("Course code or title").fill("zzqxv nothing like this");
      await press(device, page.getByRole("button", { name: "Search Courses" }));
      await page.getByText("No courses found. Try adjusting the filter parameters.", { exact: true }).waitFor();
    },
  },
  {
    name: "course-not-found",
    reach: async (page) => {
      await page.goto(stack.url + "/course/987654321");
      await page.getByRole("heading", { level: 1, name: "Course not found" }).waitFor();
    },
  },
  {
    name: "course-teacher-chosen",
    within: "main",
    reach: async (page, device) => {
      await page.goto(`${stack.url}/course/${course}`);
      await waitForIsland(page, "CourseReviewList");
      await page.getByLabel("Teacher", { exact: true }).selectOption("Ada Report");
      await page.getByRole("status").filter({ hasText: /^Professor Ada Report has an average rating of/ }).waitFor();
      await press(device, page.getByText("How students rated it", { exact: true }));
    },
  },
];

const studentStates = (): State[] => [
  {
    name: "signed-in-menu-open",
    phoneOnly: true,
    within: "header.app-topbar",
    reach: async (page, device) => {
      await page.goto(stack.url + "/dashboard");
      const nav = page.locator("header.app-topbar").getByRole("navigation", { name: "Main (menu)" });
      await press(device, page.locator("details.slide-menu summary"));
      await nav.waitFor({ state: "visible" });
    },
  },
  {
    name: "account-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(stack.url + "/account");
      await waitForIsland(page, "AccountSettings");
      const details = page.getByRole("region", { name: "Account details" });
      await details.getByLabel("College").selectOption("ENG");
      await details.getByLabel("Expected graduation year").fill("");
      await press(device, details.getByRole("button", { name: "Update Account" }));
      await details.getByText("Select a major", { exact: true }).waitFor();
      const passwords = page.getByRole("region", { name: "Change password" });
      await press(device, passwords.getByRole("button", { name: "Change Password" }));
      await passwords.getByText("Current password is required", { exact: true }).waitFor();
    },
  },
  {
    name: "account-delete-dialog",
    within: ".dialog-backdrop",
    reach: async (page, device) => {
      await page.goto(stack.url + "/account");
      await waitForIsland(page, "AccountSettings");
      await press(device, page.getByRole("button", { name: "Delete My Account" }));
      await page.getByRole("alertdialog", { name: "Delete your account?" }).waitFor();
    },
  },
  {
    name: "review-form-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(`${stack.url}/course/${unreviewed}/review`);
      await waitForIsland(page, "ReviewForm");
      await press(device, page.getByRole("button", { name: "Submit Review" }));
      await page.getByText("Review text is required", { exact: true }).waitFor();
    },
  },
  {
    name: "course-report-open",
    within: "section.course-reviews",
    reach: async (page, device) => {
      await page.goto(`${stack.url}/course/${course}`);
      await waitForIsland(page, "CourseReviewList");
      const card = page.locator("article.review-card").filter({ hasText: "Someone else's review." });
      await press(device, card.getByRole("button", { name: "Report" }));
      await card.getByLabel("Why should this review be removed?").waitFor();
    },
  },
  {
    name: "course-error-box",
    within: "section.course-reviews",
    reach: async (page, device) => {
      await page.route(`**/api/votes/review/${othersReview}?*`, (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
      await page.goto(`${stack.url}/course/${course}`);
      await waitForIsland(page, "CourseReviewList");
      const card = page.locator("article.review-card").filter({ hasText: "Someone else's review." });
      await press(device, card.getByRole("button", { name: "Upvote" }));
      await page.getByRole("alert").filter({ hasText: "Error loading: request failed (500)" }).waitFor();
      await page.unrouteAll();
    },
  },
  {
    name: "review-load-error",
    reach: async (page) => {
      await page.goto(`${stack.url}/course/${course}/review?edit=987654321`);
      await page.getByRole("alert").filter({ hasText: "Failed to load review details" }).waitFor();
    },
  },
];

async function auditStates(states: State[], device: Device, signedIn: boolean) {
  const { context, page, problems } = await openPage(stack.browser, device.options);
  try {
    if (signedIn) await context.addCookies([{ name: "hubrate_session", value: student.token, url: stack.url }]);
    else await page.goto(stack.url + "/");
    const found: Record<string, string[]> = {};
    for (const state of states.filter((s) => device.touch || !s.phoneOnly)) {
      await state.reach(page, device);
      const list = [...await axeViolations(page, state.within), ...await unnamedControls(page)];
      if (list.length) found[state.name] = list;
      // What the screen shows at that moment (the menus are fixed over the page, so not the changed part alone).
      await page.screenshot({ path: `${SHOTS}/state-${state.name}-${device.name}-${device.options.colorScheme}.png` });
    }
    expect(found).toEqual({});
    expect(unexpected(
      problems,
      failedLoad(401, "/api/auth/login"),
      failedLoad(404, /^\/course\/987654321/),
      failedLoad(404, `/course/${course}/review`),
      failedLoad(500, `/api/votes/review/${othersReview}`),
    )).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("accessibility in Chromium, pages in use (axe on the changed part; every control named)", () => {
  for (const device of DEVICES) {
    test(`visitor states: menus, form errors, filters, no results, errors; ${device.name} (${device.options.colorScheme})`, () =>
      auditStates(visitorStates(), device, false));
    test(`signed-in states: menu, form errors, dialog, report form, error boxes; ${device.name} (${device.options.colorScheme})`, () =>
      auditStates(studentStates(), device, true));
  }
});
