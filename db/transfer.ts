/**
 * Moving a HubRate database between targets (an embedded file, a libSQL
 * server such as Turso, an embedded replica's primary): `exportDatabase`
 * writes every table as JSON lines, `importDatabase` loads such a file into a
 * migrated database in one transaction, so a failed import leaves the target
 * as it was.
 *
 * The file: a header line naming the format and the migrations the source had;
 * per table a line with its columns, then one line per row (values in column
 * order, blobs as {"$blob": base64}); a closing line with the row count of each
 * table, so a cut-off file is refused instead of half loaded.
 */
import type { InValue } from "@libsql/client";
import { sql, type SQLChunk } from "drizzle-orm";
import { Buffer } from "node:buffer";
import type { Database } from "./client.ts";

export const EXPORT_FORMAT = "hubrate-export";
export const EXPORT_VERSION = 1;

type Header = { format: string; version: number; migrations: string[]; exportedAt: string };
type TableLine = { table: string; columns: string[] };
type RowLine = { row: unknown[] };
type EndLine = { end: true; counts: Record<string, number> };

export class TransferError extends Error {}

const PAGE = 2000;
const INSERT_ROWS = 200;

/**
 * The database's own state, not data: the content version rises by itself (its triggers) as an import writes, the
 * professor directory follows the reviews by its triggers, and the data derived from the rest (the catalog's snapshot,
 * the descriptions' search index) is built again from it.
 */
const DERIVED = "derived_data";
const NOT_MOVED = new Set(["content_version", "professor_spellings", DERIVED]);
/** Settings, some of which triggers write while other tables load. */
const SETTINGS = "app_settings";

async function tableNames(database: Database): Promise<string[]> {
  const rows = await database.client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_\\_drizzle%' ESCAPE '\\' ORDER BY name",
  );
  return rows.rows.map((r) => String(r.name)).filter((name) => !NOT_MOVED.has(name));
}

async function columnsOf(database: Database, table: string): Promise<string[]> {
  const rows = await database.client.execute(`PRAGMA table_info(${quoteName(table)})`);
  return rows.rows.map((r) => String(r.name));
}

async function migrationHashes(database: Database): Promise<string[]> {
  const rows = await database.client.execute("SELECT hash FROM __drizzle_migrations ORDER BY created_at, id");
  return rows.rows.map((r) => String(r.hash));
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function encodeValue(value: unknown): unknown {
  if (value instanceof ArrayBuffer) return { $blob: Buffer.from(value).toString("base64") };
  if (typeof value === "bigint") return Number(value);
  return value;
}

function decodeValue(value: unknown): InValue {
  if (value && typeof value === "object" && "$blob" in value) {
    return Buffer.from(String((value as { $blob: string }).$blob), "base64");
  }
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return value;
  }
  throw new TransferError(`unexpected value ${JSON.stringify(value)}`);
}

export type TransferReport = { tables: Record<string, number>; rows: number; milliseconds: number };

/** Writes the whole database to `write`, one line per call (each ends with a newline). */
export async function exportDatabase(
  database: Database,
  write: (line: string) => Promise<void>,
): Promise<TransferReport> {
  const started = performance.now();
  const header: Header = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    migrations: await migrationHashes(database),
    exportedAt: new Date().toISOString(),
  };
  await write(JSON.stringify(header) + "\n");
  const counts: Record<string, number> = {};
  // One read transaction, so the file is a consistent picture even while the site keeps writing.
  const tx = await database.client.transaction("read");
  try {
    for (const table of await tableNames(database)) {
      const columns = await columnsOf(database, table);
      await write(JSON.stringify({ table, columns } satisfies TableLine) + "\n");
      const select = `SELECT ${columns.map(quoteName).join(", ")} FROM ${
        quoteName(table)
      } ORDER BY rowid LIMIT ? OFFSET ?`;
      let count = 0;
      for (;;) {
        const page = await tx.execute({ sql: select, args: [PAGE, count] });
        if (page.rows.length === 0) break;
        let chunk = "";
        for (const row of page.rows) {
          chunk += JSON.stringify({ row: columns.map((_, i) => encodeValue(row[i])) } satisfies RowLine) + "\n";
        }
        await write(chunk);
        count += page.rows.length;
        if (page.rows.length < PAGE) break;
      }
      counts[table] = count;
    }
  } finally {
    tx.close();
  }
  await write(JSON.stringify({ end: true, counts } satisfies EndLine) + "\n");
  return {
    tables: counts,
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
    milliseconds: Math.round(performance.now() - started),
  };
}

/** The tables whose rows are a student's or a review's: an import never lands on top of them. */
const OWNED_DATA = ["users", "reviews", "review_votes", "completed_courses", "future_courses", "saved_courses"];

/**
 * Loads an export into `database` (migrated to the same migrations). The
 * target must hold no accounts or reviews unless `replace` is set, in which
 * case every row it has is replaced. All of it happens in one write
 * transaction: any problem rolls back and the target keeps what it had.
 */
