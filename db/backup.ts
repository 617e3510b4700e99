/**
 * Online backups with VACUUM INTO: a consistent copy of a live database,
 * compacted, taken while the server keeps serving. Each backup is opened and
 * checked before it is reported good, and readable by its owner only (0600).
 */
import { createClient } from "@libsql/client";
import { dirname, join } from "node:path";
import type { Database } from "./client.ts";
import { createPrivateFile, makePrivate } from "./private-files.ts";

export type BackupResult = { path: string; bytes: number; milliseconds: number; courses: number; reviews: number };

export function backupFileName(now = new Date()): string {
  return `hubrate-${now.toISOString().replace(/[:.]/g, "-")}.db`;
}

export async function backupDatabase(database: Database, path: string): Promise<BackupResult> {
  const started = performance.now();
  await Deno.mkdir(dirname(path), { recursive: true });
  // VACUUM INTO writes into an empty file as into a new one, so the copy keeps the private mode the file was made with.
  try {
    (await createPrivateFile(path)).close();
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) {
      throw new Error(`${path} exists already; a backup never overwrites a file`);
    }
    throw error;
  }
  try {
    await database.client.execute({ sql: "VACUUM INTO ?", args: [path] });
  } catch (error) {
    await Deno.remove(path).catch(() => {});
    throw error;
  }
  await makePrivate(path);
  const check = await verifyBackup(path);
  return { path, bytes: (await Deno.stat(path)).size, milliseconds: Math.round(performance.now() - started), ...check };
}

/** Opens a backup on its own and runs SQLite's integrity check; throws when the copy is not sound. */
export async function verifyBackup(path: string): Promise<{ courses: number; reviews: number }> {
  const client = createClient({ url: `file:${path}` });
  try {
    const integrity = (await client.execute("PRAGMA integrity_check")).rows.map((r) => String(Object.values(r)[0]));
    if (integrity.length !== 1 || integrity[0] !== "ok") {
      throw new Error(`integrity_check failed for ${path}: ${integrity.slice(0, 5).join("; ")}`);
    }
    const courses = Number((await client.execute("SELECT COUNT(*) AS n FROM courses")).rows[0].n);
    const reviews = Number((await client.execute("SELECT COUNT(*) AS n FROM reviews")).rows[0].n);
    return { courses, reviews };
  } finally {
    client.close();
  }
}

export function defaultBackupPath(dir = "data/backups"): string {
  return join(dir, backupFileName());
}
