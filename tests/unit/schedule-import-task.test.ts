/**
 * `deno task schedule:import` as an operator runs it: counts per term and each skipped row with its reason, a clear
 * message and a non-zero exit for a file that is not a class-schedule download, and a database left as it was then.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { runScheduleImport } from "../helpers/schedule-import-task.ts";

const SAMPLE = new URL("../../../shared/data/bu/raw/terrierbot/Fall2026Courses-sample.csv", import.meta.url);

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await makeTestApp();
  dir = await Deno.makeTempDir({ prefix: "hubrate-schedule-" });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Deno.remove(dir, { recursive: true });
});

const run = (file: string) => runScheduleImport(t, file);

describe("schedule:import", () => {
  test("imports a term, reports its counts and each skipped row with its reason", async () => {
    const lines = (await Deno.readTextFile(SAMPLE)).split("\n");
    // The header and the first rows of CAS CS 111's A1 (two instructors, two meeting patterns), then a row of an
    // unknown term and one of a course the demo catalog lacks.
    const a1 = lines.filter((line) => line.includes('"CAS CS111  A1"'));
    expect(a1).toHaveLength(4);
    const file = `${dir}/term.csv`;
    await Deno.writeTextFile(
      file,
      [
        lines[0],
        ...a1,
        a1[0].replace('"2268"', '"2263"'),
        a1[0].replaceAll("CS111", "CS999").replace('"111"', '"999"'),
      ].join("\n") + "\n",
    );
    const { code, out } = await run(file);
    expect(out).toContain('skipped row 5: Term: "2263" is not a term (such as 2268, Fall 2026)');
    expect(out).toContain("skipped row 6: course missing from the catalog: CAS CS 999 (section A1)");
    expect(out).toMatch(
      /Fall 2026 \(2268\): 1 sections of 1 courses \(1 to register for, 0 discussions and labs, 0 links\), 2 meetings, 2 instructors; 1 new or changed, \d+ gone from the file; 0 reviews matched to a professor anew\./,
    );
    expect(code, out).toBe(0);
    const rows = (await t.deps.database.client.execute(
      `SELECT s.class_number, s.gone FROM sections s JOIN courses c ON c.id = s.course_id
       WHERE s.term_code = 2268 AND c.department = 'CS' AND c.number = '111' AND s.section = 'A1'`,
    )).rows;
    expect(rows.map((r) => [Number(r.class_number), Number(r.gone)])).toEqual([[4063, 0]]);
  }, 60_000);

  test("a file that is not a class-schedule download: a message, exit 1, nothing stored", async () => {
    const count = async () =>
      Number((await t.deps.database.client.execute("SELECT count(*) AS n FROM sections")).rows[0].n);
    const before = await count();
    const file = `${dir}/courses.csv`;
    await Deno.writeTextFile(file, '"Course","Title"\n"CAS CS 111","Intro"\n');
    const { code, out } = await run(file);
    expect(code).toBe(1);
    expect(out).toContain('Not a class-schedule download: no column "Term"');
    expect(await count()).toBe(before);
    const missing = await run(`${dir}/nothing-here.csv`);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain(`Cannot read ${dir}/nothing-here.csv`);
  }, 60_000);
});
