/**
 * Sessions are HS256 JWTs carrying the user id, the user's session version
 * and the account's random key. Bumping the version (logout, password change,
 * reset) ends every older token at once; deleting the user ends them too. The
 * key is made once per account and never reused, so when a backup or export
 * is restored and a new sign-up is given the id of an account that is gone,
 * that account's tokens do not work for the newcomer.
 */
import { eq } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import type { AccountView } from "../../lib/api-types.ts";

export const SESSION_DAYS = 30;
const ISSUER = "hubrate";
const AUDIENCE = "hubrate-web";

/** The user a session belongs to, as every request sees it. */
export type SessionUser = AccountView & { id: number; enabled: boolean };

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export type TokenSubject = { id: number; sessionVersion: number; sessionKey: string };

export async function issueToken(secret: string, user: TokenSubject, now = Date.now()): Promise<string> {
  if (!user.sessionKey) throw new Error("an account without a session key cannot sign in");
  return await new SignJWT({ sv: user.sessionVersion, sk: user.sessionKey })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + SESSION_DAYS * 24 * 3600)
    .sign(key(secret));
}

/** The user a token belongs to, or null when the token is bad, expired, revoked, or its user is gone. */
export async function userForToken(db: Db, secret: string, token: string): Promise<SessionUser | null> {
  let userId: number;
  let version: unknown;
  let accountKey: unknown;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "iat", "exp"],
    });
    userId = Number(payload.sub);
    version = payload.sv;
    accountKey = payload.sk;
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(userId) || typeof version !== "number" || typeof accountKey !== "string" || !accountKey) {
    return null;
  }
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row || row.sessionVersion !== version || row.sessionKey !== accountKey || row.isDemo) return null;
  return {
    id: row.id,
    email: row.email,
    enabled: row.enabled,
    college: row.college,
    major: row.major,
    expectedGrad: row.expectedGrad,
    reviewReminders: row.reviewReminders,
    hubTrack: row.hubTrack,
    kilachand: row.kilachand,
  };
}
