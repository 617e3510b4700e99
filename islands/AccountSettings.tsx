import { useRef, useState } from "react";
import { island } from "../src/client/island.tsx";
import { apiFetch } from "../src/client/api.ts";
import { accountSchema, passwordChangeFormSchema } from "../src/lib/schemas.ts";
import { useForm } from "../src/client/use-form.ts";
import { useCollegeChoice } from "../src/client/use-majors.ts";
import { type College, CollegeMajorFields } from "../src/components/CollegeMajorFields.tsx";
import { Field } from "../src/components/Field.tsx";
import { FormOutcome } from "../src/components/FormOutcome.tsx";
import { NewPasswordFields } from "../src/components/NewPasswordFields.tsx";
import { ConfirmDialog } from "../src/components/ConfirmDialog.tsx";
import { SelectField } from "../src/components/SelectField.tsx";
import { HUB_TRACK_LABELS, HUB_TRACKS, type HubTrack } from "../src/lib/hub-requirements.ts";

type Account = {
  email: string;
  college: string;
  major: string;
  expectedGrad: number;
  reviewReminders: boolean;
  /** The Hub rules Hub progress counts by. */
  hubTrack: HubTrack;
  /** In the Kilachand Honors College: its KHC courses are open to the student. */
  kilachand: boolean;
};
type Props = Account & {
  colleges: College[];
  /** The majors of the user's college, for the first render. */
  majors: string[];
};

// ---------------------------------------------------------------- account details

function AccountForm(
  { account: initial, colleges, majors: initialMajors }: { account: Account; colleges: College[]; majors: string[] },
) {
  const form = useForm({
    college: initial.college,
    major: initial.major,
    expectedGrad: String(initial.expectedGrad),
    hubTrack: initial.hubTrack,
    kilachand: initial.kilachand,
  }, {
    idPrefix: "account",
    order: ["college", "major", "expectedGrad", "hubTrack", "kilachand"],
  });
  const { values, update, idOf, status, busy, field } = form;
  const { majors, chooseCollege } = useCollegeChoice(update, initialMajors);

  const submit = form.submitWith(
    accountSchema,
    (data) => apiFetch<{ message: string; account?: Account }>("/api/users/account", { method: "PUT", body: data }),
    "Failed to update account",
    (saved, sent) => {
      if (saved?.account) {
        form.setValues({
          college: saved.account.college,
          major: saved.account.major,
          expectedGrad: String(saved.account.expectedGrad),
          hubTrack: saved.account.hubTrack ?? sent.hubTrack ?? values.hubTrack,
          kilachand: saved.account.kilachand ?? sent.kilachand ?? values.kilachand,
        });
      }
      return { message: saved?.message ?? "Account updated" };
    },
  );

  const kilachandHint = idOf("kilachand-hint");
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="account-details-heading">
      <Field
        id={idOf("email")}
        label="Email"
        name="email"
        type="email"
        value={initial.email}
        onChange={() => {}}
        readOnly
      />
      <CollegeMajorFields field={field} colleges={colleges} majors={majors} onCollege={chooseCollege} />
      <Field {...field("expectedGrad")} label="Expected graduation year" type="number" />
      <SelectField
        {...field("hubTrack")}
        label="Hub requirements"
        options={HUB_TRACKS.map((track) => ({ value: track, label: HUB_TRACK_LABELS[track] }))}
        hint="Transfer students follow 10 Hub requirements; cocurricular experiences count for 2 units as a first-year entrant, 1 as a transfer student."
      />
      <div className="field">
        <label className="check">
          <input
            id={idOf("kilachand")}
            type="checkbox"
            name="kilachand"
            checked={values.kilachand}
            aria-describedby={kilachandHint}
            onChange={(event) => update("kilachand")(event.target.checked)}
          />
          <span>I am in the Kilachand Honors College</span>
        </label>
        <small id={kilachandHint} className="hint">Kilachand (KHC) courses are open to its students only.</small>
      </div>
      <FormOutcome status={status} />
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? "Updating..." : "Update Account"}
      </button>
    </form>
  );
}

// ---------------------------------------------------------------- review reminders

type SaveState = { kind: "idle" } | { kind: "busy" } | { kind: "done"; message: string } | {
  kind: "failed";
  message: string;
};

/**
 * The end-of-term reminder choice, saved as soon as it changes. The box is
 * never disabled during the call, so a keyboard user keeps the focus on it;
 * a change while a call runs is ignored, and a failed save puts the box back.
 */
function ReminderSetting({ initial }: { initial: boolean }) {
  const [enabled, setEnabled] = useState(initial);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const inFlight = useRef(false);

  async function change(next: boolean) {
    if (inFlight.current) return;
    inFlight.current = true;
    setEnabled(next);
    setState({ kind: "busy" });
    const result = await apiFetch<{ message: string; reviewReminders: boolean }>("/api/users/review-reminders", {
      method: "PUT",
      body: { enabled: next },
    });
    inFlight.current = false;
    if (result.ok) {
      setEnabled(result.data.reviewReminders);
      setState({ kind: "done", message: result.data.message });
    } else {
      setEnabled(!next);
      setState({ kind: "failed", message: result.message ?? "Failed to save your reminder choice. Try again." });
    }
  }

  const busy = state.kind === "busy";
  return (
    <div className="form">
      <label className="check">
        <input
          type="checkbox"
          name="reviewReminders"
          checked={enabled}
          aria-describedby="account-reminders-hint"
          onChange={(event) => void change(event.target.checked)}
        />
        <span>Email me at the end of each term about courses I completed but have not reviewed</span>
      </label>
      <p id="account-reminders-hint" className="hint">
        One email when a term ends, with a link to each course's review form. Every email has a one-click unsubscribe
        link.
      </p>
      {busy && <p className="hint" role="status">Saving...</p>}
      {state.kind === "done" && <p className="alert alert-success" role="status">{state.message}</p>}
      {state.kind === "failed" && <p className="alert alert-error" role="alert">{state.message}</p>}
    </div>
  );
}

// ---------------------------------------------------------------- password

const EMPTY_PASSWORDS = { oldPassword: "", newPassword: "", confirmPassword: "" };

function PasswordForm({ email }: { email: string }) {
  const form = useForm(EMPTY_PASSWORDS, {
    idPrefix: "account",
    order: ["oldPassword", "newPassword", "confirmPassword"],
  });
  const { status, busy, field } = form;

  const submit = form.submitWith(
    passwordChangeFormSchema,
    (data) =>
      apiFetch<{ message: string }>("/api/auth/update-password", {
        method: "PUT",
        body: { oldPassword: data.oldPassword, newPassword: data.newPassword },
      }),
    "Incorrect current password",
    () => {
      form.setValues(EMPTY_PASSWORDS);
      return { message: "Password updated successfully!" };
    },
  );

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="account-password-heading">
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field {...field("oldPassword")} label="Current password" type="password" autoComplete="current-password" />
      <NewPasswordFields field={field} />
      <FormOutcome status={status} />
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? "Changing..." : "Change Password"}
      </button>
    </form>
  );
}

// ---------------------------------------------------------------- danger zone

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
      {open && (
        <ConfirmDialog
          id="delete-dialog"
          title="Delete your account?"
          description="Your account, your course lists and your reviews are deleted right away. This cannot be undone."
          confirmLabel="Yes, delete my account"
          busy={busy}
          onCancel={close}
          onConfirm={confirm}
        />
      )}
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
      <section aria-labelledby="account-reminders-heading">
        <h2 id="account-reminders-heading">Review reminders</h2>
        <ReminderSetting initial={account.reviewReminders} />
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
