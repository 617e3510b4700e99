/**
 * What search reads from the text, the first page, the landing lists and the transcript paste, in Chromium at desktop
 * and phone sizes, each checked with axe in light and dark mode:
 * - "easy QR2" becomes the Hub QR2 chip and the Easiest sort, said above the results; removing the chip takes the
 *   words out of the text; typing "hub etr" shows its chip; "Search these words as text" quotes them;
 * - /search without text lists current undergraduate courses, and the switch adds the rest;
 * - the landing page's box offers the search its words mean, and its lists lead to the searches that made them;
 * - a messy transcript pasted on My Courses: found, completed already, withdrawn unticked, lines not understood.
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { api } from "../helpers/accounts.ts";
import { colourViolationsIn, expectAccessible } from "../helpers/a11y.ts";
import {
  browserFile,
  courseId,
  type Device,
  DEVICES,
  fitsWidth,
  press,
  screenshot,
  unexpected,
  waitForIsland,
} from "../helpers/pages.ts";

import { apiSearch as searchApi, waitForFound } from "../helpers/search-page.ts";

const { stack, test } = browserFile();

const apiSearch = (query: string) => searchApi(stack.t, query);

/**
 * Axe in the device's colour scheme, then its colour rules in the other one (the scheme changes only colours), with a
 * screenshot of each.
 */
async function accessibleInBothSchemes(page: Page, device: Device, name: string, within?: string) {
  const own = device.options.colorScheme as "light" | "dark";
  const other = own === "light" ? "dark" : "light";
  await expectAccessible(page, `${name}, ${device.name}, ${own}`, within);
  await screenshot(page, `${name}-${device.name}-${own}`);
  expect(await colourViolationsIn(page, other, within), `${name}, ${device.name}, ${other}`).toEqual([]);
  await screenshot(page, `${name}-${device.name}-${other}`);
  await page.emulateMedia({ colorScheme: own });
}

const cardCodes = (page: Page) => page.locator("article.course-card .course-code .code").allTextContents();

