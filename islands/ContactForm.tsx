import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { useForm } from "../src/client/use-form.ts";
import { Field } from "../src/components/Field.tsx";
import { FormOutcome } from "../src/components/FormOutcome.tsx";
import { contactSchema } from "../src/lib/schemas.ts";

type Props = { email: string };

function ContactForm({ email }: Props) {
  const form = useForm({ email, subject: "", message: "" }, { idPrefix: "contact", order: ["email", "subject", "message"] });
  const { values, errors, update, idOf, status, busy } = form;

  const submit = form.submitWith(
    contactSchema,
    (data) => apiFetch<{ message: string }>("/api/auth/contact", { method: "POST", body: data }),
    "Failed to send message. Please try again.",
    (sent) => {
      form.setValues((v) => ({ ...v, subject: "", message: "" }));
      return { message: sent.message };
    },
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field
        id={idOf("email")}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={update("email")}
        error={errors.email}
      />
      <Field id={idOf("subject")} label="Subject" name="subject" value={values.subject} onChange={update("subject")} error={errors.subject} />
      <Field
        id={idOf("message")}
        label="Message"
        name="message"
        multiline
        rows={6}
        value={values.message}
        onChange={update("message")}
        error={errors.message}
      />
      <FormOutcome status={status} />
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>{busy ? "Sending..." : "Send Message"}</button>
    </form>
  );
}

export default island("ContactForm", ContactForm);
