/**
 * Course search in Chromium, on the demo catalog: filters that apply as they
 * change (beside the results on a desktop, in a sheet on a phone), the
 * spinner, the results and their URL, what each card shows, pagination with
 * Back/Next and the browser's back button, a reload, the empty message, and a
 * visitor's toggle sending them to /login. The filters, the cards and the
 * empty message (as the student types on a desktop, from the button on a
 * phone), which differ by screen, run at desktop size with a mouse and the
 * keyboard and at phone size with taps; the paths that are the same on both
 * (paging, the detour to /login) run once, shared out between them.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { CourseView } from "../../src/lib/api-types.ts";
import { plural } from "../../src/lib/text.ts";
import { createStudent } from "../helpers/accounts.ts";
import {
  browserFile,
  type Device,
  DEVICES,
  fillLogin,
  holdApi,
  press,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

import { apiSearch as searchApi, foundText, waitForFound } from "../helpers/search-page.ts";

const { stack, test, testOn } = browserFile();

const apiSearch = (query: string) => searchApi(stack.t, query);

const found = (page: Page) => page.locator("#search-found");
const cards = (page: Page) => page.locator("article.course-card");
const cardTitles = (page: Page) => cards(page).locator(".course-title").allTextContents();

/** On a phone the filters wait behind their button: opens the sheet. On a desktop they stand open. */
async function openFilters(device: Device, page: Page): Promise<void> {
  const sheet = page.locator("details.filter-sheet");
  if (device.touch) {
    expect(await sheet.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await press(device, sheet.locator("> summary"));
  }
  await page.locator("#search-colleges > summary").waitFor();
}

/** The checkbox of a college or department, labelled "Name (CODE)". */
const option = (page: Page, picker: string, code: string): Locator =>
  page.locator(picker).getByRole("checkbox", { name: new RegExp(`\\(${code}\\)$`) });

/** Whether the element's top is inside the window. */
const inView = (target: Locator) =>
  target.evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    return top >= 0 && top < innerHeight;
  });

