/**
 * deno task db:import FILE [--replace]
 * Loads a `db:export` file into the database named by DATABASE_URL, after
 * migrating it. The target must hold no accounts or reviews unless --replace
 * is given; either way it all happens in one transaction, so a refused or
 * failed import leaves the target as it was.
 */
import { migrateDatabase } from "../../db/client.ts";
import { fileLines, importDatabase, TransferError } from "../../db/transfer.ts";
import { loadConfigOrExit } from "../config.ts";
import { exitOnStartupError, openConfiguredDatabase } from "../startup.ts";
import { ensureSearchPostings } from "../services/search/search-descriptions.ts";
import { ensureCatalogSnapshot } from "../services/catalog/catalog-cache.ts";

const replace = Deno.args.includes("--replace");
const paths = Deno.args.filter((arg) => arg !== "--replace");
if (paths.length !== 1 || paths[0].startsWith("--")) {
  console.error("Usage: deno task db:import FILE.ndjson [--replace]   (loads into the database named by DATABASE_URL)");
  Deno.exit(2);
}
const [path] = paths;
try {
  await Deno.stat(path);
} catch {
  console.error(`Cannot read ${path}: no such file.`);
  Deno.exit(1);
}

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config).catch(exitOnStartupError);
await migrateDatabase(database);
try {
  const report = await importDatabase(database, fileLines(path), { replace });
  // Exports leave out what is derived from the rest: made again from what was just loaded.
  await ensureSearchPostings(database);
  await ensureCatalogSnapshot(database.db);
  for (const [table, rows] of Object.entries(report.tables)) {
    console.log(`  ${table.padEnd(20)} ${rows.toLocaleString("en-US").padStart(9)}`);
  }
  console.log(
    `Imported ${report.rows.toLocaleString("en-US")} rows in ${(report.milliseconds / 1000).toFixed(2)} s into ${
      config.databaseUrl.replace(/\/\/[^@/]*@/, "//")
    }.`,
  );
} catch (error) {
  if (!(error instanceof TransferError)) throw error;
  console.error(`Nothing was imported: ${error.message}.`);
  Deno.exit(1);
} finally {
  database.close();
}
