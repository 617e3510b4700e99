/**
 * Fixed-window counters kept in the database, so every instance sharing the
 * database shares the limits. One statement both counts and reads, so
 * parallel requests cannot slip past the limit.
 */
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimits } from "../../db/schema.ts";
import { tooManyRequests } from "./errors.ts";

export type Limit = { limit: number; windowMs: number };

export async function countHit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<{ count: number; resetAt: number }> {
  const rows = await db.all<{ count: number; reset_at: number }>(sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${now + windowMs})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN reset_at <= ${now} THEN 1 ELSE count + 1 END,
      reset_at = CASE WHEN reset_at <= ${now} THEN excluded.reset_at ELSE reset_at END
    RETURNING count, reset_at`);
  return { count: rows[0].count, resetAt: rows[0].reset_at };
}

/** Counts one hit against `key` and throws 429 (with Retry-After) once the limit is passed. */
export async function enforceLimit(db: Db, key: string, { limit, windowMs }: Limit, message: string, now = Date.now()): Promise<void> {
  const { count, resetAt } = await countHit(db, key, windowMs, now);
  if (count > limit) throw tooManyRequests(message, (resetAt - now) / 1000);
}

export async function pruneExpiredLimits(db: Db, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(now)));
}

/** Seconds until the window resets when `key` is already at its limit, or null when another try is allowed. Counts nothing. */
export async function peekLimit(db: Db, key: string, { limit }: Limit, now = Date.now()): Promise<number | null> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || row.resetAt.getTime() <= now || row.count < limit) return null;
  return Math.max(1, Math.ceil((row.resetAt.getTime() - now) / 1000));
}
