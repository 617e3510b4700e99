/**
 * The Hub planner over terms in Chromium, at desktop (light) and phone (dark) sizes: a plan laid over two terms, by
 * term, as the API lays it; a department left out and kept; a plan for the next term whose sections fit the student's
 * worksheet there, each course with its sections; axe clean at each step.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { HubPlanView } from "../../src/lib/api-types.ts";
import { nextTerm, termName, termOf } from "../../src/lib/term-codes.ts";
import { api, type Student } from "../helpers/accounts.ts";
import { axeViolations } from "../helpers/a11y.ts";
import { browserFile, DEVICES, fitsWidth, press, screenshot, unexpected, waitForIsland } from "../helpers/pages.ts";

const { stack, test } = browserFile();

/** The next term: the demo schedule has its sections. */
const NEXT = nextTerm(termOf(new Date()));

/** The plan's course codes under each term heading, as the page shows them. */
async function codesByTerm(planner: Locator): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const section of await planner.locator("section.hub-plan-term").all()) {
    const name = (await section.locator("h3").textContent())!.replace(/\s.*$/s, "");
    out[name] = await section.locator(".hub-plan-title .code").allTextContents();
  }
  return out;
}

/** The same as the API lays it: each term's codes under the term's first word ("Spring"). */
function byTermOf(plan: HubPlanView): Record<string, string[]> {
  return Object.fromEntries(
    plan.terms.map((
      term,
    ) => [term.name.split(" ")[0], plan.courses.filter((c) => c.term === term.code).map((c) => c.code)]),
  );
}

/** Scrolls the plan itself (below the options) to the top of the window, for a screenshot a reader can judge. */
const showPlan = (planner: Locator) =>
  planner.locator(".hub-plan-remaining").evaluate((e) => e.scrollIntoView({ block: "start" }));

const settled = (page: Page) => page.locator("section.hub-planner[aria-busy=false]").waitFor();

async function planOf(student: Student, query: string): Promise<HubPlanView> {
  const response = await api(stack.t, `/api/users/hub-plan?${query}`, { token: student.token });
  expect(response.status).toBe(200);
  return await response.json() as HubPlanView;
}

