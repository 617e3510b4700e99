/**
 * Every form in Chromium: each validation message of docs/product.md under
 * its field (tied to it with aria-describedby, the field marked aria-invalid,
 * the first invalid field focused), and each in-flight button text while its
 * call runs (the call is held at the network until the test has looked, then
 * let through). A form's rules and texts are the same on every screen, so each
 * form runs once: half at desktop size with a mouse (light), half at phone
 * size with taps (dark). Every form's error state is also checked with axe at
 * both sizes in a11y-states.test.ts.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { users } from "../../db/schema.ts";
import { hashPassword } from "../../src/services/accounts/passwords.ts";
import { createStudent } from "../helpers/accounts.ts";
import {
  browserFile,
  confirmInDialog,
  courseId,
  DEVICES,
  failedLoad,
  holdApi,
  press,
  signIn,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";
import { createdReview } from "../helpers/reviews.ts";

const { stack, test, testOn } = browserFile();

const PASSWORD = "Terrier-Forms-2031!";

/**
 * What each labelled field says: its message when it is marked invalid, null
 * when it is neither marked nor described by a message, and a note when the
 * two disagree.
 */
async function messages(scope: Page | Locator, labels: string[]): Promise<Record<string, string | null>> {
  const found: Record<string, string | null> = {};
  for (const label of labels) {
    found[label] = await scope.getByLabel(label, { exact: true }).evaluate((field) => {
      const invalid = field.getAttribute("aria-invalid") === "true";
      const ids = (field.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((id) => id.endsWith("-message"));
      const message = ids.length ? document.getElementById(ids[0])?.textContent ?? "" : null;
      if (invalid && message) return message;
      if (!invalid && message === null) return null;
      return invalid ? "(marked invalid, no message)" : `(not marked invalid: ${message})`;
    });
  }
  return found;
}

/** Waits until the fields say exactly this. */
async function expectMessages(scope: Page | Locator, expected: Record<string, string | null>): Promise<void> {
  await expect.poll(() => messages(scope, Object.keys(expected)), { timeout: 5000 }).toEqual(expected);
}

/** The id of the focused element. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

const LONG_PASSWORD = "p".repeat(101);

for (const device of DEVICES) {
  describe(`forms in Chromium, ${device.name}`, () => {
    test.override({ device });
    testOn(device, "desktop")(
      "login: fields only marked invalid (no text), focus on the first; 'Logging In' while signing in",
      async ({ page, problems }) => {
        const { t, url } = stack;
        const student = await createStudent(t, uniqueEmail("login-form"), PASSWORD);
        await page.goto(url + "/login");
        await waitForIsland(page, "LoginForm");
        expect(await page.getByRole("link", { name: "Reset here" }).getAttribute("href")).toBe("/reset");
        expect(await page.getByRole("link", { name: "Sign up here" }).getAttribute("href")).toBe("/register");
        const logInButton = page.getByRole("button", { name: "Log In" });

        await press(device, logInButton);
        await expectMessages(page, { Email: "(marked invalid, no message)", Password: "(marked invalid, no message)" });
        expect(await page.locator(".field-error").count()).toBe(0);
        expect(await focusedId(page)).toBe("login-email");

        // A valid email: only the password (6 to 100 characters) stays marked.
        await page.getByLabel("Email").fill(student.user.email);
        await expectMessages(page, { Email: null, Password: "(marked invalid, no message)" });
        await page.getByLabel("Password").fill("12345");
        await press(device, logInButton);
        await expectMessages(page, { Email: null, Password: "(marked invalid, no message)" });
        expect(await focusedId(page)).toBe("login-password");
        await page.getByLabel("Password").fill(LONG_PASSWORD);
        await press(device, logInButton);
        await expectMessages(page, { Email: null, Password: "(marked invalid, no message)" });
        await page.getByLabel("Email").fill("not-an-email");
        await page.getByLabel("Password").fill(PASSWORD);
        await press(device, logInButton);
        await expectMessages(page, { Email: "(marked invalid, no message)", Password: null });

        await page.getByLabel("Email").fill(student.user.email);
        const hold = await holdApi(page, "POST", /^\/api\/auth\/login$/);
        await press(device, logInButton);
        await hold.arrived;
        const busy = page.getByRole("button", { name: "Logging In" });
        expect(await busy.isDisabled()).toBe(true);
        expect(await busy.getAttribute("aria-busy")).toBe("true");
        hold.release();
        await page.waitForURL(/\/dashboard$/);
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "register: every message of docs/product.md, the personal-email notice, 'Registering...' while signing up",
      async ({ page, problems }) => {
        const { url } = stack;
        await page.goto(url + "/register");
        await waitForIsland(page, "RegisterForm");
        await page.getByRole("note").filter({ hasText: "personal email address" }).waitFor();
        expect(await page.getByRole("link", { name: "Log in here" }).getAttribute("href")).toBe("/login");
        const register = page.getByRole("button", { name: "Register" });
        const labels = ["Email", "College", "Major", "Expected graduation year", "Password"];

        await press(device, register);
        await expectMessages(page, {
          Email: "Invalid email address",
          College: "Select a college",
          Major: "Select a major, can be undecided",
          "Expected graduation year": "Expected graduation year is required",
          Password: "Password must be at least 6 characters",
        });
        expect(await focusedId(page)).toBe("register-email");

        // Typing into a field clears its message.
        await page.getByLabel("Email").fill("newcomer@");
        await expectMessages(page, { Email: null });
        await page.getByLabel("College").selectOption("CAS");
        await page.waitForFunction(() => !document.querySelector<HTMLSelectElement>("#register-major")?.disabled);
        await page.getByLabel("Expected graduation year").fill("2024");
        await page.getByLabel("Password").fill(LONG_PASSWORD);
        await press(device, register);
        await expectMessages(page, {
          Email: "Invalid email address",
          College: null,
          Major: "Select a major, can be undecided",
          "Expected graduation year": "Cannot be less than 2025",
          Password: "Password is too long",
        });

        const email = uniqueEmail("register-form");
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Major").selectOption("Undecided");
        await page.getByLabel("Expected graduation year").fill("2033");
        await page.getByLabel("Password").fill("12345");
        await press(device, register);
        await expectMessages(page, {
          Email: null,
          College: null,
          Major: null,
          "Expected graduation year": "Expected graduation cannot be after 7+ years",
          Password: "Password must be at least 6 characters",
        });
        expect(await focusedId(page)).toBe("register-expectedGrad");

        await page.getByLabel("Expected graduation year").fill("2032");
        await page.getByLabel("Password").fill(PASSWORD);
        const hold = await holdApi(page, "POST", /^\/api\/auth\/register$/);
        await press(device, register);
        await hold.arrived;
        await expectMessages(page, Object.fromEntries(labels.map((label) => [label, null])));
        expect(await page.getByRole("button", { name: "Registering..." }).isDisabled()).toBe(true);
        hold.release();
        await page.waitForURL(/\/verify$/);
        await stack.smtp.next(email);
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "verify: 'Enter the 6-digit code', an empty email, 'Verifying...' and the resend's 'Sending...' then its countdown",
      async ({ page, problems }) => {
        const { url, t } = stack;
        // Without a stored email the read-only email is empty and refused.
        await page.goto(url + "/verify");
        await waitForIsland(page, "VerifyForm");
        await page.getByLabel("Verification code").fill("12345");
        await press(device, page.getByRole("button", { name: "Verify Account" }));
        await expectMessages(page, { Email: "Invalid email address", "Verification code": "Enter the 6-digit code" });

        const email = uniqueEmail("verify-form");
        await t.deps.database.db.insert(users).values({
          email,
          passwordHash: await hashPassword(PASSWORD),
          enabled: false,
          college: "CAS",
          major: "Physics",
          expectedGrad: 2027,
        });
        await page.evaluate((stored) => localStorage.setItem("verificationEmail", stored), email);
        await page.reload();
        await waitForIsland(page, "VerifyForm");
        await page.waitForFunction(
          (expected) => document.querySelector<HTMLInputElement>("#verify-email")?.value === expected,
          email,
        );
        await page.getByLabel("Verification code").fill("1234567");
        await press(device, page.getByRole("button", { name: "Verify Account" }));
        await expectMessages(page, { Email: null, "Verification code": "Enter the 6-digit code" });

        // A wrong code of the right length goes to the server: 'Verifying...' meanwhile, then the server's message.
        await page.getByLabel("Verification code").fill("000000");
        const verifying = await holdApi(page, "POST", /^\/api\/auth\/verify$/);
        await press(device, page.getByRole("button", { name: "Verify Account" }));
        await verifying.arrived;
        expect(await page.getByRole("button", { name: "Verifying..." }).isDisabled()).toBe(true);
        verifying.release();
        await page.locator("form").getByRole("alert").waitFor();
        await page.getByRole("button", { name: "Verify Account" }).waitFor();

        const sending = await holdApi(page, "POST", /^\/api\/auth\/resend-verification$/);
        await press(device, page.getByRole("button", { name: "Resend verification email" }));
        await sending.arrived;
        expect(await page.getByRole("button", { name: "Sending..." }).isDisabled()).toBe(true);
        sending.release();
        await page.getByRole("button", { name: /^Resend verification email \((60|59)s\)$/ }).waitFor();
        await stack.smtp.next(email);
        expect(unexpected(problems, failedLoad(400, "/api/auth/verify"))).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "reset request: 'Invalid email address'; 'Sending...' while the code is sent",
      async ({ page, problems }) => {
        const { url, t } = stack;
        const student = await createStudent(t, uniqueEmail("reset-form"), PASSWORD);
        await page.goto(url + "/reset");
        await waitForIsland(page, "ResetRequestForm");
        await press(device, page.getByRole("button", { name: "Send Reset Code" }));
        await expectMessages(page, { Email: "Invalid email address" });
        expect(await focusedId(page)).toBe("reset-email");
        await page.getByLabel("Email").fill("someone@");
        await press(device, page.getByRole("button", { name: "Send Reset Code" }));
        await expectMessages(page, { Email: "Invalid email address" });

        await page.getByLabel("Email").fill(student.user.email);
        const hold = await holdApi(page, "POST", /^\/api\/auth\/forgot-password$/);
        await press(device, page.getByRole("button", { name: "Send Reset Code" }));
        await hold.arrived;
        expect(await page.getByRole("button", { name: "Sending..." }).isDisabled()).toBe(true);
        hold.release();
        await page.waitForURL(/\/reset-password$/);
        await stack.smtp.next(student.user.email);
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "reset password: the code, password and confirmation messages; 'Resetting...' while it is sent",
      async ({ context, page, problems }) => {
        const { url } = stack;
        await context.addInitScript(() => localStorage.setItem("resetEmail", "nobody-here@bu.edu"));
        await page.goto(url + "/reset-password");
        await waitForIsland(page, "ResetPasswordForm");
        await page.getByText("Enter the reset code sent to nobody-here@bu.edu", { exact: true }).waitFor();
        const submit = page.getByRole("button", { name: "Reset Password" });
        await press(device, submit);
        await expectMessages(page, {
          "Reset code": "Reset code must be exactly 6 characters",
          "New password": "Password must be at least 6 characters",
          "Confirm new password": "Please confirm your password",
        });
        expect(await focusedId(page)).toBe("reset-password-verificationCode");

        await page.getByLabel("Reset code").fill("1234567");
        await page.getByLabel("New password", { exact: true }).fill("Brand-New-Pass-77");
        await page.getByLabel("Confirm new password").fill("Brand-New-Pass-78");
        await press(device, submit);
        await expectMessages(page, {
          "Reset code": "Reset code must be exactly 6 characters",
          "New password": null,
          "Confirm new password": "Passwords don't match",
        });

        await page.getByLabel("Reset code").fill("123456");
        await page.getByLabel("Confirm new password").fill("Brand-New-Pass-77");
        const hold = await holdApi(page, "POST", /^\/api\/auth\/reset-password$/);
        await press(device, submit);
        await hold.arrived;
        expect(await page.getByRole("button", { name: "Resetting..." }).isDisabled()).toBe(true);
        hold.release();
        // No such code for that email: the server's message, and the button is back.
        await page.getByRole("alert").waitFor();
        await submit.waitFor();
        expect(unexpected(problems, failedLoad(400, "/api/auth/reset-password"))).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "contact: the email, subject and message rules; 'Sending...' while it is sent",
      async ({ page, problems }) => {
        const { url } = stack;
        await page.goto(url + "/contact");
        await waitForIsland(page, "ContactForm");
        const send = page.getByRole("button", { name: "Send Message" });
        await page.getByLabel("Email").fill("");
        await press(device, send);
        await expectMessages(page, {
          Email: "Please enter a valid email address",
          Subject: "Subject is required",
          Message: "Message is required",
        });
        expect(await focusedId(page)).toBe("contact-email");

        await page.getByLabel("Email").fill("student@bu.edu");
        await page.getByLabel("Subject").fill("s".repeat(201));
        await page.getByLabel("Message").fill("m".repeat(3001));
        await press(device, send);
        await expectMessages(page, {
          Email: null,
          Subject: "Subject must be less than 200 characters",
          Message: "Message must be less than 3000 characters",
        });
        // The limits themselves pass.
        await page.getByLabel("Subject").fill("s".repeat(200));
        await page.getByLabel("Message").fill("m".repeat(3000));
        const hold = await holdApi(page, "POST", /^\/api\/auth\/contact$/);
        await press(device, send);
        await hold.arrived;
        await expectMessages(page, { Email: null, Subject: null, Message: null });
        expect(await page.getByRole("button", { name: "Sending..." }).isDisabled()).toBe(true);
        hold.release();
        await page.getByRole("status").filter({ hasText: "Thanks for reaching out!" }).waitFor();
        await stack.smtp.next();
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "account: the details and password rules; 'Updating...', 'Changing...' and a dialog that waits for the deletion",
      async ({ context, page, problems }) => {
        const { url, t } = stack;
        const student = await createStudent(t, uniqueEmail("account-form"), PASSWORD);
        await signIn(context, student.token, url);
        await page.goto(url + "/account");
        await waitForIsland(page, "AccountSettings");
        const details = page.getByRole("region", { name: "Account details" });
        const update = details.getByRole("button", { name: "Update Account" });

        await details.getByLabel("College", { exact: true }).selectOption("");
        await details.getByLabel("Expected graduation year").fill("");
        await press(device, update);
        await expectMessages(details, {
          College: "Select a college",
          Major: "Select a major",
          "Expected graduation year": "Expected graduation year is required",
        });
        expect(await focusedId(page)).toBe("account-college");
        await details.getByLabel("College", { exact: true }).selectOption("CAS");
        await page.waitForFunction(() => !document.querySelector<HTMLSelectElement>("#account-major")?.disabled);
        await details.getByLabel("Major").selectOption("Physics");
        await details.getByLabel("Expected graduation year").fill("2024");
        await press(device, update);
        await expectMessages(details, {
          College: null,
          Major: null,
          "Expected graduation year": "Cannot be less than 2025",
        });
        // The account allows 2035, three years past the registration's limit, and no further.
        await details.getByLabel("Expected graduation year").fill("2036");
        await press(device, update);
        await expectMessages(details, { "Expected graduation year": "Expected graduation cannot be after 2035" });
        await details.getByLabel("Expected graduation year").fill("2035");
        const updating = await holdApi(page, "PUT", /^\/api\/users\/account$/);
        await press(device, update);
        await updating.arrived;
        expect(await details.getByRole("button", { name: "Updating..." }).isDisabled()).toBe(true);
        updating.release();
        await details.getByRole("status").waitFor();
        await expectMessages(details, { College: null, Major: null, "Expected graduation year": null });

        const passwords = page.getByRole("region", { name: "Change password" });
        const change = passwords.getByRole("button", { name: "Change Password" });
        await press(device, change);
        await expectMessages(passwords, {
          "Current password": "Current password is required",
          "New password": "Password must be at least 6 characters",
          "Confirm new password": "Please confirm your new password",
        });
        expect(await focusedId(page)).toBe("account-oldPassword");
        await passwords.getByLabel("Current password").fill(PASSWORD);
        await passwords.getByLabel("New password", { exact: true }).fill("Another-Pass-456");
        await passwords.getByLabel("Confirm new password").fill("Another-Pass-457");
        await press(device, change);
        await expectMessages(passwords, {
          "Current password": null,
          "New password": null,
          "Confirm new password": "Passwords don't match",
        });
        await passwords.getByLabel("Confirm new password").fill("Another-Pass-456");
        const changing = await holdApi(page, "PUT", /^\/api\/auth\/update-password$/);
        await press(device, change);
        await changing.arrived;
        expect(await passwords.getByRole("button", { name: "Changing..." }).isDisabled()).toBe(true);
        changing.release();
        await passwords.getByRole("status").filter({ hasText: "Password updated successfully!" }).waitFor();

        // While the deletion runs, neither dialog button can be pressed again.
        await press(device, page.getByRole("button", { name: "Delete My Account" }));
        const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
        const deleting = await holdApi(page, "DELETE", /^\/api\/users\/delete$/);
        await press(device, dialog.getByRole("button", { name: "Yes, delete my account" }));
        await deleting.arrived;
        expect(await dialog.getByRole("button", { name: "Yes, delete my account" }).isDisabled()).toBe(true);
        expect(await dialog.getByRole("button", { name: "Yes, delete my account" }).getAttribute("aria-busy")).toBe(
          "true",
        );
        expect(await dialog.getByRole("button", { name: "Cancel" }).isDisabled()).toBe(true);
        deleting.release();
        await page.waitForURL(url + "/");
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "review form: every field's rule and the live character count",
      async ({ context, page, problems }) => {
        const { url, t } = stack;
        const student = await createStudent(t, uniqueEmail("review-form"), PASSWORD);
        const id = await courseId(t, "CAS WR 150");
        await signIn(context, student.token, url);
        await page.goto(`${url}/course/${id}/review`);
        await waitForIsland(page, "ReviewForm");
        const submit = page.getByRole("button", { name: "Submit Review" });
        expect(await page.getByLabel("Semester Taken").getAttribute("placeholder")).toBe("e.g. Fall 2024");
        expect(await page.getByLabel("Hours per Week").getAttribute("placeholder")).toBe("0-40");
        expect(await page.getByLabel("Your Review").getAttribute("rows")).toBe("6");
        expect(await page.getByLabel("Attendance Required").isChecked()).toBe(false);
        await page.getByText("Character limit: 2000 (0 used)", { exact: true }).waitFor();

        await press(device, submit);
        await expectMessages(page, {
          "Professor Name": "Professor name is required",
          "Semester Taken": "Semester is required",
          "Hours per Week": "Hours per week must be a number from 0 to 40",
          "Assignment Types": "Assignment types are required",
          "Your Review": "Review text is required",
        });
        expect(await focusedId(page)).toBe("review-teacherName");

        await page.getByLabel("Professor Name").fill("t".repeat(101));
        await page.getByLabel("Semester Taken").fill("s".repeat(101));
        await page.getByLabel("Hours per Week").fill("41");
        await page.getByLabel("Assignment Types").fill("a".repeat(501));
        await page.getByLabel("Your Review").fill("r".repeat(2001));
        await page.getByText("Character limit: 2000 (2001 used)", { exact: true }).waitFor();
        await press(device, submit);
        await expectMessages(page, {
          "Professor Name": "Professor name must be at most 100 characters",
          "Semester Taken": "Semester must be at most 100 characters",
          "Hours per Week": "Hours per week must be a number from 0 to 40",
          "Assignment Types": "Assignment types must be at most 500 characters",
          "Your Review": "Review must be at most 2000 characters",
        });
        // The limits themselves pass.
        await page.getByLabel("Professor Name").fill("t".repeat(100));
        await page.getByLabel("Semester Taken").fill("s".repeat(100));
        await page.getByLabel("Hours per Week").fill("40");
        await page.getByLabel("Assignment Types").fill("a".repeat(500));
        await page.getByLabel("Your Review").fill("r".repeat(2000));
        await press(device, submit);
        await page.waitForURL(new RegExp(`/course/${id}\\?review=submitted$`));
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "my reviews: 'Deleting...' while a review is deleted, then the notice, the count and 'No reviews yet.'",
      async ({ context, page, problems }) => {
        const { url, t } = stack;
        const student = await createStudent(t, uniqueEmail("my-reviews-form"), PASSWORD);
        const id = await courseId(t, "CAS PH 100");
        await createdReview(t, student.token, id, { reviewText: "The only review, soon deleted." });
        const dialogs: string[] = [];
        page.on("dialog", (dialog) => {
          dialogs.push(dialog.message());
          void dialog.accept();
        });
        await signIn(context, student.token, url);
        await page.goto(url + "/my-reviews");
        await waitForIsland(page, "MyReviewList");
        await page.getByText("You have currently done 1 review", { exact: true }).waitFor();
        const hold = await holdApi(page, "DELETE", /^\/api\/reviews\/\d+$/);
        await press(device, page.getByRole("button", { name: "Delete your review of CAS PH 100" }));
        await confirmInDialog(device, page, "Delete your review of CAS PH 100?", "Yes, delete my review");
        await hold.arrived;
        const deleting = page.getByRole("button", { name: "Delete your review of CAS PH 100" });
        await expect(deleting.textContent()).resolves.toBe("Deleting...");
        expect(await deleting.isDisabled()).toBe(true);
        hold.release();
        await page.getByRole("status").filter({ hasText: "Your review of CAS PH 100 was deleted." }).waitFor();
        await page.getByText("You have currently done 0 reviews", { exact: true }).waitFor();
        await page.getByText("No reviews yet.", { exact: true }).waitFor();
        // The site's own dialog asked, not the browser's.
        expect(dialogs).toEqual([]);
        expect(unexpected(problems)).toEqual([]);
      },
    );
  });
}
