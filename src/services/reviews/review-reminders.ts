/**
 * End-of-term review reminders (docs/product.md, Review reminders): a student
 * who opted in gets one mail per term listing the completed courses they have
 * not reviewed, each with a link to its review form. A reminder is recorded in
 * review_reminders_sent in the transaction that puts its mail in the outbox,
 * so running again (the task, the daily cron, another instance) sends nothing
 * twice. Every mail carries a signed one-click unsubscribe link.
 */
import { and, asc, eq, notExists, sql } from "drizzle-orm";
import type { Database, Db } from "../../../db/client.ts";
import { completedCourses, courses, reviewRemindersSent, reviews, users } from "../../../db/schema.ts";
import { courseCode } from "../../lib/course-code.ts";
import { bostonDate, type EndedTerm, endedTerm, type TermEnd } from "../../lib/term-ends.ts";
import { displayTitle } from "../../lib/text.ts";
import { type ReminderCourse, reviewReminderMail } from "../mail/mail-templates.ts";
import type { Outbox } from "../mail/outbox.ts";
import { unsubscribeToken, unsubscribeTokenFits, unsubscribeTokenId } from "../accounts/unsubscribe-tokens.ts";

export type ReminderDeps = { database: Database; outbox: Outbox; secret: string; origin: string };

/** A student to remind and the courses to name, in course-code order. */
export type DueReminder = { userId: number; email: string; courses: ReminderCourse[] };

export const REMINDER_MESSAGES = {
  on: "End-of-term review reminders are on: you will get one email when each term ends.",
  off: "End-of-term review reminders are off.",
};

/**
 * The students to remind about `term`: opted in, verified, not a demo
 * account, not yet reminded about this term, with at least one completed
 * course they have not reviewed (a review hidden by reports is still their
 * review). With `userId`, that student only.
 */
export async function dueReminders(db: Db, term: string, userId?: number): Promise<DueReminder[]> {
  const reviewed = db.select({ one: sql`1` }).from(reviews).where(
    and(eq(reviews.userId, users.id), eq(reviews.courseId, courses.id)),
  );
  const reminded = db.select({ one: sql`1` }).from(reviewRemindersSent).where(
    and(eq(reviewRemindersSent.userId, users.id), eq(reviewRemindersSent.term, term)),
  );
  const rows = await db.select({
    userId: users.id,
    email: users.email,
    id: courses.id,
    college: courses.college,
    department: courses.department,
    number: courses.number,
    title: courses.title,
  })
    .from(users)
    .innerJoin(completedCourses, eq(completedCourses.userId, users.id))
    .innerJoin(courses, eq(courses.id, completedCourses.courseId))
    .where(and(
      eq(users.reviewReminders, true),
      eq(users.enabled, true),
      eq(users.isDemo, false),
      userId === undefined ? undefined : eq(users.id, userId),
      notExists(reviewed),
      notExists(reminded),
    ))
    .orderBy(
      asc(users.id),
      asc(courses.college),
      asc(courses.department),
      asc(courses.numberValue),
      asc(courses.number),
    );
  const byUser = new Map<number, DueReminder>();
  for (const row of rows) {
    let due = byUser.get(row.userId);
    if (!due) byUser.set(row.userId, due = { userId: row.userId, email: row.email, courses: [] });
    due.courses.push({ id: row.id, code: courseCode(row), title: displayTitle(row.title) });
  }
  return [...byUser.values()];
}

/**
 * Reminds every due student about `term`: per student, one write transaction
 * that looks again (another run may have reminded them, or they unsubscribed
 * or reviewed since), records the reminder and enqueues the mail. Returns who
 * was reminded about what.
 */
