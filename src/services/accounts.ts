/**
 * Accounts: registration, email verification, login, password reset and
 * change, account settings and deletion. Every change to a user's password
 * bumps the session version, which ends every older session at once.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import { majors, reviews, reviewVotes, users } from "../../db/schema.ts";
import type { AccountInput, RegisterInput } from "../lib/schemas.ts";
import { type CodeCheck, type CodePurpose, consumeCode, issueCode } from "./codes.ts";
import { recomputeCourseStats } from "./course-stats.ts";
import { recountVotes } from "./reviews.ts";
import { badRequest, conflict, DomainError, fieldError, forbidden, notFound, unauthorized } from "./errors.ts";
import { resetMail, verificationMail } from "./mail-templates.ts";
import type { Mailer } from "./mail.ts";
import { COMMON_PASSWORD_MESSAGE, decoyHash, hashPassword, isCommonPassword, verifyPassword } from "./passwords.ts";
import { countHit, enforceLimit, peekLimit } from "./rate-limit.ts";
import type { SessionUser } from "./sessions.ts";

export type AccountDeps = { database: Database; mailer: Mailer; secret: string };

export const MESSAGES = {
  registered: "Registration successful! Check your email for the 6-digit verification code.",
  emailTaken: "An account with this email already exists. Log in, or verify it with the code we sent.",
  verified: "Your email is verified. You can now log in.",
  alreadyVerified: "This account is already verified. Log in.",
  codeSent: "If an account is waiting for this code, a new code has been sent. Check your email.",
  resetSent: "If an account exists for this email, a reset code has been sent. Check your email.",
  resetDone: "Your password has been reset. You can now log in.",
  passwordUpdated: "Password updated successfully!",
  accountUpdated: "Account updated successfully!",
  accountDeleted: "Your account and all its data have been deleted.",
  badCredentials: "Incorrect email or password",
  notVerified: "Please verify your email before logging in. Check your inbox for the 6-digit code, or request a new one on the verification page.",
  wrongCurrent: "Incorrect current password",
  loginThrottled: "Too many failed login attempts. Please wait a few minutes and try again.",
  codeThrottled: "Please wait before requesting another code.",
  signedOut: "You have been signed out.",
};

const CODE_MESSAGES: Record<Exclude<CodeCheck, "ok">, string> = {
  missing: "That code is not valid. Request a new code.",
  expired: "That code has expired. Request a new code.",
  wrong: "That code is not right. Check the email and try again.",
  burned: "Too many wrong tries: this code no longer works. Request a new code.",
};

const LIMITS = {
  loginPerIp: { limit: 10, windowMs: 10 * 60_000 },
  loginPerAccount: { limit: 100, windowMs: 60 * 60_000 },
  codeMailPerMinute: { limit: 1, windowMs: 60_000 },
  codeMailPerHour: { limit: 5, windowMs: 60 * 60_000 },
  registerPerIp: { limit: 10, windowMs: 60 * 60_000 },
  codeChecksPerIp: { limit: 30, windowMs: 10 * 60_000 },
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return row;
}

async function assertCollegeAndMajor(db: Db, college: string, major: string, majorMessage: string): Promise<void> {
  const [row] = await db.select({ id: majors.id }).from(majors).where(and(eq(majors.college, college), eq(majors.name, major)));
  if (row) return;
  const [collegeHasMajors] = await db.select({ id: majors.id }).from(majors).where(eq(majors.college, college)).limit(1);
  if (!collegeHasMajors) throw fieldError("college", "Select a college");
  throw fieldError("major", majorMessage);
}

function assertUncommon(password: string, field: string): void {
  if (isCommonPassword(password)) throw fieldError(field, COMMON_PASSWORD_MESSAGE);
}

/** Mail failures are logged, not shown: the code can be sent again, and the stored state is right either way. */
async function sendQuietly(mailer: Mailer, mail: Parameters<Mailer["send"]>[0]): Promise<void> {
  try {
    await mailer.send(mail);
  } catch (error) {
    console.error("[mail] sending failed:", error instanceof Error ? error.message : error);
  }
}

