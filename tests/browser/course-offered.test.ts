/**
 * The course page's "Offered" in Chromium, at desktop size (light) and phone size (dark): a course of this file's
 * own with sections in a term after the demo's two (so the page also says it is not offered in those), its lectures
 * as cards with times, rooms, instructors with their teacher rating here, seats, notes and discussions; a course with
 * ten sections as rows, the last ones behind "Show 2 more sections"; and CAS CS 111 on the demo schedule. Each page is
 * checked with axe and for horizontal scrolling on the phone. Every text expected is written here from the sections and
 * reviews this file made.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { nextTerm, termName, termOf } from "../../src/lib/term-codes.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import {
  type ScheduleMeeting,
  type ScheduleSection,
  scheduleSection,
} from "../../src/services/schedule/registrar-csv.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";
import { createStudents } from "../helpers/accounts.ts";
import { expectAccessible } from "../helpers/a11y.ts";
import { browserFile, courseId, DEVICES, fitsWidth, press, screenshot, unexpected } from "../helpers/pages.ts";
import { createdReview } from "../helpers/reviews.ts";

const { stack, test } = browserFile();

const current = termOf(new Date());
const next = nextTerm(current);
/** After the demo schedule's two terms: importing it leaves theirs alone. */
const later = nextTerm(next);
const IMPORTED = new Date("2027-05-01T15:00:00Z");

let cards: number;
let rows: number;
let cs111: number;

const meeting = (days: string, start: number, end: number, room: string | null): ScheduleMeeting => ({
  days,
  startMinute: start,
  endMinute: end,
  room,
  startDate: null,
  endDate: null,
});

function section(
  number: string,
  name: string,
  enrollment: boolean,
  change: Partial<ScheduleSection> = {},
): ScheduleSection {
  return scheduleSection({
    term: later,
    college: "CAS",
    department: "XX",
    number,
    section: name,
    enrollment,
    capacity: 30,
    enrolled: 10,
    waitCapacity: 5,
    waitlist: 0,
    creditsMin: enrollment ? 4 : 0,
    creditsMax: enrollment ? 4 : 0,
    mode: "In-Person",
    finalExam: enrollment,
    meetings: [meeting(enrollment ? "TR" : "F", 9 * 60 + 5, 9 * 60 + 55, "CAS 116")],
    ...change,
  });
}

test.beforeAll(async () => {
  const { t } = stack;
  const report = await importCourses(t.deps.database, [
    { college: "CAS", department: "XX", number: "911", title: "Sections As Cards", hub_units: [] },
    { college: "CAS", department: "XX", number: "912", title: "Sections As Rows", hub_units: [] },
  ], "demo");
  expect(report.skipped).toEqual([]);
  cards = await courseId(t, "CAS XX 911");
  rows = await courseId(t, "CAS XX 912");
  cs111 = await courseId(t, "CAS CS 111");
  const whitlock = [{ firstName: "Dana", lastName: "Whitlock" }];
  await importSchedule(t.deps.database, [
    section("911", "A1", true, {
      classNumber: 4063,
      capacity: 130,
      enrolled: 118,
      instructors: whitlock,
      notes: "Register for this lecture and one discussion.\nReserve Wednesday evenings for exams.",
      meetings: [meeting("MWF", 10 * 60 + 10, 11 * 60, "CAS 211"), meeting("W", 18 * 60 + 30, 19 * 60 + 45, null)],
    }),
    ...[2, 3, 4, 5, 6].map((n) => section("911", `A${n}`, false, { instructors: whitlock })),
    section("911", "B1", true, {
      capacity: 40,
      enrolled: 40,
      waitlist: 5,
      instructors: [{ firstName: "Lee", lastName: "Park" }],
      meetings: [meeting("TR", 14 * 60, 15 * 60 + 15, "SCI 107")],
    }),
    section("911", "C1", true, { status: "cancelled", meetings: [] }),
    section("911", "D1", true, { status: "stopped" }),
    section("911", "L1", false, { meetings: [meeting("R", 11 * 60, 12 * 60 + 50, "SCI 115")] }),
    ...Array.from({ length: 10 }, (_, i) =>
      section("912", `A${i + 1}`, true, {
        instructors: [{ firstName: "Avery", lastName: `Quill${"abcdefghij"[i]}` }],
        meetings: [meeting("MWF", (8 + i) * 60, (8 + i) * 60 + 50, `CAS ${200 + i}`)],
      })),
  ], { source: "registrar", now: IMPORTED });

  // Dana Whitlock's teacher ratings in this course, under two spellings: 4 and 5.
  const authors = await createStudents(t, "offered-", 2);
  await createdReview(t, authors[0].token, cards, { teacherName: "Prof. Dana Whitlock", teacherRating: 4 });
  await createdReview(t, authors[1].token, cards, { teacherName: "dana whitlock", teacherRating: 5 });
});

