/**
 * Data built from many rows once and stored for every process (table
 * `derived_data`, see db/schema.ts): the catalog in memory and the words of
 * the descriptions. A row says which version of its sources it was built at;
 * a reader that finds another version (or another format) builds it again
 * from the sources and stores it for the others.
 */
import { eq } from "drizzle-orm";
import { Buffer } from "node:buffer";
import type { Db } from "../../../db/client.ts";
import { derivedData } from "../../../db/schema.ts";

export type DerivedKey = "catalog" | "description_postings";

export type Derived = { format: string; builtFor: number; data: Uint8Array };

/** The stored row of `key`, if any. One statement: it can join a batch. */
export async function readDerived(db: Db, key: DerivedKey): Promise<Derived | null> {
  const [row] = await db.select({ format: derivedData.format, builtFor: derivedData.builtFor, data: derivedData.data })
    .from(derivedData)
    .where(eq(derivedData.key, key));
  return row ? { format: row.format, builtFor: row.builtFor, data: new Uint8Array(row.data) } : null;
}

/** Stores `key` as built at `builtFor`, replacing what was there. */
export async function storeDerived(
  db: Db,
  key: DerivedKey,
  format: string,
  builtFor: number,
  data: Uint8Array,
): Promise<void> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  await db.insert(derivedData).values({ key, format, builtFor, data: bytes }).onConflictDoUpdate({
    target: derivedData.key,
    set: { format, builtFor, data: bytes },
  });
}

/** Whether the stored `key` was built in `format` at `version`, without reading its data. */
export async function derivedIsCurrent(
  db: Db,
  key: DerivedKey,
  format: string,
  version: Promise<number>,
): Promise<boolean> {
  const [[row], current] = await Promise.all([
    db.select({ format: derivedData.format, builtFor: derivedData.builtFor }).from(derivedData).where(
      eq(derivedData.key, key),
    ),
    version,
  ]);
  return row?.format === format && row.builtFor === current;
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  return through(bytes, new CompressionStream("gzip"));
}

export function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  return through(bytes, new DecompressionStream("gzip"));
}
