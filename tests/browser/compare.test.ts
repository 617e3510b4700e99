/**
 * Compare in Chromium, on the demo catalog, at desktop size with a mouse and
 * at phone size with taps: a visitor picks courses from search results with
 * the Compare toggles, is refused a fifth, opens the tray's link, sees the
 * columns (two and a sliver of a third on a phone, the row names staying in
 * place while the table scrolls sideways), removes one, and finds the tray
 * following; a student compares from Saved courses and the course page. Axe
 * finds nothing serious, and nothing is wider than the phone.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { api, createStudent } from "../helpers/accounts.ts";
import { expectAccessible } from "../helpers/a11y.ts";
import {
  browserFile,
  courseId,
  DEVICES,
  fitsWidth,
  press,
  screenshot,
  signIn,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

const { stack, test } = browserFile();

const toggle = (page: Page, code: string) => page.getByRole("button", { name: `Compare ${code}`, exact: true });
const tray = (page: Page) => page.getByRole("region", { name: "Courses to compare" });
const trayLink = (page: Page) => tray(page).getByRole("link", { name: /^Compare \d courses/ });
const columns = (page: Page) => page.locator("th.compare-course .code").allTextContents();

async function pick(
  page: Page,
  device: (typeof DEVICES)[number],
  code: string,
  pressed: "true" | "false" = "true",
): Promise<void> {
  await press(device, toggle(page, code));
  await page.locator(`button[aria-label="Compare ${code}"][aria-pressed="${pressed}"]`).waitFor();
}

/** The box of an element, in the window's coordinates. */
const box = (target: Locator) => target.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);

