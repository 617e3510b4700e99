/**
 * Accounts in Chromium: sign up, verify with the mailed code, log in and out,
 * a wrong password, the resend countdown, the password reset, and the account
 * page (details, password change, deletion, the review reminder choice and the
 * reminder mail's unsubscribe page). Mail goes through a real SMTP
 * server in the test process. Most flows are the same on every screen, so each
 * runs once: they are shared out between the desktop with a mouse and the phone
 * with taps, where the signed-in menu is the slide-in one (sign-up by tapping
 * is also in phone.test.ts). The review reminder box, ticked from the keyboard
 * on the desktop and tapped on the phone, runs on both.
 */
import { describe, expect } from "vitest";
import { users } from "../../db/schema.ts";
import { hashPassword } from "../../src/services/accounts/passwords.ts";
import { unsubscribeToken } from "../../src/services/accounts/unsubscribe-tokens.ts";
import { expectAccessible } from "../helpers/a11y.ts";
import { createStudent, userByEmail } from "../helpers/accounts.ts";
import type { Page } from "playwright-core";
import {
  accountNav,
  browserFile,
  codeIn,
  DEVICES,
  failedLoad,
  fillLogin,
  fitsWidth,
  logIn,
  press,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

const { stack, test, testOn } = browserFile();

const PASSWORD = "Terrier-Hub-2031!";

/** The visitor's landing page with the public top bar (whose links sit in the collapsed menu on a phone). */
async function expectVisitor(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
    "Select your next BU course with confidence",
  );
  expect(await page.locator(".topbar-nav").getByRole("link", { name: "Log In", includeHidden: true }).count()).toBe(1);
  expect(await page.getByRole("complementary", { name: "Account navigation", includeHidden: true }).count()).toBe(0);
}

