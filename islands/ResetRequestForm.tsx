import { type FormEvent, useRef, useState } from "react";
import { island } from "../src/client/island.tsx";
import { apiFetch } from "../src/client/api.ts";
import { RESET_EMAIL_KEY, writeStored } from "../src/client/storage.ts";
import { emailQuerySchema, fieldErrors } from "../src/lib/schemas.ts";
import { Field } from "../src/components/Field.tsx";

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "failed"; message: string };

function ResetRequestForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const inFlight = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = emailQuerySchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email ?? "Invalid email address");
      document.getElementById("reset-email")?.focus();
      return;
    }
    setError("");
    inFlight.current = true;
    setStatus({ kind: "sending" });
    const address = parsed.data.email;
    const result = await apiFetch<{ message: string }>(`/api/auth/forgot-password?email=${encodeURIComponent(address)}`, { method: "POST" });
    if (result.ok) {
      // Stays in flight: the page is going away.
      setStatus({ kind: "sent" });
      writeStored(RESET_EMAIL_KEY, address);
      globalThis.location.assign("/reset-password");
    } else {
      inFlight.current = false;
      if (result.fields?.email) setError(result.fields.email);
      setStatus({ kind: "failed", message: result.message ?? "Reset failed, please try again later" });
    }
  }

  const busy = status.kind === "sending" || status.kind === "sent";
  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field
        id="reset-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(value) => {
          setEmail(value);
          if (error) setError("");
        }}
        error={error}
      />
      {status.kind === "failed" && <p className="alert alert-error" role="alert">{status.message}</p>}
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>{busy ? "Sending..." : "Send Reset Code"}</button>
    </form>
  );
}

export default island("ResetRequestForm", ResetRequestForm);
