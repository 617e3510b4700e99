import { type FormEvent, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import type { PastedCodes } from "../src/lib/api-types.ts";
import { PASTE_LIMIT } from "../src/lib/schemas.ts";
import { plural } from "../src/lib/text.ts";

/** What a grade beside a course says, as the list says it. */
const NOT_COMPLETED_NOTES: Record<string, string> = {
  "withdrawn": "Withdrawn",
  "in progress": "In progress",
  "failed": "Failed",
  "incomplete": "Incomplete",
  "no credit": "No credit",
  "audit": "Audited",
  "no grade": "No grade yet",
};

/**
 * My Courses: paste a transcript, a degree audit or course codes in any common form (up to 100 codes), see which
 * courses were found, which are completed already (not offered again), which codes name no course and which lines
 * were not understood; untick any, and mark the rest completed in one step (POST /api/courses/match, then POST
 * /api/users/completed-courses). A course whose grade says it was not completed (W, IP, F, INC, or no grade yet in a
 * transcript) starts unticked. The
 * page reloads to list them.
 */
function PasteCompleted() {
  const [text, setText] = useState("");
  const [found, setFound] = useState<PastedCodes | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<"finding" | "adding" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setBusy("finding");
    const answer = await apiFetch<PastedCodes>("/api/courses/match", { method: "POST", body: { text } });
    setBusy(null);
    if (!answer.ok) {
      setError(answer.fields?.text ?? answer.message ?? "The codes could not be matched just now. Try again.");
      return;
    }
    setFound(answer.data);
    setChosen(new Set(answer.data.matched.filter((m) => !m.notCompleted).map((m) => m.id)));
  }

  async function add() {
    setError(null);
    setBusy("adding");
    const answer = await apiFetch<{ message: string }>("/api/users/completed-courses", {
      method: "POST",
      body: { ids: [...chosen] },
    });
    setBusy(null);
    if (!answer.ok) {
      setError(answer.message ?? "The courses could not be added just now. Try again.");
      return;
    }
    location.reload();
  }

  const toggle = (id: number, on: boolean) =>
    setChosen((set) => {
      const next = new Set(set);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section className="card paste-completed" aria-labelledby="paste-heading">
      <h2 id="paste-heading">Add completed courses at once</h2>
      <form onSubmit={find} noValidate>
        <div className="field">
          <label htmlFor="paste-codes">Course codes</label>
          <textarea
            id="paste-codes"
            rows={4}
            maxLength={PASTE_LIMIT}
            value={text}
            aria-describedby="paste-hint"
            onChange={(e) => {
              setText(e.target.value);
              setFound(null);
            }}
            placeholder="CAS CS 111, cs112, MA 123, WR 120"
          />
          <small id="paste-hint" className="hint">
            Paste your unofficial transcript or degree audit as it is, or type codes one per line or separated by
            commas. Titles, grades, credits and terms are passed over.
          </small>
        </div>
        {error && <p className="alert alert-error" role="alert">{error}</p>}
        <button type="submit" className="button button-secondary" disabled={busy !== null || !text.trim()}>
          {busy === "finding" ? "Finding..." : "Find courses"}
        </button>
      </form>
      {found && (
        <div className="paste-results" role="status">
          {found.matched.length > 0 && (
            <fieldset className="paste-matched">
              <legend>{`Found ${plural(found.matched.length, "course")}`}</legend>
              {found.matched.map((m) => (
                <label key={m.id} className="check">
                  <input type="checkbox" checked={chosen.has(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} />
                  <span>
                    <strong>{m.code}</strong> {m.title}
                    {m.text.toUpperCase().replace(/\s+/g, " ") !== m.code && (
                      <span className="muted">{` (from “${m.text}”)`}</span>
                    )}
                    {m.notCompleted && <span className="badge badge-old">{NOT_COMPLETED_NOTES[m.notCompleted]}</span>}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {found.completed.length > 0 && (
            <p className="paste-completed-already">
              <strong>{`Completed already (${found.completed.length}):`}</strong>{" "}
              {found.completed.map((m) => m.code).join(", ")}
            </p>
          )}
          {found.unmatched.length > 0 && (
            <p className="paste-unmatched">
              <strong>{`Not found (${found.unmatched.length}):`}</strong> {found.unmatched.join(", ")}
            </p>
          )}
          {found.skipped > 0 && (
            <p className="paste-skipped">
              {`Only the first 100 different codes were read: ${
                plural(found.skipped, "code")
              } after them were left out. Paste the rest again after adding these.`}
            </p>
          )}
          {found.notUnderstood.length > 0 && (
            <div className="paste-not-understood">
              <strong>{`Lines not understood (${found.notUnderstood.length}):`}</strong>
              <ul>{found.notUnderstood.map((line, i) => <li key={i}>{line}</li>)}</ul>
            </div>
          )}
          {found.matched.length === 0 && found.completed.length === 0 && (
            <p>No course matched. Check the codes, for example CAS CS 111 or CS 111.</p>
          )}
          {found.matched.length === 0 && found.completed.length > 0 && <p>Nothing new to add.</p>}
          {found.matched.length > 0 && (
            <button
              type="button"
              className="button"
              disabled={busy !== null || chosen.size === 0}
              onClick={() => void add()}
            >
              {busy === "adding" ? "Adding..." : `Add ${plural(chosen.size, "course")} to Completed`}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

export default island("PasteCompleted", PasteCompleted);
