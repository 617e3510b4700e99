/**
 * The error messages of docs/product.md in Chromium: each API call a browser
 * makes is made to fail with page.route (a 500 with an empty JSON body, so
 * there is no server message, or a dropped connection), and the island must
 * show the catalogue's fallback text. The server-rendered errors (an unknown
 * course, someone else's review in the edit form) need no interception.
 * Every console error a test provokes is allowed by name, and only that one.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { users } from "../../db/schema.ts";
import { hashPassword } from "../../src/services/accounts/passwords.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { expectAccessible } from "../helpers/a11y.ts";
import { serve } from "../helpers/browser.ts";
import {
  browserFile,
  confirmInDialog,
  courseId,
  DEVICES,
  failedLoad,
  press,
  type Problem,
  signIn,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";
import { createdReview } from "../helpers/reviews.ts";

const { stack, test, testOn } = browserFile();

/** Answers `method` calls to the API path matching `path` with a 500 and `{}` (no message); other calls go through. */
async function failApi(page: Page, method: string, path: RegExp): Promise<void> {
  await page.route((url) => path.test(url.pathname), (route) => {
    if (route.request().method() !== method) return route.fallback();
    return route.fulfill({ status: 500, contentType: "application/json", body: "{}" });
  });
}

/** Drops the connection of `method` calls to the API path matching `path`. */
async function dropApi(page: Page, method: string, path: RegExp): Promise<void> {
  await page.route(
    (url) => path.test(url.pathname),
    (route) => route.request().method() === method ? route.abort("failed") : route.fallback(),
  );
}

/** The console errors of a dropped call: Chromium's net::ERR_FAILED and the api wrapper's own log line. */
function dropped(path: string): (problem: Problem) => boolean {
  return (problem) =>
    (problem.text.includes("net::ERR_FAILED") && new URL(problem.url, "http://x").pathname === path) ||
    problem.text.startsWith(`[api] ${path}`);
}

async function signInNewStudent(context: BrowserContext, password?: string) {
  const student = await createStudent(stack.t, uniqueEmail("errors"), password);
  await signIn(context, student.token, stack.url);
  return student;
}

/**
 * Runs `work` while the table is renamed away, so that the pages reading it
 * fail as on a broken database; the table is back afterwards.
 */
async function withoutTable(table: string, work: () => Promise<void>): Promise<void> {
  const client = stack.t.deps.database.client;
  await client.execute(`ALTER TABLE ${table} RENAME TO ${table}_away`);
  try {
    await work();
  } finally {
    await client.execute(`ALTER TABLE ${table}_away RENAME TO ${table}`);
  }
}

/** The alert with exactly this text appears. */
async function alertSays(scope: Page | ReturnType<Page["locator"]>, text: string): Promise<void> {
  await scope.getByRole("alert").filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) })
    .waitFor();
}

