/**
 * Opens the libSQL database and hands out a Drizzle instance. Every write goes
 * through one path: `write()`, one at a time in this process, each in a
 * transaction that holds the file's write lock, so concurrent requests never
 * race and a busy database is waited for, then given up on cleanly.
 *
 * On the embedded file, a statement the native driver prepared that fails
 * waiting for the write lock (SQLITE_BUSY) is never reset: its connection
 * stays inside the failed statement's transaction, reading old data and
 * holding whatever it writes next uncommitted, until the process ends (closing
 * the connection does not free it). So no prepared statement may ever wait for
 * the lock: a transaction takes it first with `sqlite3_exec`, which finalizes
 * its statement either way, and a write sent outside a transaction (a plain
 * `db.insert`, say) is run inside one (`routeWrites`).
 *
 * Three targets, chosen by the URL:
 * - `file:` — an embedded database file (the native client);
 * - `libsql://`, `https://`, `http://`, `wss://`, `ws://` — a libSQL server
 *   such as Turso, through the web client, which loads no native addon;
 * - `file:` with a sync URL — an embedded replica: reads from the local file,
 *   writes sent through to the primary.
 * Each client is imported only when its target is chosen, so a process that
 * talks to a server never loads the native addon.
 */
import type { Client, Config as ClientConfig, InArgs, InStatement, Transaction } from "@libsql/client";
import { AsyncLocalStorage } from "node:async_hooks";
import { setImmediate } from "node:timers";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { LibSQLDatabase } from "drizzle-orm/libsql/driver-core";
// The web entry wraps whichever client it is given; it only imports the (pure JavaScript) web client.
import { drizzle } from "drizzle-orm/libsql/web";
import { migrate } from "drizzle-orm/libsql/migrator";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createPrivateFile, databaseFiles, makePrivate } from "./private-files.ts";
import { countingInto, countRoundTrips, type DbUsage, newUsage } from "./round-trips.ts";
import * as schema from "./schema.ts";
import { batchStatements } from "./statement-batching.ts";

export type { DbUsage } from "./round-trips.ts";

export type Db = LibSQLDatabase<typeof schema>;

/** The statements of one `writeBatch`: drizzle queries, at least one. */
export type BatchStatements = Readonly<[BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>;

export type DatabaseTarget = "file" | "remote" | "replica";

export type Database = {
  db: Db;
  client: Client;
  target: DatabaseTarget;
  /** Runs `work` in one write transaction; it commits when `work` resolves and rolls back when it throws. */
  write<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs the statements `build` gives as one transaction, all or nothing:
   * one round trip on a libSQL server; on the file, in turn with the other
   * writes, as `write` does. For writes whose statements do not wait on each
   * other's answers in code (SQL conditions do the checking).
   */
  writeBatch<T extends BatchStatements>(build: (db: Db) => T): Promise<BatchResponse<T>>;
  /** Pulls the primary's latest changes into an embedded replica; does nothing for the other targets. */
  sync(): Promise<void>;
  /**
   * Runs `work` (a request, say) and counts the statements, round trips and time it spent on this database
   * (and keeps each statement's SQL with `texts`). Measurements nest: an inner one counts in the outer too.
   */
  measure<T>(work: () => Promise<T>, options?: { texts?: boolean }): Promise<{ result: T; usage: DbUsage }>;
  close(): void;
};

export type DatabaseOptions = {
  authToken?: string;
  /** The primary an embedded replica follows (only with a `file:` URL). */
  syncUrl?: string;
  /** How often an embedded replica pulls from its primary, in seconds; 0 leaves it to explicit `sync()` calls. */
  syncIntervalSeconds?: number;
  /** How long a write waits for the lock before it gives up (BUSY_TIMEOUT_MS unless a test needs it short). */
  busyTimeoutMs?: number;
};

/** How long a write waits for another connection's (or process's) write lock before it gives up. */
export const BUSY_TIMEOUT_MS = 5000;

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "migrations");

export function databaseTarget(url: string, syncUrl?: string): DatabaseTarget {
  if (!url.startsWith("file:")) return "remote";
  return syncUrl ? "replica" : "file";
}

