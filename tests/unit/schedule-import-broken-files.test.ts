/**
 * `deno task schedule:import` on broken downloads, run as an operator runs it: a row that breaks a column's rule is
 * skipped with "row N: <column>: <reason>", a long note is stored cut and the cut reported, a file cut mid-row or in
 * an encoding that cannot be told is one line and exit 1 with nothing stored, a Windows-1252 file is converted and
 * says so; never a stack trace.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { runScheduleImport } from "../helpers/schedule-import-task.ts";

const SAMPLE = new URL("../../../shared/data/bu/raw/terrierbot/Fall2026Courses-sample.csv", import.meta.url);
const sample = await Deno.readTextFile(SAMPLE);
const lines = sample.split("\n");
const header = lines[0];
const columns = header.split(",").map((name) => name.slice(1, -1));
/** CAS CS 111 A1's first row, by column: a course the demo catalog has. */
const a1: Record<string, string> = (() => {
  const values = lines.find((l) => l.includes('"CAS CS111  A1"'))!.slice(1, -1).split('","');
  return Object.fromEntries(columns.map((name, i) => [name, values[i]]));
})();
const line = (fields: Record<string, string>) =>
  columns.map((name) => `"${(fields[name] ?? "").replaceAll('"', '""')}"`).join(",");
/** The header and one row per change of A1's row, each a section of its own (A1, A2, …). */
const fileOf = (...changes: Record<string, string>[]) =>
  [header, ...changes.map((change, i) => line({ ...a1, "Class Section": `A${i + 1}`, ...change }))].join("\n") + "\n";

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await makeTestApp();
  dir = await Deno.makeTempDir({ prefix: "hubrate-schedule-broken-" });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Deno.remove(dir, { recursive: true });
});

async function run(name: string, content: string | Uint8Array) {
  const file = `${dir}/${name}`;
  if (typeof content === "string") await Deno.writeTextFile(file, content);
  else await Deno.writeFile(file, content);
  const run = await runScheduleImport(t, file);
  // Never a stack trace, whatever the file.
  expect(run.out).not.toMatch(/^\s+at /m);
  expect(run.out).not.toMatch(/Uncaught|TypeError/);
  return { ...run, file };
}

const query = async (sql: string) => (await t.deps.database.client.execute(sql)).rows;
const sectionCount = async () => Number((await query("SELECT count(*) AS n FROM sections"))[0].n);
const a1Section = `SELECT s.id, s.notes FROM sections s JOIN courses c ON c.id = s.course_id
  WHERE s.term_code = 2268 AND c.department = 'CS' AND c.number = '111'`;

describe("schedule:import on broken files", () => {
  test("an impossible date and a 5,000-character name skip their rows; a 200,000-character note is cut", async () => {
    const { code, out } = await run(
      "broken-rows.csv",
      fileOf(
        { Notes: "Mts w/CAS EN129. ".repeat(12_000) },
        { "Meeting Start Date": "02/30/2027" },
        { "Instructor's Last Name": "x".repeat(5_000) },
      ),
    );
    expect(out).toContain("  row 1: Notes: cut to 2,000 characters (it had 203,999)");
    expect(out).toContain('  skipped row 2: Meeting Start Date: "02/30/2027" is not a day of the calendar');
    expect(out).toContain("  skipped row 3: Instructor's Last Name: longer than 120 characters (5,000)");
    expect(out).toMatch(/Fall 2026 \(2268\): 1 sections of 1 courses/);
    expect(code, out).toBe(0);
    const rows = await query(`${a1Section} AND s.section IN ('A1', 'A2', 'A3') AND s.gone = 0`);
    expect(rows).toHaveLength(1);
    const notes = String(rows[0].notes);
    expect([...notes].length).toBe(2_000);
    expect(notes.endsWith("… (cut)")).toBe(true);
    expect(await query("SELECT 1 FROM section_meetings WHERE start_date = '2027-02-30'")).toEqual([]);
    expect(await query("SELECT 1 FROM section_instructors WHERE length(last_name) > 120")).toEqual([]);
  }, 60_000);

  test("a file cut in the middle of a row: one line, exit 1, nothing stored", async () => {
    const before = await sectionCount();
    const cut = fileOf({}, {}) + line({ ...a1, "Class Section": "A3" }).split('","').slice(0, 12).join('","') + '"';
    const { code, file, stdout, stderr } = await run("cut.csv", cut);
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      `${file}: The file ends in the middle of row 3 (12 of 32 fields): it looks cut short; download it again.`,
    ]);
    expect(stdout).toBe("");
    expect(await sectionCount()).toBe(before);
  }, 60_000);

  test("a file in an encoding that cannot be told: one line, exit 1, nothing stored", async () => {
    const before = await sectionCount();
    const bytes = new Uint8Array([...new TextEncoder().encode(fileOf({ Notes: "x" })), 0x81, 0x0a]);
    const { code, file, stderr } = await run("unknown.csv", bytes);
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      `${file}: The file is not in UTF-8, UTF-16 or Windows-1252 (byte 0x81 at offset ${
        (bytes.length - 2).toLocaleString("en-US")
      }); save it again as CSV UTF-8.`,
    ]);
    expect(await sectionCount()).toBe(before);
  }, 60_000);

  test("a Windows-1252 file is converted, said so, and its accented names stored as written", async () => {
    const text = fileOf({ "Instructor's First Name": "Inés", "Instructor's Last Name": "Núñez", Notes: "9/9 – 9/16" });
    const bytes = Uint8Array.from(text, (char) => char === "–" ? 0x96 : char.charCodeAt(0));
    const { code, file, out } = await run("windows-1252.csv", bytes);
    expect(out).toContain(`${file} is in Windows-1252, not UTF-8: read as Windows-1252 and converted.`);
    expect(code, out).toBe(0);
    const [section] = await query(`${a1Section} AND s.section = 'A1' AND s.gone = 0`);
    expect(section.notes).toBe("9/9 – 9/16");
    const people = await query(
      `SELECT first_name, last_name FROM section_instructors WHERE section_id = ${section.id}`,
    );
    expect(people.map((p) => [p.first_name, p.last_name])).toEqual([["Inés", "Núñez"]]);
  }, 60_000);
});
