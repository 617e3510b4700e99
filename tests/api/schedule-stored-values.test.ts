/**
 * Stored meetings that an import of an older release let through (a date that is no day, a last date before the
 * first, minutes past the end of the day): the calendar file is still made, of the other meetings, and the week
 * places only meetings that have a place in it. Never a 500.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { scheduleCalendar } from "../../src/lib/schedule-ics.ts";
import { weekMeetings } from "../../src/lib/schedule-meetings.ts";
import { termOf } from "../../src/lib/term-codes.ts";
import { api } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
const TERM = termOf(new Date());
type Timed = { sectionId: number; courseId: number; code: string; section: string };
/** Three sections of three courses of the demo schedule, each with one timed meeting that has its dates. */
let timed: Timed[];

const run = async (sql: string, args: (string | number)[] = []) =>
  (await t.deps.database.client.execute({ sql, args })).rows;

beforeAll(async () => {
  t = await makeTestApp();
  timed = (await run(
    `SELECT s.id AS sectionId, s.course_id AS courseId, c.college || ' ' || c.department || ' ' || c.number AS code,
       s.section
     FROM sections s JOIN courses c ON c.id = s.course_id
     WHERE s.term_code = ? AND s.enrollment = 1 AND s.gone = 0 AND s.status = 'active'
       AND (SELECT count(*) FROM section_meetings m WHERE m.section_id = s.id) = 1
       AND EXISTS (SELECT 1 FROM section_meetings m WHERE m.section_id = s.id AND m.days <> ''
         AND m.start_minute IS NOT NULL AND m.start_date IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM section_links l WHERE l.section_id = s.id)
     GROUP BY s.course_id ORDER BY s.course_id LIMIT 3`,
    [TERM],
  )) as unknown as Timed[];
  expect(timed).toHaveLength(3);
  const [noDay, backwards, pastMidnight] = timed.map((s) => s.sectionId);
  await run("UPDATE section_meetings SET start_date = '2027-02-30' WHERE section_id = ?", [noDay]);
  await run("UPDATE section_meetings SET end_date = '1999-01-01' WHERE section_id = ?", [backwards]);
  await run("UPDATE section_meetings SET end_minute = 5000 WHERE section_id = ?", [pastMidnight]);
}, 120_000);
afterAll(() => t?.close());

const query = () =>
  `term=${TERM}&courses=${timed.map((s) => s.courseId).join(",")}&sections=${timed.map((s) => s.sectionId).join(",")}`;

describe("stored meetings that cannot be placed", () => {
  test("the calendar file is made of the other meetings, not a 500", async () => {
    const [noDay, backwards, pastMidnight] = timed;
    const response = await api(t, `/api/schedules/calendar.ics?${query()}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).not.toContain(`SUMMARY:${noDay.code} ${noDay.section}`);
    expect(text).not.toContain(`SUMMARY:${backwards.code} ${backwards.section}`);

    // The same section with its date set right is in the file.
    await run(
      `UPDATE section_meetings SET start_date = (SELECT start_date FROM section_meetings WHERE section_id = ?)
       WHERE section_id = ?`,
      [pastMidnight.sectionId, noDay.sectionId],
    );
    const fixed = await (await api(t, `/api/schedules/calendar.ics?${query()}`)).text();
    expect(fixed).toContain(`SUMMARY:${noDay.code} ${noDay.section}`);
  });

  test("the week places no meeting that ends past the end of the day", async () => {
    const response = await api(t, `/api/schedules/view?${query()}`);
    expect(response.status).toBe(200);
    const placed = weekMeetings((await response.json()).courses);
    const pastMidnight = timed[2];
    expect(placed.filter((m) => m.sectionId === pastMidnight.sectionId)).toEqual([]);
    expect(placed.every((m) => m.endMinute <= 24 * 60)).toBe(true);
  });

  test("scheduleCalendar leaves out a meeting it cannot place instead of throwing", () => {
    const meeting = {
      days: "MWF",
      startMinute: 610,
      endMinute: 660,
      room: null,
      startDate: "2027-01-20",
      endDate: "2027-04-30",
      exam: false,
    };
    const section = { uid: "u", summary: "CAS CS 111 A1", title: "T", classNumber: null, instructors: [] };
    const text = scheduleCalendar({
      name: "Spring 2027",
      now: new Date("2026-11-01T00:00:00Z"),
      sections: [{
        ...section,
        meetings: [
          { ...meeting, startDate: "2027-02-30" },
          { ...meeting, endDate: "2026-01-01" },
          { ...meeting, startMinute: -5 },
          { ...meeting, endMinute: 1440 },
          { ...meeting, startMinute: 700, endMinute: 650 },
          { ...meeting },
        ],
      }],
    });
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).toContain("UID:u-5@hubrate");
  });
});