// Most of the catalogue is about messages, whatever the screen: once, at desktop size.
{
  const device = DEVICES[0];
  describe(`the error catalogue in Chromium, ${device.name}: account screens`, () => {
    test.override({ device });
    test("login without a server message → 'Incorrect email or password'; the page stays on /login", async ({ page, problems }) => {
      await failApi(page, "POST", /^\/api\/auth\/login$/);
      await page.goto(stack.url + "/login");
      await waitForIsland(page, "LoginForm");
      await page.getByLabel("Email").fill("someone@example.com");
      await page.getByLabel("Password").fill("whatever-password");
      await press(device, page.getByRole("button", { name: "Log In" }));
      await alertSays(page, "Incorrect email or password");
      expect(new URL(page.url()).pathname).toBe("/login");
      await expect(page.getByRole("button", { name: "Log In" }).isEnabled()).resolves.toBe(true);
      expect(unexpected(problems, failedLoad(500, "/api/auth/login"))).toEqual([]);
    });

    test("registration → 'Registration failed. Try again.'", async ({ page, problems }) => {
      await failApi(page, "POST", /^\/api\/auth\/register$/);
      await page.goto(stack.url + "/register");
      await waitForIsland(page, "RegisterForm");
      await page.getByLabel("Email").fill(uniqueEmail("register-fails"));
      await page.getByLabel("College").selectOption("CAS");
      await page.waitForFunction(() => !document.querySelector<HTMLSelectElement>("#register-major")?.disabled);
      await page.getByLabel("Major").selectOption("Physics");
      await page.getByLabel("Expected graduation year").fill("2028");
      await page.getByLabel("Password").fill("Terrier-Hub-2031!");
      await press(device, page.getByRole("button", { name: "Register" }));
      await alertSays(page, "Registration failed. Try again.");
      expect(new URL(page.url()).pathname).toBe("/register");
      expect(unexpected(problems, failedLoad(500, "/api/auth/register"))).toEqual([]);
    });

    test("verify → 'Failed to verify, try again later'; resend → 'Failed to resend email, try again later'", async ({ context, page, problems }) => {
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
      await page.waitForFunction(
        (expected) => document.querySelector<HTMLInputElement>("#verify-email")?.value === expected,
        email,
      );
      await page.getByLabel("Verification code").fill("123456");
      await press(device, page.getByRole("button", { name: "Verify Account" }));
      await alertSays(page, "Failed to verify, try again later");
      expect(new URL(page.url()).pathname).toBe("/verify");

      const resend = page.locator("#verify-resend button");
      await press(device, resend);
      await alertSays(page.locator("#verify-resend"), "Failed to resend email, try again later");
      // No countdown after a failure: the button offers another try.
      await expect(resend.textContent()).resolves.toBe("Resend verification email");
      expect(
        unexpected(problems, failedLoad(500, "/api/auth/verify"), failedLoad(500, "/api/auth/resend-verification")),
      ).toEqual([]);
    });

    test("reset request → 'Reset failed, please try again later'; reset password → 'Reset failed, try again later'", async ({ page, problems }) => {
      const email = uniqueEmail("reset-fails");
      await failApi(page, "POST", /^\/api\/auth\/(forgot-password|reset-password)$/);
      await page.goto(stack.url + "/reset");
      await waitForIsland(page, "ResetRequestForm");
      await page.getByLabel("Email").fill(email);
      await press(device, page.getByRole("button", { name: "Send Reset Code" }));
      await alertSays(page, "Reset failed, please try again later");
      expect(new URL(page.url()).pathname).toBe("/reset");

      await page.evaluate((stored) => localStorage.setItem("resetEmail", stored), email);
      await page.goto(stack.url + "/reset-password");
      await waitForIsland(page, "ResetPasswordForm");
      await page.getByText(`Enter the reset code sent to ${email}`, { exact: true }).waitFor();
      await page.getByLabel("Reset code").fill("123456");
      await page.getByLabel("New password", { exact: true }).fill("Brand-New-Pass-77");
      await page.getByLabel("Confirm new password").fill("Brand-New-Pass-77");
      await press(device, page.getByRole("button", { name: "Reset Password" }));
      await alertSays(page, "Reset failed, try again later");
      expect(new URL(page.url()).pathname).toBe("/reset-password");
      expect(
        unexpected(problems, failedLoad(500, "/api/auth/forgot-password"), failedLoad(500, "/api/auth/reset-password")),
      ).toEqual([]);
    });

    test("contact → 'Failed to send message. Please try again.' on a 500 and on a dropped connection", async ({ page, problems }) => {
      await failApi(page, "POST", /^\/api\/auth\/contact$/);
      await page.goto(stack.url + "/contact");
      await waitForIsland(page, "ContactForm");
      await page.getByLabel("Email").fill("student@bu.edu");
      await page.getByLabel("Subject").fill("A missing course");
      await page.getByLabel("Message").fill("Please add CAS XX 999.");
      await press(device, page.getByRole("button", { name: "Send Message" }));
      await alertSays(page, "Failed to send message. Please try again.");

      await page.unrouteAll();
      await dropApi(page, "POST", /^\/api\/auth\/contact$/);
      await press(device, page.getByRole("button", { name: "Send Message" }));
      await page.getByRole("button", { name: "Send Message" }).and(page.locator(":enabled")).waitFor();
      await alertSays(page, "Failed to send message. Please try again.");
      expect(stack.smtp.messages.filter((m) => m.subject?.includes("A missing course"))).toEqual([]);
      expect(unexpected(problems, failedLoad(500, "/api/auth/contact"), dropped("/api/auth/contact"))).toEqual([]);
    });
  });

  describe(`the error catalogue in Chromium, ${device.name}: signed-in pages`, () => {
    test.override({ device });
    test("account update → 'Failed to update account'; password change → 'Incorrect current password'", async ({ context, page, problems }) => {
      const student = await signInNewStudent(context, "Current-Pass-123");
      await failApi(page, "PUT", /^\/api\/(users\/account|auth\/update-password)$/);
      await page.goto(stack.url + "/account");
      await waitForIsland(page, "AccountSettings");
      const details = page.getByRole("region", { name: "Account details" });
      await details.getByLabel("Expected graduation year").fill("2030");
      await press(device, details.getByRole("button", { name: "Update Account" }));
      await alertSays(details, "Failed to update account");

      const passwords = page.getByRole("region", { name: "Change password" });
      await passwords.getByLabel("Current password").fill(student.password);
      await passwords.getByLabel("New password", { exact: true }).fill("Another-Pass-456");
      await passwords.getByLabel("Confirm new password").fill("Another-Pass-456");
      await press(device, passwords.getByRole("button", { name: "Change Password" }));
      await alertSays(passwords, "Incorrect current password");
      expect(unexpected(problems, failedLoad(500, "/api/users/account"), failedLoad(500, "/api/auth/update-password")))
        .toEqual([]);
    });

    test("review submit → 'Failed to submit review. Please try again.'", async ({ context, page, problems }) => {
      await signInNewStudent(context);
      const id = await courseId(stack.t, "CAS WR 120");
      await failApi(page, "POST", new RegExp(`^/api/reviews/course/${id}$`));
      await page.goto(`${stack.url}/course/${id}/review`);
      await waitForIsland(page, "ReviewForm");
      await page.getByLabel("Professor Name").fill("Ada Lovelace");
      await page.getByLabel("Semester Taken").fill("Fall 2024");
      await page.getByLabel("Hours per Week").fill("5");
      await page.getByLabel("Assignment Types").fill("Essays");
      await page.getByLabel("Your Review").fill("A review the server never gets.");
      await press(device, page.getByRole("button", { name: "Submit Review" }));
      await alertSays(page, "Failed to submit review. Please try again.");
      expect(new URL(page.url()).pathname).toBe(`/course/${id}/review`);
      // What was typed is still there for another try.
      expect(await page.getByLabel("Your Review").inputValue()).toBe("A review the server never gets.");
      expect(unexpected(problems, failedLoad(500, `/api/reviews/course/${id}`))).toEqual([]);
    });

    test("a failed vote and a failed deletion show the 'Error loading: …' box", async ({ context, page, problems }) => {
      const { t, url } = stack;
      const id = await courseId(t, "CAS PH 100");
      const other = await createStudent(t, uniqueEmail("other-reviewer"));
      const theirs = await createdReview(t, other.token, id, {
        reviewText: `Someone else's review, to vote on, ${device.name}.`,
      });
      page.on("dialog", (dialog) => void dialog.accept());
      const me = await signInNewStudent(context);
      await createdReview(t, me.token, id, { reviewText: `My own review, to delete, ${device.name}.` });
      await failApi(page, "POST", new RegExp(`^/api/votes/review/${theirs.id}$`));
      await failApi(page, "DELETE", /^\/api\/reviews\/\d+$/);

      await page.goto(`${url}/course/${id}`);
      await waitForIsland(page, "CourseReviewList");
      const card = page.locator("article.review-card").filter({
        hasText: `Someone else's review, to vote on, ${device.name}.`,
      });
      const count = await card.locator(".vote-count").textContent();
      await press(device, card.getByRole("button", { name: "Upvote" }));
      await alertSays(page.locator("section.course-reviews"), "Error loading: request failed (500)");
      // The count and the vote did not change.
      await expect(card.locator(".vote-count").textContent()).resolves.toBe(count);
      expect(await card.getByRole("button", { name: "Upvote" }).getAttribute("aria-pressed")).toBe("false");

      const mine = page.locator("article.review-card").filter({ hasText: `My own review, to delete, ${device.name}.` });
      await press(device, mine.getByRole("button", { name: "Delete your review" }));
      await confirmInDialog(device, page, "Delete your review?", "Yes, delete my review");
      await alertSays(page.locator("section.course-reviews"), "Error loading: Failed to delete review");
      // Still listed: nothing was deleted.
      expect(await mine.count()).toBe(1);

      // The same deletion from My Reviews.
      await page.goto(`${url}/my-reviews`);
      await waitForIsland(page, "MyReviewList");
      await press(
        device,
        page.locator("article.review-card").filter({ hasText: `My own review, to delete, ${device.name}.` }).getByRole(
          "button",
          { name: /Delete/ },
        ),
      );
      await confirmInDialog(device, page, /^Delete your review of /, "Yes, delete my review");
      await alertSays(page, "Error loading: Failed to delete review");
      expect(
        await page.locator("article.review-card").filter({ hasText: `My own review, to delete, ${device.name}.` })
          .count(),
      ).toBe(1);

      expect(
        unexpected(
          problems,
          failedLoad(500, `/api/votes/review/${theirs.id}`),
          failedLoad(500, /^\/api\/reviews\/\d+$/),
        ),
      ).toEqual([]);
    });
  });

  describe(`the error catalogue in Chromium, ${device.name}: what else a browser can provoke`, () => {
    test.override({ device });
    test("resend with no stored email → 'No email found'", async ({ page, problems }) => {
      await page.goto(stack.url + "/verify");
      await waitForIsland(page, "VerifyForm");
      await press(device, page.getByRole("button", { name: "Resend verification email" }));
      await alertSays(page.locator("#verify-resend"), "No email found");
      // Nothing was sent, so no countdown either.
      await expect(page.locator("#verify-resend button").textContent()).resolves.toBe("Resend verification email");
      expect(unexpected(problems)).toEqual([]);
    });

    test("deleting a review that is already gone → 'Review could not be found', on the course page and on My Reviews", async ({ context, page, problems }) => {
      const { t, url } = stack;
      const id = await courseId(t, "CAS EC 101");
      page.on("dialog", (dialog) => void dialog.accept());
      const me = await signInNewStudent(context);
      const first = await createdReview(t, me.token, id, { reviewText: `Deleted elsewhere first, ${device.name}.` });
      await page.goto(`${url}/course/${id}`);
      await waitForIsland(page, "CourseReviewList");
      const card = page.locator("article.review-card").filter({ hasText: `Deleted elsewhere first, ${device.name}.` });
      // Deleted in another tab meanwhile.
      expect((await api(t, `/api/reviews/${first.id}`, { method: "DELETE", token: me.token })).status).toBe(200);
      await press(device, card.getByRole("button", { name: "Delete your review" }));
      await confirmInDialog(device, page, "Delete your review?", "Yes, delete my review");
      await page.getByRole("status").filter({ hasText: /^Review could not be found$/ }).waitFor();
      expect(await card.count()).toBe(0);

      const second = await createdReview(t, me.token, id, { reviewText: `Deleted elsewhere again, ${device.name}.` });
      await page.goto(`${url}/my-reviews`);
      await waitForIsland(page, "MyReviewList");
      expect((await api(t, `/api/reviews/${second.id}`, { method: "DELETE", token: me.token })).status).toBe(200);
      await press(device, page.getByRole("button", { name: "Delete your review of CAS EC 101" }));
      await confirmInDialog(device, page, "Delete your review of CAS EC 101?", "Yes, delete my review");
      await page.getByRole("status").filter({ hasText: /^Review could not be found$/ }).waitFor();
      await page.getByText("No reviews yet.", { exact: true }).waitFor();
      expect(unexpected(problems, failedLoad(404, /^\/api\/reviews\/\d+$/))).toEqual([]);
    });

    test("a vote after signing out in another tab: the alert says so and links to the login page, back here", async ({ context, page, problems }) => {
      const { t, url } = stack;
      const id = await courseId(t, "CAS PH 100");
      const other = await createStudent(t, uniqueEmail("voted-on"));
      await createdReview(t, other.token, id, { reviewText: `A review to vote on after signing out, ${device.name}.` });
      await signInNewStudent(context);
      await page.goto(`${url}/course/${id}`);
      await waitForIsland(page, "CourseReviewList");
      // Signed out in another tab: the session cookie is gone.
      await context.clearCookies();
      const card = page.locator("article.review-card").filter({
        hasText: `A review to vote on after signing out, ${device.name}.`,
      });
      await press(device, card.getByRole("button", { name: "Upvote" }));
      const alert = page.locator("section.course-reviews").getByRole("alert");
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toBe("Your session has ended. Log in again to vote. Log in");
      const login = alert.getByRole("link", { name: "Log in" });
      expect(new URL(await login.getAttribute("href") ?? "", url).searchParams.get("next") ?? "").toContain(
        `/course/${id}`,
      );
      await press(device, login);
      await page.waitForURL((u) => u.pathname === "/login");
      expect(unexpected(problems, failedLoad(401, /^\/api\/votes\/review\/\d+$/))).toEqual([]);
    });

    test("account deletion: a 401 shows the server's text in an alert; another failure is only logged", async ({ context, page, problems }) => {
      await signInNewStudent(context);
      await page.goto(stack.url + "/account");
      await waitForIsland(page, "AccountSettings");
      const danger = page.getByRole("region", { name: "Danger Zone" });
      const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });

      await failApi(page, "DELETE", /^\/api\/users\/delete$/);
      await press(device, danger.getByRole("button", { name: "Delete My Account" }));
      await press(device, dialog.getByRole("button", { name: "Yes, delete my account" }));
      await dialog.waitFor({ state: "detached" });
      // Back on the page, nothing said; the console has it.
      await page.waitForFunction(() => document.activeElement?.textContent === "Delete My Account");
      expect(await danger.getByRole("alert").count()).toBe(0);
      expect(problems.some((p) => p.text.startsWith("[account] delete failed 500"))).toBe(true);
      expect(new URL(page.url()).pathname).toBe("/account");

      // Signed out meanwhile (the session cookie is gone): the server's 401 text.
      await page.unrouteAll();
      await context.clearCookies();
      await press(device, danger.getByRole("button", { name: "Delete My Account" }));
      await press(device, dialog.getByRole("button", { name: "Yes, delete my account" }));
      const alert = danger.getByRole("alert");
      await alert.waitFor();
      const expected = await (await stack.t.app.request("/api/users/delete", {
        method: "DELETE",
        headers: { Origin: "http://localhost:8000" },
      })).json();
      expect(expected.message).toBeTruthy();
      await expect(alert.textContent()).resolves.toBe(expected.message);
      await expectAccessible(page, "account deletion refused", "main");
      expect(unexpected(
        problems,
        failedLoad(500, "/api/users/delete"),
        failedLoad(401, "/api/users/delete"),
        (p) => p.text.startsWith("[account] delete failed 500"),
      )).toEqual([]);
    });

    test("majors that fail to load leave the major list empty and are only logged (register and account)", async ({ context, page, problems }) => {
      await failApi(page, "GET", /^\/api\/auth\/majors$/);
      await page.goto(stack.url + "/register");
      await waitForIsland(page, "RegisterForm");
      await page.getByLabel("College").selectOption("CAS");
      await page.waitForFunction(() =>
        document.querySelector<HTMLSelectElement>("#register-major")?.options.length === 1
      );
      const major = page.getByLabel("Major");
      expect(await major.isDisabled()).toBe(true);
      expect(await major.locator("option").allTextContents()).toEqual(["Select your major"]);
      expect(await page.getByRole("alert").count()).toBe(0);

      await signInNewStudent(context);
      await page.goto(stack.url + "/account");
      await waitForIsland(page, "AccountSettings");
      const details = page.getByRole("region", { name: "Account details" });
      await details.getByLabel("College", { exact: true }).selectOption("ENG");
      await page.waitForFunction(() =>
        document.querySelector<HTMLSelectElement>("#account-major")?.options.length === 1
      );
      expect(await details.getByLabel("Major").isDisabled()).toBe(true);
      expect(await page.getByRole("alert").count()).toBe(0);
      // The list is empty at once; the failed answer is logged a moment later.
      const logged = () =>
        problems.filter((p) => p.text.startsWith("[majors] could not load the majors of")).map((p) =>
          p.text.split(" ").slice(0, 8).join(" ")
        );
      await expect.poll(logged).toEqual([
        "[majors] could not load the majors of CAS",
        "[majors] could not load the majors of ENG",
      ]);
      expect(
        unexpected(problems, failedLoad(500, "/api/auth/majors"), (p) => p.text.startsWith("[majors] could not load")),
      ).toEqual([]);
    });

    test("a failed search and a failed toggle are only logged: the results and the button stay as they were", async ({ context, page, problems }) => {
      await signInNewStudent(context);
      await page.goto(stack.url + "/search?colleges=CAS&departments=CS");
      await waitForIsland(page, "CourseSearch");
      const found = await page.locator("#search-found").textContent();
      const titles = await page.locator("article.course-card .course-title").allTextContents();

      await failApi(page, "GET", /^\/api\/courses\/search$/);
      await page.getByLabel("Course code, title, topic or professor").fill("physics");
      await page.locator("section.search-results[aria-busy=false]").waitFor();
      await page.waitForFunction(() =>
        document.querySelector("section.search-results")?.getAttribute("aria-busy") === "false"
      );
      await expect.poll(() => problems.some((p) => p.text.startsWith("[search] failed:"))).toBe(true);
      await expect(page.locator("#search-found").textContent()).resolves.toBe(found);
      expect(await page.locator("article.course-card .course-title").allTextContents()).toEqual(titles);
      expect(await page.getByRole("alert").count()).toBe(0);

      await failApi(page, "POST", /^\/api\/users\/completed-courses\/\d+$/);
      const card = page.locator("article.course-card").filter({
        has: page.getByRole("link", { name: "View Course CAS CS 111", exact: true }),
      });
      await press(device, card.getByRole("button", { name: "Mark Done" }));
      await expect.poll(() => problems.some((p) => p.text.startsWith("[lists] could not add course"))).toBe(true);
      await card.getByRole("button", { name: "Mark Done" }).and(page.locator(":enabled")).waitFor();
      expect(await card.getByRole("button", { name: "Mark Done" }).getAttribute("aria-pressed")).toBe("false");
      expect(await page.getByRole("alert").count()).toBe(0);
      expect(unexpected(
        problems,
        failedLoad(500, "/api/courses/search"),
        failedLoad(500, /^\/api\/users\/completed-courses\/\d+$/),
        (p) => p.text.startsWith("[search] failed:") || p.text.startsWith("[lists] could not add course"),
      )).toEqual([]);
    });

    test("with the server stopped: logging in → 'Incorrect email or password'; a vote → 'Error loading: …'; contact → its fallback", async ({ openPage }) => {
      const { t } = stack;
      const id = await courseId(t, "CAS PS 101");
      const other = await createStudent(t, uniqueEmail("vote-target"));
      await createdReview(t, other.token, id, {
        reviewText: `A review to vote on while the server is down, ${device.name}.`,
      });
      // A server of its own, so that stopping it leaves the others' alone.
      const server = await serve(t);
      try {
        const { context, page, problems } = await openPage(device.options);
        await page.goto(server.url + "/login");
        await waitForIsland(page, "LoginForm");
        await page.goto(server.url + "/contact");
        await waitForIsland(page, "ContactForm");
        const student = await createStudent(t, uniqueEmail("server-down"));
        await signIn(context, student.token, server.url);
        await page.goto(`${server.url}/course/${id}`);
        await waitForIsland(page, "CourseReviewList");
        const card = page.locator("article.review-card").filter({
          hasText: `A review to vote on while the server is down, ${device.name}.`,
        });

        await server.close();
        await press(device, card.getByRole("button", { name: "Upvote" }));
        await alertSays(page.locator("section.course-reviews"), "Error loading: request failed (0)");
        expect(await card.getByRole("button", { name: "Upvote" }).getAttribute("aria-pressed")).toBe("false");

        // The forms, loaded while the server ran and sent after it stopped.
        const visitor = await openPage(device.options);
        const restarted = await serve(t);
        await visitor.page.goto(restarted.url + "/login");
        await waitForIsland(visitor.page, "LoginForm");
        await restarted.close();
        await visitor.page.getByLabel("Email").fill("someone@bu.edu");
        await visitor.page.getByLabel("Password").fill("whatever-password");
        await press(device, visitor.page.getByRole("button", { name: "Log In" }));
        await alertSays(visitor.page, "Incorrect email or password");
        await visitor.page.getByRole("button", { name: "Log In" }).and(visitor.page.locator(":enabled")).waitFor();

        const again = await serve(t);
        await visitor.page.goto(again.url + "/contact");
        await waitForIsland(visitor.page, "ContactForm");
        await again.close();
        await visitor.page.getByLabel("Email").fill("student@bu.edu");
        await visitor.page.getByLabel("Subject").fill("Down");
        await visitor.page.getByLabel("Message").fill("Is the server down?");
        await press(device, visitor.page.getByRole("button", { name: "Send Message" }));
        await alertSays(visitor.page, "Failed to send message. Please try again.");
        const down = (p: Problem) => p.text.includes("net::ERR_CONNECTION_REFUSED") || p.text.startsWith("[api] ");
        expect(unexpected(problems, down)).toEqual([]);
        expect(unexpected(visitor.problems, down)).toEqual([]);
      } finally {
        await server.close().catch(() => {});
      }
    });
  });
}

