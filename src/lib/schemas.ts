/**
 * One zod schema per payload, shared by the API validators and the form
 * islands. Messages are SPEC.md's, word for word. Written with zod/mini so the
 * islands that import them stay small.
 */
import * as z from "zod/mini";
import { textLength } from "./text.ts";

/** A required text field, trimmed, measured in user-perceived characters. */
export function boundedText(min: number, max: number, messages: { required: string; tooLong: string }) {
  return z.string({ error: messages.required }).check(
    z.trim(),
    // A cheap bound on raw size first, so a huge string is refused before it is segmented.
    z.maxLength(max * 16, messages.tooLong),
    z.refine((s) => textLength(s) >= min, messages.required),
    z.refine((s) => textLength(s) <= max, messages.tooLong),
  );
}

export function emailAddress(message: string) {
  return z.string({ error: message }).check(z.trim(), z.maxLength(254, message), z.email(message));
}

export const contactSchema = z.object({
  email: emailAddress("Please enter a valid email address"),
  subject: boundedText(1, 200, { required: "Subject is required", tooLong: "Subject must be less than 200 characters" }),
  message: boundedText(1, 3000, { required: "Message is required", tooLong: "Message must be less than 3000 characters" }),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** Field name → first message, for showing each message under its field. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}
