/**
 * Prerequisites in Chromium, at desktop and phone sizes: the course page's
 * groups as links, marked for a student as they complete courses, the
 * courses a course is required for, and the search filter "Prerequisites
 * I've met" giving what the API gives; axe on the new parts.
 */
import { describe, expect } from "vitest";
import type { SearchPage } from "../../src/lib/api-types.ts";
import { plural } from "../../src/lib/text.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { axeViolations } from "../helpers/a11y.ts";
import {
  browserFile,
  courseId,
  DEVICES,
  fitsWidth,
  press,
  signIn,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

const { stack, test } = browserFile();

for (const device of DEVICES) {
  describe(`prerequisites in Chromium, ${device.name}`, () => {
    test.override({ device });
    test("a course page shows its prerequisites as links, marked as the student completes them, and what the course is required for", async ({ page, problems, student }) => {
      const { t, url } = stack;
      const cs111 = await courseId(t, "CAS CS 111");
      const cs112 = await courseId(t, "CAS CS 112");

      await page.goto(`${url}/course/${cs112}`);
      await waitForIsland(page, "CourseActions");
      const section = page.getByRole("region", { name: "Prerequisites" });
      await expect(section.locator("[data-eligibility]").getAttribute("data-eligibility")).resolves.toBe("unknown");
      await expect(section.getByRole("listitem").first().textContent()).resolves.toBe("CAS CS 111Not yet");
      await expect(section.locator(".prereq-note").textContent()).resolves.toBe("Also: or equivalent");
      expect(await axeViolations(page, "section.prerequisites")).toEqual([]);
      if (device.touch) await fitsWidth(page);

      // Done with CS 111: the group is met, and "or equivalent" changes nothing.
      const done = await api(t, `/api/users/completed-courses/${cs111}`, { method: "POST", token: student.token });
      expect(done.status).toBeLessThan(300);
      await page.reload();
      await expect(section.locator("[data-eligibility]").getAttribute("data-eligibility")).resolves.toBe("met");
      await expect(section.locator(".alert").textContent()).resolves.toMatch(/^You have met the prerequisites/);
      await section.getByText("✓ Completed").waitFor();

      // The link leads to the course, which lists CS 112 among the courses that need it.
      await press(device, section.getByRole("link", { name: "CAS CS 111" }));
      await page.waitForURL(new RegExp(`/course/${cs111}$`));
      const requiredFor = page.getByRole("region", { name: "Required for" });
      await requiredFor.getByRole("link", { name: /^CAS CS 112 / }).waitFor();
      expect(await axeViolations(page, "section.required-for")).toEqual([]);
      expect(unexpected(problems)).toEqual([]);
    });

    test("the search filter 'Prerequisites I've met' shows what the API gives the student, and only a student sees it", async ({ context, page, problems }) => {
      const { t, url } = stack;
      const student = await createStudent(t, uniqueEmail("prereqs-search"));
      await api(t, `/api/users/completed-courses/${await courseId(t, "CAS CS 111")}`, {
        method: "POST",
        token: student.token,
      });
      const expected =
        await (await api(t, "/api/courses/search?colleges=CAS&prereqsMet=true", { token: student.token }))
          .json() as SearchPage;
      const all = await (await api(t, "/api/courses/search?colleges=CAS")).json() as SearchPage;
      expect(expected.totalElements).toBeGreaterThan(0);
      expect(expected.totalElements).toBeLessThan(all.totalElements);

      await page.goto(`${url}/search?colleges=CAS`);
      await waitForIsland(page, "CourseSearch");
      expect(await page.getByLabel("Prerequisites I've met").count()).toBe(0);

      await signIn(context, student.token, url);
      await page.reload();
      await waitForIsland(page, "CourseSearch");
      if (device.touch) await press(device, page.locator("details.filter-sheet > summary"));
      await press(device, page.getByLabel("Prerequisites I've met"));
      await page.locator("#search-found", {
        hasText: new RegExp(`^Found ${plural(expected.totalElements, "course")}$`),
      }).waitFor();
      await page.locator("section.search-results[aria-busy=false]").waitFor();
      expect(new URL(page.url()).searchParams.get("prereqsMet")).toBe("true");
      await page.getByRole("button", { name: "Remove filter: Prerequisites I've met" }).waitFor();
      expect(unexpected(problems)).toEqual([]);
    });
  });
}
