/**
 * A whole term's class-schedule download, the size of BU's (about 30,000 rows), made from the shapes of the real Fall
 * 2026 sample: its own 1,284 rows first, then the row groups of its courses (a lecture with its instructors and meeting
 * patterns, its discussions and labs) laid onto other courses of the catalog with the sample's instructors shuffled.
 */
import type { Client } from "@libsql/client";
import { parse } from "csv-parse/sync";
import { seededRandom } from "../../src/lib/random.ts";

const SAMPLE = new URL("../../../shared/data/bu/raw/terrierbot/Fall2026Courses-sample.csv", import.meta.url);

function quoted(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/**
 * The synthetic term as CSV text, `rows` rows or a few more (a course's rows stay together), in term `term` (the
 * sample's, Fall 2026, unless given).
 */
export async function syntheticTerm(client: Client, rows = 30_000, term?: number): Promise<string> {
  const text = await Deno.readTextFile(SAMPLE);
  const lines = records(text).map((line) => term === undefined ? line : { ...line, Term: String(term) });
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