export async function sendReviewReminders(deps: ReminderDeps, term: EndedTerm): Promise<DueReminder[]> {
  const reminded: DueReminder[] = [];
  for (const candidate of await dueReminders(deps.database.db, term.key)) {
    const sent = await deps.database.write(async (tx) => {
      const [due] = await dueReminders(tx, term.key, candidate.userId);
      if (!due) return null;
      const recorded = await tx.insert(reviewRemindersSent).values({ userId: due.userId, term: term.key })
        .onConflictDoNothing().returning();
      if (!recorded.length) return null;
      // The account's key stays out of DueReminder, which the reminder task prints.
      const [account] = await tx.select({ id: users.id, sessionKey: users.sessionKey }).from(users).where(
        eq(users.id, due.userId),
      );
      const token = unsubscribeToken(deps.secret, account);
      await deps.outbox.enqueue(tx, reviewReminderMail(due.email, term.label, due.courses, deps.origin, token));
      return due;
    });
    if (sent) reminded.push(sent);
  }
  if (reminded.length) deps.outbox.wake();
  return reminded;
}

export type ReminderRun = { today: string; term: EndedTerm | null; reminded: DueReminder[] };

/**
 * What the daily run does: the term that ended within the window before
 * `now` (a Boston calendar day), and its reminders; nothing when no term
 * ended that recently.
 */
export async function remindForToday(deps: ReminderDeps, ends: TermEnd[], now = new Date()): Promise<ReminderRun> {
  const today = bostonDate(now);
  const term = endedTerm(today, ends);
  return { today, term, reminded: term ? await sendReviewReminders(deps, term) : [] };
}

/** A student's own choice, from /account. Returns it as stored. */
export async function setReviewReminders(database: Database, userId: number, enabled: boolean): Promise<boolean> {
  const [row] = await database.write((tx) =>
    tx.update(users).set({ reviewReminders: enabled }).where(eq(users.id, userId)).returning({
      reviewReminders: users.reviewReminders,
    })
  );
  return row?.reviewReminders ?? false;
}

/**
 * What an unsubscribe link leads to: a student whose reminders are on or off, or nothing it can turn off. A link that
 * does not work gets one answer whatever the reason (cut short, forged, made before a restore, or its account deleted
 * since), so no one can learn from it which ids have accounts (docs/security.md, Codes and links).
 */
export type UnsubscribeLink = { kind: "student"; remindersOn: boolean } | { kind: "invalid" };

export const UNSUBSCRIBE_MESSAGES = {
  invalid:
    "This unsubscribe link is not valid: it may have been cut short or changed, or its account deleted. Open the link from the email again, or sign in and turn reminders off on your account page.",
};

/** Reads an unsubscribe link without changing anything (a mail scanner's GET must not unsubscribe). */
export async function unsubscribeLink(
  { database, secret }: { database: Database; secret: string },
  token: string,
): Promise<UnsubscribeLink> {
  const userId = unsubscribeTokenId(token);
  if (userId === null) return { kind: "invalid" };
  const [row] = await database.db.select({ id: users.id, sessionKey: users.sessionKey, on: users.reviewReminders })
    .from(users)
    .where(eq(users.id, userId));
  return unsubscribeTokenFits(secret, token, row) ? { kind: "student", remindersOn: row!.on } : { kind: "invalid" };
}

/** Turns off the reminders of the student the link was made for; the only thing the token can do. */
export async function unsubscribeByLink(
  { database, secret }: { database: Database; secret: string },
  token: string,
): Promise<UnsubscribeLink> {
  const userId = unsubscribeTokenId(token);
  if (userId === null) return { kind: "invalid" };
  // The update repeats the key it checked, so an account that took the id in between is left alone.
  const [row] = await database.db.select({ id: users.id, sessionKey: users.sessionKey }).from(users).where(
    eq(users.id, userId),
  );
  if (!unsubscribeTokenFits(secret, token, row)) return { kind: "invalid" };
  const [changed] = await database.write((tx) =>
    tx.update(users).set({ reviewReminders: false }).where(
      and(eq(users.id, userId), eq(users.sessionKey, row!.sessionKey)),
    ).returning({ id: users.id })
  );
  return changed ? { kind: "student", remindersOn: false } : { kind: "invalid" };
}
