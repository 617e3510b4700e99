/**
 * The schedule tables of the bulletin's course pages read into sections: the saved pages of tests/fixtures/bulletin,
 * tables written in the page to show one reading each, and what the bulletin held for ten CS courses in Fall 2025 and
 * Spring 2026 (../shared/data/bu/raw/planedu/class_data_sample.json) turned back into the bulletin's table HTML.
 */
import { describe, expect, test } from "vitest";
import { parseCoursePage } from "../../src/services/catalog/bulletin-pages.ts";
import type { ScheduleSection } from "../../src/services/schedule/registrar-csv.ts";

const FIXTURES = new URL("../fixtures/bulletin/academics/cas/courses/", import.meta.url);
const SAMPLE = new URL("../../../shared/data/bu/raw/planedu/class_data_sample.json", import.meta.url);

const FALL_2025 = 2258;
const SPRING_2026 = 2261;

/** What the bulletin never says, the same for every section it gives. */
const UNSAID = {
  record: 0,
  classNumber: null,
  status: "active",
  capacity: null,
  enrolled: null,
  waitCapacity: null,
  waitlist: null,
  creditsMin: null,
  creditsMax: null,
  mode: null,
  finalExam: null,
} as const;

const at = (hour: number, minute: number) => hour * 60 + minute;
const meeting = (days: string, start: number, end: number, room: string | null) => ({
  days,
  startMinute: start,
  endMinute: end,
  room,
  startDate: null,
  endDate: null,
});
const people = (...names: string[]) => names.map((lastName) => ({ lastName, firstName: "" }));

async function pageOf(slug: string) {
  const page = parseCoursePage(await Deno.readTextFile(new URL(`${slug}/index.html`, FIXTURES)));
  if (!page.ok) throw new Error(`${slug}: ${page.reason}`);
  return page;
}

/** A course page holding the given schedule blocks, in the bulletin's structure. */
function coursePage(blocks: string): string {
  return `<h1>Topics</h1><h2>CAS XX 101</h2><div id="course-content"><p>A course.</p>${blocks}</div>`;
}

function sectionsOf(html: string) {
  const page = parseCoursePage(html);
  if (!page.ok) throw new Error(page.reason);
  return page;
}

describe("the schedule tables of the saved pages", () => {
  test("two terms, several sections, DIS and LAB rows of a Type column, two instructors, two meetings in one cell", async () => {
    const page = await pageOf("cas-ma-121");
    expect(page.scheduleProblems).toEqual([]);
    const course = { college: "CAS", department: "MA", number: "121" };
    expect(page.sections).toEqual([
      {
        ...UNSAID,
        ...course,
        term: FALL_2025,
        section: "A1",
        enrollment: true,
        notes: "Students registering for CAS MA 121 must register for two sections: a LEC section and a DIS section.",
        instructors: people("Okafor", "Lindqvist"),
        meetings: [meeting("MWF", at(10, 10), at(11, 0), "CAS 522")],
      },
      {
        ...UNSAID,
        ...course,
        term: FALL_2025,
        section: "A2",
        enrollment: false,
        notes: null,
        instructors: people("Lindqvist"),
        meetings: [meeting("R", at(9, 30), at(10, 20), "CDS 263")],
      },
      {
        ...UNSAID,
        ...course,
        term: FALL_2025,
        section: "A3",
        enrollment: false,
        notes: null,
        instructors: people("Lindqvist"),
        meetings: [meeting("R", at(12, 30), at(13, 20), "CDS 264")],
      },
      {
        ...UNSAID,
        ...course,
        term: FALL_2025,
        section: "B1",
        enrollment: true,
        notes: "Exams on Wednesday evenings.",
        instructors: people("Haddad"),
        meetings: [meeting("TR", at(15, 30), at(16, 45), "KCB 101"), meeting("W", at(18, 30), at(20, 0), "CAS 116")],
      },
      {
        ...UNSAID,
        ...course,
        term: FALL_2025,
        section: "B2",
        enrollment: false,
        notes: null,
        instructors: [],
        meetings: [],
      },
      {
        ...UNSAID,
        ...course,
        term: SPRING_2026,
        section: "A1",
        enrollment: true,
        notes: null,
        instructors: people("Haddad"),
        meetings: [meeting("TR", at(11, 0), at(12, 15), "CGS 511")],
      },
      {
        ...UNSAID,
        ...course,
        term: SPRING_2026,
        section: "A2",
        enrollment: false,
        notes: null,
        instructors: [],
        meetings: [meeting("F", at(9, 5), at(9, 55), "CAS 224")],
      },
    ]);
  });

  test("a Notes column, names split at a slash, two patterns split at a semicolon, an Arranged row; a table whose heading names no term is left out with a problem", async () => {
    const page = await pageOf("cas-ph-110");
    expect(page.scheduleProblems).toEqual([
      'schedule table under "Study Abroad Schedule" left out: the heading names no term',
    ]);
    const course = { college: "CAS", department: "PH", number: "110", term: FALL_2025, enrollment: true };
    expect(page.sections).toEqual([
      {
        ...UNSAID,
        ...course,
        section: "A1",
        notes: "Co-taught; the second half of the term is a seminar.",
        instructors: people("Brennan", "Adeyemi"),
        meetings: [meeting("MWF", at(13, 25), at(14, 15), "CAS 211")],
      },
      {
        ...UNSAID,
        ...course,
        section: "A2",
        notes: null,
        instructors: people("Brennan"),
        meetings: [meeting("TR", at(17, 0), at(18, 15), "COM 101"), meeting("T", at(18, 30), at(19, 45), "COM 101")],
      },
      {
        ...UNSAID,
        ...course,
        section: "X1",
        notes: "Independent readings & a paper with the instructor.",
        instructors: [],
        meetings: [],
      },
    ]);
  });

  test("the schedule block's note is not read as the course's description", async () => {
    const page = await pageOf("cas-aa-103");
    expect(page.course.description).toMatch(/^Reads poetry/);
    expect(page.sections).toEqual([{
      ...UNSAID,
      college: "CAS",
      department: "AA",
      number: "103",
      term: FALL_2025,
      section: "A1",
      enrollment: true,
      notes: null,
      instructors: people("Okafor"),
      meetings: [meeting("TR", at(11, 0), at(12, 15), "CAS 222")],
    }]);
  });

  test("pages without a schedule have no sections", async () => {
    for (const slug of ["cas-wr-151w", "cas-ch-401"]) {
      expect((await pageOf(slug)).sections).toEqual([]);
    }
  });
});

