/**
 * The registrar's class-schedule download read and stored: the real Fall 2026 sample (../shared/data/bu/raw/terrierbot)
 * against an independent count of its CSV, re-imports that keep section ids, a section that left the file, and rows
 * that cannot be read, each skipped with its reason.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import {
  companionLinks,
  creditsOf,
  dayLetters,
  minutesOf,
  parseRegistrarCsv,
  plainNotes,
  ScheduleFileError,
} from "../../src/services/schedule/registrar-csv.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

const SAMPLE = new URL("../../../shared/data/bu/raw/terrierbot/Fall2026Courses-sample.csv", import.meta.url);
const text = await Deno.readTextFile(SAMPLE);

/**
 * The sample's records by a reader of its own: fields in double quotes, a doubled quote inside one, a line break
 * inside quotes kept. Every field of the registrar's download is quoted.
 */
function records(csv: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < csv.length) {
    if (csv[i] === "\n" || csv[i] === "\r") {
      if (row.length) rows.push(row);
      row = [];
      i++;
      continue;
    }
    if (csv[i] === ",") {
      i++;
      continue;
    }
    expect(csv[i], `a quoted field at ${i}`).toBe('"');
    let value = "";
    i++;
    for (;;) {
      if (csv[i] === '"' && csv[i + 1] === '"') {
        value += '"';
        i += 2;
      } else if (csv[i] === '"') {
        i++;
        break;
      } else value += csv[i++];
    }
    row.push(value);
  }
  if (row.length) rows.push(row);
  const [header, ...data] = rows;
  return data.map((fields) => Object.fromEntries(header.map((name, k) => [name, fields[k]])));
}

const rows = records(text.replace(/^\uFEFF/, ""));
const sectionKey = (r: Record<string, string>) => `${r["Subject Area"]} ${r["Catalog Nbr"]} ${r["Class Section"]}`;
const expected = {
  rows: rows.length,
  sections: new Set(rows.map(sectionKey)).size,
  enrollment: new Set(rows.filter((r) => r["Class Type"] === "Enrollment").map(sectionKey)).size,
  companions: new Set(rows.filter((r) => r["Class Type"] === "Non-Enroll").map(sectionKey)).size,
  courses: new Set(rows.map((r) => `${r["Subject Area"]} ${r["Catalog Nbr"]}`)).size,
  instructors: new Set(
    rows.filter((r) => r["Instructor's Last Name"]).map((r) =>
      `${r["Instructor's Last Name"]}|${r["Instructor's First Name"]}`
    ),
  ).size,
};

let t: TestApp;
/** The sample's courses, so that each of its sections has a course to belong to. */
const sampleCourses = [
  ...new Map(rows.map((r) => {
    const subject = r["Subject Area"];
    const course = { college: subject.slice(0, 3), department: subject.slice(3), number: r["Catalog Nbr"] };
    return [`${subject} ${course.number}`, { ...course, title: r["Description"], hub_units: [] as string[] }];
  })).values(),
];

beforeAll(async () => {
  t = await makeTestApp();
  const report = await importCourses(t.deps.database, sampleCourses);
  expect(report.skipped).toEqual([]);
}, 120_000);
afterAll(() => t?.close());

