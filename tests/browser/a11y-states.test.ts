/**
 * Accessibility in Chromium, pages in use: the states a page only reaches when
 * someone works it (the phone menus open, each form showing its validation
 * messages, the account deletion dialog, the report form, the search filters
 * open, the no-results message, the error boxes), at desktop size in light
 * mode and at phone size in dark mode, checked on the part of the page that
 * changed. The empty states and the server-rendered errors are checked where
 * their tests reach them (empty-states.test.ts, errors.test.ts).
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { axeViolations, unnamedControls } from "../helpers/a11y.ts";
import { a11ySite } from "../helpers/a11y-site.ts";
import {
  type Device,
  DEVICES,
  failedLoad,
  type OpenPage,
  press,
  screenshot,
  signIn,
  unexpected,
  waitForIsland,
} from "../helpers/pages.ts";

const { site, test } = a11ySite();

/** A state reached by working a page, and the part of the page it changed (the whole page when not given). */
type State = {
  name: string;
  phoneOnly?: boolean;
  within?: string;
  reach: (page: Page, device: Device) => Promise<unknown>;
};

const visitorStates = (): State[] => [
  {
    name: "public-menu-open",
    phoneOnly: true,
    within: "header.topbar",
    reach: async (page, device) => {
      await page.goto(site.stack.url + "/");
      await press(device, page.locator("details.topbar-menu summary"));
      await page.locator("details.topbar-menu").getByRole("navigation", { name: "Main (menu)" }).waitFor({
        state: "visible",
      });
    },
  },
  {
    name: "login-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(site.stack.url + "/login");
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
      await page.goto(site.stack.url + "/register");
      await waitForIsland(page, "RegisterForm");
      await press(device, page.getByRole("button", { name: "Register" }));
      await page.getByText("Select a major, can be undecided", { exact: true }).waitFor();
    },
  },
  {
    name: "verify-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(site.stack.url + "/verify");
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
      await page.goto(site.stack.url + "/reset");
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
      await page.goto(site.stack.url + "/reset-password");
      await waitForIsland(page, "ResetPasswordForm");
      await press(device, page.getByRole("button", { name: "Reset Password" }));
      await page.getByText("Reset code must be exactly 6 characters", { exact: true }).waitFor();
    },
  },
  {
    name: "contact-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(site.stack.url + "/contact");
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
      await page.goto(site.stack.url + "/search");
      await waitForIsland(page, "CourseSearch");
      // On a phone the filters open as a sheet from their button.
      if (device.touch) await press(device, page.locator("details.filter-sheet > summary"));
      await press(device, page.locator("#search-colleges > summary"));
      await press(
        device,
        page.locator("#search-colleges").getByRole("checkbox", { name: "College of Arts & Sciences (CAS)" }),
      );
      await press(device, page.locator("#search-departments > summary"));
      await press(device, page.locator("#search-departments").getByRole("checkbox", { name: "Computer Science (CS)" }));
      await press(device, page.locator("#search-hubs > summary"));
      await press(
        device,
        page.locator("#search-hubs").getByRole("checkbox", { name: "QR2: Quantitative Reasoning II" }),
      );
      await page.getByLabel("Minimum Course Number").fill("100");
      await page.getByLabel("Prerequisites Required").selectOption("true");
      await page.getByLabel("Sort by").selectOption("byRating");
      await expect(page.locator("#search-hubs-value").textContent()).resolves.toBe("QR2");
    },
  },
  {
    name: "search-no-results",
    within: "section.search-results",
    reach: async (page) => {
      await page.goto(site.stack.url + "/search");
      await waitForIsland(page, "CourseSearch");
      await page.getByLabel("Course code, title, topic or professor").fill("zzqxv nothing like this");
      await page.getByText("No courses found. Try adjusting the filter parameters.", { exact: true }).waitFor();
    },
  },
  {
    name: "course-not-found",
    reach: async (page) => {
      await page.goto(site.stack.url + "/course/987654321");
      await page.getByRole("heading", { level: 1, name: "Course not found" }).waitFor();
    },
  },
  {
    name: "course-teacher-chosen",
    within: "main",
    reach: async (page) => {
      await page.goto(`${site.stack.url}/course/${site.course}`);
      await waitForIsland(page, "CourseReviewList");
      await page.getByLabel("Teacher", { exact: true }).selectOption("Ada Report");
      await page.getByRole("status").filter({ hasText: /^Professor Ada Report has an average rating of/ }).waitFor();
      // The ratings section's tables and charts are checked too.
      await page.locator("#ratings-heading").scrollIntoViewIfNeeded();
    },
  },
];

