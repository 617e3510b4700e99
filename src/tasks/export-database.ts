/**
 * deno task db:export FILE
 * Writes the database named by DATABASE_URL (a file, a libSQL server, a
 * replica) to FILE as JSON lines; `deno task db:import FILE` loads it into
 * another. The export is one consistent read; the site may keep serving.
 */
import { createPrivateFile } from "../../db/private-files.ts";
import { exportDatabase } from "../../db/transfer.ts";
import { loadConfigOrExit } from "../config.ts";
import { exitOnStartupError, openConfiguredDatabase } from "../startup.ts";

const path = Deno.args[0];
if (!path || Deno.args.length > 1) {
  console.error("Usage: deno task db:export FILE.ndjson   (reads the database named by DATABASE_URL)");
  Deno.exit(2);
}

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config).catch(exitOnStartupError);
let file: Deno.FsFile;
try {
  // Readable by its owner only (0600), whatever the umask: it holds every account.
  file = await createPrivateFile(path);
} catch (error) {
  console.error(
    error instanceof Deno.errors.AlreadyExists
      ? `${path} exists already; an export never overwrites a file.`
      : `Cannot write ${path}: ${error}`,
  );
  Deno.exit(1);
}
const writer = file.writable.getWriter();
const encoder = new TextEncoder();
const report = await exportDatabase(database, (line) => writer.write(encoder.encode(line)));
await writer.close();
database.close();
for (const [table, rows] of Object.entries(report.tables)) {
  console.log(`  ${table.padEnd(20)} ${rows.toLocaleString("en-US").padStart(9)}`);
}
console.log(
  `Exported ${report.rows.toLocaleString("en-US")} rows in ${(report.milliseconds / 1000).toFixed(2)} s to ${path}.`,
);