describe("reading the registrar's download", () => {
  test("the sample: every row read, sections folded as an independent count of the CSV says", () => {
    const parsed = parseRegistrarCsv(text);
    expect(parsed.skipped).toEqual([]);
    expect(parsed.rows).toBe(expected.rows);
    expect(parsed.sections).toHaveLength(expected.sections);
    expect(parsed.sections.filter((s) => s.enrollment)).toHaveLength(expected.enrollment);
    expect(parsed.sections.filter((s) => !s.enrollment)).toHaveLength(expected.companions);
    expect(new Set(parsed.sections.map((s) => `${s.college} ${s.department} ${s.number}`)).size).toBe(
      expected.courses,
    );
    // PROVENANCE.md's figures for the sample.
    expect([expected.rows, expected.sections, expected.courses]).toEqual([1284, 999, 156]);
  });

  test("a section's instructor rows fold into one section; an extra meeting pattern stays a meeting of it", () => {
    const parsed = parseRegistrarCsv(text);
    const a1 = parsed.sections.find((s) => s.department === "CS" && s.number === "111" && s.section === "A1")!;
    expect(a1.instructors).toEqual([
      { lastName: "Januario", firstName: "Tiago" },
      { lastName: "Sullivan", firstName: "David" },
    ]);
    expect(a1.meetings.map((m) => [m.days, m.startMinute, m.endMinute, m.room])).toEqual([
      ["MWF", 10 * 60 + 10, 11 * 60, "SCI 113"],
      ["W", 18 * 60 + 30, 19 * 60 + 45, null],
    ]);
    expect(a1).toMatchObject({ classNumber: 4063, capacity: 130, enrolled: 42, creditsMin: 4, finalExam: true });
    // Every row of the sample is in some section: the rows of A1 are its instructors times its meetings.
    const a1Rows = rows.filter((r) => sectionKey(r) === "CASCS 111 A1");
    expect(a1Rows).toHaveLength(a1.instructors.length * a1.meetings.length);
  });

  test("notes: quoted line breaks kept, links as text, the replacement character back to an en dash", () => {
    const parsed = parseRegistrarCsv(text);
    const withBreaks = rows.filter((r) => r["Notes"].includes("\n"));
    expect(withBreaks.length).toBeGreaterThan(0);
    expect(parsed.sections.filter((s) => s.notes?.includes("\n")).length).toBeGreaterThan(0);
    expect(parsed.sections.some((s) => s.notes?.includes("\uFFFD"))).toBe(false);
    expect(rows.some((r) => r["Notes"].includes("\uFFFD"))).toBe(true);
    expect(plainNotes('See <a href="https://www.bu.edu/x/">the topics</a>.\uFFFDNow')).toBe(
      "See the topics (https://www.bu.edu/x/).–Now",
    );
  });

  test("days, times and credits as the download writes them", () => {
    expect(dayLetters("Mon Wed Fri")).toBe("MWF");
    expect(dayLetters("Thu Tue")).toBe("TR");
    expect(dayLetters("")).toBe("");
    expect(dayLetters("Mon Funday")).toBeNull();
    expect(minutesOf("12:20PM")).toBe(12 * 60 + 20);
    expect(minutesOf("12:05AM")).toBe(5);
    expect(minutesOf("01:25PM")).toBe(13 * 60 + 25);
    expect(minutesOf("13:00PM")).toBeNull();
    expect(creditsOf("4.0")).toEqual([4, 4]);
    expect(creditsOf(".0")).toEqual([0, 0]);
    expect(creditsOf("VAR 2.0 to 12.0")).toEqual([2, 12]);
    expect(creditsOf("Varies")).toEqual([null, null]);
  });

  test("companions go with the lectures of their letter; a letter no lecture has goes with any", () => {
    const course = [
      { section: "A1", enrollment: true },
      { section: "A2", enrollment: false },
      { section: "B1", enrollment: true },
      { section: "B2", enrollment: false },
      { section: "C1", enrollment: false },
    ];
    expect(companionLinks(course).map(([c, l]) => `${c.section}>${l.section}`)).toEqual(["A2>A1", "B2>B1"]);
  });

  test("rows that cannot be read are skipped with their reason; the others are read", () => {
    const header = text.slice(0, text.indexOf("\n") + 1);
    const good = rows.findIndex((r) => sectionKey(r) === "CASWR 120 A1");
    const line = (fields: Record<string, string>) =>
      Object.keys(rows[0]).map((name) => `"${(fields[name] ?? "").replaceAll('"', '""')}"`).join(",") + "\n";
    const csv = header +
      line(rows[good]) +
      line({ ...rows[good], Term: "1999" }) +
      line({ ...rows[good], "Class Section": "A9", "Start Time": "25:00PM" }) +
      line({ ...rows[good], "Class Section": "A8", "Days Of The Week": "Mon Funday" }) +
      line({ ...rows[good], "Class Section": "A7", "Class Stat": "Tentative" });
    const parsed = parseRegistrarCsv(csv);
    expect(parsed.sections.map((s) => s.section)).toEqual(["A1"]);
    expect(parsed.skipped).toEqual([
      { record: 2, reason: 'Term: "1999" is not a term (such as 2268, Fall 2026)' },
      { record: 3, reason: 'Start Time: "25:00PM" is not a time of day (such as 01:25PM)' },
      { record: 4, reason: 'Days Of The Week: "Mon Funday" is not days of the week (such as Mon Wed Fri)' },
      { record: 5, reason: 'Class Stat: "Tentative" is not Active, Cancelled or Stop Enrl' },
    ]);
  });

  test("a file that is not a class-schedule download is refused with a message", () => {
    expect(() => parseRegistrarCsv('"a","b"\n"1","2"\n')).toThrow(ScheduleFileError);
    expect(() => parseRegistrarCsv('"a","b"\n"1","2"\n')).toThrow(/no column "Term"/);
    expect(() => parseRegistrarCsv("")).toThrow(/no rows/);
    expect(() => parseRegistrarCsv('"Term","x\n')).toThrow(ScheduleFileError);
  });
});