for (const device of DEVICES) {
  describe(`accounts in Chromium, ${device.name}`, () => {
    test.override({ device });
    testOn(device, "desktop")(
      "register → verify with the mailed code → log in → dashboard → Sign Out",
      async ({ page, problems }) => {
        const { url, smtp } = stack;
        const email = uniqueEmail("newcomer");

        await page.goto(url + "/register");
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
          "Sign up to start rating BU courses",
        );
        await waitForIsland(page, "RegisterForm");
        const major = page.getByLabel("Major");
        expect(await major.isDisabled()).toBe(true);
        expect(await major.locator("option").first().textContent()).toBe("Select your college first");

        await page.getByLabel("Email").fill(email);
        await page.getByLabel("College").selectOption("CAS");
        // The majors of CAS load: the select is enabled and filled.
        await page.waitForFunction(() => {
          const select = document.querySelector<HTMLSelectElement>("#register-major");
          return select !== null && !select.disabled && select.options.length > 5;
        });
        expect(await major.locator("option").first().textContent()).toBe("Select your major");
        const majors = await major.locator("option").allTextContents();
        expect(majors).toContain("Computer Science");
        expect(majors).toContain("Undecided");
        await major.selectOption("Computer Science");
        await page.getByLabel("Expected graduation year").fill("2028");
        await page.getByLabel("Password").fill(PASSWORD);
        await press(device, page.getByRole("button", { name: "Register" }));

        await page.waitForURL(/\/verify$/);
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
          "Please check your email for the verification code",
        );
        await waitForIsland(page, "VerifyForm");
        const emailField = page.getByLabel("Email");
        await page.waitForFunction(
          (expected) => document.querySelector<HTMLInputElement>("#verify-email")?.value === expected,
          email,
        );
        expect(await emailField.getAttribute("readonly")).not.toBeNull();
        expect(await emailField.isEditable()).toBe(false);

        const mail = await smtp.next(email);
        const code = codeIn(mail.text);
        const codeField = page.getByLabel("Verification code");
        expect(await codeField.getAttribute("placeholder")).toBe("6-digit code");
        await codeField.fill(code);
        await press(device, page.getByRole("button", { name: "Verify Account" }));
        // A full page load to /login.
        await page.waitForURL(/\/login$/);
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Log in to HubRate");
        expect(await page.evaluate(() => localStorage.getItem("verificationEmail"))).toBeNull();
        // The page says what happened, with the email already in the form.
        await expect(page.getByRole("status").textContent()).resolves.toBe("Your account is verified. Log in.");
        expect(await page.getByLabel("Email").inputValue()).toBe(email);

        await fillLogin(page, email, PASSWORD, device);
        await page.waitForURL(/\/dashboard$/);
        await expect(page.locator(".dashboard-email").textContent()).resolves.toBe(email);
        await expect(page.locator(".dashboard-profile").textContent()).resolves.toContain("Computer Science, CAS");
        // The sidebar on a desktop, the slide-in menu on a phone.
        expect(await page.getByRole("complementary", { name: "Account navigation" }).isVisible()).toBe(!device.touch);
        const nav = await accountNav(page, device);
        for (
          const name of [
            "Dashboard",
            "Hub Progress",
            "My Courses",
            "Saved Courses",
            "Schedule",
            "My Reviews",
            "Search Courses",
            "Account",
          ]
        ) {
          expect(await nav.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
        }
        expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");

        await press(device, nav.getByRole("button", { name: "Sign Out" }));
        await page.waitForURL(url + "/");
        await expectVisitor(page);
        // Signed out for real: the dashboard is the visitor's landing page again.
        await page.goto(url + "/dashboard");
        expect(new URL(page.url()).pathname).toBe("/");
        await expectVisitor(page);

        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "a wrong password shows the server's message in an alert",
      async ({ page, problems }) => {
        const { url, t } = stack;
        const student = await createStudent(t, uniqueEmail("wrong-password"), PASSWORD);
        await page.goto(url + "/login");
        await fillLogin(page, student.user.email, "not-the-password", device);
        const alert = page.getByRole("alert");
        await alert.waitFor();
        await expect(alert.textContent()).resolves.toBe("Incorrect email or password");
        expect(new URL(page.url()).pathname).toBe("/login");
        // The button is back for another try, and the right password works.
        await page.getByLabel("Password").fill(PASSWORD);
        await press(device, page.getByRole("button", { name: "Log In" }));
        await page.waitForURL(/\/dashboard$/);
        // The 401 of the wrong password is the only failed load.
        expect(unexpected(problems, failedLoad(401, "/api/auth/login"))).toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "resend on /verify starts a 60 s countdown and mails a new code that verifies",
      async ({ context, page, problems }) => {
        const { url, t, smtp } = stack;
        // A student who signed up a while ago and is still waiting for the code: no resend limit is running.
        const email = uniqueEmail("pending");
        await t.deps.database.db.insert(users).values({
          email,
          passwordHash: await hashPassword(PASSWORD),
          enabled: false,
          college: "CAS",
          major: "Physics",
          expectedGrad: 2027,
        });
        await context.addInitScript((stored) => localStorage.setItem("verificationEmail", stored), email);
        await page.goto(url + "/verify");
        await waitForIsland(page, "VerifyForm");
        await page.waitForFunction(
          (expected) => document.querySelector<HTMLInputElement>("#verify-email")?.value === expected,
          email,
        );

        const resend = page.locator("#verify-resend button");
        await expect(resend.textContent()).resolves.toBe("Resend verification email");
        await press(device, resend);
        await page.locator("#verify-resend button", { hasText: /^Resend verification email \((60|59)s\)$/ }).waitFor();
        // It ticks down every second.
        await page.locator("#verify-resend button", { hasText: /^Resend verification email \(5[0-8]s\)$/ }).waitFor({
          timeout: 4000,
        });
        const mail = await smtp.next(email);
        // Clicking during the countdown (the button is aria-disabled, still focusable) sends nothing.
        await press(device, resend, { force: true });
        await page.waitForTimeout(300);
        expect(smtp.messages.filter((m) => [m.to].flat().some((a) => a?.text.includes(email)))).toEqual([]);

        await page.getByLabel("Verification code").fill(codeIn(mail.text));
        await press(device, page.getByRole("button", { name: "Verify Account" }));
        await page.waitForURL(/\/login$/);
        expect((await userByEmail(t, email)).enabled).toBe(true);
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "right after registration the resend button counts down instead of failing",
      async ({ page, problems }) => {
        const { url, smtp } = stack;
        const email = uniqueEmail("impatient");
        await page.goto(url + "/register");
        await waitForIsland(page, "RegisterForm");
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("College").selectOption("ENG");
        await page.waitForFunction(() => !document.querySelector<HTMLSelectElement>("#register-major")?.disabled);
        await page.getByLabel("Major").selectOption("Computer Engineering");
        await page.getByLabel("Expected graduation year").fill("2029");
        await page.getByLabel("Password").fill(PASSWORD);
        await press(device, page.getByRole("button", { name: "Register" }));
        await page.waitForURL(/\/verify$/);
        await waitForIsland(page, "VerifyForm");
        const first = await smtp.next(email);
        codeIn(first.text);

        const resend = page.locator("#verify-resend button");
        const alerts = page.locator("#verify-resend").getByRole("alert");
        // A code was mailed a moment ago: either the countdown already runs, or clicking starts it.
        if ((await resend.textContent()) === "Resend verification email") await press(device, resend);
        await alerts.or(page.locator("#verify-resend button", { hasText: /\(\d+s\)$/ })).first().waitFor();
        expect(await alerts.allTextContents()).toEqual([]);
        expect(await resend.textContent()).toMatch(/^Resend verification email \((60|59)s\)$/);
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "reset: /reset → mailed code → /reset-password → log in with the new password",
      async ({ page, problems }) => {
        const { url, t, smtp } = stack;
        const student = await createStudent(t, uniqueEmail("forgetful"), PASSWORD);
        const email = student.user.email;
        const newPassword = "Brand-New-Pass-77";

        // Without a stored email, /reset-password sends the student to /reset.
        await page.goto(url + "/reset-password");
        await page.waitForURL(/\/reset$/);
        await waitForIsland(page, "ResetRequestForm");
        await page.getByLabel("Email").fill(email);
        await press(device, page.getByRole("button", { name: "Send Reset Code" }));
        await page.waitForURL(/\/reset-password$/);
        await waitForIsland(page, "ResetPasswordForm");
        await page.getByText(`Enter the reset code sent to ${email}`, { exact: true }).waitFor();

        const code = codeIn((await smtp.next(email)).text);
        await page.getByLabel("Reset code").fill(code);
        await page.getByLabel("New password", { exact: true }).fill(newPassword);
        await page.getByLabel("Confirm new password").fill(newPassword + "x");
        await press(device, page.getByRole("button", { name: "Reset Password" }));
        await page.getByText("Passwords don't match", { exact: true }).waitFor();
        await page.getByLabel("Confirm new password").fill(newPassword);
        await press(device, page.getByRole("button", { name: "Reset Password" }));
        await page.waitForURL(/\/login$/);
        expect(await page.evaluate(() => localStorage.getItem("resetEmail"))).toBeNull();
        await expect(page.getByRole("status").textContent()).resolves.toBe(
          "Your password has been reset. Log in with your new password.",
        );
        await waitForIsland(page, "LoginForm");
        expect(await page.getByLabel("Email").inputValue()).toBe(email);

        await fillLogin(page, email, PASSWORD, device);
        await page.getByRole("alert").filter({ hasText: "Incorrect email or password" }).waitFor();
        await page.getByLabel("Password").fill(newPassword);
        await press(device, page.getByRole("button", { name: "Log In" }));
        await page.waitForURL(/\/dashboard$/);
        expect(unexpected(problems, failedLoad(401, "/api/auth/login"))).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "account page: update details, change the password, delete the account",
      async ({ page, problems }) => {
        const { url, t } = stack;
        const student = await createStudent(t, uniqueEmail("settings"), PASSWORD);
        const email = student.user.email;
        const newPassword = "Another-Secret-42";
        await logIn(page, url, email, PASSWORD, undefined, device);

        await press(device, (await accountNav(page, device)).getByRole("link", { name: "Account" }));
        await page.waitForURL(/\/account$/);
        await waitForIsland(page, "AccountSettings");
        const details = page.getByRole("region", { name: "Account details" });
        expect(await details.getByLabel("Email").inputValue()).toBe(email);
        expect(await details.getByLabel("Email").isEditable()).toBe(false);
        expect(await details.getByLabel("College", { exact: true }).inputValue()).toBe("CAS");
        expect(await details.getByLabel("Major").inputValue()).toBe("Physics");

        // Another college: its majors replace the old ones, and a major must be chosen again.
        await details.getByLabel("College", { exact: true }).selectOption("ENG");
        await page.waitForFunction(() => {
          const select = document.querySelector<HTMLSelectElement>("#account-major");
          return select !== null && !select.disabled &&
            [...select.options].some((o) => o.value === "Mechanical Engineering");
        });
        expect(await details.getByLabel("Major").inputValue()).toBe("");
        expect(await details.getByLabel("Major").locator("option").allTextContents()).not.toContain("Physics");
        await details.getByLabel("Major").selectOption("Mechanical Engineering");
        await details.getByLabel("Expected graduation year").fill("2030");
        await press(device, details.getByRole("button", { name: "Update Account" }));
        await details.getByRole("status").filter({ hasText: "Account updated successfully!" }).waitFor();
        await page.reload();
        await waitForIsland(page, "AccountSettings");
        expect(await details.getByLabel("College", { exact: true }).inputValue()).toBe("ENG");
        expect(await details.getByLabel("Major").inputValue()).toBe("Mechanical Engineering");
        expect(await details.getByLabel("Expected graduation year").inputValue()).toBe("2030");

        const passwords = page.getByRole("region", { name: "Change password" });
        await passwords.getByLabel("Current password").fill(PASSWORD);
        await passwords.getByLabel("New password", { exact: true }).fill(newPassword);
        await passwords.getByLabel("Confirm new password").fill(newPassword + "!");
        await press(device, passwords.getByRole("button", { name: "Change Password" }));
        await passwords.getByText("Passwords don't match", { exact: true }).waitFor();
        await passwords.getByLabel("Confirm new password").fill(newPassword);
        await press(device, passwords.getByRole("button", { name: "Change Password" }));
        await passwords.getByRole("status").filter({ hasText: "Password updated successfully!" }).waitFor();
        expect(await passwords.getByLabel("Current password").inputValue()).toBe("");

        // This session goes on after the change; the new password is the one that logs in.
        await page.goto(url + "/dashboard");
        await expect(page.locator(".dashboard-profile").textContent()).resolves.toContain(
          "Mechanical Engineering, ENG",
        );
        await expect(page.locator(".dashboard-profile").textContent()).resolves.toContain("Expected graduation 2030");
        await press(device, (await accountNav(page, device)).getByRole("button", { name: "Sign Out" }));
        await page.waitForURL(url + "/");
        await logIn(page, url, email, newPassword, undefined, device);

        await page.goto(url + "/account");
        await waitForIsland(page, "AccountSettings");
        const danger = page.getByRole("region", { name: "Danger Zone" });
        await press(device, danger.getByRole("button", { name: "Delete My Account" }));
        const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
        await dialog.waitFor();
        // Cancel keeps everything; the safe choice has the focus.
        expect(
          await dialog.getByRole("button", { name: "Cancel" }).evaluate((button) => button === document.activeElement),
        ).toBe(true);
        await press(device, dialog.getByRole("button", { name: "Cancel" }));
        await dialog.waitFor({ state: "detached" });
        expect(await userByEmail(t, email)).toBeDefined();
        await press(device, danger.getByRole("button", { name: "Delete My Account" }));
        await press(device, dialog.getByRole("button", { name: "Yes, delete my account" }));
        await page.waitForURL(url + "/");
        await expectVisitor(page);
        await expect(page.getByRole("status").textContent()).resolves.toBe(
          "Your account and all its data have been deleted.",
        );
        expect(await userByEmail(t, email)).toBeUndefined();

        await page.goto(url + "/login");
        await fillLogin(page, email, newPassword, device);
        await page.getByRole("alert").filter({ hasText: "Incorrect email or password" }).waitFor();
        expect(new URL(page.url()).pathname).toBe("/login");
        expect(unexpected(problems, failedLoad(401, "/api/auth/login"))).toEqual([]);
      },
    );

    test("account page: the review reminder box saves at once and keeps the focus; the mail's unsubscribe link turns it off", async ({ page, problems }) => {
      const { url, t } = stack;
      const student = await createStudent(t, uniqueEmail("reminders"), PASSWORD);
      const email = student.user.email;
      await logIn(page, url, email, PASSWORD, undefined, device);
      await page.goto(url + "/account");
      await waitForIsland(page, "AccountSettings");

      const reminders = page.getByRole("region", { name: "Review reminders" });
      const box = reminders.getByRole("checkbox", {
        name: "Email me at the end of each term about courses I completed but have not reviewed",
      });
      expect(await box.isChecked()).toBe(false);
      if (device.touch) {
        await box.tap();
      } else {
        // From the keyboard: Space ticks it, and the focus stays on the box while it saves.
        await box.focus();
        await page.keyboard.press("Space");
      }
      await reminders.getByRole("status").filter({ hasText: "End-of-term review reminders are on" }).waitFor();
      expect(await box.isChecked()).toBe(true);
      if (!device.touch) expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
      expect((await userByEmail(t, email)).reviewReminders).toBe(true);
      await expectAccessible(
        page,
        "the review reminder choice",
        'section[aria-labelledby="account-reminders-heading"]',
      );
      if (device.touch) await fitsWidth(page);
      await page.reload();
      await waitForIsland(page, "AccountSettings");
      expect(await box.isChecked()).toBe(true);

      // The reminder mail's link: the page asks first (a mail scanner's GET changes nothing), the button unsubscribes.
      await page.goto(`${url}/unsubscribe?token=${unsubscribeToken(t.config.sessionSecret, student.user)}`);
      await page.getByRole("heading", { level: 1, name: "Stop end-of-term review reminders?" }).waitFor();
      expect((await userByEmail(t, email)).reviewReminders).toBe(true);
      await expectAccessible(page, "the unsubscribe page");
      if (device.touch) await fitsWidth(page);
      await press(device, page.getByRole("button", { name: "Unsubscribe" }));
      await page.getByRole("heading", { level: 1, name: "You are unsubscribed" }).waitFor();
      expect((await userByEmail(t, email)).reviewReminders).toBe(false);
      await expectAccessible(page, "the unsubscribed page");
      await press(device, page.getByRole("link", { name: "your account page" }));
      await page.waitForURL(/\/account$/);
      await waitForIsland(page, "AccountSettings");
      expect(await box.isChecked()).toBe(false);
      expect(unexpected(problems)).toEqual([]);
    });
  });
}
