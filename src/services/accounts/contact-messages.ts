import type { Database } from "../../../db/client.ts";
import { contactMessages } from "../../../db/schema.ts";
import type { ContactInput } from "../../lib/schemas.ts";
import { escapeHtml } from "../mail/mail.ts";
import { type Outbox, outboxInsert } from "../mail/outbox.ts";

export const CONTACT_SENT = "Thanks for reaching out! Your message has been sent.";

/**
 * Keeps the message and puts its mail to the maintainer in the outbox in one
 * batch (one transaction, one round trip): a mail server that is down delays the mail, and the message
 * is in contact_messages either way.
 */
export async function sendContactMessage(
  database: Database,
  outbox: Outbox,
  contactTo: string,
  input: ContactInput,
): Promise<void> {
  await database.writeBatch((tx) => [
    tx.insert(contactMessages).values(input),
    outboxInsert(tx, {
      to: contactTo,
      replyTo: input.email,
      subject: `[HubRate contact] ${input.subject}`,
      text: `From: ${input.email}\nSubject: ${input.subject}\n\n${input.message}\n`,
      html:
        `<p><strong>From:</strong> ${escapeHtml(input.email)}<br><strong>Subject:</strong> ${
          escapeHtml(input.subject)
        }</p>` +
        `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    }),
  ]);
  outbox.wake();
}