describe("storing a term", () => {
  type Stored = { id: number; key: string; gone: number };
  const stored = async (): Promise<Stored[]> =>
    await t.deps.database.db.all<Stored>(
      sql`SELECT s.id, c.college || c.department || ' ' || c.number || ' ' || s.section AS key, s.gone
          FROM sections s JOIN courses c ON c.id = s.course_id WHERE s.term_code = 2268 ORDER BY s.id`,
    );
  const countOf = async (table: string) =>
    Number((await t.deps.database.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

  test("the sample: the counts of the file, then the same ids and rows when imported again", async () => {
    // The demo schedule may hold Fall 2026 already: this test's term is the sample's.
    await t.deps.database.client.batch(["DELETE FROM sections", "DELETE FROM terms"], "write");
    const parsed = parseRegistrarCsv(text);
    const report = await importSchedule(t.deps.database, parsed.sections, { source: "registrar" });
    expect(report.skipped).toEqual([]);
    expect(report.terms).toHaveLength(1);
    expect(report.terms[0]).toMatchObject({
      code: 2268,
      name: "Fall 2026",
      sections: expected.sections,
      enrollment: expected.enrollment,
      companions: expected.companions,
      courses: expected.courses,
      instructors: expected.instructors,
      gone: 0,
    });
    const first = await stored();
    expect(first).toHaveLength(expected.sections);
    const counts = [
      await countOf("section_meetings"),
      await countOf("section_instructors"),
      await countOf("section_links"),
    ];
    expect(counts[2]).toBe(report.terms[0].links);

    const again = await importSchedule(t.deps.database, parseRegistrarCsv(text).sections, { source: "registrar" });
    expect(again.terms[0]).toMatchObject({ sections: expected.sections, gone: 0 });
    expect(await stored()).toEqual(first);
    expect([await countOf("section_meetings"), await countOf("section_instructors"), await countOf("section_links")])
      .toEqual(counts);
  });

  test("a section gone from the file is kept and marked gone; it comes back with its id", async () => {
    const before = await stored();
    const without = parseRegistrarCsv(text).sections.filter((s) =>
      !(s.department === "CS" && s.number === "111" && s.section === "A2")
    );
    const report = await importSchedule(t.deps.database, without, { source: "registrar" });
    expect(report.terms[0].gone).toBe(1);
    const after = await stored();
    expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
    expect(after.filter((s) => s.gone).map((s) => s.key)).toEqual(["CASCS 111 A2"]);
    await importSchedule(t.deps.database, parseRegistrarCsv(text).sections, { source: "registrar" });
    expect(await stored()).toEqual(before);
  });

  test("with onlyCourses, only the sections of those courses can be marked gone", async () => {
    const before = await stored();
    const isCs = (s: { department: string; number: string }, number: string) =>
      s.department === "CS" && s.number === number;
    // The data of a partial read: CAS CS 111 without its A2, and nothing of CAS CS 112.
    const partial = parseRegistrarCsv(text).sections.filter((s) =>
      isCs(s, "111") ? s.section !== "A2" : !isCs(s, "112")
    );
    expect(partial.length).toBeLessThan(expected.sections - 1);
    const report = await importSchedule(t.deps.database, partial, {
      source: "registrar",
      onlyCourses: new Set(["CAS CS 111", "CAS ZZ 999"]),
    });
    expect(report.terms[0].gone).toBe(1);
    const after = await stored();
    expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
    expect(after.filter((s) => s.gone).map((s) => s.key)).toEqual(["CASCS 111 A2"]);
    await importSchedule(t.deps.database, parseRegistrarCsv(text).sections, { source: "registrar" });
    expect(await stored()).toEqual(before);
  });

  test("a section of a course the catalog lacks is skipped with its reason and record", async () => {
    const parsed = parseRegistrarCsv(text);
    const ghost = { ...parsed.sections[0], department: "ZZ", number: "999", record: 7 };
    const report = await importSchedule(t.deps.database, [ghost], { source: "registrar" });
    expect(report.skipped).toEqual([
      { record: 7, reason: `course missing from the catalog: ${ghost.college} ZZ 999 (section ${ghost.section})` },
    ]);
  });
});