/** The file of an embedded database or replica, or null (a server, or memory). */
function localPath(url: string): string | null {
  if (!url.startsWith("file:")) return null;
  const path = url.slice("file:".length).split("?")[0];
  return path && path !== ":memory:" ? path : null;
}

async function createLibsqlClient(url: string, target: DatabaseTarget, options: DatabaseOptions): Promise<Client> {
  if (target === "remote") {
    const { createClient } = await import("@libsql/client/web");
    return createClient({ url, authToken: options.authToken });
  }
  const path = localPath(url);
  if (path) {
    await Deno.mkdir(dirname(path), { recursive: true });
    // A new database file starts empty and private (SQLite treats an empty file as a new database, and gives its -wal
    // and -shm files the main file's mode). One made before, or by a replica's client, is made private once open.
    if (target === "file") await createPrivateFile(path).then((file) => file.close(), ignoreExisting);
  }
  const { createClient } = await import("@libsql/client/node");
  const config: ClientConfig = { url, timeout: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS };
  if (target === "replica") {
    Object.assign(config, {
      syncUrl: options.syncUrl,
      authToken: options.authToken,
      syncInterval: options.syncIntervalSeconds || undefined,
    });
  }
  return createClient(config);
}

/**
 * The native client runs a statement on the event loop's thread: the reads a
 * request (or the catalog's warm-up) starts side by side would run back to
 * back, holding the loop for all of them. Each statement waits for a turn of
 * its own instead, so other requests are answered between them.
 */
function eachInItsOwnTurn(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      if (property !== "execute") return value.bind(target);
      return (statement: InStatement, args?: InArgs) =>
        new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
          (target.execute as (s: InStatement, a?: InArgs) => ReturnType<Client["execute"]>)(statement, args)
        );
    },
  });
}

/** The statements that take the write lock and may run in a transaction: changes to rows and to the schema. */
const WRITES = new Set(["INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER"]);

/**
 * Whether a statement writes to the database in a transaction: a change to rows (a WITH that makes one too) or to the
 * schema. Reads, PRAGMAs and VACUUM (a backup's VACUUM INTO, which may not run in a transaction) are not.
 */
export function isWriteStatement(text: string): boolean {
  // Comments and string literals cannot make a statement a write.
  const code = text.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'/g, " ").trimStart();
  const first = /^[a-z]+/i.exec(code)?.[0].toUpperCase() ?? "";
  if (first === "WITH") return /\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(code);
  return WRITES.has(first);
}

function sqlText(statement: InStatement): string {
  return typeof statement === "string" ? statement : statement.sql;
}

/** Thrown when code inside `database.write` writes through the database rather than its transaction: it would wait for itself. */
export class WriteOutsideTransactionError extends Error {}

/**
 * Sends every write made outside a transaction through `write` (see the top
 * of this file): `execute` of a write, and a `batch` with one, run inside a
 * transaction that took the lock with exec. Reads pass as they are.
 */
function routeWrites(
  client: Client,
  writing: AsyncLocalStorage<true>,
  write: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>,
): Client {
  const checked = (statements: InStatement[]) => {
    if (!statements.some((s) => isWriteStatement(sqlText(s)))) return false;
    if (writing.getStore()) {
      throw new WriteOutsideTransactionError(
        "A write inside database.write went to the database instead of its transaction (tx): it would wait for itself.",
      );
    }
    return true;
  };
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      if (property === "execute") {
        return (statement: InStatement, args?: InArgs) => {
          const full: InStatement = args === undefined ? statement : { sql: sqlText(statement), args };
          const run = (on: Client | Transaction) =>
            (on.execute as (s: InStatement) => ReturnType<Client["execute"]>)(full);
          return checked([full]) ? write((tx) => run(tx)) : run(target);
        };
      }
      if (property === "batch") {
        return (statements: InStatement[], mode?: Parameters<Client["batch"]>[1]) =>
          checked(statements) ? write((tx) => tx.batch(statements)) : target.batch(statements, mode);
      }
      return value.bind(target);
    },
  });
}

