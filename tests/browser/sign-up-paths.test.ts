/**
 * Sign-up without dead ends, in Chromium, each path once (two on the desktop,
 * one on the phone; the forms are the same on both): a student
 * who registers in one browser and opens /verify in another (another device,
 * a closed tab) can finish; logging in before verifying leads to /verify; and
 * the verification mail's one-click link verifies with one press and asks
 * for the password (it never signs in by itself).
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { rateLimits } from "../../db/schema.ts";
import { userByEmail } from "../helpers/accounts.ts";
import {
  browserFile,
  codeIn,
  type Device,
  DEVICES,
  fillLogin,
  openContext,
  press,
  screenshot,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

const { stack, test, testOn } = browserFile();

const PASSWORD = "Terrier-Hub-2031!";

/** Signs up through /register in its own browser context, which is then closed: the tab is gone. */
async function registerElsewhere(device: Device, email: string): Promise<void> {
  // Every browser of the run comes from 127.0.0.1: sign-ups here must not use up the address's limits.
  await stack.t.deps.database.db.delete(rateLimits);
  const { context, page } = await openContext(stack.browser, device.options);
  await page.goto(stack.url + "/register");
  await waitForIsland(page, "RegisterForm");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("College").selectOption("CAS");
  await page.waitForFunction(() => !document.querySelector<HTMLSelectElement>("#register-major")?.disabled);
  await page.getByLabel("Major").selectOption("Undecided");
  await page.getByLabel("Expected graduation year").fill("2029");
  await page.getByLabel("Password").fill(PASSWORD);
  await press(device, page.getByRole("button", { name: "Register" }));
  await page.waitForURL(/\/verify$/);
  await context.close();
}

/** A full-page screenshot for a reviewer, taken with SCREENSHOTS=1. */
function shot(page: Page, name: string): Promise<void> {
  return screenshot(page, name, { fullPage: true, scale: "css" });
}

for (const device of DEVICES) {
  describe(`finishing sign-up in Chromium, ${device.name}`, () => {
    test.override({ device });
    testOn(device, "desktop")(
      "registered in one browser, verified in a fresh one: the email is typed in, the code works, /login says so",
      async ({ page, problems }) => {
        const email = uniqueEmail("other-device");
        await registerElsewhere(device, email);
        const code = codeIn((await stack.smtp.next(email)).text);

        await page.goto(stack.url + "/verify");
        await waitForIsland(page, "VerifyForm");
        const emailField = page.getByLabel("Email");
        expect(await emailField.isEditable()).toBe(true);
        expect(await emailField.inputValue()).toBe("");
        await emailField.fill(email);
        await page.getByLabel("Verification code").fill(code);
        await shot(page, `verify-fresh-${device.name}`);
        await press(device, page.getByRole("button", { name: "Verify Account" }));
        await page.waitForURL(/\/login$/);
        await expect(page.getByRole("status").textContent()).resolves.toBe("Your account is verified. Log in.");
        await waitForIsland(page, "LoginForm");
        expect(await page.getByLabel("Email").inputValue()).toBe(email);
        await shot(page, `login-verified-${device.name}`);
        await page.getByLabel("Password").fill(PASSWORD);
        await press(device, page.getByRole("button", { name: "Log In" }));
        await page.waitForURL(/\/dashboard$/);
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "logging in before verifying leads to /verify with the email filled in, and the code finishes sign-up",
      async ({ page, problems }) => {
        const email = uniqueEmail("login-first");
        await registerElsewhere(device, email);
        const code = codeIn((await stack.smtp.next(email)).text);

        await page.goto(stack.url + "/login");
        await fillLogin(page, email, PASSWORD, device);
        await page.waitForURL(/\/verify$/);
        await expect(page.getByRole("status").first().textContent()).resolves.toMatch(
          /^Your email is not verified yet\./,
        );
        await waitForIsland(page, "VerifyForm");
        expect(await page.getByLabel("Email").inputValue()).toBe(email);
        expect(await page.getByLabel("Email").isEditable()).toBe(false);
        await shot(page, `verify-after-login-${device.name}`);
        await page.getByLabel("Verification code").fill(code);
        await press(device, page.getByRole("button", { name: "Verify Account" }));
        await page.waitForURL(/\/login$/);
        await fillLogin(page, email, PASSWORD, device);
        await page.waitForURL(/\/dashboard$/);
        expect(unexpected(problems, (p) => p.text.includes("status of 403") && p.url.endsWith("/api/auth/login")))
          .toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "the mail's one-click link verifies with its button, then the student logs in",
      async ({ context, page, problems, openPage }) => {
        const email = uniqueEmail("one-click");
        await registerElsewhere(device, email);
        const mail = await stack.smtp.next(email);
        const link = /https?:\/\/\S+\/verify\/link\?token=[\w-]+/.exec(mail.text ?? "")![0];
        const local = new URL(link);

        // Opening the link does nothing by itself: a browser's navigation is a GET like a scanner's.
        await page.goto(stack.url + local.pathname + local.search);
        expect((await userByEmail(stack.t, email))!.enabled).toBe(false);
        await shot(page, `verify-link-${device.name}`);
        await press(device, page.getByRole("button", { name: "Verify my email" }));
        await page.waitForURL(/\/login$/);
        await expect(page.getByRole("status").first().textContent()).resolves.toBe("Your account is verified. Log in.");
        expect(await page.getByLabel("Email").inputValue()).toBe(email);
        expect((await userByEmail(stack.t, email))!.enabled).toBe(true);
        expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("hubrate_session");
        await fillLogin(page, email, PASSWORD, device);
        await page.waitForURL(/\/dashboard$/);
        await expect(page.locator(".dashboard-email").textContent()).resolves.toBe(email);

        // Used once: opened again, it explains and offers the code instead.
        const { context: again, page: second } = await openPage(device.options);
        await second.goto(stack.url + local.pathname + local.search);
        await expect(second.getByRole("alert").textContent()).resolves.toMatch(
          /^This verification link is not valid or has expired\./,
        );
        expect(await second.getByRole("link", { name: "Enter the code instead" }).getAttribute("href")).toBe("/verify");
        await shot(second, `link-used-${device.name}`);
        expect(unexpected(problems)).toEqual([]);
        await again.close();
      },
    );
  });
}
