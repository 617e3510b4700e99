/**
 * Search's "Offered in" in Chromium, on the demo catalog and its demo schedule: the term chosen in the filters (beside
 * the results on a desktop in light mode, in the sheet on a phone in dark mode), its chip, each card's term line
 * ("Fall 2026 · 3 sections"), the table's Offered column, and the chip taking the filter away again.
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { offeringLabel } from "../../src/lib/term-codes.ts";
import { plural } from "../../src/lib/text.ts";
import { expectAccessible } from "../helpers/a11y.ts";
import { browserFile, DEVICES, fitsWidth, press, screenshot, unexpected, waitForIsland } from "../helpers/pages.ts";

import { apiSearch as searchApi, waitForFound } from "../helpers/search-page.ts";

const { stack, test } = browserFile();

const apiSearch = (query: string) => searchApi(stack.t, query);

const cardTerms = (page: Page) => page.locator("article.course-card .badge-term").allTextContents();

for (const device of DEVICES) {
  describe(`Offered in, ${device.name}`, () => {
    test.override({ device });
    test("choose a term: its chip, the cards' term line and the table's column; the chip removes it", async ({ page, problems }) => {
      await page.goto(stack.url + "/search");
      await waitForIsland(page, "CourseSearch");
      const everything = await apiSearch("");
      // Without the filter each card names the soonest term the course is offered in.
      expect(await cardTerms(page)).toEqual(
        everything.content.flatMap((course) => course.offering ? [offeringLabel(course.offering)] : []),
      );

      if (device.touch) await press(device, page.locator("details.filter-sheet > summary"));
      const select = page.getByLabel("Offered in");
      await select.scrollIntoViewIfNeeded();
      expect(await select.locator("option").allTextContents()).toEqual(["Any term", "Fall 2026", "Spring 2027"]);
      await expect(select.inputValue()).resolves.toBe("");
      await select.selectOption({ label: "Spring 2027" });
      const spring = await apiSearch("offered=2271");
      expect(spring.totalElements).toBeLessThan(everything.totalElements);
      await waitForFound(page, spring.totalElements);
      expect(new URL(page.url()).searchParams.get("offered")).toBe("2271");
      await screenshot(page, `search-offered-filter-${device.name}`);
      await expectAccessible(page, "the filters with a term chosen", ".search-filters");

      if (device.touch) {
        await expect(page.locator("details.filter-sheet > summary").textContent()).resolves.toBe("Filters (1)");
        await press(device, page.getByRole("button", { name: `Show ${plural(spring.totalElements, "course")}` }));
      }
      const chip = page.getByRole("button", { name: "Remove filter: Offered in Spring 2027" });
      await chip.waitFor();
      await expect(chip.textContent()).resolves.toBe("Offered in Spring 2027 ×");
      const labels = await cardTerms(page);
      expect(labels).toEqual(spring.content.map((course) => offeringLabel(course.offering!)));
      expect(labels.every((label) => /^Spring 2027 · \d+ sections?$/.test(label))).toBe(true);
      await page.locator("article.course-card").first().scrollIntoViewIfNeeded();
      await fitsWidth(page, device.options.viewport!.width);
      // The term line stays on one line and inside its card.
      const fits = await page.locator("article.course-card .badge-term").evaluateAll((badges) =>
        badges.every((badge) => {
          const own = badge.getBoundingClientRect();
          const card = badge.closest("article")!.getBoundingClientRect();
          return own.height < 30 && own.right <= card.right && own.left >= card.left;
        })
      );
      expect(fits).toBe(true);
      await screenshot(page, `search-offered-cards-${device.name}`);
      await expectAccessible(page, "the results with a term chosen");

      // The table view has the same line in its Offered column.
      await press(device, page.getByRole("button", { name: "Table" }));
      await page.locator(".course-table tbody tr").first().waitFor();
      expect(await page.locator(".course-table td.col-offered").allTextContents()).toEqual(labels);
      await screenshot(page, `search-offered-table-${device.name}`);
      await expectAccessible(page, "the table with a term chosen");
      await press(device, page.getByRole("button", { name: "Cards" }));

      await press(device, chip);
      await waitForFound(page, everything.totalElements);
      expect(new URL(page.url()).searchParams.has("offered")).toBe(false);
      expect(await chip.count()).toBe(0);
      await expect(select.inputValue()).resolves.toBe("");
      expect(unexpected(problems)).toEqual([]);
    });
  });
}
