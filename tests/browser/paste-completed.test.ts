/**
 * My Courses in Chromium, at desktop and phone sizes: paste course codes,
 * see what matched and what did not, untick one, add the rest as completed,
 * and find them listed after the reload; axe on the form with its results.
 */
import { describe, expect, test } from "vitest";
import type { CourseView } from "../../src/lib/api-types.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { axeViolations } from "../helpers/a11y.ts";
import {
  DEVICES,
  fitsWidth,
  openPage,
  press,
  signIn,
  stackForThisFile,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

const stack = stackForThisFile();

for (const device of DEVICES) {
  describe(`adding completed courses at once in Chromium, ${device.name}`, () => {
    test("paste, check what matched, untick one, add the rest", async () => {
      const { t, url } = stack;
      const student = await createStudent(t, uniqueEmail("paste"));
      const { context, page, problems } = await openPage(stack.browser, device.options);
      await signIn(context, student.token, url);
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
      await context.close();
    });
  });
}
