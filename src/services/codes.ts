/**
 * Verification and reset codes: 6 digits from a secure generator, stored as
 * an HMAC keyed by the server secret, valid 10 minutes, single use, burned
 * after 5 wrong tries. Issuing a code replaces the user's previous one.
 */
import { and, eq, sql } from "drizzle-orm";
import { Buffer } from "node:buffer";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { authCodes } from "../../db/schema.ts";

export type CodePurpose = "verify" | "reset";
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_TTL_MINUTES = CODE_TTL_MS / 60_000;

function digest(secret: string, purpose: CodePurpose, userId: number, email: string, code: string): string {
  return createHmac("sha256", secret).update(`${purpose}\n${userId}\n${email}\n${code}`).digest("hex");
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Stores a fresh code for the user (inside the caller's write transaction) and returns it in clear for the mail. */
export async function issueCode(tx: Db, secret: string, purpose: CodePurpose, user: { id: number; email: string }, now = Date.now()): Promise<string> {
  const code = newCode();
  const row = {
    userId: user.id,
    purpose,
    email: user.email,
    codeHash: digest(secret, purpose, user.id, user.email, code),
    expiresAt: new Date(now + CODE_TTL_MS),
    attempts: 0,
  };
  await tx.insert(authCodes).values(row).onConflictDoUpdate({
    target: [authCodes.userId, authCodes.purpose],
    set: { email: row.email, codeHash: row.codeHash, expiresAt: row.expiresAt, attempts: 0, createdAt: new Date(now) },
  });
  return code;
}

export type CodeCheck = "ok" | "missing" | "expired" | "wrong" | "burned";

/**
 * Checks a code inside the caller's write transaction. Each check counts as
 * an attempt before comparing; a right code is deleted so it works once.
 */
export async function consumeCode(
  tx: Db,
  secret: string,
  purpose: CodePurpose,
  user: { id: number; email: string },
  code: string,
  now = Date.now(),
): Promise<CodeCheck> {
  const [row] = await tx.select().from(authCodes).where(and(eq(authCodes.userId, user.id), eq(authCodes.purpose, purpose)));
  if (!row || row.email !== user.email) return "missing";
  if (row.expiresAt.getTime() <= now) return "expired";
  if (row.attempts >= CODE_MAX_ATTEMPTS) return "burned";
  await tx.update(authCodes).set({ attempts: sql`${authCodes.attempts} + 1` }).where(and(eq(authCodes.userId, user.id), eq(authCodes.purpose, purpose)));
  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(digest(secret, purpose, user.id, user.email, code), "hex");
  if (!timingSafeEqual(expected, given)) return row.attempts + 1 >= CODE_MAX_ATTEMPTS ? "burned" : "wrong";
  await tx.delete(authCodes).where(and(eq(authCodes.userId, user.id), eq(authCodes.purpose, purpose)));
  return "ok";
}
