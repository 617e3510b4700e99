/** Accounts: the users table and everything that changes a user's sessions. */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";

/** Ends every session of the user: tokens carry the old version and stop working. */
export async function signOut(database: Database, userId: number): Promise<void> {
  await database.write((tx) => tx.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId)));
}
