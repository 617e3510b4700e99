/**
 * deno task schedule:import FILE.csv
 * Loads the registrar's class-schedule download (one CSV per term) into the database named by DATABASE_URL: each term
 * upserted in one transaction, section ids kept across imports, sections that left the file marked gone. Prints the
 * counts per term, every skipped row with its reason ("row N: <column>: <reason>") and every note cut; a file that
 * cannot be read at all (cut mid-row, not a class-schedule download, an encoding that cannot be told) is one line and
 * exit 1, with nothing stored.
 */
import { migrateDatabase } from "../../db/client.ts";
import { referenceData as reference } from "../../db/seeds/reference.ts";
import { loadConfigOrExit } from "../config.ts";
import { ensureReferenceData } from "../services/catalog/catalog.ts";
import { parseRegistrarFile, ScheduleFileError } from "../services/schedule/registrar-csv.ts";
import { importSchedule } from "../services/schedule/schedule-import.ts";
import { openConfiguredDatabase } from "../startup.ts";

const file = Deno.args[0];
if (!file) {
  console.error("Usage: deno task schedule:import FILE.csv   (the registrar's class-schedule download of a term)");
  Deno.exit(2);
}

let bytes: Uint8Array;
try {
  bytes = await Deno.readFile(file);
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : error}`);
  Deno.exit(1);
}

let parsed;
try {
  parsed = parseRegistrarFile(bytes);
} catch (error) {
  if (!(error instanceof ScheduleFileError)) throw error;
  console.error(`${file}: ${error.message}`);
  Deno.exit(1);
}
if (parsed.converted) {
  console.log(`${file} is in ${parsed.encoding}, not UTF-8: read as ${parsed.encoding} and converted.`);
}
console.log(
  `Read ${parsed.rows.toLocaleString("en-US")} rows: ${parsed.sections.length.toLocaleString("en-US")} sections.`,
);
for (const notice of parsed.notices.slice(0, 100)) console.log(`  row ${notice.record}: ${notice.reason}`);
if (parsed.notices.length > 100) console.log(`  … and ${parsed.notices.length - 100} more notes cut`);

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config);
await migrateDatabase(database);
await ensureReferenceData(database, reference);
let shown = 0;
const report = await importSchedule(database, parsed.sections, {
  source: "registrar",
  skipped: parsed.skipped,
  onProgress: (done, total) => {
    // Long files say how far they are, every tenth or so.
    if (total >= 5000 && done - shown >= total / 10) {
      shown = done;
      console.log(`  ${Math.round((100 * done) / total)}% (${done.toLocaleString("en-US")} sections)`);
    }
  },
});
database.close();

for (const problem of report.skipped.slice(0, 100)) console.log(`  skipped row ${problem.record}: ${problem.reason}`);
if (report.skipped.length > 100) console.log(`  … and ${report.skipped.length - 100} more skipped rows`);
for (const term of report.terms) {
  const n = (value: number) => value.toLocaleString("en-US");
  console.log(
    `${term.name} (${term.code}): ${n(term.sections)} sections of ${n(term.courses)} courses ` +
      `(${n(term.enrollment)} to register for, ${n(term.companions)} discussions and labs, ${n(term.links)} links), ` +
      `${n(term.meetings)} meetings, ${n(term.instructors)} instructors; ${n(term.changed)} new or changed, ` +
      `${n(term.gone)} gone from the file; ${n(term.matchedReviews)} reviews matched to a professor anew.`,
  );
}
console.log(
  `${report.skipped.length.toLocaleString("en-US")} skipped; in ${(report.milliseconds / 1000).toFixed(2)} s, ` +
    `holding the write lock at most ${(report.longestTransactionMs / 1000).toFixed(2)} s at once ` +
    `(${config.databaseUrl}).`,
);
if (!report.terms.length) Deno.exit(1);
