/** Answers the site's confirmation dialog (src/components/ConfirmDialog.tsx) in an islands test: confirm, or Cancel. */
import { act } from "react";

export async function answerDialog(yes: boolean): Promise<void> {
  const dialog = document.querySelector("[role=alertdialog]");
  if (!dialog) throw new Error("no dialog asked");
  const buttons = [...dialog.querySelectorAll<HTMLButtonElement>("button")];
  const button = buttons.find((b) => (b.textContent ?? "").startsWith(yes ? "Yes, " : "Cancel"));
  if (!button) throw new Error("the dialog has no such button");
  await act(async () => void button.click());
}
