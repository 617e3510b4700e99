import { Field } from "./Field.tsx";

type Props = {
  idOf: (name: string) => string;
  newPassword: string;
  confirmPassword: string;
  errors: Record<string, string>;
  onNewPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
};

/** A new password and its confirmation, as the reset and change-password forms ask for them. */
export function NewPasswordFields({ idOf, newPassword, confirmPassword, errors, onNewPassword, onConfirmPassword }: Props) {
  return (
    <>
      <Field
        id={idOf("newPassword")}
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={onNewPassword}
        error={errors.newPassword}
      />
      <Field
        id={idOf("confirmPassword")}
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={onConfirmPassword}
        error={errors.confirmPassword}
      />
    </>
  );
}
