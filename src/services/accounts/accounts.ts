/**
 * Accounts: registration, email verification, login, password reset and
 * change, account settings and deletion. Every change to a user's password
 * bumps the session version, which ends every older session at once.
 */
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database, Db } from "../../../db/client.ts";
import { authCodes, contactMessages, outbox as outboxMail, reviews, reviewVotes, users } from "../../../db/schema.ts";
import type { AccountView } from "../../lib/api-types.ts";
import type { AccountInput, RegisterInput } from "../../lib/schemas.ts";
import { CODE_MAX_ATTEMPTS, codeMatches, type CodePurpose, codeStatement, consumeLink, linkIsUsable } from "./codes.ts";
import { courseStatsUpdate } from "../courses/course-stats.ts";
import { voteCountsUpdate } from "../reviews/course-reviews.ts";
import { badRequest, conflict, DomainError, fieldError, notFound, unauthorized } from "../platform/domain-errors.ts";
import { resetMail, verificationMail } from "../mail/mail-templates.ts";
import { type Outbox, outboxInsertWhen } from "../mail/outbox.ts";
import { COMMON_PASSWORD_MESSAGE, decoyHash, hashPassword, isCommonPassword, verifyPassword } from "./passwords.ts";
import {
  addressSubject,
  enforceLimit,
  enforceLimits,
  forgetStatement,
  hitStatement,
  limitKey,
  refundAttempts,
  refundStatement,
} from "../platform/rate-limit.ts";
import type { SessionUser, TokenSubject } from "./sessions.ts";

export type AccountDeps = { database: Database; outbox: Outbox; secret: string; origin: string };

export const MESSAGES = {
  registered: "Registration successful! Check your email for the 6-digit verification code.",
  emailTaken: "An account with this email already exists. Log in, or verify it with the code we sent.",
  verified: "Your account is verified. Log in.",
  codeSent: "If an account is waiting for this code, a new code has been sent. Check your email.",
  resetSent: "If an account exists for this email, a reset code has been sent. Check your email.",
  resetDone: "Your password has been reset. Log in with your new password.",
  passwordUpdated: "Password updated successfully!",
  accountUpdated: "Account updated successfully!",
  accountDeleted: "Your account and all its data have been deleted.",
  badCredentials: "Incorrect email or password",
  notVerifiedSent: "Your email is not verified yet. We sent a new code to your email: enter it to finish signing up.",
  notVerifiedWait:
    "Your email is not verified yet. Enter the code we sent to your email, or ask for a new one in a minute.",
  wrongCurrent: "Incorrect current password",
  samePassword: "Choose a new password, not your current one",
  loginThrottled: "Too many failed login attempts. Please wait a few minutes and try again.",
  passwordThrottled: "Too many wrong passwords. Please wait a few minutes and try again.",
  codeThrottled: "Please wait before requesting another code.",
  checksThrottled: "Too many attempts. Please wait a few minutes and try again.",
  signedOut: "You have been signed out.",
  /** One answer for every failed verification, whether the account is unknown, waiting or verified, so it tells no one which. */
  codeRefused:
    "That code is not valid or has expired. Check the newest email, or request a new code. If your account is already verified, log in.",
  resetRefused: "That reset code is not valid or has expired. Check the newest email, or request a new code.",
  linkRefused:
    "This verification link is not valid or has expired. Enter the code from the email, or request a new one.",
};

/**
 * The limits. Counters are keyed by a keyed hash of the email or address
 * (rate-limit.ts); the kinds keyed by email are deleted with the account.
 */
const LIMITS = {
  loginPerIp: { limit: 10, windowMs: 10 * 60_000 },
  loginPerAccount: { limit: 100, windowMs: 60 * 60_000 },
  codeMailPerMinute: { limit: 1, windowMs: 60_000 },
  codeMailPerHour: { limit: 5, windowMs: 60 * 60_000 },
  codeMailPerIp: { limit: 10, windowMs: 10 * 60_000 },
  registerPerIp: { limit: 10, windowMs: 60 * 60_000 },
  codeChecksPerIp: { limit: 30, windowMs: 10 * 60_000 },
};

const EMAIL_LIMIT_KINDS = [
  "login-account",
  "verify-mail-minute",
  "verify-mail-hour",
  "reset-mail-minute",
  "reset-mail-hour",
] as const;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return row;
}