for (const device of DEVICES) {
  describe(`compare in Chromium, ${device.name}`, () => {
    test.override({ device });
    test("a visitor picks courses from search results, is refused a fifth, compares them, and removes one", async ({ page, problems }) => {
      const { url, t } = stack;
      await page.goto(url + "/search?colleges=CAS&departments=CS");
      await waitForIsland(page, "CourseSearch");
      await waitForIsland(page, "CompareTray");
      expect(await tray(page).count()).toBe(0);
      expect(await toggle(page, "CAS CS 111").getAttribute("aria-pressed")).toBe("false");

      await pick(page, device, "CAS CS 111");
      await tray(page).getByText("Pick one more course to compare").waitFor();
      await pick(page, device, "CAS CS 112");
      await pick(page, device, "CAS CS 131");
      await pick(page, device, "CAS CS 210");
      await trayLink(page).getByText("Compare 4 courses").waitFor();

      // A fifth is refused, and the tray says why.
      await press(device, toggle(page, "CAS CS 235"));
      const notice = page.locator(".compare-dock [role=status]");
      await notice.getByText("You can compare up to four courses.", { exact: false }).waitFor();
      expect(await notice.isVisible()).toBe(true);
      expect(await toggle(page, "CAS CS 235").getAttribute("aria-pressed")).toBe("false");
      // Taking one out makes room again; then put it back.
      await pick(page, device, "CAS CS 131", "false");
      expect(await notice.textContent()).toBe("");
      await pick(page, device, "CAS CS 131");

      // The tray stays in sight while the list scrolls, and never hides the end of the page.
      const trayBox = await box(tray(page));
      const viewport = page.viewportSize()!;
      expect(trayBox.bottom).toBeLessThanOrEqual(viewport.height + 1);
      expect(trayBox.right).toBeLessThanOrEqual(viewport.width);
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      const lastCard = page.locator("article.course-card").last();
      expect((await box(lastCard)).bottom).toBeLessThanOrEqual((await box(tray(page))).top);
      if (device.touch) await fitsWidth(page);
      await expectAccessible(page, "search with the tray", ".compare-dock");
      await screenshot(page, `compare-tray-${device.name}`, { scale: "css" });

      const ids = await Promise.all(
        ["CAS CS 111", "CAS CS 112", "CAS CS 210", "CAS CS 131"].map((code) => courseId(t, code)),
      );
      await press(device, trayLink(page));
      await page.waitForURL(`${url}/compare?ids=${ids.join(",")}`);
      await waitForIsland(page, "CompareActions");
      expect(await page.title()).toBe("Compare CAS CS 111, CAS CS 112, CAS CS 210 and CAS CS 131 | HubRate");
      expect(await columns(page)).toEqual(["CAS CS 111", "CAS CS 112", "CAS CS 210", "CAS CS 131"]);
      const overall = page.locator("tr", { has: page.getByRole("rowheader", { name: "Overall" }) });
      expect(await overall.locator("td").count()).toBe(4);
      // CAS CS 131 and CAS CS 210 have no demo reviews: no rating, never 0.0.
      expect((await overall.locator("td").allTextContents()).filter((cell) => cell === "No ratings yet")).toHaveLength(
        2,
      );
      expect(
        await page.getByRole("link", { name: "CAS CS 111 Introduction to Computer Science 1" }).getAttribute("href"),
      ).toBe(`/course/${ids[0]}`);

      const scroller = page.getByRole("region", { name: "Courses side by side" });
      if (device.touch) {
        // Two columns and a sliver of the third; the rest scrolls sideways under the row names, not the page.
        await fitsWidth(page);
        const heads = page.locator("th.compare-course");
        expect((await box(heads.nth(1))).right).toBeLessThanOrEqual(viewport.width);
        expect((await box(heads.nth(2))).left).toBeLessThan(viewport.width - 8);
        expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        const rowName = page.getByRole("rowheader", { name: "Overall" });
        const before = await box(rowName);
        await scroller.evaluate((element) => element.scrollBy(300, 0));
        await page.waitForFunction(() => document.querySelector(".compare-scroll")!.scrollLeft > 0);
        expect((await box(rowName)).left).toBe(before.left);
        expect((await box(heads.nth(3))).right).toBeLessThanOrEqual(viewport.width);
        await scroller.evaluate((element) => element.scrollTo(0, 0));
      } else {
        expect(await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
      await expectAccessible(page, "the compare page");
      await screenshot(page, `compare-${device.name}`, { fullPage: true, scale: "css" });

      // Remove drops the course from the link and from the picks.
      await press(device, page.getByRole("link", { name: "Remove CAS CS 112 from the comparison" }));
      await page.waitForURL(`${url}/compare?ids=${[ids[0], ids[2], ids[3]].join(",")}`);
      await waitForIsland(page, "CompareActions");
      expect(await columns(page)).toEqual(["CAS CS 111", "CAS CS 210", "CAS CS 131"]);
      await page.goto(url + "/search?colleges=CAS&departments=CS");
      await waitForIsland(page, "CompareTray");
      await trayLink(page).getByText("Compare 3 courses").waitFor();
      expect(await toggle(page, "CAS CS 112").getAttribute("aria-pressed")).toBe("false");
      expect(await toggle(page, "CAS CS 111").getAttribute("aria-pressed")).toBe("true");

      // Clear empties the tray.
      await press(device, tray(page).getByRole("button", { name: "Clear courses to compare" }));
      await tray(page).waitFor({ state: "detached" });
      expect(await page.locator('button.compare-toggle[aria-pressed="true"]').count()).toBe(0);

      expect(unexpected(problems)).toEqual([]);
    });
  });
}

describe("compare in Chromium, a student", () => {
  test("compares from Saved courses and the course page, and sees whether the prerequisites are met", async ({ openPage }) => {
    const { url, t } = stack;
    const student = await createStudent(t, uniqueEmail("compare"));
    const [cs111, cs112, ec101] = await Promise.all(
      ["CAS CS 111", "CAS CS 112", "CAS EC 101"].map((code) => courseId(t, code)),
    );
    for (const id of [cs112, ec101]) {
      expect((await api(t, `/api/users/saved-courses/${id}`, { method: "POST", token: student.token })).status)
        .toBeLessThan(300);
    }
    expect((await api(t, `/api/users/completed-courses/${cs111}`, { method: "POST", token: student.token })).status)
      .toBeLessThan(300);

    const { context, page, problems } = await openPage(DEVICES[0].options);
    await signIn(context, student.token, url);
    await page.goto(url + "/saved-courses");
    await waitForIsland(page, "ListedCourses");
    await waitForIsland(page, "CompareTray");
    await toggle(page, "CAS CS 112").click();
    await toggle(page, "CAS EC 101").click();

    // A third from the course page, whose actions link to the comparison.
    await page.goto(`${url}/course/${cs111}`);
    await waitForIsland(page, "CourseActions");
    const actions = page.getByRole("group", { name: "Course actions" });
    await actions.getByRole("button", { name: "Compare CAS CS 111" }).click();
    await actions.locator('button[aria-label="Compare CAS CS 111"][aria-pressed="true"]').waitFor();
    await actions.getByRole("link", { name: /^Compare 3 courses/ }).click();
    await page.waitForURL(`${url}/compare?ids=${cs112},${ec101},${cs111}`);
    expect(await columns(page)).toEqual(["CAS CS 112", "CAS EC 101", "CAS CS 111"]);
    const prerequisites = page.locator("tr", { has: page.getByRole("rowheader", { name: "Prerequisites" }) }).locator(
      "td",
    );
    expect(await prerequisites.nth(0).getByText("✓ You have met these").isVisible()).toBe(true);
    expect(await prerequisites.nth(0).getByRole("link", { name: "CAS CS 111" }).getAttribute("href")).toBe(
      `/course/${cs111}`,
    );
    await expectAccessible(page, "the compare page, signed in");

    expect(unexpected(problems)).toEqual([]);
  });
});
