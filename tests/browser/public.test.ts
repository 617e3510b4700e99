/**
 * The public pages in Chromium: the landing page and its sections, the legal
 * pages, the contact form sending by SMTP (prefilled for a student), at
 * desktop and phone sizes; the phone menu without JavaScript; and the
 * browser fixtures every browser test stands on (a context per test, closed
 * after it; a signed-in student).
 */
import type { Browser, BrowserContext } from "playwright-core";
import { describe, expect } from "vitest";
import { browserFile, DEVICES, PHONE, press, unexpected, waitForIsland } from "../helpers/pages.ts";

// The contact form's recipient and the maintainer's profile link, as an operator sets them.
const { stack, test } = browserFile({
  CONTACT_TO: "maintainer@example.edu",
  CONTACT_PROFILE_URL: "https://www.linkedin.com/in/hubrate-maintainer",
});

for (const device of DEVICES) {
  describe(`public pages in Chromium, ${device.name}`, () => {
    test.override({ device });
    test("landing → Start Searching → search results; then the contact form sends a message by SMTP", async ({ page, problems }) => {
      await page.goto(stack.url + "/");
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain(
        "Select your next BU course",
      );
      // The only script on the landing page is its search box's.
      expect(
        await page.locator("[data-island]").evaluateAll((islands) => islands.map((i) => i.getAttribute("data-island"))),
      ).toEqual(["SearchBox"]);

      await press(device, page.getByRole("link", { name: "Start Searching" }));
      await page.waitForURL(/\/search$/);
      await expect(page.locator(".found").textContent()).resolves.toMatch(/^Found [\d,]+ courses$/);

      // The top bar's Contact (behind the menu on a phone).
      if (device.touch) await press(device, page.locator("details.topbar-menu summary"));
      await press(
        device,
        page.locator(device.touch ? "details.topbar-menu" : ".topbar-nav").getByRole("link", {
          name: "Contact",
          exact: true,
        }),
      );
      await page.waitForURL(/\/contact$/);
      // Wait for hydration: React attaches its handlers, then the form no longer reloads the page.
      await page.waitForFunction(() => {
        const island = document.querySelector("[data-island=ContactForm]");
        return island !== null && Object.keys(island).some((key) => key.startsWith("__reactContainer"));
      });
      await press(device, page.getByRole("button", { name: "Send Message" }));
      await page.getByText("Subject is required").waitFor();
      await expect(page.getByText("Please enter a valid email address").isVisible()).resolves.toBe(true);

      await page.getByLabel("Email").fill("student@bu.edu");
      await page.getByLabel("Subject").fill(`Missing course (${device.name})`);
      await page.getByLabel("Message").fill("Please add CAS XX 999.");
      await press(device, page.getByRole("button", { name: "Send Message" }));
      await page.getByRole("status").filter({ hasText: "Thanks for reaching out!" }).waitFor();
      // Sent: the subject and message are cleared for another one.
      expect(await page.getByLabel("Subject").inputValue()).toBe("");

      const mail = await stack.smtp.next("maintainer@example.edu");
      expect(mail.subject).toBe(`[HubRate contact] Missing course (${device.name})`);
      expect(mail.text).toContain("Please add CAS XX 999.");
      expect(await page.getByRole("link", { name: "maintainer@example.edu" }).getAttribute("href")).toBe(
        "mailto:maintainer@example.edu",
      );
      expect(await page.getByRole("link", { name: "LinkedIn" }).getAttribute("href")).toBe(
        "https://www.linkedin.com/in/hubrate-maintainer",
      );
      expect(unexpected(problems)).toEqual([]);
    });

    test("the landing page's sections, and the legal pages' date and statements", async ({ page, problems }) => {
      await page.goto(stack.url + "/");
      const why = page.getByRole("region", { name: "Why use HubRate?" });
      expect(await why.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
        "Advanced search options",
        "Read past opinions",
        "Understand teaching styles",
      ]);
      const unlock = page.getByRole("region", { name: "Unlock these features by creating a free account" });
      expect(await unlock.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
        "Track Hub progress",
        "Post anonymous reviews",
        "Quickly add and remove courses",
      ]);
      await press(device, unlock.getByRole("link", { name: "Create a free account" }));
      await page.waitForURL(/\/register$/);

      for (
        const [path, title, date] of [["/privacy", "Privacy Policy", "November 26, 2026"], [
          "/terms",
          "Terms of Service",
          "August 20, 2025",
        ]]
      ) {
        await page.goto(stack.url + path);
        await expect(page.getByRole("heading", { level: 1 }).textContent(), path).resolves.toBe(title);
        await page.getByText(`Last updated: ${date}`, { exact: true }).waitFor();
        const text = (await page.locator("main").textContent())!;
        expect(text, path).toMatch(/deleted immediately on account deletion/);
        expect(text, path).toMatch(/anonymous/);
        expect(text, path).toMatch(/tied internally to|Internally, each review is tied to/);
        expect(text, path).toMatch(/not affiliated with, endorsed by or operated by Boston\s+University/);
      }
      expect(unexpected(problems)).toEqual([]);
    });

    test("a student's contact form comes with their email filled in", async ({ page, problems, student }) => {
      await page.goto(stack.url + "/contact");
      await waitForIsland(page, "ContactForm");
      expect(await page.getByLabel("Email").inputValue()).toBe(student.user.email);
      expect(unexpected(problems)).toEqual([]);
    });
  });
}

