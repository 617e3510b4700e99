import { useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { removeStored, VERIFICATION_EMAIL_KEY, VERIFICATION_SENT_KEY } from "../src/client/storage.ts";

type Props = { token: string };

/**
 * Verifies the account of a one-click link, then goes to the login page,
 * which says so with the email filled in: the link never signs anyone in.
 */
function VerifyLinkButton({ token }: Props) {
  const [state, setState] = useState<{ kind: "idle" } | { kind: "busy" } | { kind: "failed"; message: string }>({
    kind: "idle",
  });
  const inFlight = useRef(false);

  async function verify() {
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ kind: "busy" });
    const result = await apiFetch<{ message: string }>("/api/auth/verify-link", { method: "POST", body: { token } });
    if (result.ok) {
      removeStored(VERIFICATION_EMAIL_KEY);
      removeStored(VERIFICATION_SENT_KEY);
      globalThis.location.assign("/login");
      return;
    }
    inFlight.current = false;
    setState({ kind: "failed", message: result.message ?? "Failed to verify, try again later" });
  }

  const busy = state.kind === "busy";
  return (
    <div className="stack">
      <p>Press the button to verify your email. You then log in with your password.</p>
      {state.kind === "failed" && (
        <p className="alert alert-error" role="alert">
          {state.message} <a href="/verify">Enter the code instead</a>
        </p>
      )}
      <p>
        <button type="button" className="button" onClick={verify} disabled={busy} aria-busy={busy}>
          {busy ? "Verifying..." : "Verify my email"}
        </button>
      </p>
    </div>
  );
}

export default island("VerifyLinkButton", VerifyLinkButton);
