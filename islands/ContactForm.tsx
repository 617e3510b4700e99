import { type FormEvent, useState } from "react";
import { island } from "../src/client/island.tsx";
import { apiFetch } from "../src/client/api.ts";
import { contactSchema, fieldErrors } from "../src/lib/schemas.ts";
import { Field } from "../src/components/Field.tsx";

type Props = { email: string };
type Status = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; message: string } | { kind: "failed"; message: string };

function ContactForm({ email: initialEmail }: Props) {
  const [values, setValues] = useState({ email: initialEmail, subject: "", message: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  const update = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: "" }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === "sending") return;
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setStatus({ kind: "sending" });
    const result = await apiFetch<{ message: string }>("/api/auth/contact", { method: "POST", body: parsed.data });
    if (result.ok) {
      setStatus({ kind: "sent", message: result.data.message });
      setValues((v) => ({ ...v, subject: "", message: "" }));
    } else {
      if (result.fields) setErrors(result.fields);
      setStatus({ kind: "failed", message: result.message ?? "Failed to send message. Please try again." });
    }
  }

  const sending = status.kind === "sending";
  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field
        id="contact-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={update("email")}
        error={errors.email}
      />
      <Field id="contact-subject" label="Subject" name="subject" value={values.subject} onChange={update("subject")} error={errors.subject} />
      <Field
        id="contact-message"
        label="Message"
        name="message"
        multiline
        rows={6}
        value={values.message}
        onChange={update("message")}
        error={errors.message}
      />
      {status.kind === "sent" && <p className="alert alert-success" role="status">{status.message}</p>}
      {status.kind === "failed" && <p className="alert alert-error" role="alert">{status.message}</p>}
      <button type="submit" className="button" disabled={sending} aria-busy={sending}>{sending ? "Sending..." : "Send Message"}</button>
    </form>
  );
}

export default island("ContactForm", ContactForm);