/** The major belongs to the college, in one statement; a college without majors is no college a student can pick. */
async function assertCollegeAndMajor(db: Db, college: string, major: string, majorMessage: string): Promise<void> {
  const [row] = await db.all<{ major: number; college: number }>(sql`SELECT
    EXISTS (SELECT 1 FROM majors WHERE college = ${college} AND name = ${major}) AS major,
    EXISTS (SELECT 1 FROM majors WHERE college = ${college}) AS college`);
  if (row.major) return;
  if (!row.college) throw fieldError("college", "Select a college");
  throw fieldError("major", majorMessage);
}

function assertUncommon(password: string, field: string): void {
  if (isCommonPassword(password)) throw fieldError(field, COMMON_PASSWORD_MESSAGE);
}

/** Takes one code mail for `email` from its limits (and the sender's address), or throws 429. */
async function limitCodeMails(
  { database, secret }: AccountDeps,
  kind: CodePurpose,
  email: string,
  ip: string,
): Promise<void> {
  await enforceLimits(database.db, [
    { key: limitKey(secret, `${kind}-mail-ip`, addressSubject(ip)), ...LIMITS.codeMailPerIp },
    { key: limitKey(secret, `${kind}-mail-minute`, email), ...LIMITS.codeMailPerMinute },
    { key: limitKey(secret, `${kind}-mail-hour`, email), ...LIMITS.codeMailPerHour },
  ], MESSAGES.codeThrottled);
}

/**
 * A new code (with its link, for verification) for the account with `email`
 * when `which` holds for it, and its mail, as two statements for one batch:
 * the mail is stored only when the code was. The batch is the same SQL
 * whether or not there is such an account, so what the request sends the
 * database says nothing about the email.
 */
function codeAndMail({ secret, origin }: AccountDeps, tx: Db, purpose: CodePurpose, email: string, which: SQL) {
  const { code, linkToken, statement } = codeStatement(tx, secret, purpose, email, which);
  const mail = purpose === "verify" ? verificationMail(email, code, origin, linkToken!) : resetMail(email, code);
  return [statement, outboxInsertWhen(tx, mail, sql`changes() = 1`)] as const;
}

/**
 * Three round trips: the address's attempt counted beside the college and
 * major check; the account stored (the email's unique index refuses a second
 * one); then its code, its mail and the resend countdown in one batch. Should
 * that last batch fail, the account waits without a code, and logging in or
 * asking for a new code sends one.
 */
export async function register(deps: AccountDeps, input: RegisterInput, ip: string): Promise<string> {
  const { database, secret, outbox } = deps;
  const email = normalizeEmail(input.email);
  const checks = await Promise.allSettled([
    enforceLimit(
      database.db,
      limitKey(secret, "register-ip", addressSubject(ip)),
      LIMITS.registerPerIp,
      "Too many sign-ups from this network. Please try again later.",
    ),
    assertCollegeAndMajor(database.db, input.college, input.major, "Select a major, can be undecided"),
  ]);
  // The limit's answer first, then the form's.
  for (const check of checks) if (check.status === "rejected") throw check.reason;
  assertUncommon(input.password, "password");
  const passwordHash = await hashPassword(input.password);
  const [created] = await database.writeBatch((tx) => [
    tx.insert(users).values({
      email,
      passwordHash,
      enabled: false,
      college: input.college,
      major: input.major,
      expectedGrad: input.expectedGrad,
    })
      .onConflictDoNothing().returning(),
  ]);
  const user = created[0];
  if (!user) throw conflict(MESSAGES.emailTaken);
  await database.writeBatch((tx) => [
    ...codeAndMail(deps, tx, "verify", email, sql`id = ${user.id}`),
    // The first code counts as this minute's mail, so /verify's resend countdown and the server agree.
    hitStatement(tx, limitKey(secret, "verify-mail-minute", email), LIMITS.codeMailPerMinute.windowMs, Date.now()),
  ]);
  outbox.wake();
  return MESSAGES.registered;
}

/**
 * Checks a code and, when right, applies `onSuccess` in the same batch.
 * Every failure gives `refused`, whatever the account's state. Two round
 * trips: the address's attempt counted beside the account and its code; then
 * one batch that counts the attempt and, for the right code, uses it up and
 * applies the change. Each statement holds only if the one before it changed
 * its row (`changes() = 1`): a code another request used or counted in the
 * meantime changes nothing.
 */
