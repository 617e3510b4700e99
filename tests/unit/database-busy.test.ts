/**
 * Every way the app writes, against a database whose write lock another connection holds past the busy timeout: the
 * write fails (the app answers 503), and then nothing of it remains. The native driver never resets a prepared
 * statement that failed waiting for the lock, which would leave its connection inside a transaction, reading old data
 * and holding what it writes next uncommitted (db/client.ts): every path must take the lock another way.
 */
import { type Client, createClient } from "@libsql/client/node";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Database, isWriteStatement, openDatabase, WriteOutsideTransactionError } from "../../db/client.ts";
import { appSettings } from "../../db/schema.ts";
import { storeDerived } from "../../src/services/platform/derived-data.ts";
import { countHit } from "../../src/services/platform/rate-limit.ts";
import { preparedDatabase } from "../helpers/test-config.ts";

let dir: string;
beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hubrate-busy-" });
});
afterAll(() => Deno.remove(dir, { recursive: true }));

/** A migrated database of its own, opened with a short busy timeout, and another connection to the same file. */
async function busyPair(name: string): Promise<{ database: Database; other: Client; close(): void }> {
  const path = `${dir}/${name}.db`;
  await Deno.copyFile(preparedDatabase("off"), path);
  const database = await openDatabase(`file:${path}`, { busyTimeoutMs: 100 });
  const other = createClient({ url: `file:${path}`, timeout: 100 });
  return {
    database,
    other,
    close() {
      database.close();
      other.close();
    },
  };
}

async function settingOn(client: Client, key: string): Promise<string | undefined> {
  const { rows } = await client.execute({ sql: "SELECT value FROM app_settings WHERE key = ?", args: [key] });
  return rows[0]?.value as string | undefined;
}

const row = (key: string) => ({ key, value: key });

/** The error and its causes, as the error handler reads them (drizzle wraps the driver's error). */
function chain(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = error; e && out.length < 5; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
}
const isBusy = (error: unknown) => chain(error).some((e) => /SQLITE_BUSY|database is locked/.test(String(e)));

/** The ways the app writes, each writing the app_settings row `key` (or something else, which is as good). */
const PATHS: [string, (database: Database, key: string) => Promise<unknown>][] = [
  ["an insert outside a transaction", (d, key) => d.db.insert(appSettings).values(row(key))],
  ["a batch with a write", (d, key) => d.db.batch([d.db.insert(appSettings).values(row(key))])],
  [
    "a raw statement on the client",
    (d, key) => d.client.execute({ sql: "INSERT INTO app_settings (key, value) VALUES (?, ?)", args: [key, key] }),
  ],
  ["database.write", (d, key) => d.write((tx) => tx.insert(appSettings).values(row(key)))],
  ["database.writeBatch", (d, key) => d.writeBatch((tx) => [tx.insert(appSettings).values(row(key))])],
  ["the catalog's stored snapshot", (d) => storeDerived(d.db, "catalog", "x", 1, new Uint8Array([1, 2, 3]))],
  ["a rate-limit attempt", (d, key) => countHit(d.db, `test:${key}`, 60_000)],
];

describe("a write that meets another connection's lock", () => {
  for (const [name, write] of PATHS) {
    test(`${name}: fails with SQLITE_BUSY, and leaves no connection in a transaction`, async () => {
      const { database, other, close } = await busyPair(name.replace(/\W+/g, "-"));
      try {
        const held = await other.transaction("write");
        await held.execute("INSERT INTO app_settings (key, value) VALUES ('while-held', 'yes')");
        await expect(write(database, "refused")).rejects.toSatisfy(isBusy);
        await held.commit();

        // Reads see what was committed since (no connection kept an old snapshot).
        expect(await settingOn(database.client, "while-held")).toBe("yes");
        // The refused write left nothing.
        expect(await settingOn(other, "refused")).toBeUndefined();
        // Writes after it commit: the other connection sees them, and can take the lock itself.
        await database.db.insert(appSettings).values(row("after"));
        await database.write((tx) => tx.insert(appSettings).values(row("after-write")));
        expect(await settingOn(other, "after")).toBe("after");
        expect(await settingOn(other, "after-write")).toBe("after-write");
        const again = await other.transaction("write");
        await again.rollback();
        // And the app's own reads see the other connection's next write.
        await other.execute("UPDATE app_settings SET value = 'changed' WHERE key = 'while-held'");
        expect(await settingOn(database.client, "while-held")).toBe("changed");
      } finally {
        close();
      }
    });
  }

  test("a write inside database.write that goes to the database instead of its transaction is refused at once", async () => {
    const { database, close } = await busyPair("inside");
    try {
      await expect(
        database.write(async () => {
          await database.db.insert(appSettings).values(row("outside"));
        }),
      ).rejects.toSatisfy((error) => chain(error).some((e) => e instanceof WriteOutsideTransactionError));
      // Reads inside a write may use the database.
      const read = await database.write(() =>
        database.db.select().from(appSettings).where(eq(appSettings.key, "outside"))
      );
      expect(read).toEqual([]);
      // The queue goes on.
      await database.write((tx) => tx.insert(appSettings).values(row("later")));
      expect(await database.db.get(sql`SELECT value FROM app_settings WHERE key = 'later'`)).toEqual({
        value: "later",
      });
    } finally {
      close();
    }
  });
});

describe("which statements are writes", () => {
  test.each([
    ["SELECT 1", false],
    ["  select * from courses", false],
    ["VALUES (1)", false],
    ["EXPLAIN QUERY PLAN SELECT 1", false],
    ["PRAGMA journal_mode", false],
    ["VACUUM INTO '/tmp/backup.db'", false],
    ["WITH x AS (SELECT 1) SELECT * FROM x", false],
    ["-- a comment\nSELECT 'INSERT INTO t'", false],
    ["/* UPDATE */ SELECT 1", false],
    ["INSERT INTO t VALUES (1)", true],
    ["insert or ignore into t values (1)", true],
    ["  UPDATE t SET x = 1", true],
    ["DELETE FROM t", true],
    ["REPLACE INTO t VALUES (1)", true],
    ["CREATE TABLE t (x)", true],
    ["DROP TABLE t", true],
    ["WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", true],
    ["-- comment\nINSERT INTO t VALUES ('SELECT')", true],
  ])("%j is a write: %s", (text, write) => {
    expect(isWriteStatement(text)).toBe(write);
  });
});