const studentStates = (): State[] => [
  {
    name: "signed-in-menu-open",
    phoneOnly: true,
    within: "header.app-topbar",
    reach: async (page, device) => {
      await page.goto(site.stack.url + "/dashboard");
      const nav = page.locator("header.app-topbar").getByRole("navigation", { name: "Main (menu)" });
      await press(device, page.locator("details.slide-menu summary"));
      await nav.waitFor({ state: "visible" });
    },
  },
  {
    name: "account-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(site.stack.url + "/account");
      await waitForIsland(page, "AccountSettings");
      const details = page.getByRole("region", { name: "Account details" });
      await details.getByLabel("College", { exact: true }).selectOption("ENG");
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
      await page.goto(site.stack.url + "/account");
      await waitForIsland(page, "AccountSettings");
      await press(device, page.getByRole("button", { name: "Delete My Account" }));
      await page.getByRole("alertdialog", { name: "Delete your account?" }).waitFor();
    },
  },
  {
    name: "review-form-errors",
    within: "main",
    reach: async (page, device) => {
      await page.goto(`${site.stack.url}/course/${site.unreviewed}/review`);
      await waitForIsland(page, "ReviewForm");
      await press(device, page.getByRole("button", { name: "Submit Review" }));
      await page.getByText("Review text is required", { exact: true }).waitFor();
    },
  },
  {
    name: "course-report-open",
    within: "section.course-reviews",
    reach: async (page, device) => {
      await page.goto(`${site.stack.url}/course/${site.course}`);
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
      await page.route(
        `**/api/votes/review/${site.othersReview}?*`,
        (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
      );
      await page.goto(`${site.stack.url}/course/${site.course}`);
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
      await page.goto(`${site.stack.url}/course/${site.course}/review?edit=987654321`);
      await page.getByRole("alert").filter({ hasText: "Failed to load review details" }).waitFor();
    },
  },
];

async function auditStates(openPage: OpenPage, states: State[], device: Device, signedIn: boolean) {
  const { context, page, problems } = await openPage(device.options);
  if (signedIn) {
    await signIn(context, site.student.token, site.stack.url);
  } else await page.goto(site.stack.url + "/");
  const found: Record<string, string[]> = {};
  for (const state of states.filter((s) => device.touch || !s.phoneOnly)) {
    await state.reach(page, device);
    const list = [...await axeViolations(page, state.within), ...await unnamedControls(page)];
    if (list.length) found[state.name] = list;
    // What the screen shows at that moment (the menus are fixed over the page, so not the changed part alone).
    await screenshot(page, `state-${state.name}-${device.name}-${device.options.colorScheme}`);
  }
  expect(found).toEqual({});
  expect(unexpected(
    problems,
    failedLoad(401, "/api/auth/login"),
    failedLoad(404, /^\/course\/987654321/),
    failedLoad(404, `/course/${site.course}/review`),
    failedLoad(500, `/api/votes/review/${site.othersReview}`),
  )).toEqual([]);
}

describe("accessibility in Chromium, pages in use (axe on the changed part; every control named)", () => {
  for (const device of DEVICES) {
    test(`visitor states: menus, form errors, filters, no results, errors; ${device.name} (${device.options.colorScheme})`, ({ openPage }) =>
      auditStates(openPage, visitorStates(), device, false));
    test(`signed-in states: menu, form errors, dialog, report form, error boxes; ${device.name} (${device.options.colorScheme})`, ({ openPage }) =>
      auditStates(openPage, studentStates(), device, true));
  }
});
