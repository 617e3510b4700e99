/**
 * A whole term's class-schedule download, the size of BU's (about 30,000 rows), made from the shapes of the real Fall
 * 2026 sample: its own 1,284 rows first, then the row groups of its courses (a lecture with its instructors and meeting
 * patterns, its discussions and labs) laid onto other courses of the catalog with the sample's instructors shuffled.
 * Read by the importer's parser and stored as `deno task schedule:import` does, each step timed.
 */
import type { Client } from "@libsql/client";
import { parse } from "csv-parse/sync";
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { seededRandom } from "../../src/lib/random.ts";
import { parseRegistrarCsv } from "../../src/services/schedule/registrar-csv.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";

const SAMPLE = new URL("../../../shared/data/bu/raw/terrierbot/Fall2026Courses-sample.csv", import.meta.url);

export type ScheduleImportFigures = {
  rows: number;
  sections: number;
  courses: number;
  /** Sections of the sample whose courses the catalog lacks (44 with the real catalog). */
  skipped: number;
  parseMs: number;
  storeMs: number;
  /** The same file again: every section updated in place. */
  againMs: number;
};

function quoted(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/** The synthetic term as CSV text, `rows` rows or a few more (a course's rows stay together). */
export async function syntheticTerm(client: Client, rows = 30_000): Promise<string> {
  const text = await Deno.readTextFile(SAMPLE);
  const lines = records(text);
  const header = Object.keys(lines[0]);
  const byCourse = new Map<string, Record<string, string>[]>();
  for (const line of lines) {
    const key = `${line["Subject Area"]} ${line["Catalog Nbr"]}`;
    if (!byCourse.has(key)) byCourse.set(key, []);
    byCourse.get(key)!.push(line);
  }
  const templates = [...byCourse.values()];
  const people = [
    ...new Map(
      lines.filter((l) => l["Instructor's Last Name"]).map((l) => [
        `${l["Instructor's Last Name"]}|${l["Instructor's First Name"]}`,
        [l["Instructor's Last Name"], l["Instructor's First Name"]],
      ]),
    ).values(),
  ];
  const sampleCourses = new Set(byCourse.keys());
  const catalog = (await client.execute("SELECT college, department, number FROM courses ORDER BY id")).rows
    .map((r) => ({ subject: `${r.college}${r.department}`, number: String(r.number) }))
    .filter((c) => /^[A-Z]{5,7}$/.test(c.subject) && !sampleCourses.has(`${c.subject} ${c.number}`));
  const next = seededRandom(2268);
  const out = [header.map(quoted).join(","), ...lines.map((l) => header.map((h) => quoted(l[h])).join(","))];
  let classNumber = 20000;
  for (const course of catalog) {
    if (out.length > rows) break;
    if (next() < 0.35) continue;
    const template = templates[Math.floor(next() * templates.length)];
    const renamed = new Map<string, [string, string]>();
    const classNumbers = new Map<string, string>();
    for (const line of template) {
      const who = `${line["Instructor's Last Name"]}|${line["Instructor's First Name"]}`;
      if (!renamed.has(who)) renamed.set(who, people[Math.floor(next() * people.length)] as [string, string]);
      if (!classNumbers.has(line["Class Section"])) classNumbers.set(line["Class Section"], String(classNumber++));
      const [last, first] = line["Instructor's Last Name"] ? renamed.get(who)! : ["", ""];
      const copy: Record<string, string> = {
        ...line,
        "Subject Area": course.subject,
        "Catalog Nbr": course.number,
        "Consolidated Class Field": `${course.subject.slice(0, 3)} ${course.subject.slice(3)}${course.number}  ${
          line["Class Section"]
        }`,
        "Class Nbr": classNumbers.get(line["Class Section"])!,
        "Instructor's Last Name": last,
        "Instructor's First Name": first,
      };
      out.push(header.map((h) => quoted(copy[h])).join(","));
    }
  }
  return out.join("\n") + "\n";
}

/** The rows of the CSV as records, read by csv-parse as the importer reads them. */
function records(text: string): Record<string, string>[] {
  return parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
}

/** Imports the synthetic term into the database at `url` and times it. */
export async function benchScheduleImport(url: string): Promise<ScheduleImportFigures> {
  const database = await openDatabase(url);
  try {
    await migrateDatabase(database);
    const csv = await syntheticTerm(database.client);
    const parseStart = performance.now();
    const parsed = parseRegistrarCsv(csv);
    const parseMs = performance.now() - parseStart;
    const storeStart = performance.now();
    const report = await importSchedule(database, parsed.sections, { source: "registrar", skipped: parsed.skipped });
    const storeMs = performance.now() - storeStart;
    const againStart = performance.now();
    await importSchedule(database, parseRegistrarCsv(csv).sections, { source: "registrar" });
    const againMs = performance.now() - againStart;
    return {
      rows: parsed.rows,
      sections: report.terms[0].sections,
      courses: report.terms[0].courses,
      skipped: report.skipped.length,
      parseMs,
      storeMs,
      againMs,
    };
  } finally {
    database.close();
  }
}

if (import.meta.main) {
  const url = Deno.args[0] ?? Deno.env.get("DATABASE_URL");
  if (!url) throw new Error("Usage: deno run -A tests/bench/schedule-import.ts file:/path/to/catalog.db");
  const figures = await benchScheduleImport(url);
  console.log(JSON.stringify(figures, null, 2));
}
