/**
 * Mail leaves through the outbox: requests put it in a table in the
 * transaction that decides to send it, and a worker delivers it with retries,
 * so no answer waits on the mail server.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { outbox as outboxTable } from "../../db/schema.ts";
import { createMailer, type Mail, type Mailer } from "../../src/services/mail/mail.ts";
import { createOutbox, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../../src/services/mail/outbox.ts";
import { api } from "../helpers/accounts.ts";
import { jsonRequest, makeTestApp, type TestApp } from "../helpers/app.ts";
import { headerOf, type SmtpInbox, startSmtpServer } from "../helpers/smtp.ts";

let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

async function withApp(options: Parameters<typeof makeTestApp>[0], use: (t: TestApp) => Promise<void>) {
  const t = await makeTestApp({
    ...options,
    env: { DEMO_CATALOG: "off", CONTACT_TO: "maintainer@example.edu", ...options?.env },
  });
  try {
    await use(t);
  } finally {
    await t.close();
  }
}

const contact = (email: string) =>
  jsonRequest("POST", { email, subject: "Löst & found", message: "Line one\n<b>not bold</b>" });

describe("mail through the outbox", () => {
  test("a contact message reaches CONTACT_TO through a real SMTP server, and nothing of it stays in the outbox", async () => {
    await withApp({ smtpUrl: smtp.url }, async (t) => {
      const response = await t.app.request("/api/auth/contact", contact("student@bu.edu"));
      expect(response.status).toBe(200);
      const mail = await smtp.next("maintainer@example.edu");
      expect(mail.subject).toBe("[HubRate contact] Löst & found");
      expect(mail.from?.text).toContain("no-reply@hubrate.test");
      expect(mail.replyTo?.text).toContain("student@bu.edu");
      expect(mail.text).toContain("Line one\n<b>not bold</b>");
      expect(mail.html).toContain("&lt;b&gt;not bold&lt;/b&gt;");
      await t.deps.outbox.idle();
      expect(await t.deps.database.db.$count(outboxTable)).toBe(0);
    });
  });

  test("a mail's extra headers are kept in the outbox and sent over SMTP; mail without any sends none", async () => {
    await withApp({ smtpUrl: smtp.url }, async (t) => {
      const headers = {
        "List-Unsubscribe": "<http://localhost:8000/unsubscribe?token=1.abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      };
      await t.deps.database.write(async (tx) => {
        await t.deps.outbox.enqueue(tx, { to: "headers@bu.edu", subject: "With headers", text: "x", headers });
        await t.deps.outbox.enqueue(tx, { to: "plain@bu.edu", subject: "Without", text: "y" });
      });
      const rows = await t.deps.database.db.select().from(outboxTable).orderBy(outboxTable.id);
      expect(rows.map((r) => r.headers && JSON.parse(r.headers))).toEqual([headers, null]);
      t.deps.outbox.wake();
      const mail = await smtp.next("headers@bu.edu");
      expect(headerOf(mail, "List-Unsubscribe")).toBe(headers["List-Unsubscribe"]);
      expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      const plain = await smtp.next("plain@bu.edu");
      expect(headerOf(plain, "List-Unsubscribe")).toBeUndefined();
    });
  });

  test("a headers column that is not an object of strings keeps the mail waiting with the reason, never sent without them", async () => {
    const received: Mail[] = [];
    const mailer: Mailer = { send: (mail) => Promise.resolve(void received.push(mail)) };
    await withApp({ mailer }, async (t) => {
      await t.deps.database.db.insert(outboxTable).values({
        to: "odd@bu.edu",
        subject: "Odd",
        text: "x",
        headers: '["List-Unsubscribe"]',
      });
      const worker = createOutbox(t.deps.database, mailer, { log: () => {} });
      expect(await worker.deliverDue()).toBe(1);
      const [row] = await t.deps.database.db.select().from(outboxTable).where(eq(outboxTable.to, "odd@bu.edu"));
      expect(row).toMatchObject({
        attempts: 1,
        sentAt: null,
        lastError: "the outbox row's headers are not a JSON object of strings",
      });
      expect(received).toEqual([]);
      await worker.stop();
    });
  });

  test("without SMTP_URL, mail goes to the log and stays in the outbox table, marked sent", async () => {
    const lines: string[] = [];
    const mailer = createMailer({ from: "x@y.z", log: (line) => lines.push(line) });
    await withApp({ mailer }, async (t) => {
      expect((await t.app.request("/api/auth/contact", contact("dev@bu.edu"))).status).toBe(200);
      await t.deps.outbox.idle();
      const rows = await t.deps.database.db.select().from(outboxTable);
      expect(rows).toEqual([
        expect.objectContaining({
          to: "maintainer@example.edu",
          subject: "[HubRate contact] Löst & found",
          attempts: 1,
        }),
      ]);
      expect(rows[0].sentAt).toBeInstanceOf(Date);
      expect(lines.join("\n")).toContain("Line one");
    });
  });

  test("no answer waits on the mail server: a resend answers at once while delivery takes seconds", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => release = resolve);
    const delivered: Mail[] = [];
    const slow: Mailer = { send: async (mail) => void (await gate, delivered.push(mail)) };
    await withApp({ mailer: slow }, async (t) => {
      const registered = await api(t, "/api/auth/register", {
        method: "POST",
        body: {
          email: "slow@bu.edu",
          college: "CAS",
          major: "Physics",
          expectedGrad: 2027,
          password: "a sturdy passphrase",
        },
      });
      expect(registered.status).toBe(201);
      const started = performance.now();
      const contactAnswer = await t.app.request("/api/auth/contact", contact("slow@bu.edu"));
      expect(contactAnswer.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(delivered).toHaveLength(0);
      release();
      await t.deps.outbox.idle();
      expect(delivered.map((m) => m.to).sort()).toEqual(["maintainer@example.edu", "slow@bu.edu"]);
    });
  });

  test("a mail server that is down delays mail: the message is kept, the mail retried with growing waits, then given up", async () => {
    const dead = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "x@y.z" });
    const log: string[] = [];
    await withApp({ mailer: dead }, async (t) => {
      const response = await t.app.request("/api/auth/contact", contact("kept@bu.edu"));
      expect(response.status).toBe(200);
      await t.deps.outbox.idle();
      const messages = await t.deps.database.db.query.contactMessages.findMany();
      expect(messages.map((r) => r.email)).toContain("kept@bu.edu");

      const worker = createOutbox(t.deps.database, dead, { log: (line) => log.push(line) });
      let [row] = await t.deps.database.db.select().from(outboxTable);
      expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
      expect(row.lastError).toBeTruthy();
      // Nothing is due before the first wait is over.
      const firstTry = row.nextAttemptAt.getTime();
      expect(await worker.deliverDue(firstTry - 1)).toBe(0);
      let now = firstTry;
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        expect(await worker.deliverDue(now)).toBe(1);
        [row] = await t.deps.database.db.select().from(outboxTable);
        expect(row.attempts).toBe(attempt);
        if (attempt < MAX_ATTEMPTS) {
          expect(row.nextAttemptAt.getTime()).toBe(now + RETRY_DELAYS_MS[attempt - 1]);
          now = row.nextAttemptAt.getTime();
        }
      }
      expect(row.failedAt).toBeInstanceOf(Date);
      expect(await worker.deliverDue(now + 24 * 3600_000)).toBe(0);
      expect(log.at(-1)).toMatch(/giving up/);
      await worker.stop();
    });
  });

  test("two workers on one database deliver each mail exactly once", async () => {
    const received: string[] = [];
    const mailer: Mailer = {
      send: async (mail) => void (await new Promise((r) => setTimeout(r, 2)), received.push(mail.subject)),
    };
    await withApp({ mailer }, async (t) => {
      await t.deps.database.write(async (tx) => {
        for (let i = 0; i < 30; i++) {
          await t.deps.outbox.enqueue(tx, { to: "many@bu.edu", subject: `mail ${i}`, text: "x" });
        }
      });
      const second = createOutbox(t.deps.database, mailer);
      const [a, b] = await Promise.all([t.deps.outbox.deliverDue(), second.deliverDue()]);
      expect(a + b).toBe(30);
      expect(received.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `mail ${i}`).sort());
      expect(await t.deps.database.db.$count(outboxTable, eq(outboxTable.to, "many@bu.edu"))).toBe(0);
      await second.stop();
    });
  });
});