const offered = (page: Page) => page.getByRole("region", { name: "Offered" });
const text = (locator: Locator) =>
  locator.evaluate((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim());
const card = (page: Page, name: string) => offered(page).locator(`li.offered-section[data-section="${name}"]`);

/** The order of the page's second-level headings. */
function headings(page: Page): Promise<string[]> {
  return page.locator("h2").evaluateAll((list) => list.map((h) => h.textContent ?? ""));
}

for (const device of DEVICES) {
  describe(`the course page's Offered in Chromium, ${device.name}`, () => {
    test.override({ device });
    const shot = (page: Page, name: string) =>
      screenshot(page, `offered-${name}-${device.name}-${device.options.colorScheme}`, { fullPage: true });

    test("sections as cards: times, rooms, instructors and their rating, seats, notes, discussions", async ({ page, problems }) => {
      await page.goto(`${stack.url}/course/${cards}`);
      const order = await headings(page);
      expect(order.indexOf("Offered")).toBeGreaterThan(order.indexOf("Description"));
      expect(order.indexOf("Offered")).toBeLessThan(order.indexOf("Ratings overview"));

      const section = offered(page);
      await section.getByText(`Not offered in ${termName(current)} or ${termName(next)}.`, { exact: true }).waitFor();
      await section.getByRole("heading", { level: 3, name: termName(later)! }).waitFor();
      await section.getByText("Seats as of May 1, 2027", { exact: true }).waitFor();
      expect(await section.getByText("Demo schedule").count()).toBe(0);
      expect(await section.locator("li.offered-section h4").allTextContents()).toEqual([
        "Section A1",
        "Section B1",
        "Section C1",
        "Section D1",
      ]);

      const a1 = card(page, "A1");
      expect(await a1.locator(".offered-facts-line").textContent()).toBe("Class 4063 · 4 credits");
      expect(await a1.locator(".offered-facts .offered-meeting").evaluateAll((list) => list.map((m) => m.textContent)))
        .toEqual([
          "Mon, Wed, Fri 10:10–11:00 AM CAS 211 ",
          "Wed 6:30–7:45 PM  ",
        ]);
      expect(await a1.locator(".seats").first().textContent()).toBe("12 of 130 seats open");
      const whitlock = a1.locator(".offered-facts .offered-instructor");
      expect(await whitlock.getByRole("link", { name: "Dana Whitlock" }).getAttribute("href")).toBe(
        "/professor/dana-whitlock",
      );
      expect(await text(whitlock.locator(".offered-teacher"))).toBe("★ 4.5 teacher (2 reviews)");
      // The notes keep their line break.
      expect(await a1.locator(".offered-notes").innerText()).toBe(
        "Register for this lecture and one discussion.\nReserve Wednesday evenings for exams.",
      );
      // Five discussions fold into a disclosure, closed until asked.
      const discussions = a1.locator("details.offered-companion-block");
      expect(await text(discussions.locator("summary"))).toBe("Discussions and labs for A1 (5)");
      expect(await discussions.locator("li").first().isVisible()).toBe(false);
      await press(device, discussions.locator("summary"));
      expect(await discussions.locator(".offered-companion-code").allTextContents()).toEqual([
        "A2",
        "A3",
        "A4",
        "A5",
        "A6",
      ]);
      expect(await text(discussions.locator("li").first())).toBe("A2 Fri 9:05–9:55 AM CAS 116 20 of 30 seats open");

      const b1 = card(page, "B1");
      expect(await b1.locator(".seats").textContent()).toBe("Full, 5 on the waitlist");
      expect(await text(b1.locator(".offered-meeting"))).toBe("Tue, Thu 2:00–3:15 PM SCI 107");
      // Nobody has reviewed Lee Park: no page to link to.
      expect(await text(b1.locator(".offered-instructor"))).toBe("Lee Park No reviews yet");
      expect(await b1.getByRole("link").count()).toBe(0);
      expect(await card(page, "C1").locator(".seats").textContent()).toBe("Cancelled");
      expect(await text(card(page, "C1").locator(".offered-facts dd").first())).toBe("No meeting time");
      expect(await card(page, "D1").locator(".seats").textContent()).toBe("Closed to new enrollment");

      const any = section.locator(".offered-term > .offered-companion-block");
      expect(await text(any.locator(".offered-companion-title"))).toBe("Discussions and labs that go with any lecture");
      expect(await text(any.locator("li"))).toBe("L1 Thu 11:00 AM–12:50 PM SCI 115 20 of 30 seats open");

      if (device.touch) await fitsWidth(page);
      await expectAccessible(page, `Offered, cards, ${device.name}`);
      await shot(page, "cards");
      expect(unexpected(problems)).toEqual([]);
    });

    test("ten sections as rows: eight shown, the rest behind Show 2 more sections", async ({ page, problems }) => {
      await page.goto(`${stack.url}/course/${rows}`);
      const section = offered(page);
      const visibleRows = () => section.locator("li.offered-row:visible").count();
      expect(await visibleRows()).toBe(8);
      expect(await text(section.locator("li.offered-row").first())).toBe(
        "A1 Mon, Wed, Fri 8:00–8:50 AM CAS 200 Avery Quilla No reviews yet 20 of 30 seats open",
      );
      await press(device, section.getByText("Show 2 more sections", { exact: true }));
      expect(await visibleRows()).toBe(10);
      expect(await text(section.locator("li.offered-row").last())).toBe(
        "A10 Mon, Wed, Fri 5:00–5:50 PM CAS 209 Avery Quillj No reviews yet 20 of 30 seats open",
      );
      if (device.touch) await fitsWidth(page);
      await expectAccessible(page, `Offered, rows, ${device.name}`);
      await shot(page, "rows");
      expect(unexpected(problems)).toEqual([]);
    });

    test("CAS CS 111 on the demo schedule: both terms, each labelled a demo", async ({ page, problems }) => {
      await page.goto(`${stack.url}/course/${cs111}`);
      const section = offered(page);
      expect(await section.locator("h3").allTextContents()).toEqual([termName(current), termName(next)]);
      expect(await section.getByText("Demo schedule", { exact: true }).count()).toBe(2);
      expect(await section.locator("li.offered-section").count()).toBeGreaterThan(0);
      // The term this file imported has none of its sections.
      await section.getByText(`Not offered in ${termName(later)}.`, { exact: true }).waitFor();
      if (device.touch) await fitsWidth(page);
      await expectAccessible(page, `Offered, demo, ${device.name}`);
      await shot(page, "demo");
      expect(unexpected(problems)).toEqual([]);
    });
  });
}
