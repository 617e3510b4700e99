import { type FormEvent, useEffect, useRef, useState } from "react";
import { island } from "../src/client/island.tsx";
import { apiFetch } from "../src/client/api.ts";
import { accountSchema, fieldErrors, passwordChangeFormSchema } from "../src/lib/schemas.ts";
import { Field } from "../src/components/Field.tsx";
import { SelectField } from "../src/components/SelectField.tsx";

type College = { code: string; name: string };
type Account = { email: string; college: string; major: string; expectedGrad: number };
type Props = Account & {
  colleges: College[];
  /** The majors of the user's college, for the first render. */
  majors: string[];
};

type Status = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; message: string } | { kind: "failed"; message: string };

function focusFirst(found: Record<string, string>, order: readonly string[], idOf: (name: string) => string) {
  const first = order.find((name) => found[name]);
  if (first) document.getElementById(idOf(first))?.focus();
}

// ---------------------------------------------------------------- account details

const ACCOUNT_ORDER = ["college", "major", "expectedGrad"] as const;
const accountId = (name: string) => `account-${name}`;

function AccountForm({ account: initial, colleges, majors: initialMajors }: { account: Account; colleges: College[]; majors: string[] }) {
  const [values, setValues] = useState({ college: initial.college, major: initial.major, expectedGrad: String(initial.expectedGrad) });
  const [majors, setMajors] = useState(initialMajors);
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
      console.error("[account] could not load the majors of", college, result.ok ? "unexpected answer" : result.status);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = accountSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirst(found, ACCOUNT_ORDER, accountId);
      return;
    }
    setErrors({});
    inFlight.current = true;
    setStatus({ kind: "saving" });
    const result = await apiFetch<{ message: string; account?: Account }>("/api/users/account", { method: "PUT", body: parsed.data });
    inFlight.current = false;
    if (result.ok) {
      const saved = result.data?.account;
      if (saved) setValues({ college: saved.college, major: saved.major, expectedGrad: String(saved.expectedGrad) });
      setStatus({ kind: "saved", message: result.data?.message ?? "Account updated" });
    } else {
      if (result.fields) setErrors(result.fields);
      setStatus({ kind: "failed", message: result.message ?? "Failed to update account" });
    }
  }

  const busy = status.kind === "saving";
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="account-details-heading">
      <Field id={accountId("email")} label="Email" name="email" type="email" value={initial.email} onChange={() => {}} readOnly />
      <SelectField
        id={accountId("college")}
        label="College"
        name="college"
        value={values.college}
        onChange={chooseCollege}
        placeholder="Select your college"
        options={colleges.map((c) => ({ value: c.code, label: c.name ? `${c.code} — ${c.name}` : c.code }))}
        error={errors.college}
      />
      <SelectField
        id={accountId("major")}
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
        id={accountId("expectedGrad")}
        label="Expected graduation year"
        name="expectedGrad"
        type="number"
        value={values.expectedGrad}
        onChange={update("expectedGrad")}
        error={errors.expectedGrad}
      />
      {status.kind === "saved" && <p className="alert alert-success" role="status">{status.message}</p>}
      {status.kind === "failed" && <p className="alert alert-error" role="alert">{status.message}</p>}
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>{busy ? "Updating..." : "Update Account"}</button>
    </form>
  );
}

// ---------------------------------------------------------------- password

const PASSWORD_ORDER = ["oldPassword", "newPassword", "confirmPassword"] as const;
const passwordId = (name: string) => `account-${name}`;
const EMPTY_PASSWORDS = { oldPassword: "", newPassword: "", confirmPassword: "" };

