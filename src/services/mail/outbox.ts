/**
 * The outbox: mail waits in a table and a worker in each process delivers it,
 * so no request waits on the mail server and a mail server that is down
 * delays mail instead of losing it.
 *
 * - `enqueue` writes the mail inside the caller's transaction: mail goes out
 *   exactly when what it announces (a code, a message) was stored.
 * - `wake` asks the worker to deliver soon; a sweep also runs every
 *   `sweepMs`, for mail enqueued by another instance or waiting for a retry.
 * - A worker claims one mail at a time with a single UPDATE … RETURNING that
 *   moves its next attempt forward by a lease, so instances sharing the
 *   database never send one mail twice at once, and mail claimed by a process
 *   that died goes out after the lease.
 * - A failed delivery is retried after 15 s, 1, 5, 15 and 60 minutes; after
 *   that the mail is marked failed and left for the operator.
 */
import { and, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../../../db/client.ts";
import { outbox } from "../../../db/schema.ts";
import type { Mail, Mailer } from "./mail.ts";

export const RETRY_DELAYS_MS = [15_000, 60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a claimed mail is left to its worker before another may try it. */
const LEASE_MS = 2 * 60_000;

export type Outbox = {
  /** Puts mail in the outbox, inside the caller's write transaction. */
  enqueue(tx: Db, mail: Mail): Promise<void>;
  /** Asks for delivery soon, after the enqueuing transaction committed. */
  wake(): void;
  /** Delivers every mail that is due now; resolves with how many went out. */
  deliverDue(now?: number): Promise<number>;
  /** Resolves when no delivery is running or scheduled. */
  idle(): Promise<void>;
  /** Starts the periodic sweep (and one delivery at once, for mail left by an earlier process). */
  start(): void;
  stop(): Promise<void>;
};

type Options = { sweepMs?: number; log?: (line: string) => void };

/** The statement that puts a mail in the outbox, not yet run: it joins the batch or transaction that stores what the mail announces. */
export function outboxInsert(tx: Db, mail: Mail) {
  return tx.insert(outbox).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    replyTo: mail.replyTo ?? null,
    headers: headersColumn(mail),
  });
}

/**
 * The mail's insert as a statement that stores it only when `when` holds
 * (`changes() = 1`: the statement before it in the batch changed a row), so
 * a batch that may or may not send mail is the same SQL either way.
 */
export function outboxInsertWhen(tx: Db, mail: Mail, when: SQL) {
  return tx.run(sql`INSERT INTO outbox ("to", subject, text, html, reply_to, headers)
    SELECT ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.replyTo ?? null}, ${
    headersColumn(mail)
  } WHERE ${when}`);
}

function headersColumn(mail: Mail): string | null {
  return mail.headers && Object.keys(mail.headers).length ? JSON.stringify(mail.headers) : null;
}

/**
 * The headers column as the mailer wants them. Only `enqueue` writes it, but
 * a row that holds anything other than an object of strings throws, so the
 * mail waits and its error is recorded rather than going out without them.
 */
export function storedHeaders(text: string | null): Record<string, string> | undefined {
  if (text === null) return undefined;
  const parsed: unknown = JSON.parse(text);
  if (
    !parsed || typeof parsed !== "object" || Array.isArray(parsed) ||
    Object.values(parsed).some((value) => typeof value !== "string")
  ) {
    throw new Error("the outbox row's headers are not a JSON object of strings");
  }
  return parsed as Record<string, string>;
}

export function createOutbox(database: Database, mailer: Mailer, options: Options = {}): Outbox {
  const sweepMs = options.sweepMs ?? 30_000;
  const log = options.log ?? ((line: string) => console.error(line));
  let running: Promise<unknown> = Promise.resolve();
  let scheduled: ReturnType<typeof setTimeout> | undefined;
  let sweep: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  async function claim(now: number) {
    const due = database.db.select({ id: outbox.id }).from(outbox)
      .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt), lte(outbox.nextAttemptAt, new Date(now))))
      .orderBy(outbox.id).limit(1);
    const [row] = await database.db.update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now + LEASE_MS) })
      .where(and(eq(outbox.id, sql`(${due})`), isNull(outbox.sentAt), lte(outbox.nextAttemptAt, new Date(now))))
      .returning();
    return row;
  }

  async function deliverOne(now: number): Promise<boolean> {
    const row = await claim(now);
    if (!row) return false;
    try {
      await mailer.send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        replyTo: row.replyTo ?? undefined,
        headers: storedHeaders(row.headers),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const gaveUp = row.attempts >= MAX_ATTEMPTS;
      await database.db.update(outbox).set(
        gaveUp
          ? { failedAt: new Date(now), lastError: reason.slice(0, 500) }
          : { nextAttemptAt: new Date(now + RETRY_DELAYS_MS[row.attempts - 1]), lastError: reason.slice(0, 500) },
      ).where(eq(outbox.id, row.id));
      log(
        `[mail] delivery of mail ${row.id} failed (attempt ${row.attempts} of ${MAX_ATTEMPTS}${
          gaveUp ? ", giving up" : ""
        }): ${reason}`,
      );
      return true;
    }
    // What was sent over SMTP is gone from the database (it may hold a code); the developers' log mailer keeps it.
    if (mailer.keepsDelivered) {
      await database.db.update(outbox).set({ sentAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
    } else await database.db.delete(outbox).where(eq(outbox.id, row.id));
    return true;
  }

  async function deliverDue(now?: number): Promise<number> {
    let delivered = 0;
    while (!stopped && await deliverOne(now ?? Date.now())) delivered++;
    return delivered;
  }

  /** One delivery run at a time per process; a wake during a run is served by another run after it. */
  function run(): Promise<unknown> {
    running = running.then(() => deliverDue()).catch((error) =>
      log(`[mail] the outbox worker failed: ${error instanceof Error ? error.message : error}`)
    );
    return running;
  }

  return {
    async enqueue(tx, mail) {
      await outboxInsert(tx, mail);
    },
    wake() {
      if (stopped || scheduled) return;
      scheduled = setTimeout(() => {
        scheduled = undefined;
        void run();
      }, 0);
    },
    deliverDue,
    async idle() {
      while (scheduled) await new Promise((resolve) => setTimeout(resolve, 1));
      await running;
    },
    start() {
      if (sweep || stopped) return;
      void run();
      sweep = setInterval(() => void run(), sweepMs);
      // The sweep alone never keeps a process alive.
      if (typeof Deno.unrefTimer === "function") Deno.unrefTimer(sweep as unknown as number);
    },
    async stop() {
      stopped = true;
      if (sweep) clearInterval(sweep);
      if (scheduled) clearTimeout(scheduled);
      scheduled = undefined;
      await running;
    },
  };
}

/** How many mails to these addresses still wait to be delivered (failed ones included), for a task that reports after delivering. */
export async function waitingMailCount(db: Db, to: string[]): Promise<number> {
  if (!to.length) return 0;
  return await db.$count(outbox, and(inArray(outbox.to, to), isNull(outbox.sentAt)));
}
