/**
 * A whole term's class-schedule download, the size of BU's (about 30,000 rows), made from the shapes of the real Fall
 * 2026 sample: its own 1,284 rows first, then the row groups of its courses (a lecture with its instructors and meeting
 * patterns, its discussions and labs) laid onto other courses of the catalog with the sample's instructors shuffled.
 * Read by the importer's parser and stored as `deno task schedule:import` does, each step timed.
 */
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { parseRegistrarCsv } from "../../src/services/schedule/registrar-csv.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";
import { syntheticTerm } from "../helpers/synthetic-term.ts";

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