async function checkCode(
  { database, secret }: AccountDeps,
  purpose: CodePurpose,
  emailInput: string,
  code: string,
  ip: string,
  refused: string,
  onSuccess: (tx: Db, userId: number, applies: SQL) => BatchItem<"sqlite">,
): Promise<void> {
  const db = database.db;
  const email = normalizeEmail(emailInput);
  const found = db.select({ user: users, code: authCodes }).from(users)
    .leftJoin(authCodes, and(eq(authCodes.userId, users.id), eq(authCodes.purpose, purpose))).where(
      eq(users.email, email),
    ).then(([row]) => row);
  await enforceLimit(
    db,
    limitKey(secret, "code-check-ip", addressSubject(ip)),
    LIMITS.codeChecksPerIp,
    MESSAGES.checksThrottled,
  );
  const row = await found;
  const user = row?.user;
  const stored = row?.code;
  // A verified account has no verification code, so it fails like any wrong code.
  const usable = user && !user.isDemo && !(purpose === "verify" && user.enabled) && stored &&
    stored.email === user.email &&
    stored.expiresAt.getTime() > Date.now() && stored.attempts < CODE_MAX_ATTEMPTS;
  const right = Boolean(usable && codeMatches(secret, purpose, user.email, code.trim(), stored.codeHash));
  // The same batch runs whatever the account's state (matching nothing when there is no usable code), so the answer takes as long.
  const userId = usable ? user.id : -1;
  const thisCode = and(
    eq(authCodes.userId, userId),
    eq(authCodes.purpose, purpose),
    eq(authCodes.codeHash, stored?.codeHash ?? ""),
  );
  const changedOne = sql`changes() = 1`;
  const [, used] = await database.writeBatch((tx) => [
    tx.update(authCodes).set({ attempts: sql`${authCodes.attempts} + 1` }).where(
      and(thisCode, eq(authCodes.attempts, stored?.attempts ?? -1)),
    ),
    tx.delete(authCodes).where(and(thisCode, changedOne, right ? sql`1` : sql`0`)).returning({
      userId: authCodes.userId,
    }),
    onSuccess(tx, userId, sql`${changedOne} AND ${right ? sql`1` : sql`0`}`),
  ]);
  if (!right || used.length !== 1) throw badRequest(refused);
}

export async function verifyEmail(deps: AccountDeps, email: string, code: string, ip: string): Promise<string> {
  await checkCode(
    deps,
    "verify",
    email,
    code,
    ip,
    MESSAGES.codeRefused,
    (tx, userId, applies) => tx.update(users).set({ enabled: true }).where(and(eq(users.id, userId), applies)),
  );
  return MESSAGES.verified;
}

/** Whether a one-click link would verify an account now (the page asks before it offers the button). */
export function verificationLinkUsable({ database, secret }: AccountDeps, token: string): Promise<boolean> {
  return linkIsUsable(database.db, secret, token);
}

/** Verifies the account a one-click link belongs to (it does not sign in: the student logs in next); the link works once. */
export async function verifyByLink(
  { database, secret }: AccountDeps,
  token: string,
  ip: string,
): Promise<{ email: string }> {
  await enforceLimit(
    database.db,
    limitKey(secret, "code-check-ip", addressSubject(ip)),
    LIMITS.codeChecksPerIp,
    MESSAGES.checksThrottled,
  );
  const user = await database.write(async (tx) => {
    const userId = await consumeLink(tx, secret, token);
    if (userId === null) return undefined;
    const [updated] = await tx.update(users).set({ enabled: true }).where(eq(users.id, userId)).returning();
    return updated;
  });
  if (!user) throw badRequest(MESSAGES.linkRefused);
  return { email: user.email };
}

/**
 * Same status, body, headers and database work whether the account is
 * unknown, waiting or verified: the limits apply to any email, one batch
 * stores a code and its mail only for a waiting account, and the mail goes
 * out through the outbox after the answer.
 */