for (const device of DEVICES) {
  describe(`the Hub planner over terms in Chromium, ${device.name}`, () => {
    test.override({ device });
    test("two terms, a department left out, and a plan that fits the week", async ({ page, problems, student }) => {
      const { url } = stack;
      await page.goto(`${url}/hub-progress`);
      await waitForIsland(page, "HubPlanner");
      const planner = page.getByRole("region", { name: "Plan your remaining Hub units" });
      await planner.locator(".hub-plan-list").waitFor();

      // Two terms from the next one, 3 courses each: the page lays the plan out by term, as the API does.
      await planner.getByLabel("Plan for").selectOption({ label: termName(NEXT)! });
      await planner.getByLabel("Terms").selectOption("2");
      await planner.getByLabel("Courses per term").selectOption("3");
      const twoTerms = await planOf(student, `eligibleOnly=true&term=${NEXT}&terms=2&perTerm=3&fitsWeek=false`);
      expect(twoTerms.terms.map((t) => t.code)).toEqual([NEXT, nextTerm(NEXT)]);
      await expect.poll(() => codesByTerm(planner), { timeout: 15_000 }).toEqual(byTermOf(twoTerms));
      await settled(page);
      for (const term of twoTerms.terms) {
        expect(twoTerms.courses.filter((c) => c.term === term.code).length).toBeLessThanOrEqual(3);
      }
      expect(await axeViolations(page, "section.hub-planner")).toEqual([]);
      if (device.touch) await fitsWidth(page);
      await showPlan(planner);
      await screenshot(page, `hub-planner-two-terms-${device.name}`);

      // Leave out the department of the first course: kept on the account, and no course of it in the plan.
      const first = twoTerms.courses[0];
      const department = `${first.college} ${first.department}`;
      const summary = planner.locator(".hub-plan-leave-out summary");
      if (!(await planner.locator(".hub-plan-leave-out").evaluate((d) => (d as HTMLDetailsElement).open))) {
        await press(device, summary);
      }
      await planner.getByLabel("Department").fill(department.toLowerCase());
      await press(device, planner.getByRole("button", { name: "Leave out", exact: true }));
      await planner.getByRole("button", { name: `Bring back ${department}` }).waitFor();
      const without = await planOf(student, `eligibleOnly=true&term=${NEXT}&terms=2&perTerm=3&fitsWeek=false`);
      expect(without.settings.departments).toEqual([department]);
      expect(without.courses.some((c) => `${c.college} ${c.department}` === department)).toBe(false);
      await expect.poll(() => codesByTerm(planner), { timeout: 15_000 }).toEqual(byTermOf(without));
      await settled(page);
      expect(await axeViolations(page, "section.hub-planner")).toEqual([]);
      await screenshot(page, `hub-planner-left-out-${device.name}`);

      // A week in the next term with one course, then a plan for that term that fits it.
      const version = await (await api(stack.t, "/api/schedules/mine", {
        method: "POST",
        token: student.token,
        body: { term: NEXT, name: "Plan A" },
      })).json() as { id: number };
      const sections = await stack.t.deps.database.client.execute({
        sql: `SELECT s.id, s.course_id AS courseId FROM sections s WHERE s.term_code = ? AND s.enrollment = 1
          AND s.status = 'active' AND s.gone = 0 AND NOT EXISTS (SELECT 1 FROM sections o WHERE o.course_id = s.course_id
          AND o.term_code = s.term_code AND o.enrollment = 0) ORDER BY s.id LIMIT 1`,
        args: [NEXT],
      });
      const chosen = sections.rows[0] as unknown as { id: number; courseId: number };
      const put = await api(stack.t, `/api/schedules/mine/${version.id}/courses/${chosen.courseId}`, {
        method: "PUT",
        token: student.token,
        body: { sectionIds: [Number(chosen.id)] },
      });
      expect(put.status).toBe(200);
      await planner.getByLabel("Terms").selectOption("1");
      await press(device, planner.getByLabel(`Fits my ${termName(NEXT)} schedule`));
      await planner.getByText(`Sections fit your plan "Plan A" for ${termName(NEXT)}.`).waitFor({ timeout: 15_000 });
      await settled(page);
      const fitting = await planOf(student, `eligibleOnly=true&term=${NEXT}&terms=1&perTerm=3&fitsWeek=true`);
      expect(fitting.week?.version?.name).toBe("Plan A");
      expect(fitting.courses.length).toBeGreaterThan(0);
      for (const course of fitting.courses) {
        expect(course.section, course.code).not.toBeNull();
        const item = planner.locator(".hub-plan-course").filter({ hasText: course.code });
        await expect(item.locator(".hub-plan-why").textContent()).resolves.toContain(
          `${course.section!.sections}: ${course.section!.times}`,
        );
      }
      expect(await axeViolations(page, "section.hub-planner")).toEqual([]);
      if (device.touch) await fitsWidth(page);
      await showPlan(planner);
      await screenshot(page, `hub-planner-fits-week-${device.name}`);

      // "Add to schedule" opens that course's choice on /schedule with the planned sections chosen.
      const pick = fitting.courses[0];
      await press(
        device,
        planner.locator(".hub-plan-course").filter({ hasText: pick.code }).getByRole("link", {
          name: `Add to schedule: ${pick.code}, ${termName(NEXT)}`,
        }),
      );
      await page.waitForURL((u) => u.pathname === "/schedule" && u.searchParams.get("add") === String(pick.id));
      await waitForIsland(page, "ScheduleBuilder");
      expect(new URL(page.url()).searchParams.get("sections")).toBe(pick.section!.ids.join(","));
      const checked = page.locator(".chooser-option-chosen");
      await expect.poll(() => checked.count(), { timeout: 15_000 }).toBe(1);
      await expect(checked.textContent()).resolves.toContain(pick.section!.sections.split(" + ")[0]);
      expect(unexpected(problems).filter((p) => !p.includes("400"))).toEqual([]);
    });
  });
}
