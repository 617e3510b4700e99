import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMailer } from "../../src/services/mail.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { launchBrowser, type RunningServer, serve } from "../helpers/browser.ts";
import { type SmtpInbox, startSmtpServer } from "../helpers/smtp.ts";

let smtp: SmtpInbox;
let t: TestApp;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await makeTestApp({ env: { CONTACT_TO: "maintainer@example.edu", CONTACT_PROFILE_URL: "https://www.linkedin.com/in/hubrate-maintainer" } });
  // The real mailer, pointed at the in-process SMTP server.
  t.deps.mailer = createMailer({ smtpUrl: smtp.url, from: "HubRate <no-reply@hubrate.test>", database: t.deps.database });
  server = await serve(t);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await t?.close();
  await smtp?.close();
});

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

describe("public pages in Chromium", () => {
  test("landing → Start Searching → search results; then the contact form sends a message by SMTP", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = collectProblems(page);
    await page.goto(server.url + "/");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Select your next BU course");
    expect(await page.locator("script").count()).toBe(0);

    await page.getByRole("link", { name: "Start Searching" }).click();
    await page.waitForURL(/\/search$/);
    await expect(page.locator(".found").textContent()).resolves.toMatch(/^Found \d+ courses$/);

    await page.getByRole("link", { name: "Contact", exact: true }).first().click();
    await page.waitForURL(/\/contact$/);
    // Wait for hydration: React attaches its handlers, then the form no longer reloads the page.
    await page.waitForFunction(() => {
      const island = document.querySelector("[data-island=ContactForm]");
      return island !== null && Object.keys(island).some((key) => key.startsWith("__reactContainer"));
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Subject is required").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Please enter a valid email address").isVisible()).resolves.toBe(true);

    await page.getByLabel("Email").fill("student@bu.edu");
    await page.getByLabel("Subject").fill("Missing course");
    await page.getByLabel("Message").fill("Please add CAS XX 999.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").filter({ hasText: "Thanks for reaching out!" }).waitFor();

    const mail = await smtp.next("maintainer@example.edu");
    expect(mail.subject).toBe("[HubRate contact] Missing course");
    expect(mail.text).toContain("Please add CAS XX 999.");
    expect(await page.getByRole("link", { name: "LinkedIn" }).getAttribute("href")).toBe("https://www.linkedin.com/in/hubrate-maintainer");
    expect(problems).toEqual([]);
    await page.close();
  });

  test("on a phone the menu is collapsed and opens without JavaScript", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(server.url + "/privacy");
    const menuLink = page.locator(".topbar-menu").getByRole("link", { name: "Sign Up" });
    expect(await page.locator(".topbar-nav").isVisible()).toBe(false);
    expect(await menuLink.isVisible()).toBe(false);
    await page.locator(".topbar-menu summary").click();
    expect(await menuLink.isVisible()).toBe(true);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await menuLink.click();
    await page.waitForURL(/\/register$|\/$/);
    await context.close();
  });
});
