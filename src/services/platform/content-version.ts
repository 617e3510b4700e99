/**
 * The content version: a number the database raises, by triggers, at every
 * change to what a visitor can see (the catalog, reference data, reviews,
 * votes, reports; migration 0010). Whatever was made from the database at one
 * version is still right while the version has not moved.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { contentVersion as contentVersionTable } from "../../../db/schema.ts";

/** The version now: one statement on the row the triggers raise. */
export async function contentVersion(db: Db): Promise<number> {
  const [row] = await db.select({ value: contentVersionTable.value }).from(contentVersionTable).where(
    eq(contentVersionTable.id, 1),
  );
  return row?.value ?? 0;
}