function ignoreExisting(error: unknown): void {
  if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
}

/** The database cannot be opened or reached; the message names the URL (without credentials) and the reason. */
export class DatabaseUnavailableError extends Error {}

function describeError(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error && messages.length < 3; e = e.cause) messages.push(e.message);
  return messages.join(": ") || String(error);
}

export async function openDatabase(url: string, options: DatabaseOptions = {}): Promise<Database> {
  const target = databaseTarget(url, options.syncUrl);
  /** Set inside the work of a write: a write that reaches the client from there is a mistake (it would wait for itself). */
  const writing = new AsyncLocalStorage<true>();
  let queue: Promise<unknown> = Promise.resolve();
  let base: Client | undefined;
  let opened: Client | undefined;

  /**
   * One write transaction on `on`: on the file, the lock is taken by a
   * BEGIN IMMEDIATE run through sqlite3_exec, never by a prepared statement
   * (see the top of this file), in place of the client's deferred BEGIN; a
   * server or replica orders writes itself. It commits when `work` resolves;
   * otherwise the connection goes back to its pool, which rolls back what is
   * open.
   */
  async function runWrite<T>(on: Client, work: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx: Transaction = await on.transaction(target === "file" ? "deferred" : "write");
    try {
      // Foreign keys are on for every connection of both clients; inside a transaction the pragma could not change them anyway.
      if (target === "file") {
        await tx.executeMultiple("PRAGMA secure_delete=ON; ROLLBACK; BEGIN IMMEDIATE");
      }
      const result = await writing.run(true, () => work(tx));
      await tx.commit();
      return result;
    } finally {
      tx.close();
    }
  }

  /** Writes take their turn in this process, whichever way they came. */
  function inTurn<T>(on: () => Client, work: (tx: Transaction) => Promise<T>): Promise<T> {
    const run = queue.then(() => runWrite(on(), work));
    queue = run.catch(() => undefined);
    return run;
  }

  try {
    // Counted from the first statement, so a start measures what opening the database costs too.
    const created = await createLibsqlClient(url, target, options);
    base = target === "remote" ? created : eachInItsOwnTurn(created);
    // A write routed into a transaction is counted once, as the statement the caller sent.
    if (target === "file") base = routeWrites(base, writing, (work) => inTurn(() => base!, work));
    opened = countRoundTrips(base);
    const client = opened;
    // WAL is a property of the file: set once, every later connection has it.
    if (target === "file") await client.execute("PRAGMA journal_mode=WAL");
    if (target === "replica") await client.sync();
    await client.execute("SELECT 1");
    const path = localPath(url);
    // A file this process may use but not chmod (another owner's) still opens; the operator hears about it.
    if (path) {
      await makePrivate(...databaseFiles(path)).catch((error) =>
        console.warn(`[database] cannot make ${path} private (0600): ${error}`)
      );
    }
  } catch (error) {
    opened?.close();
    const shown = url.replace(/\/\/[^@/]*@/, "//");
    throw new DatabaseUnavailableError(`Cannot open the database at ${shown}: ${describeError(error)}`, {
      cause: error,
    });
  }
  // On a server, what a request sends in one turn of the event loop leaves as one batch (db/statement-batching.ts).
  const client = target === "remote" ? batchStatements(opened) : opened;
  const db = drizzle(client, { schema });

  function write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return inTurn(() => client, (tx) => work(drizzle(tx as unknown as Client, { schema })));
  }

  return {
    db,
    client,
    target,
    write,
    writeBatch<T extends BatchStatements>(build: (db: Db) => T): Promise<BatchResponse<T>> {
      // A server runs a batch as one transaction and orders writes itself; the file's writes take their turn in this process.
      if (target === "remote") return db.batch(build(db));
      return write((tx) => tx.batch(build(tx)));
    },
    sync: async () => {
      if (target === "replica") await client.sync();
    },
    async measure<T>(work: () => Promise<T>, options: { texts?: boolean } = {}) {
      const usage = newUsage(options);
      const result = await countingInto(usage, work);
      return { result, usage };
    },
    close: () => client.close(),
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
}
