import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { outbox } from "../../db/schema.ts";
import { createMailer } from "../../src/services/mail.ts";
import { jsonRequest, makeTestApp, type TestApp } from "../helpers/app.ts";
import { type SmtpInbox, startSmtpServer } from "../helpers/smtp.ts";

let smtp: SmtpInbox;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await makeTestApp({ env: { DEMO_CATALOG: "off", CONTACT_TO: "maintainer@example.edu" } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe("mail", () => {
  test("a contact message reaches CONTACT_TO through a real SMTP server", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: "HubRate <no-reply@hubrate.test>", database: t.deps.database });
    const withSmtp = await makeTestApp({ env: { DEMO_CATALOG: "off", CONTACT_TO: "maintainer@example.edu" }, mailer });
    try {
      const response = await withSmtp.app.request(
        "/api/auth/contact",
        jsonRequest("POST", { email: "student@bu.edu", subject: "Löst & found", message: "Line one\n<b>not bold</b>" }),
      );
      expect(response.status).toBe(200);
      const mail = await smtp.next("maintainer@example.edu");
      expect(mail.subject).toBe("[HubRate contact] Löst & found");
      expect(mail.from?.text).toContain("no-reply@hubrate.test");
      expect(mail.replyTo?.text).toContain("student@bu.edu");
      expect(mail.text).toContain("Line one\n<b>not bold</b>");
      expect(mail.html).toContain("&lt;b&gt;not bold&lt;/b&gt;");
    } finally {
      await withSmtp.close();
    }
  });

  test("without SMTP_URL, mail goes to the log and the outbox table", async () => {
    const lines: string[] = [];
    const mailer = createMailer({ from: "x@y.z", database: t.deps.database, log: (line) => lines.push(line) });
    await mailer.send({ to: "dev@bu.edu", subject: "Your code", text: "123456" });
    const rows = await t.deps.database.db.select().from(outbox);
    expect(rows).toContainEqual(expect.objectContaining({ to: "dev@bu.edu", subject: "Your code", text: "123456" }));
    expect(lines.join("\n")).toContain("123456");
  });

  test("the contact message is kept even when the mail server is down", async () => {
    const dead = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "x@y.z", database: t.deps.database });
    const app = await makeTestApp({ env: { DEMO_CATALOG: "off" }, mailer: dead });
    try {
      const response = await app.app.request("/api/auth/contact", jsonRequest("POST", { email: "kept@bu.edu", subject: "s", message: "m" }));
      expect(response.status).toBe(200);
      const rows = await app.deps.database.db.query.contactMessages.findMany();
      expect(rows.map((r) => r.email)).toContain("kept@bu.edu");
    } finally {
      await app.close();
    }
  });
});
