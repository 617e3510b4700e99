/**
 * One mailer for the whole app. With SMTP_URL the mail goes out over SMTP;
 * without it, it is written to the log and kept in the outbox table so a
 * developer can finish a sign-up locally.
 */
import nodemailer from "nodemailer";
import type { Database } from "../../db/client.ts";
import { outbox } from "../../db/schema.ts";

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; from: string; database: Database; log?: (line: string) => void }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, replyTo: mail.replyTo });
      },
    };
  }
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    async send(mail) {
      await options.database.write((tx) => tx.insert(outbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null }));
      log(`[mail] no SMTP_URL set; kept in the outbox table. To: ${mail.to} | Subject: ${mail.subject}\n${mail.text}`);
    },
  };
}

/** Escapes text for an HTML mail body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}
