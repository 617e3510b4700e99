/**
 * deno task db:backup [FILE]
 * Writes a consistent, checked copy of the database named by DATABASE_URL
 * (data/backups/hubrate-<time>.db by default). Restore: stop the server,
 * copy the backup over the database file (removing its -wal and -shm files),
 * start the server. See the README.
 */
import { backupDatabase, defaultBackupPath } from "../../db/backup.ts";
import { loadConfigOrExit } from "../config.ts";
import { openConfiguredDatabase } from "../startup.ts";

const config = loadConfigOrExit();
if (!config.databaseUrl.startsWith("file:")) {
  console.error(
    "db:backup copies an embedded (file:) database. For a libSQL server (Turso), take a copy with `deno task db:export FILE` or use Turso's point-in-time restore.",
  );
  Deno.exit(1);
}
const database = await openConfiguredDatabase(config);
try {
  const result = await backupDatabase(database, Deno.args[0] ?? defaultBackupPath());
  console.log(
    `Backup written to ${result.path}: ${
      (result.bytes / 1048576).toFixed(1)
    } MB, ${result.courses} courses, ${result.reviews} reviews, integrity ok, in ${result.milliseconds} ms.`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
  Deno.exitCode = 1;
} finally {
  database.close();
}
