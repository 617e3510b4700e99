/**
 * The public pages in Chromium: the landing page and its sections, the legal
 * pages, the contact form sending by SMTP (prefilled for a student), at
 * desktop and phone sizes; the phone menu without JavaScript; and what a
 * test's context hands on to the next test of its file (nothing but the page).
 */
import { describe, expect, test } from "vitest";
import { createStudent } from "../helpers/accounts.ts";
import {
  courseId,
  DEVICES,
  openPage,
  press,
  signIn,
  stackForThisFile,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";
import { createdReview } from "../helpers/reviews.ts";

// The contact form's recipient and the maintainer's profile link, as an operator sets them.
const stack = stackForThisFile({
  CONTACT_TO: "maintainer@example.edu",
  CONTACT_PROFILE_URL: "https://www.linkedin.com/in/hubrate-maintainer",
});

for (const device of DEVICES) {
  describe(`public pages in Chromium, ${device.name}`, () => {
    test("landing → Start Searching → search results; then the contact form sends a message by SMTP", async () => {
      const { context, page, problems } = await openPage(stack.browser, device.options);
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
      await context.close();
    });

    test("the landing page's sections, and the legal pages' date and statements", async () => {
      const { context, page, problems } = await openPage(stack.browser, device.options);
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
      await context.close();
    });

    test("a student's contact form comes with their email filled in", async () => {
      const student = await createStudent(stack.t, uniqueEmail("contact"));
      const { context, page, problems } = await openPage(stack.browser, device.options);
      await signIn(context, student.token, stack.url);
      await page.goto(stack.url + "/contact");
      await waitForIsland(page, "ContactForm");
      expect(await page.getByLabel("Email").inputValue()).toBe(student.user.email);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
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
    await context.close();
  });
});

describe("a context handed back to the next test (tests/helpers/pages.ts)", () => {
  test("is the same page, with nothing of the test before: no cookie, no storage, no cached visitor page, no listener, no route", async () => {
    // A visitor's course page, which the browser may keep for a minute.
    const course = await courseId(stack.t, "CAS WR 120");
    const first = await openPage(stack.browser);
    await first.page.goto(`${stack.url}/course/${course}`);
    await first.context.close();
    // A second close, as a test's `finally` may add, leaves the handed-back context open for the next test.
    await first.context.close();

    // Meanwhile a review is written: the next visitor's page must come from the server, not the cache the last test filled.
    const author = await createStudent(stack.t, uniqueEmail("kept-page"));
    const text = `Written between two tests, ${Date.now()}.`;
    await createdReview(stack.t, author.token, course, { reviewText: text });
    const second = await openPage(stack.browser);
    expect(second.page).toBe(first.page);
    expect(second.page.isClosed()).toBe(false);
    await second.page.goto(`${stack.url}/course/${course}`);
    await second.page.getByText(text).waitFor();
    // This test leaves a route, a listener, a cookie and storage behind.
    const heard: string[] = [];
    await second.page.route(
      "**/about",
      (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Routed</h1>" }),
    );
    second.page.on("console", (message) => heard.push(message.text()));
    await second.context.addCookies([{ name: "left", value: "behind", url: stack.url }]);
    await second.page.evaluate(
      () => (localStorage.setItem("left", "behind"), sessionStorage.setItem("left", "behind")),
    );
    await second.context.close();

    const next = await openPage(stack.browser);
    expect(next.page).toBe(first.page);
    expect(await next.context.cookies()).toEqual([]);
    await next.page.goto(stack.url + "/about");
    expect(await next.page.getByRole("heading", { level: 1 }).textContent()).not.toBe("Routed");
    expect(await next.page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    await next.page.evaluate(() => console.log("after"));
    expect(heard).toEqual([]);
    await next.context.close();

    // A page changed for good (an init script) is closed, and the next test gets a new one.
    const third = await openPage(stack.browser);
    expect(third.page).toBe(first.page);
    await third.page.addInitScript(() => {});
    await third.context.close();
    expect(third.page.isClosed()).toBe(true);
    const fourth = await openPage(stack.browser);
    expect(fourth.page).not.toBe(first.page);
    await fourth.context.close();
  });
});