async function limitCodeMails(db: Db, kind: CodePurpose, email: string): Promise<void> {
  await enforceLimit(db, `${kind}-mail-minute:${email}`, LIMITS.codeMailPerMinute, MESSAGES.codeThrottled);
  await enforceLimit(db, `${kind}-mail-hour:${email}`, LIMITS.codeMailPerHour, MESSAGES.codeThrottled);
}

export async function register({ database, mailer, secret }: AccountDeps, input: RegisterInput, ip: string): Promise<string> {
  const email = normalizeEmail(input.email);
  await enforceLimit(database.db, `register:${ip}`, LIMITS.registerPerIp, "Too many sign-ups from this network. Please try again later.");
  await assertCollegeAndMajor(database.db, input.college, input.major, "Select a major, can be undecided");
  assertUncommon(input.password, "password");
  const passwordHash = await hashPassword(input.password);
  const code = await database.write(async (tx) => {
    if (await findUserByEmail(tx, email)) throw conflict(MESSAGES.emailTaken);
    const [user] = await tx.insert(users).values({
      email,
      passwordHash,
      enabled: false,
      college: input.college,
      major: input.major,
      expectedGrad: input.expectedGrad,
    })
      .returning();
    return await issueCode(tx, secret, "verify", user);
  });
  await enforceLimit(database.db, `verify-mail-minute:${email}`, LIMITS.codeMailPerMinute, MESSAGES.codeThrottled);
  await sendQuietly(mailer, verificationMail(email, code));
  return MESSAGES.registered;
}

async function checkCode(
  database: Database,
  secret: string,
  purpose: CodePurpose,
  emailInput: string,
  code: string,
  ip: string,
  onSuccess: (tx: Db, userId: number) => Promise<void>,
): Promise<void> {
  await enforceLimit(database.db, `code-check:${ip}`, LIMITS.codeChecksPerIp, "Too many attempts. Please wait a few minutes and try again.");
  const email = normalizeEmail(emailInput);
  const result = await database.write(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return "missing" as const;
    if (purpose === "verify" && user.enabled) throw badRequest(MESSAGES.alreadyVerified);
    const check = await consumeCode(tx, secret, purpose, user, code.trim());
    if (check === "ok") await onSuccess(tx, user.id);
    return check;
  });
  if (result !== "ok") throw badRequest(CODE_MESSAGES[result]);
}

export async function verifyEmail({ database, secret }: AccountDeps, email: string, code: string, ip: string): Promise<string> {
  await checkCode(database, secret, "verify", email, code, ip, async (tx, userId) => {
    await tx.update(users).set({ enabled: true }).where(eq(users.id, userId));
  });
  return MESSAGES.verified;
}

/** Same answer whether or not the account exists or waits for verification; the limits apply to any email. */
export async function resendVerification({ database, mailer, secret }: AccountDeps, emailInput: string): Promise<string> {
  const email = normalizeEmail(emailInput);
  await limitCodeMails(database.db, "verify", email);
  const code = await database.write(async (tx) => {
    const user = await findUserByEmail(tx, email);
    return user && !user.enabled && !user.isDemo ? await issueCode(tx, secret, "verify", user) : null;
  });
  if (code) await sendQuietly(mailer, verificationMail(email, code));
  return MESSAGES.codeSent;
}

/** Same status, body and (nearly) timing for known and unknown emails: the mail goes out after the answer. */
export async function forgotPassword({ database, mailer, secret }: AccountDeps, emailInput: string): Promise<string> {
  const email = normalizeEmail(emailInput);
  await limitCodeMails(database.db, "reset", email);
  const code = await database.write(async (tx) => {
    const user = await findUserByEmail(tx, email);
    return user && !user.isDemo ? await issueCode(tx, secret, "reset", user) : null;
  });
  if (code) setTimeout(() => void sendQuietly(mailer, resetMail(email, code)), 0);
  return MESSAGES.resetSent;
}

