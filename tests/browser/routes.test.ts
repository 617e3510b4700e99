/**
 * The route sets in Chromium: where a visitor and a signed-in student end up
 * on every kind of path (members-only pages, the visitor-only account screens,
 * the open pages, unknown paths, the review form), Sign Out from the sidebar,
 * and the phone menus (public and signed-in) that start collapsed and close on
 * navigation. The route sets are the server's redirects, the same on every
 * screen: each runs once (the visitor's on the phone, the student's on the
 * desktop); the layouts, menus and Sign Out run on both.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { users } from "../../db/schema.ts";
import { issueToken } from "../../src/services/accounts/sessions.ts";
import { createStudent } from "../helpers/accounts.ts";
import { TEST_SECRET } from "../helpers/app.ts";
import {
  accountNav,
  browserFile,
  courseId,
  DEVICES,
  failedLoad,
  PHONE,
  press,
  signIn,
  unexpected,
  uniqueEmail,
} from "../helpers/pages.ts";

const { stack, test, testOn } = browserFile();
let course: number;

test.beforeAll(async () => {
  course = await courseId(stack.t, "CAS CS 111");
});

const MEMBERS_ONLY = ["/dashboard", "/hub-progress", "/my-courses", "/saved-courses", "/my-reviews", "/account"];
const VISITOR_ONLY = ["/login", "/register", "/verify", "/reset", "/reset-password"];
const MEMBER_HEADINGS: Record<string, RegExp> = {
  "/dashboard": /./,
  "/hub-progress": /^Hub Progress$/,
  "/my-courses": /^My Courses$/,
  "/saved-courses": /^Saved Courses$/,
  "/my-reviews": /^My Reviews$/,
  "/account": /^Account$/,
};

/** Signs the context in with a session cookie for a new verified student; returns the student's email. */
async function signInNewStudent(context: BrowserContext): Promise<string> {
  const student = await createStudent(stack.t, uniqueEmail("routes"));
  await signIn(context, student.token, stack.url);
  return student.user.email;
}

const path = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).first().textContent();

/** The visitor's landing page is on screen: its heading and the public top bar's Log In. */
async function expectLanding(page: Page): Promise<void> {
  await expect(h1(page)).resolves.toBe("Select your next BU course with confidence");
  // (At phone size the top bar's links are hidden behind the menu, so hidden ones count too.)
  expect(await page.locator(".topbar-nav").getByRole("link", { name: "Log In", includeHidden: true }).count()).toBe(1);
  expect(await page.getByRole("complementary", { name: "Account navigation", includeHidden: true }).count()).toBe(0);
}

/** The signed-in dashboard is on screen for that student (with the signed-in layout, whose sidebar a phone hides). */
async function expectDashboard(page: Page, email: string): Promise<void> {
  await expect(page.locator(".dashboard-email").textContent()).resolves.toBe(email);
  expect(await page.getByRole("complementary", { name: "Account navigation", includeHidden: true }).count()).toBe(1);
}

