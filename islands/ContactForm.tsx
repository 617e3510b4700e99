import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { useForm } from "../src/client/use-form.ts";
import { Field } from "../src/components/Field.tsx";
import { FormOutcome } from "../src/components/FormOutcome.tsx";
import { contactSchema } from "../src/lib/schemas.ts";

type Props = { email: string };

function ContactForm({ email }: Props) {
  const form = useForm({ email, subject: "", message: "" }, {
    idPrefix: "contact",
    order: ["email", "subject", "message"],
  });
  const { status, busy, field } = form;

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
      <Field {...field("email")} label="Email" type="email" autoComplete="email" />
      <Field {...field("subject")} label="Subject" />
      <Field {...field("message")} label="Message" multiline rows={6} />
      <FormOutcome status={status} />
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}

export default island("ContactForm", ContactForm);
