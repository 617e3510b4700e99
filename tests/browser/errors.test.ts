/**
 * The error catalogue (SPEC section 8) in Chromium: each API call a browser
 * makes is made to fail with page.route (a 500 with an empty JSON body, so
 * there is no server message, or a dropped connection), and the island must
 * show the catalogue's fallback text. The server-rendered errors (an unknown
 * course, someone else's review in the edit form) need no interception.
 * Every console error a test provokes is allowed by name, and only that one.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { users } from "../../db/schema.ts";
import { hashPassword } from "../../src/services/passwords.ts";
import { createStudent } from "../helpers/accounts.ts";
import { courseId, failedLoad, openPage, type Problem, type Stack, startStack, stopStack, unexpected, uniqueEmail, waitForIsland } from "../helpers/pages.ts";
import { createdReview } from "../helpers/reviews.ts";

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stopStack(stack);
});

/** Answers `method` calls to the API path matching `path` with a 500 and `{}` (no message); other calls go through. */
async function failApi(page: Page, method: string, path: RegExp): Promise<void> {
  await page.route((url) => path.test(url.pathname), (route) => {
    if (route.request().method() !== method) return route.fallback();
    return route.fulfill({ status: 500, contentType: "application/json", body: "{}" });
  });
}

/** Drops the connection of `method` calls to the API path matching `path`. */
async function dropApi(page: Page, method: string, path: RegExp): Promise<void> {
  await page.route((url) => path.test(url.pathname), (route) => route.request().method() === method ? route.abort("failed") : route.fallback());
}

/** The console errors of a dropped call: Chromium's net::ERR_FAILED and the api wrapper's own log line. */
function dropped(path: string): (problem: Problem) => boolean {
  return (problem) =>
    (problem.text.includes("net::ERR_FAILED") && new URL(problem.url, "http://x").pathname === path) ||
    problem.text.startsWith(`[api] ${path}`);
}

async function signIn(context: BrowserContext, password?: string) {
  const student = await createStudent(stack.t, uniqueEmail("errors"), password);
  await context.addCookies([{ name: "hubrate_session", value: student.token, url: stack.url }]);
  return student;
}

/** The alert with exactly this text appears. */
async function alertSays(scope: Page | ReturnType<Page["locator"]>, text: string): Promise<void> {
  await scope.getByRole("alert").filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).waitFor();
}