for (const device of DEVICES) {
  describe(`route sets in Chromium, ${device.name}`, () => {
    test.override({ device });
    testOn(device, "phone")(
      "a visitor: members-only pages go to /, unknown paths show the landing page with 404, the review form goes to /login?next=",
      async ({ page, problems }) => {
        const { url } = stack;
        for (const members of MEMBERS_ONLY) {
          const response = await page.goto(url + members);
          expect(path(page), members).toBe("/");
          expect(response?.status(), members).toBe(200);
          await expectLanding(page);
        }

        for (const unknown of ["/no-such-page", "/course", "/dashboard/extra", "/search/x/y"]) {
          const response = await page.goto(url + unknown);
          expect(path(page), unknown).toBe(unknown);
          expect(response?.status(), unknown).toBe(404);
          await expectLanding(page);
        }

        await page.goto(`${url}/course/${course}/review`);
        expect(path(page)).toBe("/login");
        expect(new URL(page.url()).searchParams.get("next")).toBe(`/course/${course}/review`);
        await expect(h1(page)).resolves.toBe("Log in to HubRate");

        // The query of the review form survives the detour too.
        await page.goto(`${url}/course/${course}/review?edit=12`);
        expect(new URL(page.url()).searchParams.get("next")).toBe(`/course/${course}/review?edit=12`);

        // The open pages and the visitor's account screens are served as they are.
        const open: [string, string][] = [
          ["/privacy", "Privacy Policy"],
          ["/terms", "Terms of Service"],
          ["/contact", "Contact us"],
          ["/search", "Search Courses"],
          ["/login", "Log in to HubRate"],
          ["/register", "Sign up to start rating BU courses"],
          ["/verify", "Please check your email for the verification code"],
          ["/reset", "Reset your password"],
        ];
        for (const [where, heading] of open) {
          const response = await page.goto(url + where);
          expect(path(page), where).toBe(where);
          expect(response?.status(), where).toBe(200);
          await expect(h1(page), where).resolves.toBe(heading);
        }
        await page.goto(`${url}/course/${course}`);
        expect(path(page)).toBe(`/course/${course}`);
        await expect(page.getByRole("link", { name: "← Back to search" }).count()).resolves.toBe(1);

        // The unknown paths answered 404 on purpose; nothing else went wrong.
        expect(unexpected(problems, failedLoad(404, /^\/(no-such-page|course|dashboard\/extra|search\/x\/y)$/)))
          .toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "a signed-in student: visitor-only screens and unknown paths go to /dashboard; members-only and open pages are served",
      async ({ context, page, problems }) => {
        const { url } = stack;
        const email = await signInNewStudent(context);

        for (const visitor of [...VISITOR_ONLY, "/login?next=%2Fsearch"]) {
          await page.goto(url + visitor);
          expect(path(page), visitor).toBe("/dashboard");
          await expectDashboard(page, email);
        }
        for (const unknown of ["/no-such-page", "/course", "/dashboard/extra"]) {
          await page.goto(url + unknown);
          expect(path(page), unknown).toBe("/dashboard");
          await expectDashboard(page, email);
        }
        // "/" is the dashboard itself, with Dashboard highlighted.
        await page.goto(url + "/");
        expect(path(page)).toBe("/");
        await expectDashboard(page, email);
        expect(
          await (await accountNav(page, device)).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current"),
        ).toBe("page");
        const sidebar = page.getByRole("complementary", { name: "Account navigation", includeHidden: true });

        for (const members of MEMBERS_ONLY) {
          const response = await page.goto(url + members);
          expect(path(page), members).toBe(members);
          expect(response?.status(), members).toBe(200);
          await expect(h1(page), members).resolves.toMatch(MEMBER_HEADINGS[members]);
          expect(await sidebar.count(), members).toBe(1);
        }
        for (
          const [where, heading] of [["/privacy", "Privacy Policy"], ["/terms", "Terms of Service"], [
            "/contact",
            "Contact us",
          ], ["/search", "Search Courses"]]
        ) {
          const response = await page.goto(url + where);
          expect(path(page), where).toBe(where);
          expect(response?.status(), where).toBe(200);
          await expect(h1(page), where).resolves.toBe(heading);
        }
        await page.goto(`${url}/course/${course}`);
        expect(path(page)).toBe(`/course/${course}`);
        await page.goto(`${url}/course/${course}/review`);
        expect(path(page)).toBe(`/course/${course}/review`);
        await expect(h1(page)).resolves.toBe("Write a review");

        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "a session of a student who has not verified yet counts as a visitor",
      async ({ context, page, problems }) => {
        const { url, t } = stack;
        const [user] = await t.deps.database.db.insert(users).values({
          email: uniqueEmail("unverified"),
          passwordHash: "not-a-password-hash",
          enabled: false,
          college: "CAS",
          major: "Physics",
          expectedGrad: 2027,
        }).returning();
        await signIn(context, await issueToken(TEST_SECRET, user), url);
        await page.goto(url + "/dashboard");
        expect(path(page)).toBe("/");
        await expectLanding(page);
        await page.goto(url + "/login");
        expect(path(page)).toBe("/login");
        const response = await page.goto(url + "/no-such-page");
        expect(response?.status()).toBe(404);
        await expectLanding(page);
        expect(unexpected(problems, failedLoad(404, "/no-such-page"))).toEqual([]);
      },
    );

    test("the public layout: the logo, Search Courses, Contact, Log In and Sign Up (behind the menu on a phone), the footer's links and 2025 line", async ({ page, problems }) => {
      const { url } = stack;
      await page.goto(url + "/privacy");
      const header = page.locator("header.topbar");
      expect(await header.getByRole("link", { name: "HubRate home" }).getAttribute("href")).toBe("/");
      const menu = header.locator("details.topbar-menu");
      let links = header.getByRole("navigation", { name: "Main", exact: true });
      if (device.touch) {
        expect(await links.isVisible()).toBe(false);
        await press(device, menu.locator("summary"));
        links = menu.getByRole("navigation", { name: "Main (menu)" });
        await links.waitFor({ state: "visible" });
      } else {
        expect(await menu.locator("summary").isVisible()).toBe(false);
      }
      const found = await links.getByRole("link").evaluateAll((as) =>
        as.map((a) => [a.textContent, a.getAttribute("href")])
      );
      expect(found).toEqual([["Search Courses", "/search"], ["Schedule", "/schedule"], ["Contact", "/contact"], [
        "Log In",
        "/login",
      ], [
        "Sign Up",
        "/register",
      ]]);
      const footer = page.getByRole("contentinfo");
      const footerLinks = await footer.getByRole("link").evaluateAll((as) =>
        as.map((a) => [a.textContent, a.getAttribute("href")])
      );
      expect(footerLinks).toEqual([["Contact Us", "/contact"], ["Privacy Policy", "/privacy"], [
        "Terms of Service",
        "/terms",
      ]]);
      await expect(footer.locator("p").textContent()).resolves.toMatch(/^© 2025 HubRate\./);
      // Forms are at most 480 px wide.
      await page.goto(url + "/login");
      expect((await page.locator("form.form").boundingBox())!.width).toBeLessThanOrEqual(480);
      expect(unexpected(problems)).toEqual([]);
    });

    test("the signed-in layout: a 250 px sidebar on a desktop; a 70 px top bar whose 250 px menu slides in on a phone", async ({ context, page, problems }) => {
      const { url } = stack;
      await signInNewStudent(context);
      await page.goto(url + "/my-reviews");
      const sidebar = page.getByRole("complementary", { name: "Account navigation" });
      const topbar = page.locator("header.app-topbar");
      if (device.touch) {
        expect(await sidebar.isVisible()).toBe(false);
        expect((await topbar.boundingBox())!.height).toBe(70);
      } else {
        expect(await topbar.isVisible()).toBe(false);
        const box = (await sidebar.boundingBox())!;
        expect([box.x, box.width]).toEqual([0, 250]);
      }
      const nav = await accountNav(page, device);
      if (device.touch) {
        // It slides in from the left edge, under the top bar.
        await nav.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
        const box = (await nav.boundingBox())!;
        expect([box.x, box.y, box.width]).toEqual([0, 70, 250]);
      }
      const links = device.touch ? nav : nav.getByRole("navigation", { name: "Main" });
      const found = await links.getByRole("link").evaluateAll((as) =>
        as.map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("aria-current")])
      );
      expect(found).toEqual([
        ["Dashboard", "/dashboard", null],
        ["Hub Progress", "/hub-progress", null],
        ["My Courses", "/my-courses", null],
        ["Saved Courses", "/saved-courses", null],
        ["Schedule", "/schedule", null],
        ["My Reviews", "/my-reviews", "page"],
        ["Search Courses", "/search", null],
        ["Account", "/account", null],
      ]);
      expect(await nav.getByRole("button", { name: "Sign Out" }).isVisible()).toBe(true);
      expect(unexpected(problems)).toEqual([]);
    });

    test("Sign Out from the sidebar (the slide-in menu on a phone) lands on / as a visitor", async ({ context, page, problems }) => {
      const { url } = stack;
      await signInNewStudent(context);
      await page.goto(url + "/my-courses");
      await press(device, (await accountNav(page, device)).getByRole("button", { name: "Sign Out" }));
      await page.waitForURL(url + "/");
      await expectLanding(page);
      // The session is gone: members-only pages send the visitor to / again.
      await page.goto(url + "/account");
      expect(path(page)).toBe("/");
      await expectLanding(page);
      expect(unexpected(problems)).toEqual([]);
    });
  });
}

