import type { FormStatus } from "../client/use-form.ts";

/** The line under a form after it was sent: the success message as a status, the failure as an alert. */
export function FormOutcome({ status }: { status: FormStatus }) {
  if (status.kind === "done" && status.message) {
    return <p className="alert alert-success" role="status">{status.message}</p>;
  }
  if (status.kind === "failed" && status.message) {
    return <p className="alert alert-error" role="alert">{status.message}</p>;
  }
  return null;
}