describe("public pages in Chromium, without JavaScript", () => {
  test("on a phone the menu is collapsed and opens without JavaScript", async () => {
    const context = await stack.browser.newContext({
      viewport: { width: 360, height: 740 },
      javaScriptEnabled: false,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(stack.url + "/privacy");
    const menuLink = page.locator(".topbar-menu").getByRole("link", { name: "Sign Up" });
    expect(await page.locator(".topbar-nav").isVisible()).toBe(false);
    expect(await menuLink.isVisible()).toBe(false);
    await page.locator(".topbar-menu summary").click();
    expect(await menuLink.isVisible()).toBe(true);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await menuLink.click();
    await page.waitForURL(/\/register$|\/$/);
  });
});

describe("the browser fixtures (tests/helpers/pages.ts)", () => {
  // What the first test opened, for the second to look at; vitest runs a file's tests in order.
  let before: { browser: Browser; contexts: BrowserContext[] } | undefined;

  test("a test's contexts are its own: a new context per test, a second one on request, each with one page", async ({ browser, context, page, openPage }) => {
    const other = await openPage(PHONE);
    expect(other.context).not.toBe(context);
    expect(other.context.pages()).toEqual([other.page]);
    expect(context.pages()).toEqual([page]);
    await other.page.goto(stack.url + "/about");
    expect(await other.page.evaluate(() => innerWidth)).toBe(PHONE.viewport!.width);
    // What a test leaves behind: a cookie, storage, a route.
    await context.addCookies([{ name: "left", value: "behind", url: stack.url }]);
    await page.goto(stack.url + "/about");
    await page.evaluate(() => localStorage.setItem("left", "behind"));
    await page.route(
      "**/contact",
      (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Routed</h1>" }),
    );
    before = { browser, contexts: [context, other.context] };
  });

  test("after a test its contexts are closed; the next test shares the browser and starts clean", async ({ browser, context, page }) => {
    expect(before, "the test before ran").toBeDefined();
    expect(browser).toBe(before!.browser);
    for (const closed of before!.contexts) expect(browser.contexts()).not.toContain(closed);
    expect(before!.contexts).not.toContain(context);
    expect(await context.cookies()).toEqual([]);
    await page.goto(stack.url + "/contact");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).not.toBe("Routed");
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test("`student` is a new verified student whose session is on the test's context: the account page shows their email", async ({ student, page }) => {
    expect(student.user.enabled).toBe(true);
    await page.goto(stack.url + "/account");
    expect(new URL(page.url()).pathname).toBe("/account");
    await expect(page.locator("#account-email").inputValue()).resolves.toBe(student.email);
  });
});
