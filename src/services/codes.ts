/**
 * Verification and reset codes: 6 digits from a secure generator, stored as
 * an HMAC keyed by the server secret, valid 10 minutes, single use, burned
 * after 5 wrong tries. Issuing a code replaces the user's previous one.
 *
 * A verification code comes with a one-click link: a 256-bit token, stored
 * as an HMAC on the same row, so the link and the code live and die together
 * (using either one uses both; burning the code burns the link).
 */
import { and, eq } from "drizzle-orm";
import { Buffer } from "node:buffer";
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { authCodes, users } from "../../db/schema.ts";

export type CodePurpose = "verify" | "reset";
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_TTL_MINUTES = CODE_TTL_MS / 60_000;
/** A link token: 43 base64url characters. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

function digest(secret: string, purpose: CodePurpose, userId: number, email: string, code: string): string {
  return createHmac("sha256", secret).update(`${purpose}\n${userId}\n${email}\n${code}`).digest("hex");
}

function linkDigest(secret: string, token: string): string {
  return createHmac("sha256", secret).update(`verify-link\n${token}`).digest("hex");
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export type IssuedCode = { code: string; linkToken: string | null };

/**
 * Stores a fresh code (and, for verification, a link token) for the user
 * inside the caller's write transaction, and returns them in clear for the mail.
 */
export async function issueCode(
  tx: Db,
  secret: string,
  purpose: CodePurpose,
  user: { id: number; email: string },
  now = Date.now(),
): Promise<IssuedCode> {
  const { statement, ...issued } = prepareCode(tx, secret, purpose, user, now);
  await statement;
  return issued;
}

/** A new code (and link token) for the user, and the statement that stores it, not yet run: it can join a batch. */
export function prepareCode(tx: Db, secret: string, purpose: CodePurpose, user: { id: number; email: string }, now = Date.now()) {
  const code = newCode();
  const linkToken = purpose === "verify" ? randomBytes(32).toString("base64url") : null;
  const row = {
    userId: user.id,
    purpose,
    email: user.email,
    codeHash: digest(secret, purpose, user.id, user.email, code),
    expiresAt: new Date(now + CODE_TTL_MS),
    attempts: 0,
    linkHash: linkToken ? linkDigest(secret, linkToken) : null,
  };
  const statement = tx.insert(authCodes).values(row).onConflictDoUpdate({
    target: [authCodes.userId, authCodes.purpose],
    set: { email: row.email, codeHash: row.codeHash, expiresAt: row.expiresAt, attempts: 0, linkHash: row.linkHash, createdAt: new Date(now) },
  });
  return { code, linkToken, statement };
}

/** Whether `code` is the one stored (as its keyed hash) for this user and purpose; compared in constant time. */
export function codeMatches(secret: string, purpose: CodePurpose, user: { id: number; email: string }, code: string, codeHash: string): boolean {
  const expected = Buffer.from(codeHash, "hex");
  const given = Buffer.from(digest(secret, purpose, user.id, user.email, code), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

async function linkRow(tx: Db, secret: string, token: string, now: number) {
  if (!LINK_TOKEN.test(token)) return undefined;
  const [row] = await tx.select({ userId: authCodes.userId, email: authCodes.email, expiresAt: authCodes.expiresAt, attempts: authCodes.attempts })
    .from(authCodes).innerJoin(users, eq(users.id, authCodes.userId))
    .where(and(eq(authCodes.linkHash, linkDigest(secret, token)), eq(authCodes.purpose, "verify"), eq(users.email, authCodes.email)));
  if (!row || row.expiresAt.getTime() <= now || row.attempts >= CODE_MAX_ATTEMPTS) return undefined;
  return row;
}

/** Whether a link token would verify an account now; uses nothing. */
export async function linkIsUsable(db: Db, secret: string, token: string, now = Date.now()): Promise<boolean> {
  return Boolean(await linkRow(db, secret, token, now));
}

/** Uses a link token inside the caller's write transaction: the id of the user it verifies, or null. The code goes with it. */
export async function consumeLink(tx: Db, secret: string, token: string, now = Date.now()): Promise<number | null> {
  const row = await linkRow(tx, secret, token, now);
  if (!row) return null;
  await tx.delete(authCodes).where(and(eq(authCodes.userId, row.userId), eq(authCodes.purpose, "verify")));
  return row.userId;
}