for (const device of DEVICES) {
  describe(`course search in Chromium, ${device.name}`, () => {
    test.override({ device });
    test("filters: college, department, Hub requirement and a slider; the URL keeps them", async ({ page, problems }) => {
      await page.goto(stack.url + "/search");
      await waitForIsland(page, "CourseSearch");
      const everything = await apiSearch("");
      await expect(found(page).textContent()).resolves.toBe(foundText(everything.totalElements));
      await openFilters(device, page);

      // Departments wait for a college.
      const noDepartments = page.getByRole("button", { name: "Departments" });
      expect(await noDepartments.isDisabled()).toBe(true);
      await expect(noDepartments.textContent()).resolves.toBe("Choose a college first");

      await press(device, page.locator("#search-colleges > summary"));
      await press(device, option(page, "#search-colleges", "CAS"));
      expect(await noDepartments.count()).toBe(0);
      // The results follow each change at once, without a button.
      await waitForFound(page, (await apiSearch("colleges=CAS")).totalElements);
      expect(new URL(page.url()).searchParams.getAll("colleges")).toEqual(["CAS"]);
      await press(device, page.locator("#search-departments > summary"));
      const cs = option(page, "#search-departments", "CS");
      await expect(cs.evaluate((box) => box.closest("label")!.textContent)).resolves.toBe("Computer Science (CS)");
      await press(device, cs);
      await press(device, page.locator("#search-hubs > summary"));
      await press(
        device,
        page.locator("#search-hubs").getByRole("checkbox", { name: "QR2: Quantitative Reasoning II" }),
      );
      await expect(page.locator("#search-hubs-value").textContent()).resolves.toBe("QR2");
      await waitForFound(page, (await apiSearch("colleges=CAS&departments=CS&hubReqs=QR2")).totalElements);

      // A spinner while the results load.
      const hold = await holdApi(page, "GET", /^\/api\/courses\/search$/);
      // The slider: one step with the arrow key on the desktop; a tap near its start on the phone.
      const slider = page.getByRole("slider", { name: /^Minimum overall rating/ });
      if (device.touch) {
        await slider.scrollIntoViewIfNeeded();
        const box = (await slider.boundingBox())!;
        await page.touchscreen.tap(box.x + box.width * 0.2, box.y + box.height / 2);
      } else {
        await slider.focus();
        await page.keyboard.press("ArrowRight");
      }
      const minRating = await slider.inputValue();
      expect(Number(minRating)).toBeGreaterThan(0);
      expect(Number(minRating)).toBeLessThan(2);
      await expect(page.locator("output[for=search-minRating]").textContent()).resolves.toBe(
        Number(minRating).toFixed(1),
      );

      const expected = await apiSearch(`colleges=CAS&departments=CS&hubReqs=QR2&minRating=${minRating}`);
      expect(expected.totalElements).toBeGreaterThan(0);
      expect(expected.totalElements).toBeLessThan(everything.totalElements);
      await hold.arrived;
      await page.getByRole("status", { name: "Loading courses" }).waitFor();
      expect(await page.locator("section.search-results").getAttribute("aria-busy")).toBe("true");
      hold.release();
      await waitForFound(page, expected.totalElements);
      expect(await page.getByRole("status", { name: "Loading courses" }).count()).toBe(0);
      const url = new URL(page.url());
      expect(url.pathname).toBe("/search");
      expect(url.searchParams.getAll("colleges")).toEqual(["CAS"]);
      expect(url.searchParams.getAll("departments")).toEqual(["CS"]);
      expect(url.searchParams.getAll("hubReqs")).toEqual(["QR2"]);
      expect(url.searchParams.get("minRating")).toBe(minRating);
      expect(url.searchParams.has("page")).toBe(false);
      // The filters in use, as chips above the results.
      expect(await page.getByRole("list", { name: "Filters in use" }).getByRole("button").allTextContents()).toEqual([
        "College of Arts & Sciences ×",
        "Computer Science (CS) ×",
        "Hub QR2 ×",
        `Overall ≥ ${Number(minRating).toFixed(1)} ×`,
        "Clear all",
      ]);
      if (device.touch) {
        // On the phone the sheet's button closes it and brings the results into view.
        await press(device, page.getByRole("button", { name: `Show ${plural(expected.totalElements, "course")}` }));
        await page.waitForFunction(() => !document.querySelector<HTMLDetailsElement>("details.filter-sheet")!.open);
        await page.waitForFunction(() =>
          document.querySelector("#search-found")!.getBoundingClientRect().top < innerHeight
        );
        expect(await inView(found(page))).toBe(true);
      }

      expect(await cards(page).count()).toBe(expected.content.length);
      expect(await cardTitles(page)).toEqual(expected.content.map((c) => c.title));
      for (const card of await cards(page).all()) {
        await expect(card.locator(".course-code .code").textContent()).resolves.toMatch(/^CAS CS \d+$/);
        expect(await card.getByRole("list", { name: "Hub units" }).getByText("QR2", { exact: true }).count()).toBe(1);
        expect(Number(await card.locator(".rating-overall .score").first().textContent())).toBeGreaterThanOrEqual(
          Number(minRating),
        );
      }

      // The same URL, loaded fresh, renders the same results on the server.
      await page.reload();
      await waitForIsland(page, "CourseSearch");
      await expect(found(page).textContent()).resolves.toBe(foundText(expected.totalElements));
      if (device.touch) await openFilters(device, page);
      await expect(page.locator("#search-colleges-value").textContent()).resolves.toBe("CAS");
      await expect(page.locator("#search-departments-value").textContent()).resolves.toBe("CS");
      expect(await slider.inputValue()).toBe(minRating);

      expect(unexpected(problems)).toEqual([]);
    });

    test("each card: code and department, college, No prereq badge, six ratings to one decimal with the review count or No ratings yet, Hub badges or N/A, the buttons", async ({ page, problems }) => {
      const seen = new Set<string>();
      // Two sortings of one college: the best rated (reviews, ratings) and the course numbers (some without Hub units or prerequisites).
      for (const query of ["colleges=CAS&sortBy=byRating", "colleges=CAS"]) {
        const expected = await apiSearch(query);
        await page.goto(`${stack.url}/search?${query}`);
        await waitForIsland(page, "CourseSearch");
        await waitForFound(page, expected.totalElements);
        // Every card at once, in one look at the page: the cards stand in the order of the API's answer.
        const shown = await cards(page).evaluateAll((articles) =>
          articles.map((card) => {
            const text = (selector: string) => card.querySelector(selector)?.textContent ?? null;
            const exactly = (wanted: string) =>
              [...card.querySelectorAll("*")].filter((e) =>
                e.textContent?.trim() === wanted && ![...e.children].some((c) => c.textContent?.trim() === wanted)
              )
                .length;
            return {
              code: text(".course-code .code"),
              department: text(".course-code .department-name"),
              title: text("h3"),
              meta: text(".course-meta"),
              noPrereq: exactly("No prereq"),
              empty: text(".ratings-empty"),
              ratingLists: card.querySelectorAll(".ratings").length,
              count: text(".rating-overall .score-count"),
              ratings: Object.fromEntries(
                [...card.querySelectorAll(".ratings > div")].map((
                  row,
                ) => [row.querySelector("dt")!.textContent, row.querySelector("dd .score")!.textContent]),
              ),
              hubs: [...card.querySelectorAll('ul[aria-label="Hub units"] > li')].map((li) => li.textContent),
              notApplicable: exactly("N/A"),
              controls: [...card.querySelectorAll("button, a[href]")].map((c) =>
                c.getAttribute("aria-label") ?? c.textContent?.trim()
              ),
            };
          })
        );
        const courses = expected.content as CourseView[];
        expect(shown.map((card) => card.code)).toEqual(
          courses.map((course) => `${course.college} ${course.department} ${course.courseCode}`),
        );
        courses.forEach((course, i) => {
          const card = shown[i];
          seen.add(`prereq ${course.noPreReqs}`).add(`hubs ${course.hubRequirements.length > 0}`).add(
            `reviews ${Math.min(course.numReviews, 2)}`,
          );
          expect(card.department, course.code).toBe(course.departmentName);
          expect(card.title, course.code).toBe(course.title);
          expect(card.meta!.startsWith(course.collegeName), course.code).toBe(true);
          expect(card.noPrereq, course.code).toBe(course.noPreReqs ? 1 : 0);
          if (course.numReviews === 0) {
            // No zeros for a course nobody rated.
            expect(card.empty, course.code).toBe("No ratings yet(0 reviews)");
            expect(card.ratingLists, course.code).toBe(0);
          } else {
            expect(card.count, course.code).toBe(`(${plural(course.numReviews, "review")})`);
            expect(card.ratings, course.code).toEqual({
              Overall: course.averageOverallRating.toFixed(1),
              Useful: course.averageUsefulnessRating.toFixed(1),
              Difficulty: course.averageDifficultyRating.toFixed(1),
              Workload: course.averageWorkloadRating.toFixed(1),
              Interest: course.averageInterestRating.toFixed(1),
              Teacher: course.averageTeacherRating.toFixed(1),
            });
          }
          if (course.hubRequirements.length) {
            expect(card.hubs, course.code).toEqual(course.hubRequirements.map((h) => h.code));
          } else expect(card.notApplicable, course.code).toBe(1);
          for (
            const name of ["Mark Done", "Add Future", `Save ${course.code} for later`, `View Course ${course.code}`]
          ) {
            expect(card.controls.filter((control) => control === name), `${course.code} ${name}`).toHaveLength(1);
          }
        });
        // The names read from the markup above are the ones a screen reader gets: the first card, through its roles.
        const first = cards(page).first();
        await expect(first.getByRole("heading", { level: 3 }).textContent()).resolves.toBe(courses[0].title);
        for (const name of ["Mark Done", "Add Future", `Save ${courses[0].code} for later`]) {
          expect(await first.getByRole("button", { name, exact: true }).count(), `${courses[0].code} ${name}`).toBe(1);
        }
        expect(await first.getByRole("link", { name: `View Course ${courses[0].code}`, exact: true }).count()).toBe(1);
        if (courses[0].hubRequirements.length) {
          expect(await first.getByRole("list", { name: "Hub units" }).getByRole("listitem").allTextContents()).toEqual(
            courses[0].hubRequirements.map((h) => h.code),
          );
        }
      }
      // Every kind of card turned up: with and without the badge and Hub units, no review, one, several.
      expect([...seen].sort()).toEqual([
        "hubs false",
        "hubs true",
        "prereq false",
        "prereq true",
        "reviews 0",
        "reviews 1",
        "reviews 2",
      ]);
      expect(unexpected(problems)).toEqual([]);
    });

    testOn(device, "phone")("pages: Next, View Course, back, reload", async ({ page, problems }) => {
      await page.goto(stack.url + "/search");
      await waitForIsland(page, "CourseSearch");
      await openFilters(device, page);
      await press(device, page.locator("#search-colleges > summary"));
      await press(device, option(page, "#search-colleges", "CAS"));
      const first = await apiSearch("colleges=CAS");
      const second = await apiSearch("colleges=CAS&page=1");
      expect(first.totalPages).toBeGreaterThan(1);
      await waitForFound(page, first.totalElements);
      if (device.touch) {
        await press(device, page.getByRole("button", { name: `Show ${plural(first.totalElements, "course")}` }));
      }
      expect(await cards(page).count()).toBe(18);
      const pages = page.getByRole("navigation", { name: "Result pages" });
      expect(await pages.getByRole("link", { name: "Page 1", exact: true }).getAttribute("aria-current")).toBe("page");
      expect(await pages.getByRole("link", { name: "Back" }).count()).toBe(0);
      expect(await cardTitles(page)).toEqual(first.content.map((c) => c.title));

      await press(device, pages.getByRole("link", { name: "Next" }));
      await page.waitForURL((url) =>
        url.searchParams.get("page") === "1" && url.searchParams.get("colleges") === "CAS"
      );
      await page.locator("article.course-card .course-title", { hasText: second.content[0].title }).first().waitFor();
      await page.locator("section.search-results[aria-busy=false]").waitFor();
      expect(await cardTitles(page)).toEqual(second.content.map((c) => c.title));
      await expect(found(page).textContent()).resolves.toBe(foundText(first.totalElements));
      expect(await pages.getByRole("link", { name: "Page 2", exact: true }).getAttribute("aria-current")).toBe("page");
      expect(await pages.getByRole("link", { name: "Back" }).isVisible()).toBe(true);
      const resultsUrl = page.url();

      const course = second.content[0];
      await press(device, page.getByRole("link", { name: `View Course ${course.code}`, exact: true }));
      await page.waitForURL(new RegExp(`/course/${course.id}$`));
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(course.title);
      // The course page leads back to the very search it came from.
      await waitForIsland(page, "BackToSearch");
      expect(await page.getByRole("link", { name: "← Back to search" }).getAttribute("href")).toBe(
        new URL(resultsUrl).pathname + new URL(resultsUrl).search,
      );

      await page.goBack();
      await page.waitForURL(resultsUrl);
      await waitForIsland(page, "CourseSearch");
      await page.locator("section.search-results[aria-busy=false]").waitFor();
      await expect(found(page).textContent()).resolves.toBe(foundText(first.totalElements));
      expect(await cardTitles(page)).toEqual(second.content.map((c) => c.title));
      expect(await pages.getByRole("link", { name: "Page 2", exact: true }).getAttribute("aria-current")).toBe("page");

      // Back once more, inside the search: page 1 again.
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get("colleges") === "CAS" && !url.searchParams.has("page"));
      await page.locator("article.course-card .course-title", { hasText: first.content[0].title }).first().waitFor();
      expect(await cardTitles(page)).toEqual(first.content.map((c) => c.title));

      // And once more: the search before the filter was applied, not the page before the site.
      const unfiltered = await apiSearch("");
      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/search" && url.search === "");
      await waitForFound(page, unfiltered.totalElements);
      await expect.poll(() => page.locator("#search-colleges input[value=CAS]").isChecked()).toBe(false);

      await page.goto(resultsUrl);
      await page.reload();
      await waitForIsland(page, "CourseSearch");
      await expect(found(page).textContent()).resolves.toBe(foundText(first.totalElements));
      expect(await cardTitles(page)).toEqual(second.content.map((c) => c.title));

      expect(unexpected(problems)).toEqual([]);
    });

    testOn(device, "desktop")(
      "the numbered pages: Back, the first page, an ellipsis, a window of 5, an ellipsis, the last page, Next",
      async ({ page, problems }) => {
        const all = await apiSearch("");
        const last = all.totalPages;
        expect(last).toBeGreaterThan(9);
        const pages = page.getByRole("navigation", { name: "Result pages" });
        const items = () => pages.evaluate((nav) => [...nav.children].map((child) => child.textContent));

        await page.goto(stack.url + "/search?page=8");
        await waitForIsland(page, "CourseSearch");
        expect(await items()).toEqual(["Back", "1", "…", "7", "8", "9", "10", "11", "…", String(last), "Next"]);
        expect(await pages.getByRole("link", { name: "Page 9", exact: true }).getAttribute("aria-current")).toBe(
          "page",
        );

        await press(device, pages.getByRole("link", { name: `Page ${last}`, exact: true }));
        await page.waitForURL((url) => url.searchParams.get("page") === String(last - 1));
        await page.locator("section.search-results[aria-busy=false]").waitFor();
        await pages.getByRole("link", { name: `Page ${last}`, exact: true }).and(page.locator("[aria-current=page]"))
          .waitFor();
        const tail = Array.from({ length: 5 }, (_, i) => String(last - 4 + i));
        expect(await items()).toEqual(["Back", "1", "…", ...tail, "Next"]);
        // On the last page Next is not a link.
        expect(await pages.getByRole("link", { name: "Next" }).count()).toBe(0);

        await press(device, pages.getByRole("link", { name: "Page 1", exact: true }));
        await page.waitForURL((url) => !url.searchParams.has("page"));
        await page.locator("section.search-results[aria-busy=false]").waitFor();
        await pages.getByRole("link", { name: "Page 1", exact: true }).and(page.locator("[aria-current=page]"))
          .waitFor();
        expect(await items()).toEqual(["Back", "1", "2", "3", "4", "5", "…", String(last), "Next"]);
        expect(await pages.getByRole("link", { name: "Back" }).count()).toBe(0);
        expect(unexpected(problems)).toEqual([]);
      },
    );

    test("a search that matches nothing shows the empty message", async ({ page, problems }) => {
      await page.goto(stack.url + "/search");
      await waitForIsland(page, "CourseSearch");
      await page.getByLabel("Course code, title, topic or professor").fill("zzqxv nothing like this");
      if (device.touch) {
        // On a phone the button closes the keyboard and brings the answer into view.
        await press(device, page.getByRole("button", { name: "Search Courses" }));
        await waitForFound(page, 0);
        await page.waitForFunction(() =>
          document.querySelector("#search-found")!.getBoundingClientRect().top < innerHeight
        );
      } else {
        // On a desktop the answer comes as the student types.
        await waitForFound(page, 0);
      }
      await page.getByText("No courses found. Try adjusting the filter parameters.", { exact: true }).waitFor();
      expect(await cards(page).count()).toBe(0);
      expect(await page.getByRole("navigation", { name: "Result pages" }).count()).toBe(0);
      expect(new URL(page.url()).searchParams.get("q")).toBe("zzqxv nothing like this");
      expect(unexpected(problems)).toEqual([]);
    });

    testOn(device, "desktop")(
      "a visitor who clicks Mark Done goes to /login, and comes back to the search after logging in",
      async ({ page, problems }) => {
        const student = await createStudent(stack.t, uniqueEmail("searcher"));
        await page.goto(stack.url + "/search?colleges=CAS&departments=CS");
        await waitForIsland(page, "CourseSearch");
        const card = cards(page).filter({
          has: page.getByRole("link", { name: "View Course CAS CS 111", exact: true }),
        });
        await press(device, card.getByRole("button", { name: "Mark Done" }));
        await page.waitForURL((url) => url.pathname === "/login");
        expect(new URL(page.url()).searchParams.get("next")).toBe("/search?colleges=CAS&departments=CS");

        await fillLogin(page, student.user.email, student.password, device);
        await page.waitForURL((url) => url.pathname === "/search" && url.search === "?colleges=CAS&departments=CS");
        await waitForIsland(page, "CourseSearch");
        // Signed in now: the same button adds the course.
        await press(device, card.getByRole("button", { name: "Mark Done" }));
        await card.getByRole("button", { name: "Remove Done" }).waitFor();
        expect(unexpected(problems)).toEqual([]);
      },
    );
  });
}
