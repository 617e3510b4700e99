import { type FormEvent, useRef, useState } from "react";
import { island } from "../src/client/island.tsx";
import { apiFetch } from "../src/client/api.ts";
import { VERIFICATION_EMAIL_KEY, VERIFICATION_SENT_KEY, writeStored } from "../src/client/storage.ts";
import { fieldErrors, registerSchema } from "../src/lib/schemas.ts";
import { Field } from "../src/components/Field.tsx";
import { SelectField } from "../src/components/SelectField.tsx";

type College = { code: string; name: string };
type Props = { colleges: College[] };
type Status = { kind: "idle" } | { kind: "submitting" } | { kind: "registered" } | { kind: "failed"; message: string };

const ORDER = ["email", "college", "major", "expectedGrad", "password"] as const;
const idOf = (name: string) => `register-${name}`;

function RegisterForm({ colleges }: Props) {
  const [values, setValues] = useState({ email: "", college: "", major: "", expectedGrad: "", password: "" });
  const [majors, setMajors] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const inFlight = useRef(false);
  // Only the answer for the latest chosen college may fill the list.
  const majorsRequest = useRef(0);

  const update = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: "" }));
  };

  async function chooseCollege(college: string) {
    setValues((v) => ({ ...v, college, major: "" }));
    setErrors((e) => (e.college || e.major ? { ...e, college: "", major: "" } : e));
    setMajors([]);
    const request = ++majorsRequest.current;
    if (!college) return;
    const result = await apiFetch<string[]>(`/api/auth/majors?college=${encodeURIComponent(college)}`);
    if (request !== majorsRequest.current) return;
    if (result.ok && Array.isArray(result.data)) {
      setMajors(result.data);
    } else {
      console.error("[register] could not load the majors of", college, result.ok ? "unexpected answer" : result.status);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const first = ORDER.find((name) => found[name]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setErrors({});
    inFlight.current = true;
    setStatus({ kind: "submitting" });
    const result = await apiFetch<{ message: string }>("/api/auth/register", { method: "POST", body: parsed.data });
    if (result.ok) {
      // Stays in flight: the page is going away.
      setStatus({ kind: "registered" });
      writeStored(VERIFICATION_EMAIL_KEY, parsed.data.email);
      // Registration mailed the first code: /verify continues the resend countdown from now.
      writeStored(VERIFICATION_SENT_KEY, String(Date.now()));
      globalThis.location.assign("/verify");
    } else {
      inFlight.current = false;
      if (result.fields) setErrors(result.fields);
      setStatus({ kind: "failed", message: result.message ?? "Registration failed. Try again." });
    }
  }

  const busy = status.kind === "submitting" || status.kind === "registered";
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
      <SelectField
        id={idOf("college")}
        label="College"
        name="college"
        value={values.college}
        onChange={chooseCollege}
        placeholder="Select your college"
        options={colleges.map((c) => ({ value: c.code, label: c.name ? `${c.code} — ${c.name}` : c.code }))}
        error={errors.college}
      />
      <SelectField
        id={idOf("major")}
        label="Major"
        name="major"
        value={values.major}
        onChange={update("major")}
        placeholder={values.college ? "Select your major" : "Select your college first"}
        options={majors.map((m) => ({ value: m, label: m }))}
        disabled={!values.college || majors.length === 0}
        error={errors.major}
      />
      <Field
        id={idOf("expectedGrad")}
        label="Expected graduation year"
        name="expectedGrad"
        type="number"
        placeholder="2028"
        value={values.expectedGrad}
        onChange={update("expectedGrad")}
        error={errors.expectedGrad}
      />
      <Field
        id={idOf("password")}
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={values.password}
        onChange={update("password")}
        error={errors.password}
      />
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>{busy ? "Registering..." : "Register"}</button>
      {status.kind === "failed" && <p className="alert alert-error" role="alert">{status.message}</p>}
    </form>
  );
}

export default island("RegisterForm", RegisterForm);
