/**
 * Course lists in Chromium: mark courses done and planned from search cards
 * and the course page (every toggle button disabled while one call runs), see
 * the dashboard and Hub progress follow, bookmark a course and manage it on
 * Saved courses, at desktop size with a mouse and at phone size with taps;
 * and the signed-in menu on a phone.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { createStudent } from "../helpers/accounts.ts";
import {
  browserFile,
  courseId,
  type Device,
  DEVICES,
  holdApi,
  logIn,
  PHONE,
  press,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

const { stack, test } = browserFile();

/** The course card of a course ("CAS CS 111") on the page or inside a part of it. */
function card(scope: Page | Locator, code: string): Locator {
  const page = "goto" in scope ? scope : scope.page();
  return scope.locator("article.course-card").filter({
    has: page.getByRole("link", { name: `View Course ${code}`, exact: true }),
  });
}

/** Clicks (or taps) a toggle and waits for the button to flip to its other label. */
async function toggle(device: Device, scope: Locator, from: string, to: string): Promise<void> {
  await press(device, scope.getByRole("button", { name: from, exact: true }));
  const flipped = scope.getByRole("button", { name: to, exact: true });
  await flipped.waitFor();
  expect(await flipped.getAttribute("aria-pressed")).toBe(to === "Mark Done" || to === "Add Future" ? "false" : "true");
}

async function metric(page: Page, label: string): Promise<string> {
  const value = await page.locator(".metric", { has: page.getByText(label, { exact: true }) }).locator("dd")
    .textContent();
  return value ?? "";
}

/** The status badge of a Hub requirement card on /hub-progress. */
async function hubStatus(page: Page, code: string): Promise<string> {
  const hubCard = page.locator("li.hub-card").filter({
    has: page.locator(".hub-code").getByText(code, { exact: true }),
  });
  return (await hubCard.locator(".hub-card-head .badge").textContent()) ?? "";
}

async function hubTotals(page: Page): Promise<Record<string, string>> {
  const totals: Record<string, string> = {};
  for (const name of ["Completed", "In Future", "Remaining"]) {
    totals[name] =
      (await page.locator(".hub-totals > div", { has: page.getByText(name, { exact: true }) }).locator("dd")
        .textContent()) ?? "";
  }
  return totals;
}

