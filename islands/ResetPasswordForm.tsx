import { type FormEvent, useEffect, useState } from "react";
import { island } from "../src/client/island.tsx";
import { apiFetch } from "../src/client/api.ts";
import { readStored, removeStored, RESET_EMAIL_KEY } from "../src/client/storage.ts";
import { resetPasswordFormSchema } from "../src/lib/schemas.ts";
import { useForm } from "../src/client/use-form.ts";
import { Field } from "../src/components/Field.tsx";
import { FormOutcome } from "../src/components/FormOutcome.tsx";
import { NewPasswordFields } from "../src/components/NewPasswordFields.tsx";

function ResetPasswordForm() {
  // Storage exists only in the browser: null until hydrated, "" when nothing is stored.
  const [email, setEmail] = useState<string | null>(null);
  const form = useForm({ verificationCode: "", newPassword: "", confirmPassword: "" }, {
    idPrefix: "reset-password",
    order: ["verificationCode", "newPassword", "confirmPassword"],
  });
  const { status, busy, field } = form;

  useEffect(() => {
    const stored = readStored(RESET_EMAIL_KEY) ?? "";
    setEmail(stored);
    if (!stored) globalThis.location.replace("/reset");
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.inFlight.current || !email) return;
    const data = form.validate(resetPasswordFormSchema);
    if (!data) return;
    const { verificationCode, newPassword } = data;
    await form.run(
      () =>
        apiFetch<{ message: string }>("/api/auth/reset-password", {
          method: "POST",
          body: { email, verificationCode, newPassword },
        }),
      "Reset failed, try again later",
      () => {
        removeStored(RESET_EMAIL_KEY);
        globalThis.location.assign("/login");
        return "leaving";
      },
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {email && <p className="muted" id="reset-password-sent-to">{`Enter the reset code sent to ${email}`}</p>}
      <Field
        {...field("verificationCode")}
        label="Reset code"
        autoComplete="one-time-code"
        placeholder="6-digit code"
      />
      <NewPasswordFields field={field} />
      <FormOutcome status={status} />
      <button type="submit" className="button" disabled={busy || !email} aria-busy={busy}>
        {busy ? "Resetting..." : "Reset Password"}
      </button>
    </form>
  );
}

export default island("ResetPasswordForm", ResetPasswordForm);
