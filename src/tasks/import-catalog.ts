/**
 * deno task catalog:import FILE
 * Loads courses (the shape of bu_courses.json) or majors (the shape of
 * bu_majors.json) into the database named by DATABASE_URL. Upserts, so it can
 * run again; reviews are kept.
 */
import { migrateDatabase } from "../../db/client.ts";
import { referenceData as reference } from "../../db/seeds/reference.ts";
import { loadConfigOrExit } from "../config.ts";
import { openConfiguredDatabase } from "../startup.ts";
import {
  catalogSource,
  detectCatalogKind,
  ensureReferenceData,
  importCourses,
  importMajors,
} from "../services/catalog/catalog.ts";

const file = Deno.args[0];
if (!file) {
  console.error(
    "Usage: deno task catalog:import FILE.json   (courses like bu_courses.json, or majors like bu_majors.json)",
  );
  Deno.exit(2);
}

let rows: unknown;
try {
  rows = JSON.parse(await Deno.readTextFile(file));
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : error}`);
  Deno.exit(1);
}
if (!Array.isArray(rows)) {
  console.error(`${file} must hold a JSON array of objects.`);
  Deno.exit(1);
}
const kind = detectCatalogKind(rows);
if (!kind) {
  console.error(`${file}: cannot tell courses from majors (courses have "title" and "number", majors have "name").`);
  Deno.exit(1);
}

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config);
await migrateDatabase(database);
await ensureReferenceData(database, reference);
const before = await catalogSource(database.db);
const report = kind === "courses" ? await importCourses(database, rows) : await importMajors(database, rows);
database.close();

for (const problem of report.skipped.slice(0, 50)) console.log(`  skipped row ${problem.index}: ${problem.reason}`);
if (report.skipped.length > 50) console.log(`  … and ${report.skipped.length - 50} more skipped rows`);
console.log(
  `${report.loaded.toLocaleString("en-US")} ${report.kind} loaded, ${
    report.skipped.length.toLocaleString("en-US")
  } skipped, ` +
    `in ${(report.milliseconds / 1000).toFixed(2)} s (${config.databaseUrl}).`,
);
if (report.prerequisites) {
  const { full, partial, none, fromDescriptions: d } = report.prerequisites;
  const n = (value: number) => value.toLocaleString("en-US");
  const line = (counts: { full: number; partial: number; none: number }) => {
    const total = counts.full + counts.partial + counts.none;
    const share = (v: number) => total ? ` (${Math.round((100 * v) / total)}%)` : "";
    return `${n(total)}; read fully into courses ${n(counts.full)}${share(counts.full)}, partly ${n(counts.partial)}${
      share(counts.partial)
    }, not at all ${n(counts.none)}${share(counts.none)}`;
  };
  console.log(`Prerequisite texts: ${line({ full, partial, none })}.`);
  console.log(
    `  of which ${n(d.full + d.partial + d.none)} from descriptions (the prerequisite field empty): ${line(d)}; ` +
      `from the fields alone: ${line({ full: full - d.full, partial: partial - d.partial, none: none - d.none })}.`,
  );
  const { courses, pairs } = report.prerequisites.exclusions;
  console.log(
    `Courses whose description names courses that cannot count with them: ${n(courses)} (${n(pairs)} pairs).`,
  );
}
if (kind === "courses" && before === "demo") {
  console.log(
    "Note: this database held the demo catalog; its courses stay alongside the imported ones. Start from an empty database with DEMO_CATALOG=off to have the imported catalog only.",
  );
}