describe("schedule cells as the bulletin writes them", () => {
  test("day names, times without spaces or with dots, days without times, a table without a heading row", () => {
    const page = sectionsOf(coursePage(`<div class="cf-course-schedule"><h4>Spring 2026 Schedule</h4><table>
      <tr><td>A1</td><td>Nguyen</td><td>PSY B55</td><td>Mon, Wed 2:30pm-3:45pm</td><td>First half of term only.</td></tr>
      <tr><td>A2</td><td>Nguyen</td><td>PSY B53</td><td>Tues Thurs 9:30 a.m. \u2013 10:45 a.m.</td><td></td></tr>
      <tr><td>A3</td><td>TBA</td><td>TBA</td><td>F</td><td></td></tr>
    </table></div>`));
    expect(page.scheduleProblems).toEqual([]);
    expect(page.sections.map((s) => [s.term, s.section, s.notes, s.meetings])).toEqual([
      [SPRING_2026, "A1", "First half of term only.", [meeting("MW", at(14, 30), at(15, 45), "PSY B55")]],
      [SPRING_2026, "A2", null, [meeting("TR", at(9, 30), at(10, 45), "PSY B53")]],
      [SPRING_2026, "A3", null, [{ ...meeting("F", 0, 0, null), startMinute: null, endMinute: null }]],
    ]);
  });

  test("a row of one cell is a note of the section before; a row without a section continues it", () => {
    const page = sectionsOf(coursePage(`<div class="cf-course-schedule"><h4>FALL 2025 Schedule</h4><table>
      <tr><th>Section</th><th>Instructor</th><th>Location</th><th>Schedule</th></tr>
      <tr><td>A1</td><td>Okafor</td><td>CAS 222</td><td>TR 11:00 am-12:15 pm</td></tr>
      <tr><td></td><td>Lindqvist</td><td>CAS 116</td><td>W 6:30 pm-8:00 pm</td></tr>
      <tr><td colspan="4">Reserve Wednesday evenings for exams.</td></tr>
    </table></div>`));
    expect(page.sections).toHaveLength(1);
    expect(page.sections[0]).toMatchObject({
      section: "A1",
      notes: "Reserve Wednesday evenings for exams.",
      instructors: people("Okafor", "Lindqvist"),
      meetings: [meeting("TR", at(11, 0), at(12, 15), "CAS 222"), meeting("W", at(18, 30), at(20, 0), "CAS 116")],
    });
  });

  test("rows and tables that cannot be read are left out with why; the others are read", () => {
    const page = sectionsOf(coursePage(`<div class="cf-course-schedule"><h4>FALL 2025 Schedule</h4><table>
      <tr><th>Section</th><th>Instructor</th><th>Location</th><th>Schedule</th></tr>
      <tr><td>A1</td><td>Okafor</td><td>CAS 222</td><td>Online, asynchronous</td></tr>
      <tr><td>A2</td><td>Okafor</td><td>CAS 222</td><td>TR 3:00 pm-1:00 pm</td></tr>
      <tr><td>A3</td><td>Okafor</td><td>CAS 222</td><td>TR 1:00 pm-2:15 pm</td></tr>
    </table></div>
    <div class="cf-course-schedule"><table><tr><td>B1</td><td>Okafor</td><td>CAS 222</td><td>M 1:00 pm-2:00 pm</td></tr></table></div>
    <div class="cf-course-schedule"><h4>Spring 2026 Schedule</h4><table>
      <tr><th>Instructor</th><th>Location</th></tr><tr><td>Okafor</td><td>CAS 222</td></tr>
    </table></div>`));
    expect(page.scheduleProblems).toEqual([
      'Fall 2025 section A1 left out: unreadable days in "Online, asynchronous"',
      'Fall 2025 section A2 left out: unreadable time: 3:00pm to 1:00pm ends before it starts in "TR 3:00 pm-1:00 pm"',
      "schedule table left out: no heading names its term",
      "Spring 2026 schedule table left out: no Section or Schedule column",
    ]);
    expect(page.sections.map((s) => s.section)).toEqual(["A3"]);
  });
});