export async function resendVerification(deps: AccountDeps, emailInput: string, ip: string): Promise<string> {
  const email = normalizeEmail(emailInput);
  await limitCodeMails(deps, "verify", email, ip);
  await deps.database.writeBatch((tx) => codeAndMail(deps, tx, "verify", email, sql`enabled = 0 AND is_demo = 0`));
  deps.outbox.wake();
  return MESSAGES.codeSent;
}

/** Same status, body, headers and database work for unknown, waiting and verified accounts; the mail goes out after the answer. */
export async function forgotPassword(deps: AccountDeps, emailInput: string, ip: string): Promise<string> {
  const email = normalizeEmail(emailInput);
  await limitCodeMails(deps, "reset", email, ip);
  await deps.database.writeBatch((tx) => codeAndMail(deps, tx, "reset", email, sql`is_demo = 0`));
  deps.outbox.wake();
  return MESSAGES.resetSent;
}

export async function resetPassword(
  deps: AccountDeps,
  input: { email: string; verificationCode: string; newPassword: string },
  ip: string,
): Promise<string> {
  assertUncommon(input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await checkCode(
    deps,
    "reset",
    input.email,
    input.verificationCode,
    ip,
    MESSAGES.resetRefused,
    (tx, userId, applies) =>
      // Knowing the code proves the email, so a reset also completes a pending verification.
      tx.update(users).set({ passwordHash, enabled: true, sessionVersion: sql`${users.sessionVersion} + 1` }).where(
        and(eq(users.id, userId), applies),
      ),
  );
  return MESSAGES.resetDone;
}

export type LoginResult = TokenSubject;

/** A right password on an account still waiting for verification: a new code went out when the limits allowed it. */
export type LoginOutcome = { kind: "signedIn"; user: LoginResult } | {
  kind: "unverified";
  email: string;
  codeSent: boolean;
  message: string;
};

/**
 * Takes one password try from the address's and the account's budgets before
 * the password is checked, so parallel tries never pass the limits; a right
 * password gives its try back. Login and the current password of a password
 * change share these budgets.
 */
async function checkPassword(
  { database, secret }: AccountDeps,
  email: string,
  ip: string,
  throttled: string,
  check: () => Promise<boolean>,
): Promise<{ valid: boolean; keys: string[] }> {
  const keys = [limitKey(secret, "login-ip", addressSubject(ip)), limitKey(secret, "login-account", email)];
  await enforceLimits(database.db, [{ key: keys[0], ...LIMITS.loginPerIp }, {
    key: keys[1],
    ...LIMITS.loginPerAccount,
  }], throttled);
  return { valid: await check(), keys };
}

export async function login(
  deps: AccountDeps,
  emailInput: string,
  password: string,
  ip: string,
): Promise<LoginOutcome> {
  const email = normalizeEmail(emailInput);
  // Read beside the limits' counting: one round trip.
  const found = findUserByEmail(deps.database.db, email);
  const { valid, keys } = await checkPassword(deps, email, ip, MESSAGES.loginThrottled, async () => {
    const user = await found;
    const ok = await verifyPassword(user && !user.isDemo ? user.passwordHash : await decoyHash(), password);
    return Boolean(ok && user && !user.isDemo);
  });
  const user = await found;
  if (!valid || !user) throw unauthorized(MESSAGES.badCredentials);
  await refundAttempts(deps.database.db, keys);
  if (!user.enabled) {
    // Knowing the password proves enough to be sent a new code, within the resend limits.
    let codeSent = true;
    try {
      await limitCodeMails(deps, "verify", email, ip);
      await deps.database.writeBatch((tx) => codeAndMail(deps, tx, "verify", email, sql`id = ${user.id}`));
      deps.outbox.wake();
    } catch (error) {
      if (!(error instanceof DomainError && error.status === 429)) throw error;
      codeSent = false;
    }
    return {
      kind: "unverified",
      email,
      codeSent,
      message: codeSent ? MESSAGES.notVerifiedSent : MESSAGES.notVerifiedWait,
    };
  }
  return { kind: "signedIn", user: { id: user.id, sessionVersion: user.sessionVersion, sessionKey: user.sessionKey } };
}

/**
 * Checks the current password (limited like login), stores the new one and
 * ends every session; returns the new session version. Two round trips: the
 * stored hash beside the limits' counting, then the attempts given back and
 * the new password in one batch.
 */
export async function changePassword(
  deps: AccountDeps,
  account: { id: number; email: string },
  oldPassword: string,
  newPassword: string,
  ip: string,
): Promise<LoginResult> {
  const { database } = deps;
  const found = database.db.select().from(users).where(eq(users.id, account.id)).then(([row]) => row);
  const { valid, keys } = await checkPassword(deps, account.email, ip, MESSAGES.passwordThrottled, async () => {
    const user = await found;
    return Boolean(user) && await verifyPassword(user.passwordHash, oldPassword);
  });
  if (!(await found)) throw unauthorized("Please log in again.");
  if (!valid) throw fieldError("oldPassword", MESSAGES.wrongCurrent);
  // Said only once the current password is proved: it tells nothing a guesser did not know.
  if (newPassword === oldPassword) throw fieldError("newPassword", MESSAGES.samePassword);
  assertUncommon(newPassword, "newPassword");
  const passwordHash = await hashPassword(newPassword);
  const [, updated] = await database.writeBatch((db) => [
    refundStatement(db, keys),
    db.update(users).set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` }).where(
      eq(users.id, account.id),
    ).returning(),
  ]);
  if (!updated.length) throw unauthorized("Please log in again.");
  return { id: updated[0].id, sessionVersion: updated[0].sessionVersion, sessionKey: updated[0].sessionKey };
}

export function accountView(user: SessionUser | AccountView): AccountView {
  return {
    email: user.email,
    college: user.college,
    major: user.major,
    expectedGrad: user.expectedGrad,
    reviewReminders: user.reviewReminders,
    hubTrack: user.hubTrack,
    kilachand: user.kilachand,
  };
}

export async function updateAccount(
  { database }: AccountDeps,
  userId: number,
  input: AccountInput,
): Promise<AccountView> {
  await assertCollegeAndMajor(database.db, input.college, input.major, "Select a major");
  const [updated] = await database.writeBatch((db) => [
    db.update(users).set({
      college: input.college,
      major: input.major,
      expectedGrad: input.expectedGrad,
      // The Hub rules and Kilachand are kept when a client leaves them out (the fields the spec's form sends).
      ...(input.hubTrack === undefined ? {} : { hubTrack: input.hubTrack }),
      ...(input.kilachand === undefined ? {} : { kilachand: input.kilachand }),
    }).where(
      eq(users.id, userId),
    ).returning(),
  ]);
  if (!updated.length) throw notFound("Account not found.");
  return accountView(updated[0]);
}

/**
 * Deletes the user and everything of theirs at once; in the same transaction
 * the averages of the courses they reviewed and the vote counts of the reviews
 * they voted on are recomputed. Two round trips: what they reviewed and voted
 * on, then one batch that deletes and recomputes.
 */
export async function deleteAccount(
  { database, secret }: AccountDeps,
  account: { id: number; email: string },
): Promise<void> {
  const db = database.db;
  const [reviewed, votedOn] = await Promise.all([
    db.select({ courseId: reviews.courseId }).from(reviews).where(eq(reviews.userId, account.id)),
    db.select({ reviewId: reviewVotes.reviewId }).from(reviewVotes).where(eq(reviewVotes.userId, account.id)),
  ]);
  await database.writeBatch((tx) => [
    tx.delete(users).where(eq(users.id, account.id)),
    // Nothing keyed by the email stays behind: its limit counters and any mail still waiting for it.
    forgetStatement(tx, secret, EMAIL_LIMIT_KINDS, account.email),
    tx.delete(outboxMail).where(or(eq(outboxMail.to, account.email), eq(outboxMail.replyTo, account.email))),
    // Messages sent through the contact form from the account's address go with it (the privacy page says so).
    tx.delete(contactMessages).where(sql`lower(trim(${contactMessages.email})) = ${account.email}`),
    ...[...new Set(reviewed.map((r) => r.courseId))].map((courseId) => courseStatsUpdate(tx, sql`${courseId}`)),
    // Their votes went with them: other students' reviews count what is left.
    ...votedOn.map(({ reviewId }) => voteCountsUpdate(tx, reviewId)),
  ]);
}

/** Ends every session of the user: tokens carry the old version and stop working. */
export async function signOut(database: Database, userId: number): Promise<void> {
  await database.write((tx) =>
    tx.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId))
  );
}
