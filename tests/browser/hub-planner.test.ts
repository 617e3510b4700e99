/**
 * The Hub planner on /hub-progress in Chromium, at desktop and phone sizes:
 * the plan the API gives, Swap planning again without a course (kept on the account), "Add all to
 * Future Courses" adding the plan and saying so after the reload, the
 * prerequisites box, the search links of unmet requirements; axe clean.
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { CourseView, HubPlanView } from "../../src/lib/api-types.ts";
import { plural } from "../../src/lib/text.ts";
import { api } from "../helpers/accounts.ts";
import { axeViolations } from "../helpers/a11y.ts";
import { browserFile, DEVICES, fitsWidth, press, unexpected, waitForIsland } from "../helpers/pages.ts";
import { PLANNER_BUSY } from "../../src/services/hub/hub-plan-solver.ts";

const { stack, test, testOn } = browserFile();

const planCodes = (page: Page) => page.locator(".hub-plan-course .hub-plan-title .code").allTextContents();

for (const device of DEVICES) {
  describe(`the Hub planner in Chromium, ${device.name}`, () => {
    test.override({ device });
    test("the plan, Swap, and Add all to Future Courses", async ({ page, problems, student }) => {
      const { t, url } = stack;
      const expected = await (await api(t, "/api/users/hub-plan", { token: student.token })).json() as HubPlanView;
      expect(expected.courses.length).toBeGreaterThan(1);

      await page.goto(`${url}/hub-progress`);
      await waitForIsland(page, "HubPlanner");
      const planner = page.getByRole("region", { name: "Plan your remaining Hub units" });
      await planner.locator(".hub-plan-list").waitFor();
      expect(await planCodes(page)).toEqual(expected.courses.map((c) => c.code));
      await expect(planner.locator(".hub-plan-remaining strong").textContent()).resolves.toBe(
        `Still needed: ${plural(expected.remaining.reduce((sum, r) => sum + r.units, 0), "unit")}`,
      );
      expect(await axeViolations(page, "section.hub-planner")).toEqual([]);
      if (device.touch) await fitsWidth(page);

      // Swap the first course: the plan comes again without it, and says what was set aside.
      const out = expected.courses[0];
      const swapped = await (await api(t, `/api/users/hub-plan?exclude=${out.id}`, { token: student.token }))
        .json() as HubPlanView;
      await press(device, planner.getByRole("button", { name: `Swap ${out.code} for another course` }));
      await expect.poll(() => planCodes(page)).toEqual(swapped.courses.map((c) => c.code));
      await page.locator("section.hub-planner[aria-busy=false]").waitFor();
      // Set aside for good: kept on the account, with a way to bring it back.
      await planner.getByRole("button", { name: `Bring back ${out.code}` }).waitFor();
      const kept = await (await api(t, "/api/users/hub-plan", { token: student.token })).json() as HubPlanView;
      expect(kept.settings.courses).toEqual([{ id: out.id, code: out.code }]);

      // Add them all: the page reloads, says so, and the future list holds the plan.
      // Listening before the press: on a quick machine the reload can finish before a listener added after it.
      const reloaded = page.waitForEvent("load");
      await press(device, planner.getByRole("button", { name: "Add all to Future Courses" }));
      await reloaded;
      await waitForIsland(page, "HubPlanner");
      await planner.getByText(`Added ${plural(swapped.courses.length, "course")} to your Future Courses.`).waitFor();
      const future = await (await api(t, "/api/users/courses-in-progress", { token: student.token }))
        .json() as CourseView[];
      expect(future.map((c) => c.code).sort()).toEqual(swapped.courses.map((c) => c.code).sort());
      expect(unexpected(problems)).toEqual([]);
    });

    test("the prerequisites box plans with every course; unmet requirements link to their search", async ({ page, problems, student }) => {
      const { t, url } = stack;
      const every = await (await api(t, "/api/users/hub-plan?eligibleOnly=false", { token: student.token }))
        .json() as HubPlanView;
      await page.goto(`${url}/hub-progress`);
      await waitForIsland(page, "HubPlanner");
      const planner = page.getByRole("region", { name: "Plan your remaining Hub units" });
      await planner.locator(".hub-plan-list").waitFor();
      // Unticked, the box asks for a plan over every course (for a new student the two plans may well be the same, so the request is what shows it).
      const asked = page.waitForRequest((request) =>
        new URL(request.url()).pathname === "/api/users/hub-plan" &&
        new URL(request.url()).searchParams.get("eligibleOnly") === "false"
      );
      await press(device, planner.getByLabel("Only courses whose prerequisites I've met"));
      await asked;
      // The old plan stays on screen until the new one is drawn: wait for the new one, not for the box to be idle.
      await expect.poll(() => planCodes(page)).toEqual(every.courses.map((c) => c.code));
      await page.locator("section.hub-planner[aria-busy=false]").waitFor();

      // A requirement with nothing done or planned links to the courses that carry it.
      await press(device, page.getByRole("link", { name: "Find QR2 courses" }));
      await page.waitForURL((u) => u.pathname === "/search" && u.searchParams.getAll("hubReqs").join() === "QR2");
      expect(unexpected(problems)).toEqual([]);
    });

    testOn(device, "desktop")(
      "a busy planner: the page says what the server said, asks again after the wait it named, and shows the plan",
      async ({ page, problems, student }) => {
        const { t, url } = stack;
        const expected = await (await api(t, "/api/users/hub-plan", { token: student.token })).json() as HubPlanView;
        // The first ask meets a planner with a full queue, as the server answers it (429, Retry-After, the message).
        let asked = 0;
        await page.route("**/api/users/hub-plan*", (route) => {
          asked++;
          if (asked > 1) return route.continue();
          return route.fulfill({
            status: 429,
            headers: { "Retry-After": "1", "Content-Type": "application/json" },
            body: JSON.stringify({ message: PLANNER_BUSY }),
          });
        });
        await page.goto(`${url}/hub-progress`);
        await waitForIsland(page, "HubPlanner");
        const planner = page.getByRole("region", { name: "Plan your remaining Hub units" });
        await planner.getByRole("status").filter({ hasText: `${PLANNER_BUSY} This page will ask again by itself.` })
          .waitFor();
        await planner.locator(".hub-plan-list").waitFor();
        expect(await planCodes(page)).toEqual(expected.courses.map((c) => c.code));
        expect(asked).toBe(2);
        await expect(planner.getByText(PLANNER_BUSY).count()).resolves.toBe(0);
        // The busy console line of the first answer is the browser's report of a 429, which the page handled.
        expect(unexpected(problems).filter((p) => !p.includes("429"))).toEqual([]);
      },
    );
  });
}