for (const device of DEVICES) {
  describe(`course lists in Chromium, ${device.name}`, () => {
    test.override({ device });
    test("done, future and saved from cards and the course page; the dashboard, Hub progress and saved courses follow", async ({ page, problems }) => {
      const { url, t } = stack;
      const student = await createStudent(t, uniqueEmail("planner"));
      await logIn(page, url, student.user.email, student.password, undefined, device);

      // A fresh account: nothing counted, every requirement needs attention.
      expect(await metric(page, "Courses completed")).toBe("0");
      expect(await metric(page, "Future courses planned")).toBe("0");
      expect(await metric(page, "Bookmarked")).toBe("0");
      await page.getByText("Start your course journey!", { exact: true }).waitFor();
      await page.goto(url + "/hub-progress");
      expect(await hubStatus(page, "QR2")).toBe("Needs Attention");
      expect(await hubStatus(page, "FYW")).toBe("Needs Attention");
      expect(await hubStatus(page, "AEX")).toBe("Needs Attention");
      const before = await hubTotals(page);
      expect(before).toEqual({ Completed: "0", "In Future": "0", Remaining: "20" });

      // From search cards: two done, one future, one bookmarked.
      await page.goto(url + "/search?colleges=CAS&departments=CS");
      await waitForIsland(page, "CourseSearch");
      // While one toggle call runs, every toggle button waits for it.
      const hold = await holdApi(page, "POST", /^\/api\/users\/completed-courses\/\d+$/);
      await press(device, card(page, "CAS CS 111").getByRole("button", { name: "Mark Done", exact: true }));
      await hold.arrived;
      expect(await card(page, "CAS CS 111").getByRole("button", { name: "Mark Done", exact: true }).isDisabled()).toBe(
        true,
      );
      expect(await card(page, "CAS CS 112").getByRole("button", { name: "Add Future", exact: true }).isDisabled()).toBe(
        true,
      );
      expect(await card(page, "CAS CS 131").getByRole("button", { name: "Save CAS CS 131 for later" }).isDisabled())
        .toBe(true);
      hold.release();
      await card(page, "CAS CS 111").getByRole("button", { name: "Remove Done", exact: true }).waitFor();
      expect(await card(page, "CAS CS 112").getByRole("button", { name: "Add Future", exact: true }).isEnabled()).toBe(
        true,
      );
      // Back off and on again: Remove Done takes it off, Mark Done puts it back.
      await toggle(device, card(page, "CAS CS 111"), "Remove Done", "Mark Done");
      await toggle(device, card(page, "CAS CS 111"), "Mark Done", "Remove Done");
      await toggle(device, card(page, "CAS CS 112"), "Mark Done", "Remove Done");
      const bookmark = card(page, "CAS CS 131").getByRole("button", { name: "Save CAS CS 131 for later" });
      expect(await bookmark.getAttribute("aria-pressed")).toBe("false");
      await press(device, bookmark);
      const saved = card(page, "CAS CS 131").getByRole("button", { name: "Remove CAS CS 131 from saved courses" });
      await saved.waitFor();
      expect(await saved.getAttribute("aria-pressed")).toBe("true");

      await page.goto(url + "/search?colleges=CAS&departments=EN");
      await waitForIsland(page, "CourseSearch");
      await toggle(device, card(page, "CAS EN 120"), "Add Future", "End Future");
      // Flip and flip back: End Future takes it off again, Add Future puts it back.
      await toggle(device, card(page, "CAS EN 120"), "End Future", "Add Future");
      await toggle(device, card(page, "CAS EN 120"), "Add Future", "End Future");

      // The third done course from its own page.
      const writing = await courseId(t, "CAS WR 100");
      await page.goto(`${url}/course/${writing}`);
      await waitForIsland(page, "CourseActions");
      const actions = page.getByRole("group", { name: "Course actions" });
      await press(device, actions.getByRole("button", { name: "Mark as Completed" }));
      await actions.getByRole("button", { name: "Completed", exact: true }).waitFor();
      expect(await actions.getByRole("button", { name: "Add to Future Courses" }).isVisible()).toBe(true);
      expect(await actions.getByRole("button", { name: "Save for Later" }).isVisible()).toBe(true);
      // The state survives a reload: it is the server's.
      await page.reload();
      await waitForIsland(page, "CourseActions");
      expect(await actions.getByRole("button", { name: "Completed", exact: true }).getAttribute("aria-pressed")).toBe(
        "true",
      );

      // The search cards show the saved state too.
      await page.goto(url + "/search?colleges=CAS&departments=CS");
      await waitForIsland(page, "CourseSearch");
      expect(await card(page, "CAS CS 111").getByRole("button", { name: "Remove Done" }).isVisible()).toBe(true);
      expect(
        await card(page, "CAS CS 131").getByRole("button", { name: "Remove CAS CS 131 from saved courses" })
          .isVisible(),
      ).toBe(true);

      await page.goto(url + "/dashboard");
      expect(await metric(page, "Courses completed")).toBe("3");
      expect(await metric(page, "Future courses planned")).toBe("1");
      expect(await metric(page, "Bookmarked")).toBe("1");
      expect(await metric(page, "Reviewed")).toBe("0");
      await page.getByText("3 courses ready for review", { exact: true }).waitFor();
      for (const code of ["CAS CS 111", "CAS CS 112", "CAS WR 100"]) {
        expect(await page.getByRole("link", { name: `Review ${code}`, exact: true }).isVisible(), code).toBe(true);
      }
      expect(await page.getByRole("link", { name: "View All My Courses" }).getAttribute("href")).toBe("/my-courses");

      await page.goto(url + "/hub-progress");
      expect(await hubStatus(page, "QR2")).toBe("✓ Complete");
      expect(await hubStatus(page, "FYW")).toBe("✓ Complete");
      // CS 111, CS 112 and WR 100 each carry CRT: two are needed.
      expect(await hubStatus(page, "CRT")).toBe("✓ Complete");
      // CS 111 is one of the two CRI units.
      expect(await hubStatus(page, "CRI")).toBe("Needs Attention");
      // EN 120 is planned: AEX will be complete.
      expect(await hubStatus(page, "AEX")).toBe("Will Complete");
      const after = await hubTotals(page);
      expect(after.Completed).toBe("3");
      expect(after["In Future"]).toBe("1");
      // Remaining: neither done nor planned.
      expect(Number(after.Remaining)).toBe(Number(before.Remaining) - 4);
      await expect(page.locator(".hub-percent strong").textContent()).resolves.toBe(
        `${Math.round((3 / Number(before.Remaining)) * 100)}%`,
      );

      await page.goto(url + "/my-courses");
      await waitForIsland(page, "ListedCourses");
      await page.getByText("You have 4 courses", { exact: true }).waitFor();
      const future = page.getByRole("region", { name: "Your Current/Future Courses:" });
      const completed = page.getByRole("region", { name: "Completed Courses:" });
      expect(await future.locator("article.course-card").count()).toBe(1);
      expect(await card(future, "CAS EN 120").count()).toBe(1);
      expect(await completed.locator("article.course-card").count()).toBe(3);

      // Saved courses: the bookmarked course, removed with its bookmark.
      await page.goto(url + "/saved-courses");
      await waitForIsland(page, "ListedCourses");
      await page.getByText("You have 1 saved course", { exact: true }).waitFor();
      const savedCard = card(page, "CAS CS 131");
      expect(await savedCard.count()).toBe(1);
      await press(device, savedCard.getByRole("button", { name: "Remove CAS CS 131 from saved courses" }));
      const unsaved = savedCard.getByRole("button", { name: "Save CAS CS 131 for later" });
      await unsaved.waitFor();
      expect(await unsaved.getAttribute("aria-pressed")).toBe("false");
      await page.reload();
      await page.getByText("No saved courses yet", { exact: true }).waitFor();
      expect(await page.getByRole("link", { name: "Browse Courses" }).getAttribute("href")).toBe("/search");
      await page.goto(url + "/dashboard");
      expect(await metric(page, "Bookmarked")).toBe("0");

      expect(unexpected(problems)).toEqual([]);
    });
  });
}