describe("route sets in Chromium, phone menus", () => {
  test("phone: the public menu starts collapsed, opens with a tap and is closed again after navigating", async ({ openPage }) => {
    const { url } = stack;
    const { page, problems } = await openPage(PHONE);
    await page.goto(url + "/privacy");
    const menu = page.locator("details.topbar-menu");
    const contact = menu.getByRole("link", { name: "Contact", exact: true, includeHidden: true });
    expect(await page.locator(".topbar-nav").isVisible()).toBe(false);
    expect(await menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await contact.isVisible()).toBe(false);
    await menu.locator("summary").tap();
    await contact.waitFor({ state: "visible" });
    await contact.tap();
    await page.waitForURL(url + "/contact");
    await expect(h1(page)).resolves.toBe("Contact us");
    expect(await menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await contact.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(unexpected(problems)).toEqual([]);
  });

  test("phone: the signed-in slide-in menu starts collapsed, opens with a tap and is closed again after navigating", async ({ openPage }) => {
    const { url } = stack;
    const { context, page, problems } = await openPage(PHONE);
    await signInNewStudent(context);
    await page.goto(url + "/dashboard");
    expect(await page.getByRole("complementary", { name: "Account navigation" }).isVisible()).toBe(false);
    const menu = page.locator("details.slide-menu");
    const link = menu.getByRole("link", { name: "Hub Progress", includeHidden: true });
    expect(await menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await link.isVisible()).toBe(false);
    await menu.locator("summary").tap();
    await link.waitFor({ state: "visible" });
    await link.tap();
    await page.waitForURL(url + "/hub-progress");
    await expect(h1(page)).resolves.toBe("Hub Progress");
    expect(await menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await link.isVisible()).toBe(false);
    expect(await link.getAttribute("aria-current")).toBe("page");

    // Sign Out from the slide-in menu too.
    await menu.locator("summary").tap();
    await menu.getByRole("button", { name: "Sign Out" }).tap();
    await page.waitForURL(url + "/");
    await expectLanding(page);
    expect(unexpected(problems)).toEqual([]);
  });
});