describe("the error catalogue in Chromium: account screens", () => {
  test("login without a server message → 'Incorrect email or password'; the page stays on /login", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    await failApi(page, "POST", /^\/api\/auth\/login$/);
    await page.goto(stack.url + "/login");
    await waitForIsland(page, "LoginForm");
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByLabel("Password").fill("whatever-password");
    await page.getByRole("button", { name: "Log In" }).click();
    await alertSays(page, "Incorrect email or password");
    expect(new URL(page.url()).pathname).toBe("/login");
    await expect(page.getByRole("button", { name: "Log In" }).isEnabled()).resolves.toBe(true);
    expect(unexpected(problems, failedLoad(500, "/api/auth/login"))).toEqual([]);
    await context.close();
  });

  test("registration → 'Registration failed. Try again.'", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    await failApi(page, "POST", /^\/api\/auth\/register$/);
    await page.goto(stack.url + "/register");
    await waitForIsland(page, "RegisterForm");
    await page.getByLabel("Email").fill(uniqueEmail("register-fails"));
    await page.getByLabel("College").selectOption("CAS");
    await page.waitForFunction(() => !document.querySelector<HTMLSelectElement>("#register-major")?.disabled);
    await page.getByLabel("Major").selectOption("Physics");
    await page.getByLabel("Expected graduation year").fill("2028");
    await page.getByLabel("Password").fill("Terrier-Hub-2031!");
    await page.getByRole("button", { name: "Register" }).click();
    await alertSays(page, "Registration failed. Try again.");
    expect(new URL(page.url()).pathname).toBe("/register");
    expect(unexpected(problems, failedLoad(500, "/api/auth/register"))).toEqual([]);
    await context.close();
  });

  test("verify → 'Failed to verify, try again later'; resend → 'Failed to resend email, try again later'", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    const email = uniqueEmail("verify-fails");
    await stack.t.deps.database.db.insert(users).values({
      email,
      passwordHash: await hashPassword("Terrier-Hub-2031!"),
      enabled: false,
      college: "CAS",
      major: "Physics",
      expectedGrad: 2027,
    });
    await context.addInitScript((stored) => localStorage.setItem("verificationEmail", stored), email);
    await failApi(page, "POST", /^\/api\/auth\/(verify|resend-verification)$/);
    await page.goto(stack.url + "/verify");
    await waitForIsland(page, "VerifyForm");
    await page.waitForFunction((expected) => document.querySelector<HTMLInputElement>("#verify-email")?.value === expected, email);
    await page.getByLabel("Verification code").fill("123456");
    await page.getByRole("button", { name: "Verify Account" }).click();
    await alertSays(page, "Failed to verify, try again later");
    expect(new URL(page.url()).pathname).toBe("/verify");

    const resend = page.locator("#verify-resend button");
    await resend.click();
    await alertSays(page.locator("#verify-resend"), "Failed to resend email, try again later");
    // No countdown after a failure: the button offers another try.
    await expect(resend.textContent()).resolves.toBe("Resend verification email");
    expect(unexpected(problems, failedLoad(500, "/api/auth/verify"), failedLoad(500, "/api/auth/resend-verification"))).toEqual([]);
    await context.close();
  });

  test("reset request → 'Reset failed, please try again later'; reset password → 'Reset failed, try again later'", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    const email = uniqueEmail("reset-fails");
    await failApi(page, "POST", /^\/api\/auth\/(forgot-password|reset-password)$/);
    await page.goto(stack.url + "/reset");
    await waitForIsland(page, "ResetRequestForm");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Code" }).click();
    await alertSays(page, "Reset failed, please try again later");
    expect(new URL(page.url()).pathname).toBe("/reset");

    await page.evaluate((stored) => localStorage.setItem("resetEmail", stored), email);
    await page.goto(stack.url + "/reset-password");
    await waitForIsland(page, "ResetPasswordForm");
    await page.getByText(`Enter the reset code sent to ${email}`, { exact: true }).waitFor();
    await page.getByLabel("Reset code").fill("123456");
    await page.getByLabel("New password", { exact: true }).fill("Brand-New-Pass-77");
    await page.getByLabel("Confirm new password").fill("Brand-New-Pass-77");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await alertSays(page, "Reset failed, try again later");
    expect(new URL(page.url()).pathname).toBe("/reset-password");
    expect(unexpected(problems, failedLoad(500, "/api/auth/forgot-password"), failedLoad(500, "/api/auth/reset-password"))).toEqual([]);
    await context.close();
  });

  test("contact → 'Failed to send message. Please try again.' on a 500 and on a dropped connection", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    await failApi(page, "POST", /^\/api\/auth\/contact$/);
    await page.goto(stack.url + "/contact");
    await waitForIsland(page, "ContactForm");
    await page.getByLabel("Email").fill("student@bu.edu");
    await page.getByLabel("Subject").fill("A missing course");
    await page.getByLabel("Message").fill("Please add CAS XX 999.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await alertSays(page, "Failed to send message. Please try again.");

    await page.unrouteAll();
    await dropApi(page, "POST", /^\/api\/auth\/contact$/);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("button", { name: "Send Message" }).and(page.locator(":enabled")).waitFor();
    await alertSays(page, "Failed to send message. Please try again.");
    expect(stack.smtp.messages.filter((m) => m.subject?.includes("A missing course"))).toEqual([]);
    expect(unexpected(problems, failedLoad(500, "/api/auth/contact"), dropped("/api/auth/contact"))).toEqual([]);
    await context.close();
  });
});