export async function resetPassword(deps: AccountDeps, input: { email: string; verificationCode: string; newPassword: string }, ip: string): Promise<string> {
  assertUncommon(input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await checkCode(deps.database, deps.secret, "reset", input.email, input.verificationCode, ip, async (tx, userId) => {
    // Knowing the code proves the email, so a reset also completes a pending verification.
    await tx.update(users).set({ passwordHash, enabled: true, sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId));
  });
  return MESSAGES.resetDone;
}

export type LoginResult = { id: number; sessionVersion: number };

export async function login({ database }: AccountDeps, emailInput: string, password: string, ip: string): Promise<LoginResult> {
  const db = database.db;
  const email = normalizeEmail(emailInput);
  const ipKey = `login-fail-ip:${ip}`;
  const accountKey = `login-fail-account:${email}`;
  const blocked = await peekLimit(db, ipKey, LIMITS.loginPerIp) ?? await peekLimit(db, accountKey, LIMITS.loginPerAccount);
  if (blocked !== null) throw new DomainError(429, MESSAGES.loginThrottled, { "Retry-After": String(blocked) });
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user && !user.isDemo ? user.passwordHash : await decoyHash(), password);
  if (!user || user.isDemo || !valid) {
    await countHit(db, ipKey, LIMITS.loginPerIp.windowMs);
    await countHit(db, accountKey, LIMITS.loginPerAccount.windowMs);
    throw unauthorized(MESSAGES.badCredentials);
  }
  if (!user.enabled) throw forbidden(MESSAGES.notVerified);
  return { id: user.id, sessionVersion: user.sessionVersion };
}

/** Checks the current password, stores the new one and ends every session; returns the new session version. */
export async function changePassword({ database }: AccountDeps, userId: number, oldPassword: string, newPassword: string): Promise<LoginResult> {
  const [user] = await database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized("Please log in again.");
  if (!(await verifyPassword(user.passwordHash, oldPassword))) throw fieldError("oldPassword", MESSAGES.wrongCurrent);
  assertUncommon(newPassword, "newPassword");
  const passwordHash = await hashPassword(newPassword);
  const [updated] = await database.write((tx) =>
    tx.update(users).set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId)).returning()
  );
  return { id: updated.id, sessionVersion: updated.sessionVersion };
}

export type AccountView = { email: string; college: string; major: string; expectedGrad: number };

export function accountView(user: SessionUser | AccountView): AccountView {
  return { email: user.email, college: user.college, major: user.major, expectedGrad: user.expectedGrad };
}

export async function updateAccount({ database }: AccountDeps, userId: number, input: AccountInput): Promise<AccountView> {
  await assertCollegeAndMajor(database.db, input.college, input.major, "Select a major");
  const [updated] = await database.write((tx) =>
    tx.update(users).set({ college: input.college, major: input.major, expectedGrad: input.expectedGrad }).where(eq(users.id, userId)).returning()
  );
  if (!updated) throw notFound("Account not found.");
  return accountView(updated);
}

/**
 * Deletes the user and everything of theirs at once; in the same transaction
 * the averages of the courses they reviewed and the vote counts of the reviews
 * they voted on are recomputed.
 */
export async function deleteAccount({ database }: AccountDeps, userId: number): Promise<void> {
  await database.write(async (tx) => {
    const reviewed = await tx.select({ courseId: reviews.courseId }).from(reviews).where(eq(reviews.userId, userId));
    const votedOn = await tx.select({ reviewId: reviewVotes.reviewId }).from(reviewVotes).where(eq(reviewVotes.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    await recomputeCourseStats(tx, reviewed.map((r) => r.courseId));
    // Their votes went with them: other students' reviews count what is left.
    for (const { reviewId } of votedOn) await recountVotes(tx, reviewId);
  });
}

/** Ends every session of the user: tokens carry the old version and stop working. */
export async function signOut(database: Database, userId: number): Promise<void> {
  await database.write((tx) => tx.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId)));
}
