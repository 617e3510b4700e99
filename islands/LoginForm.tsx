import { type FormEvent, useRef, useState } from "react";
import { island } from "../src/client/island.tsx";
import { apiFetch } from "../src/client/api.ts";
import { joinKeptWorksheets } from "../src/client/schedule-store.ts";
import { VERIFICATION_EMAIL_KEY, VERIFICATION_SENT_KEY, writeStored } from "../src/client/storage.ts";
import { fieldErrors, loginSchema } from "../src/lib/schemas.ts";

type Props = {
  /** Where to go after signing in: a same-site path the page was given in ?next=, or null for the dashboard. */
  next: string | null;
  /** The email to start with (after a verification or a reset, the page says which account). */
  email?: string;
};
type Status = { kind: "idle" } | { kind: "submitting" } | { kind: "signedIn" } | { kind: "failed"; message: string };

/** A path on this site ("/account", "/course/3?x=1"), never another origin ("//evil.example", "/\\evil.example", "https://..."). */
export function safeNextPath(next: unknown): string | null {
  if (typeof next !== "string" || next.length > 2000) return null;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  // Control characters (a tab or newline inside "/\t/evil.example") are dropped by URL parsers and could turn the path into "//".
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  return next;
}

const FIELDS = [
  { name: "email", id: "login-email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", id: "login-password", label: "Password", type: "password", autoComplete: "current-password" },
] as const;

/**
 * docs/product.md gives the login fields no text of their own: an invalid field is
 * only marked (aria-invalid and the highlight), and focus moves to it.
 */
function LoginForm({ next, email = "" }: Props) {
  const [values, setValues] = useState({ email, password: "" });
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  // Set synchronously, so a second submit before the next render is refused too.
  const inFlight = useRef(false);

  const update = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (invalid.has(name)) setInvalid((s) => new Set([...s].filter((n) => n !== name)));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      const names = new Set(Object.keys(fieldErrors(parsed.error)));
      setInvalid(names);
      const first = FIELDS.find((f) => names.has(f.name));
      if (first) document.getElementById(first.id)?.focus();
      return;
    }
    setInvalid(new Set());
    inFlight.current = true;
    setStatus({ kind: "submitting" });
    const result = await apiFetch<{ token: string }>("/api/auth/login", { method: "POST", body: parsed.data });
    if (result.ok) {
      // Stays in flight: the page is going away.
      setStatus({ kind: "signedIn" });
      setValues({ email: "", password: "" });
      // A schedule built in this browser before logging in becomes the student's.
      await joinKeptWorksheets();
      globalThis.location.assign(safeNextPath(next) ?? "/dashboard");
    } else if (result.status === 403 && result.body?.verificationRequired === true) {
      // The right password on an account still waiting for its code: finish signing up on /verify, which the server has told what happened.
      setStatus({ kind: "signedIn" });
      writeStored(VERIFICATION_EMAIL_KEY, parsed.data.email);
      if (result.body.codeSent === true) writeStored(VERIFICATION_SENT_KEY, String(Date.now()));
      globalThis.location.assign("/verify");
    } else {
      inFlight.current = false;
      setStatus({ kind: "failed", message: result.message ?? "Incorrect email or password" });
    }
  }

  const busy = status.kind === "submitting" || status.kind === "signedIn";
  return (
    <form className="form" onSubmit={submit} noValidate>
      {FIELDS.map((f) => (
        <div key={f.name} className={invalid.has(f.name) ? "field field-invalid" : "field"}>
          <label htmlFor={f.id}>{f.label}</label>
          <input
            id={f.id}
            name={f.name}
            type={f.type}
            autoComplete={f.autoComplete}
            value={values[f.name]}
            aria-invalid={invalid.has(f.name) ? true : undefined}
            onChange={(event) => update(f.name)(event.target.value)}
          />
        </div>
      ))}
      {status.kind === "failed" && <p className="alert alert-error" role="alert">{status.message}</p>}
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? "Logging In" : "Log In"}
      </button>
    </form>
  );
}

export default island("LoginForm", LoginForm);