describe("the error catalogue in Chromium: signed-in pages", () => {
  test("account update → 'Failed to update account'; password change → 'Incorrect current password'", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    const student = await signIn(context, "Current-Pass-123");
    await failApi(page, "PUT", /^\/api\/(users\/account|auth\/update-password)$/);
    await page.goto(stack.url + "/account");
    await waitForIsland(page, "AccountSettings");
    const details = page.getByRole("region", { name: "Account details" });
    await details.getByLabel("Expected graduation year").fill("2030");
    await details.getByRole("button", { name: "Update Account" }).click();
    await alertSays(details, "Failed to update account");

    const passwords = page.getByRole("region", { name: "Change password" });
    await passwords.getByLabel("Current password").fill(student.password);
    await passwords.getByLabel("New password", { exact: true }).fill("Another-Pass-456");
    await passwords.getByLabel("Confirm new password").fill("Another-Pass-456");
    await passwords.getByRole("button", { name: "Change Password" }).click();
    await alertSays(passwords, "Incorrect current password");
    expect(unexpected(problems, failedLoad(500, "/api/users/account"), failedLoad(500, "/api/auth/update-password"))).toEqual([]);
    await context.close();
  });

  test("review submit → 'Failed to submit review. Please try again.'", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    await signIn(context);
    const id = await courseId(stack.t, "CAS WR 120");
    await failApi(page, "POST", new RegExp(`^/api/reviews/course/${id}$`));
    await page.goto(`${stack.url}/course/${id}/review`);
    await waitForIsland(page, "ReviewForm");
    await page.getByLabel("Professor Name").fill("Ada Lovelace");
    await page.getByLabel("Semester Taken").fill("Fall 2024");
    await page.getByLabel("Hours per Week").fill("5");
    await page.getByLabel("Assignment Types").fill("Essays");
    await page.getByLabel("Your Review").fill("A review the server never gets.");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await alertSays(page, "Failed to submit review. Please try again.");
    expect(new URL(page.url()).pathname).toBe(`/course/${id}/review`);
    // What was typed is still there for another try.
    expect(await page.getByLabel("Your Review").inputValue()).toBe("A review the server never gets.");
    expect(unexpected(problems, failedLoad(500, `/api/reviews/course/${id}`))).toEqual([]);
    await context.close();
  });

  test("a failed vote and a failed deletion show the 'Error loading: …' box", async () => {
    const { t, url } = stack;
    const id = await courseId(t, "CAS PH 100");
    const other = await createStudent(t, uniqueEmail("other-reviewer"));
    const theirs = await createdReview(t, other.token, id, { reviewText: "Someone else's review, to vote on." });
    const { context, page, problems } = await openPage(stack.browser);
    page.on("dialog", (dialog) => void dialog.accept());
    const me = await signIn(context);
    await createdReview(t, me.token, id, { reviewText: "My own review, to delete." });
    await failApi(page, "POST", new RegExp(`^/api/votes/review/${theirs.id}$`));
    await failApi(page, "DELETE", /^\/api\/reviews\/\d+$/);

    await page.goto(`${url}/course/${id}`);
    await waitForIsland(page, "CourseReviews");
    const card = page.locator("article.review-card").filter({ hasText: "Someone else's review, to vote on." });
    const count = await card.locator(".vote-count").textContent();
    await card.getByRole("button", { name: "Upvote" }).click();
    await alertSays(page.locator("section.course-reviews"), "Error loading: request failed (500)");
    // The count and the vote did not change.
    await expect(card.locator(".vote-count").textContent()).resolves.toBe(count);
    expect(await card.getByRole("button", { name: "Upvote" }).getAttribute("aria-pressed")).toBe("false");

    const mine = page.locator("article.review-card").filter({ hasText: "My own review, to delete." });
    await mine.getByRole("button", { name: "Delete your review" }).click();
    await alertSays(page.locator("section.course-reviews"), "Error loading: Failed to delete review");
    // Still listed: nothing was deleted.
    expect(await mine.count()).toBe(1);

    // The same deletion from My Reviews.
    await page.goto(`${url}/my-reviews`);
    await waitForIsland(page, "MyReviews");
    await page.locator("article.review-card").filter({ hasText: "My own review, to delete." }).getByRole("button", { name: /Delete/ }).click();
    await alertSays(page, "Error loading: Failed to delete review");
    expect(await page.locator("article.review-card").filter({ hasText: "My own review, to delete." }).count()).toBe(1);

    expect(unexpected(problems, failedLoad(500, `/api/votes/review/${theirs.id}`), failedLoad(500, /^\/api\/reviews\/\d+$/))).toEqual([]);
    await context.close();
  });
});

describe("the error catalogue in Chromium: server-rendered errors", () => {
  test("an unknown course → 'Course not found' with a 'Back to Search' link (status 404)", async () => {
    const { context, page, problems } = await openPage(stack.browser);
    for (const path of ["/course/987654321", "/course/not-a-number"]) {
      const response = await page.goto(stack.url + path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 }).textContent(), path).resolves.toBe("Course not found");
      const back = page.getByRole("link", { name: "Back to Search" });
      expect(await back.getAttribute("href"), path).toBe("/search");
    }
    await page.getByRole("link", { name: "Back to Search" }).click();
    await page.waitForURL(/\/search$/);
    expect(unexpected(problems, failedLoad(404, /^\/course\//))).toEqual([]);
    await context.close();
  });

  test("the edit form for someone else's review → 'Failed to load review details'", async () => {
    const { t, url } = stack;
    const id = await courseId(t, "CAS CS 111");
    const other = await createStudent(t, uniqueEmail("not-mine"));
    const theirs = await createdReview(t, other.token, id, { reviewText: "Not yours to edit." });
    const { context, page, problems } = await openPage(stack.browser);
    await signIn(context);
    for (const edit of [String(theirs.id), "999999999", "abc"]) {
      const response = await page.goto(`${url}/course/${id}/review?edit=${edit}`);
      expect(response?.status(), edit).toBe(404);
      await alertSays(page, "Failed to load review details");
      expect(await page.getByLabel("Your Review").count(), edit).toBe(0);
      expect(await page.getByText("Not yours to edit.").count(), edit).toBe(0);
    }
    expect(unexpected(problems, failedLoad(404, `/course/${id}/review`))).toEqual([]);
    await context.close();
  });
});
