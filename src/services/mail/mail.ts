/**
 * How mail leaves HubRate. With SMTP_URL it goes out over SMTP; without it,
 * it is written to the log (and stays in the outbox table, marked sent) so a
 * developer can finish a sign-up locally. Requests never call a mailer:
 * they put mail in the outbox, and the outbox worker hands it to the mailer.
 * nodemailer is loaded with the first mail (50 ms of a cold start otherwise).
 */
import type { Transporter } from "nodemailer";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, such as a reminder's List-Unsubscribe; nodemailer encodes the values. */
  headers?: Record<string, string>;
};

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Whether delivered mail stays in the outbox (the log mailer, for developers) or is deleted once sent. */
  readonly keepsDelivered?: boolean;
}

export function createMailer(options: { smtpUrl?: string; from: string; log?: (line: string) => void }): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    let transport: Promise<Transporter> | undefined;
    return {
      async send(mail) {
        transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
        await (await transport).sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          replyTo: mail.replyTo,
          headers: mail.headers,
        });
      },
    };
  }
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    keepsDelivered: true,
    send(mail) {
      const headers = Object.entries(mail.headers ?? {}).map(([name, value]) => ` | ${name}: ${value}`).join("");
      log(
        `[mail] no SMTP_URL set; kept in the outbox table. To: ${mail.to} | Subject: ${mail.subject}${headers}\n${mail.text}`,
      );
      return Promise.resolve();
    },
  };
}

/** Escapes text for an HTML mail body. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}
