import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/** True when the database answers a query. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.get(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
