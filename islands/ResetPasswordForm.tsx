import { type FormEvent, useEffect, useRef, useState } from "react";
import { island } from "../src/client/island.tsx";
import { apiFetch } from "../src/client/api.ts";
import { readStored, removeStored, RESET_EMAIL_KEY } from "../src/client/storage.ts";
import { fieldErrors, resetPasswordFormSchema } from "../src/lib/schemas.ts";
import { Field } from "../src/components/Field.tsx";

type Status = { kind: "idle" } | { kind: "resetting" } | { kind: "done" } | { kind: "failed"; message: string };

const ORDER = ["verificationCode", "newPassword", "confirmPassword"] as const;
const idOf = (name: string) => `reset-password-${name}`;

function ResetPasswordForm() {
  // Storage exists only in the browser: null until hydrated, "" when nothing is stored.
  const [email, setEmail] = useState<string | null>(null);
  const [values, setValues] = useState({ verificationCode: "", newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const inFlight = useRef(false);

  useEffect(() => {
    const stored = readStored(RESET_EMAIL_KEY) ?? "";
    setEmail(stored);
    if (!stored) globalThis.location.replace("/reset");
  }, []);

  const update = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: "" }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || !email) return;
    const parsed = resetPasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const first = ORDER.find((name) => found[name]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setErrors({});
    inFlight.current = true;
    setStatus({ kind: "resetting" });
    const { verificationCode, newPassword } = parsed.data;
    const result = await apiFetch<{ message: string }>("/api/auth/reset-password", { method: "POST", body: { email, verificationCode, newPassword } });
    if (result.ok) {
      // Stays in flight: the page is going away.
      setStatus({ kind: "done" });
      removeStored(RESET_EMAIL_KEY);
      globalThis.location.assign("/login");
    } else {
      inFlight.current = false;
      if (result.fields) setErrors(result.fields);
      setStatus({ kind: "failed", message: result.message ?? "Reset failed, try again later" });
    }
  }

  const busy = status.kind === "resetting" || status.kind === "done";
  return (
    <form className="form" onSubmit={submit} noValidate>
      {email && <p className="muted" id="reset-password-sent-to">{`Enter the reset code sent to ${email}`}</p>}
      <Field
        id={idOf("verificationCode")}
        label="Reset code"
        name="verificationCode"
        autoComplete="one-time-code"
        placeholder="6-digit code"
        value={values.verificationCode}
        onChange={update("verificationCode")}
        error={errors.verificationCode}
      />
      <Field
        id={idOf("newPassword")}
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={update("newPassword")}
        error={errors.newPassword}
      />
      <Field
        id={idOf("confirmPassword")}
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={update("confirmPassword")}
        error={errors.confirmPassword}
      />
      {status.kind === "failed" && <p className="alert alert-error" role="alert">{status.message}</p>}
      <button type="submit" className="button" disabled={busy || !email} aria-busy={busy}>{busy ? "Resetting..." : "Reset Password"}</button>
    </form>
  );
}

export default island("ResetPasswordForm", ResetPasswordForm);
