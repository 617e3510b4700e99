/**
 * The schedule builder in Chromium, on the demo catalog and its demo schedule, at desktop size (light, keyboard only)
 * and phone size (dark, taps): a visitor builds a week with a lecture and its discussion, adds a course that overlaps
 * it and sees the conflict said in words and drawn, swaps a section to clear it, downloads the calendar file; logging in
 * brings the plan to the account; the student shares it and the link opens signed out, then stops working. Axe on each
 * state. The courses are chosen here from the rows, by the test's own reading of the meetings.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { termOf } from "../../src/lib/term-codes.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { expectAccessible } from "../helpers/a11y.ts";
import {
  browserFile,
  type Device,
  DEVICES,
  failedLoad,
  fitsWidth,
  screenshot,
  signIn,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

const { stack, test } = browserFile();
const TERM = termOf(new Date());

type Lecture = {
  id: number;
  courseId: number;
  code: string;
  section: string;
  days: string;
  start: number;
  end: number;
};

const rows = async <T>(sql: string, args: (string | number)[] = []) =>
  (await stack.t.deps.database.client.execute({ sql, args })).rows as unknown as T[];

const overlaps = (a: Lecture, b: Lecture) =>
  [...a.days].some((d) => b.days.includes(d)) && a.start < b.end && b.start < a.end;

/**
 * A course with two lectures whose first has discussions linked to it (A, with A1 and the other lecture A2), and a
 * course without companions whose lecture overlaps A1 but not A2 (B): adding B after A1 makes a conflict that
 * swapping A1 for A2 clears.
 */
async function casesOf() {
  const lectures = await rows<Lecture>(
    `SELECT s.id, s.course_id AS courseId, c.college || ' ' || c.department || ' ' || c.number AS code, s.section,
        m.days, m.start_minute AS start, m.end_minute AS "end"
      FROM sections s JOIN courses c ON c.id = s.course_id JOIN section_meetings m ON m.section_id = s.id AND m.position = 0
      WHERE s.term_code = ? AND s.enrollment = 1 AND s.status = 'active' AND s.gone = 0 AND m.start_minute IS NOT NULL
      ORDER BY s.course_id, s.section`,
    [TERM],
  );
  const linked = new Set(
    (await rows<{ id: number }>("SELECT DISTINCT section_id AS id FROM section_links")).map((r) => Number(r.id)),
  );
  const companionless = new Set(
    (await rows<{ id: number }>(
      `SELECT DISTINCT course_id AS id FROM sections WHERE term_code = ? GROUP BY course_id HAVING sum(enrollment = 0) = 0`,
      [TERM],
    )).map((r) => Number(r.id)),
  );
  for (const a1 of lectures.filter((l) => linked.has(Number(l.id)))) {
    const a2 = lectures.find((l) => l.courseId === a1.courseId && l.id !== a1.id && !overlaps(l, a1));
    if (!a2) continue;
    const b = lectures.find((l) =>
      companionless.has(Number(l.courseId)) && l.courseId !== a1.courseId && overlaps(l, a1) && !overlaps(l, a2) &&
      lectures.filter((x) => x.courseId === l.courseId).length === 1
    );
    if (b) return { a1, a2, b };
  }
  throw new Error("the demo schedule has no such courses");
}

/** Keyboard on the desktop (focus, then Space or Enter), taps on the phone. */
async function act(device: Device, page: Page, target: Locator, key: "Enter" | "Space" = "Enter") {
  if (device.touch) return await target.tap();
  await target.focus();
  await page.keyboard.press(key);
}

/** Picks a section to register for (it needs no companion) and adds it. */
async function chooseAndAdd(device: Device, page: Page, lectureId: number) {
  const chooser = page.locator("section.schedule-chooser");
  await chooser.waitFor();
  await act(device, page, chooser.locator(`#chooser-lecture-${lectureId}`), "Space");
  await act(device, page, chooser.getByRole("button", { name: /^(Add to |Save sections)/ }));
  await chooser.waitFor({ state: "detached" });
}

