import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { RESET_EMAIL_KEY, writeStored } from "../src/client/storage.ts";
import { useForm } from "../src/client/use-form.ts";
import { Field } from "../src/components/Field.tsx";
import { FormOutcome } from "../src/components/FormOutcome.tsx";
import { emailQuerySchema } from "../src/lib/schemas.ts";

function ResetRequestForm() {
  const form = useForm({ email: "" }, { idPrefix: "reset", order: ["email"] });
  const { status, field } = form;

  const submit = form.submitWith(
    emailQuerySchema,
    (data) =>
      apiFetch<{ message: string }>(`/api/auth/forgot-password?email=${encodeURIComponent(data.email)}`, {
        method: "POST",
      }),
    "Reset failed, please try again later",
    (_result, data) => {
      writeStored(RESET_EMAIL_KEY, data.email);
      globalThis.location.assign("/reset-password");
      return "leaving";
    },
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field {...field("email")} label="Email" type="email" autoComplete="email" />
      <FormOutcome status={status} />
      <button type="submit" className="button" disabled={form.busy} aria-busy={form.busy}>
        {form.busy ? "Sending..." : "Send Reset Code"}
      </button>
    </form>
  );
}

export default island("ResetRequestForm", ResetRequestForm);