for (const device of DEVICES) {
  describe(`search words, ${device.name}`, () => {
    test.override({ device });

    test("easy QR2: the Hub chip and the Easiest sort, said; the chip takes its words out of the text", async ({ page, problems }) => {
      const read = await apiSearch("q=easy%20QR2");
      expect(read.understood.map((u) => u.meaning)).toEqual(["Easiest first", "Hub QR2"]);
      await page.goto(`${stack.url}/search?q=easy%20QR2`);
      await waitForIsland(page, "CourseSearch");
      const hubChip = page.getByRole("button", { name: "Remove filter: Hub QR2" });
      await hubChip.waitFor();
      await page.getByRole("button", { name: "Remove filter: Easiest first" }).waitFor();
      await expect(page.locator(".read-note").textContent()).resolves.toContain(
        "Read “easy” as Easiest first, “QR2” as Hub QR2.",
      );
      await expect(page.locator("#search-sort").inputValue()).resolves.toBe("easiest");
      await waitForFound(page, read.totalElements);
      expect(await page.locator("article.course-card").count()).toBe(read.content.length);
      // Every card carries QR2.
      const badges = await page.locator("article.course-card").evaluateAll((cards) =>
        cards.map((card) => [...card.querySelectorAll(".badge-hub")].map((b) => b.textContent))
      );
      expect(badges.every((hubs) => hubs.includes("QR2"))).toBe(true);
      if (device.touch) await fitsWidth(page);
      await accessibleInBothSchemes(page, device, "search-hub-chip");

      // Removing the Hub chip takes "QR2" out of the text; the sort word stays.
      await press(device, hubChip);
      const easy = await apiSearch("q=easy");
      await waitForFound(page, easy.totalElements);
      await expect(page.locator("#search-q").inputValue()).resolves.toBe("easy");
      expect(new URL(page.url()).searchParams.get("q")).toBe("easy");
      expect(await hubChip.count()).toBe(0);

      // Typed: the chip comes with the results.
      await page.locator("#search-q").fill("hub etr");
      const etr = await apiSearch("q=hub%20etr");
      await page.getByRole("button", { name: "Remove filter: Hub ETR" }).waitFor();
      await waitForFound(page, etr.totalElements);

      // The words as text instead: quoted, nothing read.
      await press(device, page.getByRole("button", { name: "Search these words as text" }));
      await page.waitForFunction(() => new URL(location.href).searchParams.get("q") === '"hub etr"');
      await page.locator(".read-note").waitFor({ state: "detached" });
      expect(unexpected(problems)).toEqual([]);
    });

    test("the first page: current undergraduate courses, the switch adds graduate and old ones", async ({ page, problems }) => {
      const first = await apiSearch("");
      const all = await apiSearch("allCourses=true");
      expect(first.scoped).toBe(true);
      expect(first.totalElements).toBeLessThan(all.totalElements);
      await page.goto(`${stack.url}/search`);
      await waitForIsland(page, "CourseSearch");
      await waitForFound(page, first.totalElements);
      expect(await cardCodes(page)).toEqual(first.content.map((c) => c.code));
      await page.getByText("Current undergraduate courses.").waitFor();
      const scope = page.getByRole("checkbox", { name: "Include graduate and no-longer-offered courses" });
      await expect(scope.isChecked()).resolves.toBe(false);
      await accessibleInBothSchemes(page, device, "search-first-page");

      await press(device, scope);
      await waitForFound(page, all.totalElements);
      expect(new URL(page.url()).searchParams.get("allCourses")).toBe("true");
      await expect(scope.isChecked()).resolves.toBe(true);
      expect(await page.getByText("Current undergraduate courses.").count()).toBe(0);
      // Back returns to the first page.
      await page.goBack();
      await waitForFound(page, first.totalElements);
      expect(unexpected(problems)).toEqual([]);
    });

    test("the landing box offers the search its words mean; the lists open the searches that made them", async ({ page, problems }) => {
      await page.goto(`${stack.url}/`);
      // Typed in the landing page's box, "easy QR2" is offered first as the search it reads as.
      await waitForIsland(page, "SearchBox");
      await page.getByRole("combobox", { name: "Search courses" }).first().fill("easy QR2");
      const offer = page.getByRole("option").first();
      await expect(offer.textContent()).resolves.toContain("Easiest first · Hub QR2");
      await press(device, offer);
      await page.waitForURL(/\/search\?q=easy%20QR2$/);
      await page.getByRole("button", { name: "Remove filter: Hub QR2" }).waitFor();
      await page.goBack();
      await page.waitForURL(`${stack.url}/`);
      const section = page.getByRole("region", { name: "Start here" });
      await section.waitFor();
      const lists = section.locator("section.featured-list");
      expect(await lists.count()).toBeGreaterThanOrEqual(2);
      const first = lists.first();
      const codes = await first.locator("li .code").allTextContents();
      expect(codes.length).toBeGreaterThan(0);
      if (device.touch) await fitsWidth(page);
      await accessibleInBothSchemes(page, device, "landing-lists", "section.featured");
      await press(device, first.getByRole("link", { name: /^See the whole list/ }));
      await page.waitForURL(/\/search\?/);
      await waitForIsland(page, "CourseSearch");
      expect((await cardCodes(page)).slice(0, codes.length)).toEqual(codes);
      expect(unexpected(problems)).toEqual([]);
    });

    test("a messy transcript pasted: found, completed already, withdrawn unticked, lines not understood", async ({ page, problems, student }) => {
      const wr120 = await courseId(stack.t, "CAS WR 120");
      await api(stack.t, `/api/users/completed-courses/${wr120}`, { method: "POST", token: student.token });
      await page.goto(`${stack.url}/my-courses`);
      await waitForIsland(page, "PasteCompleted");
      const section = page.getByRole("region", { name: "Add completed courses at once" });
      await section.getByLabel("Course codes").fill([
        "Boston University Unofficial Transcript",
        "Name: Jordan Rivera    Student ID: U12345678",
        "FALL 2023",
        "CAS WR 120  WRITING SEMINAR               A-     4.00",
        "CAS PH150 Introduction to Ethics  A-  4.00",
        "cs 111 A1  INTRO TO COMPUTER SCIENCE 1    B+     4.00",
        "Term GPA: 3.67    Term Credits: 12.00",
        "SPRING 2024",
        "CAS MA 123  CALCULUS I                    W      0.00",
        "CAS ZZ 999  NOT A REAL COURSE             A      4.00",
        "Ask Prof. Lee about research",
      ].join("\n"));
      await press(device, section.getByRole("button", { name: "Find courses" }));
      const found = section.getByRole("group", { name: "Found 3 courses" });
      await found.waitFor();
      await expect(found.getByRole("checkbox", { name: /^CAS PH 150 / }).isChecked()).resolves.toBe(true);
      await expect(found.getByRole("checkbox", { name: /^CAS CS 111 / }).isChecked()).resolves.toBe(true);
      const withdrawn = found.getByRole("checkbox", { name: /^CAS MA 123 .*Withdrawn/ });
      await expect(withdrawn.isChecked()).resolves.toBe(false);
      await expect(section.locator(".paste-completed-already").textContent()).resolves.toBe(
        "Completed already (1): CAS WR 120",
      );
      await expect(section.locator(".paste-unmatched").textContent()).resolves.toBe("Not found (1): CAS ZZ 999");
      expect(await section.locator(".paste-not-understood li").allTextContents()).toEqual([
        "Ask Prof. Lee about research",
      ]);
      await section.locator(".paste-results").scrollIntoViewIfNeeded();
      if (device.touch) await fitsWidth(page);
      await accessibleInBothSchemes(page, device, "paste-transcript", "section.paste-completed");
      const reloaded = page.waitForEvent("load");
      await press(device, section.getByRole("button", { name: "Add 2 courses to Completed" }));
      await reloaded;
      const completed = await (await api(stack.t, "/api/users/completed-courses", { token: student.token })).json();
      expect(completed.map((c: { code: string }) => c.code).sort()).toEqual(["CAS CS 111", "CAS PH 150", "CAS WR 120"]);
      expect(unexpected(problems)).toEqual([]);
    });
  });
}