describe("course lists in Chromium, phone menu", () => {
  test("on a phone the signed-in menu slides in from the top bar and navigates", async ({ openPage }) => {
    const { url, t } = stack;
    const { page, problems } = await openPage(PHONE);
    const student = await createStudent(t, uniqueEmail("phone"));
    await logIn(page, url, student.user.email, student.password);

    // No sidebar on a phone; the top bar has the menu button.
    expect(await page.getByRole("complementary", { name: "Account navigation" }).isVisible()).toBe(false);
    const topbar = page.locator("header.app-topbar");
    expect(await topbar.isVisible()).toBe(true);
    const menu = topbar.getByRole("navigation", { name: "Main (menu)" });
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await topbar.getByLabel("Menu", { exact: true }).tap();
    await menu.waitFor({ state: "visible" });
    expect(await menu.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    for (
      const name of [
        "Hub Progress",
        "My Courses",
        "Saved Courses",
        "Schedule",
        "My Reviews",
        "Search Courses",
        "Account",
      ]
    ) {
      expect(await menu.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await menu.getByRole("button", { name: "Sign Out" }).isVisible()).toBe(true);
    // The menu is inside the screen.
    const box = await menu.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    await menu.getByRole("link", { name: "Hub Progress" }).tap();
    await page.waitForURL(/\/hub-progress$/);
    // A new page: the menu is closed again.
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole("heading", { level: 1, name: "Hub Progress" }).waitFor();

    await topbar.getByLabel("Menu", { exact: true }).tap();
    await menu.waitFor({ state: "visible" });
    expect(await menu.getByRole("link", { name: "Hub Progress" }).getAttribute("aria-current")).toBe("page");
    await menu.getByRole("button", { name: "Sign Out" }).tap();
    await page.waitForURL(url + "/");
    expect(await page.getByRole("complementary", { name: "Account navigation" }).count()).toBe(0);

    expect(unexpected(problems)).toEqual([]);
  });
});
