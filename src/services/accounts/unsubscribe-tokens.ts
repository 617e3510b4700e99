/**
 * The token of a review reminder's unsubscribe link: the student's id and an
 * HMAC of it and the account's random key (`users.session_key`), keyed by the
 * server secret under a purpose of its own. It cannot be made without the
 * secret, names one account, and is good for nothing but turning that
 * account's reminders off (no session, no code, no other student). It needs no
 * row of its own and does not expire: a link in an old mail must still work,
 * and the worst it can do is stop mail. The account key keeps it from naming
 * a newcomer who was given the id of a deleted account after a restore.
 */
import { Buffer } from "node:buffer";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const PURPOSE = "review-reminders-unsubscribe";
/** "<id>.<43 base64url characters>" */
const TOKEN = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{43})$/;

export type UnsubscribeAccount = { id: number; sessionKey: string };

function mac(secret: string, account: UnsubscribeAccount): Buffer {
  return createHmac("sha256", secret).update(`${PURPOSE}\n${account.id}\n${account.sessionKey}`).digest();
}

export function unsubscribeToken(secret: string, account: UnsubscribeAccount): string {
  if (!account.sessionKey) throw new Error("an account without a session key gets no unsubscribe link");
  return `${account.id}.${mac(secret, account).toString("base64url")}`;
}

/** The account id a well-formed token names (not yet checked), or null when it is malformed. */
export function unsubscribeTokenId(token: string): number | null {
  const match = TOKEN.exec(token);
  return match ? Number(match[1]) : null;
}

/** The key a token is checked against when its id names no account: none fits it, and checking costs the same. */
const NO_ACCOUNT_KEY = randomBytes(16).toString("hex");

/**
 * Whether `token` was made by this server for `account`, the row its id names (undefined when no account has that
 * id). The MAC is computed either way, so the check takes the same work whether or not the id has an account: a forged
 * link tells no one which ids do (docs/security.md, Codes and links).
 */
export function unsubscribeTokenFits(secret: string, token: string, account: UnsubscribeAccount | undefined): boolean {
  const match = TOKEN.exec(token);
  if (!match) return false;
  const checked = account ?? { id: Number(match[1]), sessionKey: NO_ACCOUNT_KEY };
  if (Number(match[1]) !== checked.id || !checked.sessionKey) return false;
  const given = Buffer.from(match[2], "base64url");
  const expected = mac(secret, checked);
  // 43 base64url characters can still decode to 32 bytes whose last one differs in unused bits; compare the canonical form too.
  const fits = given.length === expected.length && timingSafeEqual(given, expected) &&
    given.toString("base64url") === match[2];
  return fits && account !== undefined;
}
