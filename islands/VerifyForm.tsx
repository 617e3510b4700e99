import { useEffect, useRef, useState } from "react";
import { island } from "../src/client/island.tsx";
import { apiFetch } from "../src/client/api.ts";
import {
  readStored,
  removeStored,
  VERIFICATION_EMAIL_KEY,
  VERIFICATION_SENT_KEY,
  writeStored,
} from "../src/client/storage.ts";
import { verifySchema } from "../src/lib/schemas.ts";
import { useForm } from "../src/client/use-form.ts";
import { Field } from "../src/components/Field.tsx";
import { FormOutcome } from "../src/components/FormOutcome.tsx";

/** Seconds before another verification email may be asked for. */
export const RESEND_COOLDOWN = 60;

type Resend = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; message: string } | {
  kind: "failed";
  message: string;
};

type Props = {
  /** The email the server knows this browser is verifying (after a login of an unverified account), or null. */
  email?: string | null;
  /** Whether a code was mailed just now, so the resend countdown starts at once. */
  codeJustSent?: boolean;
};

/**
 * The email is read-only when this browser knows it (from the server, or
 * stored at registration), and editable otherwise: a student who opens
 * /verify on another device, in another browser or after closing the tab
 * types it and carries on.
 */
function VerifyForm({ email: known = null, codeJustSent = false }: Props) {
  const form = useForm({ email: known ?? "", verificationCode: "" }, {
    idPrefix: "verify",
    order: ["email", "verificationCode"],
  });
  const { values, update, idOf, status, busy, field } = form;
  const email = values.email;
  const [locked, setLocked] = useState(Boolean(known));
  const [resend, setResend] = useState<Resend>({ kind: "idle" });
  const [countdown, setCountdown] = useState(0);
  const sending = useRef(false);

  useEffect(() => {
    // Storage exists only in the browser: what it holds is filled in after hydration, so the server's HTML matches.
    const stored = readStored(VERIFICATION_EMAIL_KEY);
    if (known) writeStored(VERIFICATION_EMAIL_KEY, known);
    else if (stored) {
      update("email")(stored);
      setLocked(true);
    }
    if (codeJustSent) writeStored(VERIFICATION_SENT_KEY, String(Date.now()));
    // A code mailed less than a minute ago (at registration, at login, or by a resend before a reload) keeps its countdown.
    const sentAt = Number(readStored(VERIFICATION_SENT_KEY));
    const left = sentAt > 0 ? Math.ceil((sentAt + RESEND_COOLDOWN * 1000 - Date.now()) / 1000) : 0;
    if (left > 0) setCountdown(Math.min(RESEND_COOLDOWN, left));
  }, []);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  function chooseAnotherEmail() {
    removeStored(VERIFICATION_EMAIL_KEY);
    removeStored(VERIFICATION_SENT_KEY);
    update("email")("");
    setLocked(false);
    setCountdown(0);
    setResend({ kind: "idle" });
    // The field is about to become editable: focus it once it is.
    setTimeout(() => document.getElementById(idOf("email"))?.focus(), 0);
  }

  const submit = form.submitWith(
    verifySchema,
    (data) => apiFetch<{ message: string }>("/api/auth/verify", { method: "POST", body: data }),
    "Failed to verify, try again later",
    () => {
      removeStored(VERIFICATION_EMAIL_KEY);
      removeStored(VERIFICATION_SENT_KEY);
      globalThis.location.assign("/login");
      return "leaving";
    },
  );

  async function resendEmail() {
    if (countdown > 0 || sending.current) return;
    const target = email.trim();
    if (!target) {
      setResend({ kind: "failed", message: "No email found" });
      return;
    }
    sending.current = true;
    setResend({ kind: "sending" });
    const result = await apiFetch<{ message: string }>(
      `/api/auth/resend-verification?email=${encodeURIComponent(target)}`,
      { method: "POST" },
    );
    sending.current = false;
    if (result.ok) {
      setResend({ kind: "sent", message: result.data?.message ?? "" });
      setCountdown(RESEND_COOLDOWN);
      writeStored(VERIFICATION_EMAIL_KEY, target);
      writeStored(VERIFICATION_SENT_KEY, String(Date.now()));
    } else {
      setResend({ kind: "failed", message: result.message ?? "Failed to resend email, try again later" });
      // Too soon: count down for as long as the server asks.
      if (result.status === 429 && result.retryAfter) setCountdown(Math.min(RESEND_COOLDOWN * 60, result.retryAfter));
    }
  }

  const resendLabel = resend.kind === "sending"
    ? "Sending..."
    : countdown > 0
    ? `Resend verification email (${countdown}s)`
    : "Resend verification email";
  return (
    <div className="stack">
      <form className="form" onSubmit={submit} noValidate>
        <Field
          {...field("email")}
          label="Email"
          type="email"
          autoComplete="email"
          readOnly={locked}
          hint={locked ? undefined : "The email you signed up with."}
        />
        {locked && (
          <p className="field-aside">
            <button type="button" className="link-button" onClick={chooseAnotherEmail}>Use a different email</button>
          </p>
        )}
        <Field
          {...field("verificationCode")}
          label="Verification code"
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="6-digit code"
        />
        <FormOutcome status={status} />
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? "Verifying..." : "Verify Account"}
        </button>
      </form>
      <div className="form-links" id="verify-resend">
        <p>
          Didn't get the code?{" "}
          <button
            type="button"
            className="link-button"
            onClick={resendEmail}
            disabled={resend.kind === "sending"}
            aria-disabled={countdown > 0 ? true : undefined}
            aria-busy={resend.kind === "sending"}
          >
            {resendLabel}
          </button>
        </p>
        {resend.kind === "sent" && resend.message && (
          <p className="alert alert-success" role="status">{resend.message}</p>
        )}
        {resend.kind === "failed" && <p className="alert alert-error" role="alert">{resend.message}</p>}
      </div>
    </div>
  );
}

export default island("VerifyForm", VerifyForm);
