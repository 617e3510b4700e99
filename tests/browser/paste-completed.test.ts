/**
 * My Courses in Chromium, at desktop and phone sizes: paste course codes,
 * see what matched and what did not, untick one, add the rest as completed,
 * and find them listed after the reload; axe on the form with its results.
 */
import { describe, expect } from "vitest";
import type { CourseView } from "../../src/lib/api-types.ts";
import { api } from "../helpers/accounts.ts";
import { axeViolations } from "../helpers/a11y.ts";
import { browserFile, DEVICES, fitsWidth, press, unexpected, waitForIsland } from "../helpers/pages.ts";

const { stack, test } = browserFile();

for (const device of DEVICES) {
  describe(`adding completed courses at once in Chromium, ${device.name}`, () => {
    test.override({ device });
    test("paste, check what matched, untick one, add the rest", async ({ page, problems, student }) => {
      const { t, url } = stack;
      await page.goto(`${url}/my-courses`);
      await waitForIsland(page, "PasteCompleted");
      const section = page.getByRole("region", { name: "Add completed courses at once" });
      await section.getByLabel("Course codes").fill("CAS CS 111, cs112\nMA 123\nzz 999");
      await press(device, section.getByRole("button", { name: "Find courses" }));
      await section.getByRole("group", { name: "Found 3 courses" }).waitFor();
      await expect(section.locator(".paste-unmatched").textContent()).resolves.toBe("Not found (1): zz 999");
      expect(await axeViolations(page, "section.paste-completed")).toEqual([]);
      if (device.touch) await fitsWidth(page);

      await press(device, section.getByRole("checkbox", { name: /^CAS MA 123 / }));
      // Listening before the press: on a quick machine the reload can finish before a listener added after it.
      const reloaded = page.waitForEvent("load");
      await press(device, section.getByRole("button", { name: "Add 2 courses to Completed" }));
      await reloaded;
      await waitForIsland(page, "ListedCourses");
      const completed = await (await api(t, "/api/users/completed-courses", { token: student.token }))
        .json() as CourseView[];
      expect(completed.map((c) => c.code).sort()).toEqual(["CAS CS 111", "CAS CS 112"]);
      await page.getByRole("link", { name: "View Course CAS CS 112", exact: true }).first().waitFor();
      expect(unexpected(problems)).toEqual([]);
    });
  });
}