for (const device of DEVICES) {
  describe(`the schedule builder, ${device.name}`, () => {
    test.override({ device });

    test("build a week, see a conflict, swap it away, export; log in and the plan is the student's; share it", async ({ page, context, openPage, problems }) => {
      const { a1, a2, b } = await casesOf();
      await page.goto(`${stack.url}/schedule?term=${TERM}&add=${a1.courseId}`);
      await waitForIsland(page, "ScheduleBuilder");
      const chooser = page.locator("section.schedule-chooser");
      await chooser.waitFor();
      await expect(chooser.locator("h2").textContent()).resolves.toBe(`Choose sections of ${a1.code}`);
      // A lecture with discussions cannot be added alone.
      await act(device, page, chooser.locator(`#chooser-lecture-${a1.id}`), "Space");
      const add = chooser.getByRole("button", { name: /^Add to Plan A$/ });
      await expect(add.isDisabled()).resolves.toBe(true);
      await chooser.getByText("Choose a discussion or lab to go with it.").waitFor();
      await expectAccessible(page, "the section chooser", "section.schedule-chooser");
      await screenshot(page, `schedule-chooser-${device.name}`);
      await act(device, page, chooser.locator("input[name=chooser-companion]").first(), "Space");
      await act(device, page, add);
      await chooser.waitFor({ state: "detached" });
      await page.locator(".schedule-course h3", { hasText: a1.code }).waitFor();

      // The second course overlaps the first's lecture: the conflict is said and drawn.
      await page.getByLabel(/^Add a course offered in /).fill(b.code);
      await act(device, page, page.getByRole("button", { name: "Find" }));
      await act(device, page, page.locator(".schedule-found li", { hasText: b.code }).getByRole("button"));
      await chooseAndAdd(device, page, b.id);
      const conflicts = page.locator("ul.week-conflicts li");
      await conflicts.first().waitFor();
      const said = await conflicts.allTextContents();
      expect(said.length).toBeGreaterThan(0);
      for (const line of said) {
        expect(line).toMatch(new RegExp(`${b.code} ${b.section}|${a1.code} ${a1.section}`));
        expect(line).toMatch(/ overlap on (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday)/);
      }
      if (!device.touch) expect(await page.locator(".week-block-conflict").count()).toBeGreaterThanOrEqual(2);
      await page.locator(".week").scrollIntoViewIfNeeded();
      await screenshot(page, `schedule-conflict-${device.name}`);
      await expectAccessible(page, "the week with a conflict");
      if (device.touch) await fitsWidth(page, device.options.viewport!.width);

      // Swap A1 for A2 (with one of its discussions when it has them): the conflict is gone.
      await act(device, page, page.getByRole("button", { name: `Change sections of ${a1.code}` }));
      const lectureInput = chooser.locator(`#chooser-lecture-${a2.id}`);
      await act(device, page, lectureInput, "Space");
      const companions = chooser.locator("input[name=chooser-companion]");
      if (await companions.count()) await act(device, page, companions.first(), "Space");
      await act(device, page, chooser.getByRole("button", { name: "Save sections" }));
      await page.locator("p.week-ok", { hasText: "No time conflicts." }).waitFor();
      await expect(
        page.locator(".schedule-course", { hasText: a1.code }).locator(".schedule-section-code").first()
          .textContent(),
      ).resolves.toBe(a2.section);

      // The print layout: the plan with its class numbers and the week, none of the controls.
      await page.emulateMedia({ media: "print" });
      expect(await page.locator(".schedule-bar").first().isVisible()).toBe(false);
      expect(await page.locator(".schedule-bar").last().isVisible()).toBe(false);
      expect(await page.locator(".schedule-find").isVisible()).toBe(false);
      expect(await page.getByRole("button", { name: `Remove ${b.code}` }).isVisible()).toBe(false);
      const classNumbers = await page.locator(".schedule-section-facts").allTextContents();
      expect(classNumbers.some((text) => /^Class \d+/.test(text))).toBe(true);
      expect(await page.locator(".week-grid").isVisible()).toBe(true);
      await screenshot(page, `schedule-print-${device.name}`);
      await page.emulateMedia({ media: "screen" });

      // The calendar file of the week.
      const download = page.waitForEvent("download");
      await act(device, page, page.getByRole("link", { name: "Download calendar (.ics)" }));
      const file = await download;
      const text = await Deno.readTextFile((await file.path())!);
      expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
      expect(text).toContain(`SUMMARY:${a1.code} ${a2.section}`);
      expect(text).toContain(`SUMMARY:${b.code} ${b.section}`);
      expect(text).not.toContain(`SUMMARY:${a1.code} ${a1.section}\r\n`);

      // Logging in brings the plan kept in this browser to the account.
      const student = await createStudent(stack.t, uniqueEmail("schedule"));
      await signIn(context, student.token, stack.url);
      await page.goto(`${stack.url}/schedule?term=${TERM}`);
      await waitForIsland(page, "ScheduleBuilder");
      await page.getByText(/^The plan you built before logging in is now on your account: Plan A\.$/).waitFor();
      const kept = await rows<{ name: string; n: number }>(
        `SELECT v.name, count(ss.section_id) AS n FROM schedules v JOIN schedule_sections ss ON ss.schedule_id = v.id
          WHERE v.user_id = ? GROUP BY v.id`,
        [student.id],
      );
      expect(kept.map((k) => k.name)).toEqual(["Plan A"]);
      expect(Number(kept[0].n)).toBeGreaterThanOrEqual(2);
      expect(await page.evaluate(() => localStorage.getItem("scheduleWorksheets"))).toBeNull();

      // Share it: the link opens signed out, read-only; turned off, it no longer does.
      await act(device, page, page.getByRole("button", { name: "Share a read-only link" }));
      const link = page.getByLabel("Read-only link to this plan");
      await link.waitFor();
      const url = await link.inputValue();
      expect(url).toMatch(new RegExp(`^${stack.url}/schedule/shared/[A-Za-z0-9_-]{22}$`));
      const visitor = await openPage();
      const shared = await visitor.page.goto(url);
      expect(shared!.status()).toBe(200);
      expect(shared!.headers()["cache-control"]).toBe("no-store");
      await expect(visitor.page.locator("h1").textContent()).resolves.toMatch(/^Plan A, /);
      await visitor.page.locator(".schedule-course h3", { hasText: b.code }).waitFor();
      expect(await visitor.page.getByRole("button", { name: /Remove/ }).count()).toBe(0);
      await screenshot(visitor.page, `schedule-shared-${device.name}`);
      await expectAccessible(visitor.page, "a shared schedule");
      await act(device, page, page.getByRole("button", { name: "Stop sharing" }));
      await page.getByRole("button", { name: "Share a read-only link" }).waitFor();
      const gone = await visitor.page.goto(url);
      expect(gone!.status()).toBe(404);
      await visitor.page.getByText("This schedule is not shared any more").waitFor();
      expect(unexpected(problems)).toEqual([]);
      // The link turned off answers 404, which the browser logs as a failed load.
      expect(unexpected(visitor.problems, failedLoad(404, /\/schedule\/shared\//))).toEqual([]);
    });

    test("a section of the plan cancelled by a later import: marked in the week, struck through, said in words", async ({ page, student, problems }) => {
      const { a2: lecture } = await casesOf();
      const as = (path: string, init: { method?: string; body?: unknown } = {}) =>
        api(stack.t, `/api/schedules/mine${path}`, { ...init, token: student.token });
      const version = await (await as("", { method: "POST", body: { term: TERM, name: "Plan A" } })).json();
      const companion = (await rows<{ id: number }>(
        `SELECT id FROM sections WHERE course_id = ? AND term_code = ? AND enrollment = 0 AND status <> 'cancelled'
          AND (id IN (SELECT companion_id FROM section_links WHERE section_id = ?)
            OR id NOT IN (SELECT companion_id FROM section_links)) ORDER BY section LIMIT 1`,
        [lecture.courseId, TERM, lecture.id],
      ))[0];
      const put = await as(`/${version.id}/courses/${lecture.courseId}`, {
        method: "PUT",
        body: { sectionIds: [lecture.id, ...(companion ? [Number(companion.id)] : [])] },
      });
      expect(put.status, await put.clone().text()).toBe(200);
      // What the term's next import does to it.
      await rows("UPDATE sections SET status = 'cancelled' WHERE id = ?", [lecture.id]);
      try {
        await page.goto(`${stack.url}/schedule?term=${TERM}`);
        await waitForIsland(page, "ScheduleBuilder");
        const label = `${lecture.code} ${lecture.section}`;
        await page.locator(".week-cancelled li", { hasText: `${label} is cancelled.` }).waitFor();
        if (device.touch) {
          // The phone's week is the day-by-day list.
          const item = page.locator(".week-days .week-item-cancelled").first();
          await expect(item.textContent()).resolves.toMatch(new RegExp(`${label}.* · Cancelled$`));
          await expect(item.locator("s").evaluate((e) => getComputedStyle(e).textDecorationLine)).resolves.toBe(
            "line-through",
          );
        } else {
          const block = page.locator(".week-block-cancelled").first();
          await expect(block.locator(".week-block-mark").textContent()).resolves.toBe("Cancelled");
          await expect(block.locator(".week-block-label").evaluate((e) => getComputedStyle(e).textDecorationLine))
            .resolves.toBe("line-through");
          await expect(block.isVisible()).resolves.toBe(true);
        }
        // The plan's courses say it beside the section, and no conflict is drawn with it.
        await expect(
          page.locator(".schedule-course", { hasText: lecture.code }).locator(".schedule-section-mark").first()
            .textContent(),
        ).resolves.toBe("Cancelled");
        await page.locator(".week").scrollIntoViewIfNeeded();
        await screenshot(page, `schedule-cancelled-${device.name}`);
        await expectAccessible(page, "a week with a cancelled section");
        expect(unexpected(problems)).toEqual([]);
      } finally {
        await rows("UPDATE sections SET status = 'active' WHERE id = ?", [lecture.id]);
      }
    });
  });
}
