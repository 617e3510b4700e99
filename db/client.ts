/**
 * Opens the libSQL database and hands out a Drizzle instance. Writes that read
 * first go through `write()`: one at a time in this process, each in a
 * `BEGIN IMMEDIATE` transaction, so concurrent requests never race or turn a
 * busy database into an error.
 */
import { type Client, createClient, type Transaction } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as schema from "./schema.ts";

export type Db = LibSQLDatabase<typeof schema>;

export type Database = {
  db: Db;
  client: Client;
  /** Runs `work` in one write transaction; it commits when `work` resolves and rolls back when it throws. */
  write<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  close(): void;
};

/** How long a connection waits for another process's write lock before giving up. */
export const BUSY_TIMEOUT_MS = 5000;

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "migrations");

export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length).split("?")[0];
    if (path && path !== ":memory:") await Deno.mkdir(dirname(path), { recursive: true });
  }
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS } as Parameters<typeof createClient>[0]);
  if (url.startsWith("file:")) {
    // WAL is a property of the file: set once, every later connection has it.
    await client.execute("PRAGMA journal_mode=WAL");
  }
  const db = drizzle(client, { schema });
  let queue: Promise<unknown> = Promise.resolve();

  async function runWrite<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const tx: Transaction = await client.transaction("write");
    try {
      // Per-connection settings are re-stated on whichever connection the pool lent us.
      await tx.execute("PRAGMA foreign_keys=ON");
      await tx.execute("PRAGMA secure_delete=ON");
      const result = await work(drizzle(tx as unknown as Client, { schema }));
      await tx.commit();
      return result;
    } finally {
      tx.close();
    }
  }

  return {
    db,
    client,
    write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      const run = queue.then(() => runWrite(work));
      queue = run.catch(() => undefined);
      return run;
    },
    close: () => client.close(),
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
}