export async function importDatabase(
  database: Database,
  lines: AsyncIterable<string>,
  { replace = false } = {},
): Promise<TransferReport> {
  const started = performance.now();
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<unknown> => {
    for (;;) {
      const { value, done } = await iterator.next();
      if (done) return undefined;
      if (value.trim() === "") continue;
      try {
        return JSON.parse(value);
      } catch {
        throw new TransferError(`not a HubRate export: a line is not JSON (${value.slice(0, 60)}…)`);
      }
    }
  };
  const header = await next() as Partial<Header> | undefined;
  if (!header || header.format !== EXPORT_FORMAT) {
    throw new TransferError("not a HubRate export: the first line does not name the format");
  }
  if (header.version !== EXPORT_VERSION) {
    throw new TransferError(
      `export format version ${header.version} is not supported (this version reads ${EXPORT_VERSION})`,
    );
  }
  const ours = await migrationHashes(database);
  const theirs = header.migrations ?? [];
  if (theirs.length !== ours.length || theirs.some((hash, i) => hash !== ours[i])) {
    throw new TransferError(
      `the export was made at another schema version (${theirs.length} migrations; this database has ${ours.length}): ` +
        "export and import with the same HubRate version",
    );
  }
  const tables = new Set(await tableNames(database));
  const columnsByTable = new Map<string, string[]>();
  for (const table of tables) columnsByTable.set(table, await columnsOf(database, table));

  return await database.write(async (tx) => {
    const name = (identifier: string) => sql.identifier(identifier);
    const list = (parts: SQLChunk[]) => sql.join(parts, sql`, `);
    await tx.run(sql`PRAGMA defer_foreign_keys=ON`);
    if (!replace) {
      for (const table of OWNED_DATA.filter((t) => tables.has(t))) {
        const row = await tx.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM ${name(table)}`);
        if (Number(row.n) > 0) {
          throw new TransferError(
            `the target already holds ${table}: import into an empty database, or pass --replace to overwrite everything in it`,
          );
        }
      }
    }
    // Reference data and any demo catalog are replaced by the export's own rows. The triggers of course_texts write
    // app_settings as rows go (the versions of the catalog and its descriptions): it is emptied last, and the export's
    // settings are written again once every row is in, so they end as they were exported.
    for (const table of [...tables].filter((t) => t !== SETTINGS)) await tx.run(sql`DELETE FROM ${name(table)}`);
    if (tables.has(SETTINGS)) await tx.run(sql`DELETE FROM ${name(SETTINGS)}`);
    // What was derived from the target's old rows describes rows that are gone: made again by the next start.
    if (await tx.get(sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${DERIVED}`)) {
      await tx.run(sql`DELETE FROM ${name(DERIVED)}`);
    }
    const settings: InValue[][] = [];
    let settingsColumns: string[] = [];

    const counts: Record<string, number> = {};
    let table: string | undefined;
    let columns: string[] = [];
    let pending: InValue[][] = [];
    const flush = async () => {
      if (!table || pending.length === 0) return;
      const values = pending.map((row) => sql`(${list(row.map((value) => sql`${value}`))})`);
      await tx.run(sql`INSERT INTO ${name(table)} (${list(columns.map(name))}) VALUES ${list(values)}`);
      counts[table] = (counts[table] ?? 0) + pending.length;
      pending = [];
    };
    for (;;) {
      const line = await next() as Partial<TableLine & RowLine & EndLine> | undefined;
      if (line === undefined) {
        throw new TransferError("the export is cut off: it ends before its closing line; nothing was imported");
      }
      if (line.end) {
        await flush();
        for (const [name, expected] of Object.entries(line.counts ?? {})) {
          if ((counts[name] ?? 0) !== expected) {
            throw new TransferError(`${name}: the export promises ${expected} rows but holds ${counts[name] ?? 0}`);
          }
        }
        break;
      }
      if (line.table !== undefined) {
        await flush();
        if (!tables.has(line.table)) {
          throw new TransferError(`the export has a table this database does not: ${line.table}`);
        }
        const known = columnsByTable.get(line.table)!;
        const unknown = (line.columns ?? []).find((c) => !known.includes(c));
        if (unknown) {
          throw new TransferError(`${line.table}: the export has a column this database does not: ${unknown}`);
        }
        table = line.table;
        columns = line.columns ?? [];
        if (table === SETTINGS) settingsColumns = columns;
        counts[table] = 0;
        continue;
      }
      if (!table || !Array.isArray(line.row) || line.row.length !== columns.length) {
        throw new TransferError(`a row ${table ? `of ${table} ` : ""}does not match its columns`);
      }
      pending.push(line.row.map(decodeValue));
      if (table === SETTINGS) settings.push(pending.at(-1)!);
      if (pending.length >= INSERT_ROWS) await flush();
    }
    if (settings.length) {
      const values = settings.map((row) => sql`(${list(row.map((value) => sql`${value}`))})`);
      await tx.run(sql`INSERT INTO ${name(SETTINGS)} (${list(settingsColumns.map(name))}) VALUES ${list(values)}
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
    }
    const problems = await tx.all<{ table: string }>(sql`PRAGMA foreign_key_check`);
    if (problems.length > 0) {
      throw new TransferError(
        `the export's rows break ${problems.length} foreign keys (first in ${problems[0].table}); nothing was imported`,
      );
    }
    return {
      tables: counts,
      rows: Object.values(counts).reduce((a, b) => a + b, 0),
      milliseconds: Math.round(performance.now() - started),
    };
  });
}

/** The lines of a text file, read as a stream. */
export async function* fileLines(path: string): AsyncGenerator<string> {
  const file = await Deno.open(path, { read: true });
  let rest = "";
  for await (const text of file.readable.pipeThrough(new TextDecoderStream())) {
    const parts = (rest + text).split("\n");
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}
