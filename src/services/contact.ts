import type { Database } from "../../db/client.ts";
import { contactMessages } from "../../db/schema.ts";
import type { ContactInput } from "../lib/schemas.ts";
import { escapeHtml, type Mailer } from "./mail.ts";

export const CONTACT_SENT = "Thanks for reaching out! Your message has been sent.";

/** Keeps the message first, so it is never lost if the mail server is down, then mails it to the maintainer. */
export async function sendContactMessage(database: Database, mailer: Mailer, contactTo: string, input: ContactInput): Promise<void> {
  await database.write((tx) => tx.insert(contactMessages).values(input));
  try {
    await mailer.send({
      to: contactTo,
      replyTo: input.email,
      subject: `[HubRate contact] ${input.subject}`,
      text: `From: ${input.email}\nSubject: ${input.subject}\n\n${input.message}\n`,
      html: `<p><strong>From:</strong> ${escapeHtml(input.email)}<br><strong>Subject:</strong> ${escapeHtml(input.subject)}</p>` +
        `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    });
  } catch (error) {
    // The message is stored; the maintainer still finds it in contact_messages.
    console.error("[contact] mail delivery failed:", error instanceof Error ? error.message : error);
  }
}