type SampleSection = {
  name: string;
  year: string;
  season: string;
  instructor: string;
  location: string;
  days: string;
  startTime: string;
  endTime: string;
  notes: string | null;
};
type SampleCourse = {
  school: string;
  department: string;
  number: string;
  title: string;
  description: string;
  sections: SampleSection[];
};

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** "14:00" → "2:00 pm", as the bulletin writes a time. */
function clock(time: string): string {
  const [hour, minute] = time.split(":").map(Number);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
}

/** The course page the bulletin showed for a sample course: one schedule block per term, in the sample's order. */
function bulletinPage(course: SampleCourse): string {
  const terms = [...new Set(course.sections.map((s) => `${s.season} ${s.year}`))];
  const blocks = terms.map((term) => {
    const rows = course.sections.filter((s) => `${s.season} ${s.year}` === term).map((s) =>
      `<tr><td>${s.name}</td><td>${escape(s.instructor)}</td><td>${escape(s.location)}</td>` +
      `<td>${s.days} ${clock(s.startTime)}-${clock(s.endTime)}</td><td>${escape(s.notes ?? "")}</td></tr>`
    );
    return `<div class="cf-course-schedule"><h4>${term} Schedule</h4><table>
      <tr><th>Section</th><th>Instructor</th><th>Location</th><th>Schedule</th><th>Notes</th></tr>
      ${rows.join("\n")}
    </table><p>Note that this information may change at any time.</p></div>`;
  });
  return `<h1>${escape(course.title)}</h1><h2>${course.school} ${course.department} ${course.number}</h2>
    <div id="course-content"><p>${escape(course.description)}</p>${blocks.join("\n")}</div>`;
}

describe("what the bulletin held for ten CS courses (planedu sample)", () => {
  test("every section read back with its term, days, times, room, instructor and notes", async () => {
    const sample = JSON.parse(await Deno.readTextFile(SAMPLE)) as SampleCourse[];
    expect(sample).toHaveLength(10);
    const seasons: Record<string, number> = { SPRING: 1, SUMMER: 5, FALL: 8 };
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    let count = 0;
    for (const course of sample) {
      const page = sectionsOf(bulletinPage(course));
      expect(page.scheduleProblems, `${course.department} ${course.number}`).toEqual([]);
      const expected: ScheduleSection[] = course.sections.map((s) => ({
        ...UNSAID,
        college: course.school,
        department: course.department,
        number: course.number,
        term: 2000 + (Number(s.year) - 2000) * 10 + seasons[s.season],
        section: s.name,
        enrollment: true,
        notes: s.notes,
        instructors: people(s.instructor),
        meetings: [meeting(s.days, minutes(s.startTime), minutes(s.endTime), s.location)],
      }));
      expect(page.sections, `${course.department} ${course.number}`).toEqual(expected);
      count += expected.length;
    }
    expect(count).toBe(sample.reduce((sum, course) => sum + course.sections.length, 0));
    expect(count).toBeGreaterThan(100);
  });
});