function PasswordForm({ email }: { email: string }) {
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const inFlight = useRef(false);

  const update = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: "" }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = passwordChangeFormSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirst(found, PASSWORD_ORDER, passwordId);
      return;
    }
    setErrors({});
    inFlight.current = true;
    setStatus({ kind: "saving" });
    const { oldPassword, newPassword } = parsed.data;
    const result = await apiFetch<{ message: string }>("/api/auth/update-password", { method: "PUT", body: { oldPassword, newPassword } });
    inFlight.current = false;
    if (result.ok) {
      setValues(EMPTY_PASSWORDS);
      setStatus({ kind: "saved", message: "Password updated successfully!" });
    } else {
      if (result.fields) setErrors(result.fields);
      setStatus({ kind: "failed", message: result.message ?? "Incorrect current password" });
    }
  }

  const busy = status.kind === "saving";
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="account-password-heading">
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field
        id={passwordId("oldPassword")}
        label="Current password"
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        value={values.oldPassword}
        onChange={update("oldPassword")}
        error={errors.oldPassword}
      />
      <Field
        id={passwordId("newPassword")}
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={update("newPassword")}
        error={errors.newPassword}
      />
      <Field
        id={passwordId("confirmPassword")}
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={update("confirmPassword")}
        error={errors.confirmPassword}
      />
      {status.kind === "saved" && <p className="alert alert-success" role="status">{status.message}</p>}
      {status.kind === "failed" && <p className="alert alert-error" role="alert">{status.message}</p>}
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>{busy ? "Changing..." : "Change Password"}</button>
    </form>
  );
}

// ---------------------------------------------------------------- danger zone

function ConfirmDeleteDialog({ busy, onCancel, onConfirm }: { busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The safe choice gets the focus, so Enter does not delete by accident.
    cancel.current?.focus();
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        if (!busy) onCancel();
        return;
      }
      if (event.key !== "Tab" || !dialog.current) return;
      // Keep Tab inside the dialog.
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>("button:not([disabled])")];
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const inside = dialog.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [busy, onCancel]);

  return (
    <div className="dialog-backdrop">
      <div
        ref={dialog}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="delete-dialog-title"
        aria-describedby="delete-dialog-description"
      >
        <h2 id="delete-dialog-title">Delete your account?</h2>
        <p id="delete-dialog-description">
          Your account, your course lists and your reviews are deleted right away. This cannot be undone.
        </p>
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="button button-ghost" onClick={onCancel} disabled={busy}>Cancel</button>
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>Yes, delete my account</button>
        </div>
      </div>
    </div>
  );
}

function DangerZone() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const opener = useRef<HTMLButtonElement>(null);
  const inFlight = useRef(false);

  function close() {
    setOpen(false);
    opener.current?.focus();
  }

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError("");
    const result = await apiFetch<{ message: string }>("/api/users/delete", { method: "DELETE" });
    if (result.ok) {
      // Stays in flight: the page is going away.
      globalThis.location.assign("/");
      return;
    }
    inFlight.current = false;
    setBusy(false);
    close();
    if (result.status === 401 && result.message) setError(result.message);
    else console.error("[account] delete failed", result.status, result.message);
  }

  return (
    <>
      <p>Deleting your account removes your data from HubRate immediately.</p>
      {error && <p className="alert alert-error" role="alert">{error}</p>}
      <button
        ref={opener}
        type="button"
        className="button button-danger"
        aria-haspopup="dialog"
        onClick={() => {
          setError("");
          setOpen(true);
        }}
      >
        Delete My Account
      </button>
      {open && <ConfirmDeleteDialog busy={busy} onCancel={close} onConfirm={confirm} />}
    </>
  );
}

// ---------------------------------------------------------------- the page's island

function AccountSettings({ colleges, majors, ...account }: Props) {
  return (
    <div className="account-settings">
      <section aria-labelledby="account-details-heading">
        <h2 id="account-details-heading">Account details</h2>
        <AccountForm account={account} colleges={colleges} majors={majors} />
      </section>
      <section aria-labelledby="account-password-heading">
        <h2 id="account-password-heading">Change password</h2>
        <PasswordForm email={account.email} />
      </section>
      <section className="danger-zone" aria-labelledby="account-danger-heading">
        <h2 id="account-danger-heading">Danger Zone</h2>
        <DangerZone />
      </section>
    </div>
  );
}

export default island("AccountSettings", AccountSettings);
