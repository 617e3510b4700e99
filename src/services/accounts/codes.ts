/**
 * Verification and reset codes: 6 digits from a secure generator, stored as
 * an HMAC keyed by the server secret, valid 10 minutes, single use, burned
 * after 5 wrong tries. Issuing a code replaces the user's previous one.
 *
 * A verification code comes with a one-click link: a 256-bit token, stored
 * as an HMAC on the same row, so the link and the code live and die together
 * (using either one uses both; burning the code burns the link).
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { Buffer } from "node:buffer";
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Db } from "../../../db/client.ts";
import { authCodes, users } from "../../../db/schema.ts";

export type CodePurpose = "verify" | "reset";
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_TTL_MINUTES = CODE_TTL_MS / 60_000;
/** A link token: 43 base64url characters. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A code's keyed hash, bound to its purpose and the email it was sent to (its row belongs to that email's account). */
function digest(secret: string, purpose: CodePurpose, email: string, code: string): string {
  return createHmac("sha256", secret).update(`${purpose}\n${email}\n${code}`).digest("hex");
}

function linkDigest(secret: string, token: string): string {
  return createHmac("sha256", secret).update(`verify-link\n${token}`).digest("hex");
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export type IssuedCode = { code: string; linkToken: string | null };

/**
 * A fresh code (and, for verification, a link token) in clear for the mail,
 * and the statement that stores it for the account with `email` when `which`
 * holds for that account, replacing its previous code: one statement, not yet
 * run, so it can join a batch. The statement is the same whether or not such
 * an account exists (it then stores nothing, and `changes()` after it is 0),
 * so a request that may or may not send a code sends the same SQL either way.
 */
export function codeStatement(
  tx: Db,
  secret: string,
  purpose: CodePurpose,
  email: string,
  which: SQL,
  now = Date.now(),
) {
  const code = newCode();
  const linkToken = purpose === "verify" ? randomBytes(32).toString("base64url") : null;
  const statement = tx.run(
    sql`INSERT INTO auth_codes (user_id, purpose, email, code_hash, expires_at, attempts, link_hash, created_at)
    SELECT id, ${purpose}, email, ${digest(secret, purpose, email, code)}, ${now + CODE_TTL_MS}, 0,
      ${linkToken ? linkDigest(secret, linkToken) : null}, ${now}
    FROM users WHERE email = ${email} AND (${which})
    ON CONFLICT (user_id, purpose) DO UPDATE SET email = excluded.email, code_hash = excluded.code_hash, expires_at = excluded.expires_at,
      attempts = 0, link_hash = excluded.link_hash, created_at = excluded.created_at`,
  );
  return { code, linkToken, statement };
}

/** Whether `code` is the one stored (as its keyed hash) for this user and purpose; compared in constant time. */
export function codeMatches(
  secret: string,
  purpose: CodePurpose,
  email: string,
  code: string,
  codeHash: string,
): boolean {
  const expected = Buffer.from(codeHash, "hex");
  const given = Buffer.from(digest(secret, purpose, email, code), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

async function linkRow(tx: Db, secret: string, token: string, now: number) {
  if (!LINK_TOKEN.test(token)) return undefined;
  const [row] = await tx.select({
    userId: authCodes.userId,
    email: authCodes.email,
    expiresAt: authCodes.expiresAt,
    attempts: authCodes.attempts,
  })
    .from(authCodes).innerJoin(users, eq(users.id, authCodes.userId))
    .where(
      and(
        eq(authCodes.linkHash, linkDigest(secret, token)),
        eq(authCodes.purpose, "verify"),
        eq(users.email, authCodes.email),
      ),
    );
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