// The error pages and boxes a whole page shows, checked with axe: each once, shared out between the desktop (light)
// and the phone (dark), so both screens and both schemes show the error box.
for (const device of DEVICES) {
  describe(`the error catalogue in Chromium, ${device.name}: server-rendered errors`, () => {
    test.override({ device });
    testOn(device, "phone")(
      "an unknown course → 'Course not found' with a 'Back to Search' link (status 404)",
      async ({ page, problems }) => {
        for (const path of ["/course/987654321", "/course/not-a-number"]) {
          const response = await page.goto(stack.url + path);
          expect(response?.status(), path).toBe(404);
          await expect(page.getByRole("heading", { level: 1 }).textContent(), path).resolves.toBe("Course not found");
          const back = page.getByRole("link", { name: "Back to Search" });
          expect(await back.getAttribute("href"), path).toBe("/search");
        }
        await press(device, page.getByRole("link", { name: "Back to Search" }));
        await page.waitForURL(/\/search$/);
        expect(unexpected(problems, failedLoad(404, /^\/course\//))).toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "the edit form for someone else's review → 'Failed to load review details'",
      async ({ context, page, problems }) => {
        const { t, url } = stack;
        const id = await courseId(t, "CAS CS 111");
        const other = await createStudent(t, uniqueEmail("not-mine"));
        const theirs = await createdReview(t, other.token, id, { reviewText: "Not yours to edit." });
        await signInNewStudent(context);
        for (const edit of [String(theirs.id), "999999999", "abc"]) {
          const response = await page.goto(`${url}/course/${id}/review?edit=${edit}`);
          expect(response?.status(), edit).toBe(404);
          await alertSays(page, "Failed to load review details");
          expect(await page.getByLabel("Your Review").count(), edit).toBe(0);
          expect(await page.getByText("Not yours to edit.").count(), edit).toBe(0);
        }
        expect(unexpected(problems, failedLoad(404, `/course/${id}/review`))).toEqual([]);
      },
    );
  });

  describe(`the error catalogue in Chromium, ${device.name}: pages that fail to load`, () => {
    test.override({ device });
    testOn(device, "desktop")(
      "the review form of an unknown course → 'Failed to load course details' (status 404)",
      async ({ context, page, problems }) => {
        await signInNewStudent(context);
        const response = await page.goto(`${stack.url}/course/987654321/review`);
        expect(response?.status()).toBe(404);
        await alertSays(page, "Failed to load course details");
        expect(await page.getByLabel("Your Review").count()).toBe(0);
        expect(await page.getByRole("link", { name: "Back to Search" }).getAttribute("href")).toBe("/search");
        await expectAccessible(page, "review form of an unknown course");
        expect(unexpected(problems, failedLoad(404, "/course/987654321/review"))).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "the personal pages and the course page when the database fails them → each page's own message (status 500)",
      async ({ context, page, problems }) => {
        const { t, url } = stack;
        const me = await signInNewStudent(context);
        const id = await courseId(t, "CAS CS 111");
        await createdReview(t, me.token, id, { reviewText: `Mine, so that the pages read reviews, ${device.name}.` });
        const cases: [table: string, path: string, heading: string, message: string][] = [
          ["reviews", "/dashboard", "Dashboard", "Failed to load dashboard data"],
          ["future_courses", "/hub-progress", "Hub Progress", "Error fetching hub progress"],
          [
            "future_courses",
            "/my-courses",
            "My Courses",
            "Failed to fetch your courses, try re-logging in or at a different time",
          ],
          [
            "saved_courses",
            "/saved-courses",
            "Saved Courses",
            "Failed to fetch saved courses, try re-logging in or at a different time",
          ],
          ["reviews", "/my-reviews", "My Reviews", "Error fetching your reviews, please try again later"],
          ["majors", "/account", "Account", "Failed to fetch user's account details"],
          ["reviews", `/course/${id}`, "Course details", "Failed to load course details"],
        ];
        // The server logs each failure; keep those lines out of the test output and check them instead.
        const logged: string[] = [];
        const consoleError = console.error;
        console.error = (first: unknown) => void logged.push(String(first));
        try {
          for (const [table, path, heading, message] of cases) {
            await withoutTable(table, async () => {
              const response = await page.goto(url + path);
              expect(response?.status(), path).toBe(500);
              await expect(page.getByRole("heading", { level: 1 }).textContent(), path).resolves.toBe(heading);
              await alertSays(page.locator("main"), message);
              // The message is checked where it stands, in the page's main part: the layout around it is the same one
              // a11y-pages.test.ts checks whole on every one of these pages.
              await expectAccessible(page, `${path} failing`, "main");
            });
            // And the page is back once the database is; its islands' own calls finish before the next table goes.
            expect((await page.goto(url + path))?.status(), path).toBe(200);
            await page.waitForLoadState("networkidle");
          }
        } finally {
          console.error = consoleError;
        }
        expect(logged).toEqual(cases.map(([, path]) => `[page] ${path} could not be loaded:`));
        expect(
          unexpected(
            problems,
            failedLoad(500, /^\/(dashboard|hub-progress|my-courses|saved-courses|my-reviews|account|course\/\d+)$/),
          ),
        ).toEqual([]);
      },
    );
  });
}
