/**
 * How mail leaves HubRate. With SMTP_URL it goes out over SMTP; without it,
 * it is written to the log (and stays in the outbox table, marked sent) so a
 * developer can finish a sign-up locally. Requests never call a mailer:
 * they put mail in the outbox, and the outbox worker hands it to the mailer.
 */
import nodemailer from "nodemailer";

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Whether delivered mail stays in the outbox (the log mailer, for developers) or is deleted once sent. */
  readonly keepsDelivered?: boolean;
}

export function createMailer(options: { smtpUrl?: string; from: string; log?: (line: string) => void }): Mailer {
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
    keepsDelivered: true,
    send(mail) {
      log(`[mail] no SMTP_URL set; kept in the outbox table. To: ${mail.to} | Subject: ${mail.subject}\n${mail.text}`);
      return Promise.resolve();
    },
  };
}

/** Escapes text for an HTML mail body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}
