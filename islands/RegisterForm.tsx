import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { VERIFICATION_EMAIL_KEY, VERIFICATION_SENT_KEY, writeStored } from "../src/client/storage.ts";
import { useForm } from "../src/client/use-form.ts";
import { useCollegeChoice } from "../src/client/use-majors.ts";
import { type College, CollegeMajorFields } from "../src/components/CollegeMajorFields.tsx";
import { Field } from "../src/components/Field.tsx";
import { FormOutcome } from "../src/components/FormOutcome.tsx";
import { registerSchema } from "../src/lib/schemas.ts";

type Props = { colleges: College[] };

function RegisterForm({ colleges }: Props) {
  const form = useForm({ email: "", college: "", major: "", expectedGrad: "", password: "" }, {
    idPrefix: "register",
    order: ["email", "college", "major", "expectedGrad", "password"],
  });
  const { update, status, busy, field } = form;
  const { majors, chooseCollege } = useCollegeChoice(update);

  const submit = form.submitWith(
    registerSchema,
    (data) => apiFetch<{ message: string }>("/api/auth/register", { method: "POST", body: data }),
    "Registration failed. Try again.",
    (_result, data) => {
      writeStored(VERIFICATION_EMAIL_KEY, data.email);
      // Registration mailed the first code: /verify continues the resend countdown from now.
      writeStored(VERIFICATION_SENT_KEY, String(Date.now()));
      globalThis.location.assign("/verify");
      return "leaving";
    },
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field {...field("email")} label="Email" type="email" autoComplete="email" />
      <CollegeMajorFields field={field} colleges={colleges} majors={majors} onCollege={chooseCollege} />
      <Field {...field("expectedGrad")} label="Expected graduation year" type="number" placeholder="2028" />
      <Field
        {...field("password")}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
      />
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? "Registering..." : "Register"}
      </button>
      <FormOutcome status={status} />
    </form>
  );
}

export default island("RegisterForm", RegisterForm);
