import { sql } from "drizzle-orm";
import { type Database, type Db, MIGRATIONS_DIR } from "../../../db/client.ts";
import { join } from "node:path";

/** True when the database answers a query. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.get(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/** How many migrations this build ships; read once, since it cannot change while the server runs. */
let shipped: Promise<number> | undefined;
function shippedMigrations(): Promise<number> {
  shipped ??= Deno.readTextFile(join(MIGRATIONS_DIR, "meta/_journal.json")).then((text) =>
    (JSON.parse(text) as { entries: unknown[] }).entries.length
  );
  return shipped;
}

/** True when the database answers and every migration in db/migrations is recorded as applied. */
export async function migrationsApplied(database: Database): Promise<boolean> {
  try {
    const [expected, [row]] = await Promise.all([
      shippedMigrations(),
      database.db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM __drizzle_migrations`),
    ]);
    return row.n >= expected;
  } catch {
    return false;
  }
}
