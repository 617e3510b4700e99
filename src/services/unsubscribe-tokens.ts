/**
 * The token of a review reminder's unsubscribe link: the student's id and an
 * HMAC of it keyed by the server secret, under a purpose of its own, so it
 * cannot be made without the secret, names one student, and is good for
 * nothing but turning that student's reminders off (no session, no code, no
 * other student). It needs no row of its own and does not expire: a link in
 * an old mail must still work, and the worst it can do is stop mail.
 */
import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "review-reminders-unsubscribe";
/** "<id>.<43 base64url characters>" */
const TOKEN = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, userId: number): Buffer {
  return createHmac("sha256", secret).update(`${PURPOSE}\n${userId}`).digest();
}

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${mac(secret, userId).toString("base64url")}`;
}

/** The student a token was made for, or null when it is malformed or its signature is wrong. */
export function unsubscribeTokenUser(secret: string, token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const given = Buffer.from(match[2], "base64url");
  const expected = mac(secret, userId);
  // 43 base64url characters can still decode to 32 bytes whose last one differs in unused bits; compare the canonical form too.
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString("base64url") !== match[2]) return null;
  return userId;
}
