import { Field, type FieldBinding } from "./Field.tsx";

/** A new password and its confirmation, as the reset and change-password forms ask for them. */
export function NewPasswordFields({ field }: { field: (name: "newPassword" | "confirmPassword") => FieldBinding }) {
  return (
    <>
      <Field {...field("newPassword")} label="New password" type="password" autoComplete="new-password" />
      <Field {...field("confirmPassword")} label="Confirm new password" type="password" autoComplete="new-password" />
    </>
  );
}
