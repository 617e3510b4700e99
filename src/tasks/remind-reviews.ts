/**
 * deno task reviews:remind [--dry-run] [--date=YYYY-MM-DD]
 *
 * Sends the end-of-term review reminders for the term that ended in the last
 * 14 days (by Boston's calendar; the end dates come from
 * REVIEW_REMINDER_DATES, 12-20 and 05-15 by default), then delivers them.
 * Each student is reminded once per term, so running it again, or on the
 * next days of the window, sends only to students who opted in since.
 * --dry-run prints who would get which courses and sends and records nothing;
 * --date acts as if today were that day. On Deno Deploy, deploy.ts runs the
 * same thing daily with Deno.cron.
 */
import { parseArgs } from "node:util";
import { migrateDatabase } from "../../db/client.ts";
import { loadConfigOrExit } from "../config.ts";
import {
  bostonDate,
  endedTerm,
  isCalendarDate,
  parseTermEnds,
  REMINDER_WINDOW_DAYS,
  type TermEnd,
  TermEndsError,
} from "../lib/term-ends.ts";
import { plural } from "../lib/text.ts";
import { createMailer } from "../services/mail/mail.ts";
import { createOutbox, waitingMailCount } from "../services/mail/outbox.ts";
import { type DueReminder, dueReminders, sendReviewReminders } from "../services/reviews/review-reminders.ts";
import { openConfiguredDatabase } from "../startup.ts";

const USAGE = "Usage: deno task reviews:remind [--dry-run] [--date=YYYY-MM-DD]";

function stop(message: string, code: number): never {
  console.error(message);
  Deno.exit(code);
}

function readArguments(): { dryRun: boolean; date?: string } {
  let values;
  try {
    values =
      parseArgs({ args: Deno.args, options: { "dry-run": { type: "boolean" }, date: { type: "string" } } }).values;
  } catch (error) {
    stop(`${error instanceof Error ? error.message : error}. ${USAGE}`, 2);
  }
  if (values.date !== undefined && !isCalendarDate(values.date)) {
    stop(`--date must be a day written YYYY-MM-DD, e.g. 2026-12-20, not "${values.date}".`, 2);
  }
  return { dryRun: values["dry-run"] ?? false, date: values.date };
}

const line = (due: DueReminder) =>
  `${due.email}: ${plural(due.courses.length, "course")} (${due.courses.map((c) => c.code).join(", ")})`;

const args = readArguments();
const config = loadConfigOrExit();
let ends: TermEnd[];
try {
  ends = parseTermEnds(config.reviewReminderDates);
} catch (error) {
  if (!(error instanceof TermEndsError)) throw error;
  stop(error.message, 1);
}

const today = args.date ?? bostonDate(new Date());
const term = endedTerm(today, ends);
if (!term) {
  console.log(
    `No term ended in the ${REMINDER_WINDOW_DAYS} days up to ${today} (term ends: ${config.reviewReminderDates}); nothing to send.`,
  );
  Deno.exit(0);
}

const database = await openConfiguredDatabase(config);
try {
  await migrateDatabase(database);
  const ended = `${term.label} ended ${term.endDate}`;
  if (args.dryRun) {
    const due = await dueReminders(database.db, term.key);
    console.log(`Dry run, nothing is sent or recorded. ${ended}: ${plural(due.length, "student")} would be reminded.`);
    for (const reminder of due) console.log(`  would remind ${line(reminder)}`);
  } else {
    const outbox = createOutbox(database, createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }));
    const reminded = await sendReviewReminders({
      database,
      outbox,
      secret: config.sessionSecret,
      origin: config.origin,
    }, term);
    for (const reminder of reminded) console.log(`Reminded ${line(reminder)}`);
    const nobody =
      " Nobody is due one: every student who opted in was reminded about this term already or has no completed course left to review.";
    console.log(`${ended}: ${plural(reminded.length, "student")} reminded.${reminded.length ? "" : nobody}`);
    // The mail goes out now rather than at a server's next sweep; what cannot be delivered stays in the outbox for the server to retry.
    await outbox.idle();
    await outbox.stop();
    const waiting = await waitingMailCount(database.db, reminded.map((r) => r.email));
    if (waiting) {
      console.error(
        `${
          plural(waiting, "reminder")
        } could not be delivered yet; they stay in the outbox and the server's mail worker retries them.`,
      );
      Deno.exitCode = 1;
    }
  }
} finally {
  database.close();
}
