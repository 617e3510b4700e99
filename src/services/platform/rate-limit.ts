/**
 * Fixed-window counters kept in the database, so every instance sharing the
 * database shares the limits. An attempt is taken (counted) in the same
 * statement that reads the count, before the work it limits, so parallel
 * requests can never get more tries than the limit.
 *
 * Keys never hold an email or an address: `<kind>:<keyed hash of the
 * subject>`, so the table tells nothing about who tried what, and an account's
 * counters can be deleted with the account.
 */
import { createHmac } from "node:crypto";
import { and, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { outsideRequests } from "../../../db/round-trips.ts";
import { rateLimits } from "../../../db/schema.ts";
import { tooManyRequests } from "./domain-errors.ts";

export type Limit = { limit: number; windowMs: number };

/** The keyed hash standing for an email or an address in rate-limit keys. */
export function subjectHash(secret: string, subject: string): string {
  return createHmac("sha256", secret).update(`rate-limit\n${subject}`).digest("base64url").slice(0, 27);
}

export function limitKey(secret: string, kind: string, subject: string): string {
  return `${kind}:${subjectHash(secret, subject)}`;
}

/**
 * The subject an address is limited by: an IPv4 address as it is, an IPv6
 * address by its /64 network, which one household or phone usually holds whole.
 */
export function addressSubject(ip: string): string {
  if (!ip.includes(":")) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  const [head, tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** Expired counters are deleted at most this often per process, so the table holds only live windows. */
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

/** The statement that counts one attempt against `key` and answers the count; when `unless` holds it counts nothing and answers no row. */
export function hitStatement(db: Db, key: string, windowMs: number, now: number, unless: SQL = sql`0`) {
  return db.all<{ count: number; reset_at: number }>(sql`
    INSERT INTO rate_limits (key, count, reset_at) SELECT ${key}, 1, ${now + windowMs} WHERE NOT (${unless})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN reset_at <= ${now} THEN 1 ELSE count + 1 END,
      reset_at = CASE WHEN reset_at <= ${now} THEN excluded.reset_at ELSE reset_at END
    RETURNING count, reset_at`);
}

/** Expired counters go with the next attempt counted, at most once a minute per process. */
function pruneDue(now: number): boolean {
  if (now - lastPrune < PRUNE_EVERY_MS) return false;
  lastPrune = now;
  return true;
}

/**
 * Drops expired counters when due, outside the request's count: housekeeping
 * that falls on whichever request comes, so what a request reports of its
 * database work (Server-Timing) depends only on the request.
 */
function prune(db: Db, now: number): Promise<void> | null {
  return pruneDue(now) ? outsideRequests(() => pruneExpiredLimits(db, now)) : null;
}

export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ count: number; resetAt: number }> {
  const [, rows] = await Promise.all([prune(db, now), hitStatement(db, key, windowMs, now)]);
  return { count: rows[0].count, resetAt: rows[0].reset_at };
}

/** Takes one attempt against `key` and throws 429 (with Retry-After) once the limit is passed. */
export async function enforceLimit(
  db: Db,
  key: string,
  limit: Limit,
  message: string,
  now = Date.now(),
): Promise<void> {
  await enforceLimits(db, [{ key, ...limit }], message, now);
}

/**
 * Takes one attempt against each key in turn, as consecutive calls of
 * enforceLimit would: a key is counted only while every key before it is
 * within its limit, so a client held by one limit does not use up the next
 * (an address's limit never spends an account's). The statements leave side
 * by side, one round trip on a server, and run in order.
 */
export async function enforceLimits(
  db: Db,
  limits: (Limit & { key: string })[],
  message: string,
  now = Date.now(),
): Promise<void> {
  const over = (l: Limit & { key: string }) =>
    sql`EXISTS (SELECT 1 FROM rate_limits WHERE key = ${l.key} AND reset_at > ${now} AND count > ${l.limit})`;
  const [, ...answers] = await Promise.all([
    prune(db, now),
    ...limits.map((l, i) =>
      hitStatement(db, l.key, l.windowMs, now, i === 0 ? sql`0` : sql.join(limits.slice(0, i).map(over), sql` OR `))
    ),
  ]);
  for (const [i, rows] of answers.entries()) {
    // No row: an earlier limit held this attempt, and threw below already.
    const row = rows[0];
    if (row && row.count > limits[i].limit) throw tooManyRequests(message, (row.reset_at - now) / 1000);
  }
}

/**
 * Gives back attempts that turned out not to count (a right password, say),
 * so a student who signs in often is never limited by their own successes.
 */
export async function refundAttempts(db: Db, keys: string[], now = Date.now()): Promise<void> {
  if (keys.length === 0) return;
  await refundStatement(db, keys, now);
}

/** The statement of refundAttempts, not yet run, so it can join a batch. */
export function refundStatement(db: Db, keys: string[], now = Date.now()) {
  return db.update(rateLimits).set({ count: sql`${rateLimits.count} - 1` }).where(
    and(inArray(rateLimits.key, keys), gt(rateLimits.count, 0), gt(rateLimits.resetAt, new Date(now))),
  );
}

export async function pruneExpiredLimits(db: Db, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, new Date(now)));
}

/** Deletes every counter of these kinds kept for `subject` (an account's email, when the account is deleted). */
export async function forgetSubject(db: Db, secret: string, kinds: readonly string[], subject: string): Promise<void> {
  if (kinds.length) await forgetStatement(db, secret, kinds, subject);
}

/** The statement of forgetSubject, not yet run, so it can join a batch. */
export function forgetStatement(db: Db, secret: string, kinds: readonly string[], subject: string) {
  return db.delete(rateLimits).where(inArray(rateLimits.key, kinds.map((kind) => limitKey(secret, kind, subject))));
}
