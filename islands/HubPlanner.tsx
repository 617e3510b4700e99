import { useEffect, useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { HUB_PLAN_ADDED_KEY, readStored, removeStored, writeStored } from "../src/client/storage.ts";
import { HubBadges } from "../src/components/CourseCard.tsx";
import { Score } from "../src/components/Score.tsx";
import type { HubPlanView } from "../src/lib/api-types.ts";
import { LIST_API_SEGMENTS } from "../src/lib/course-list-names.ts";
import { hubName } from "../src/lib/hub-areas.ts";
import { plural } from "../src/lib/text.ts";

type State =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "ready"; plan: HubPlanView };

/** A busy planner (429) is asked again after the wait it names, this many times at most, before the page says it failed. */
const BUSY_RETRIES = 3;

/**
 * The Hub planner on /hub-progress: the fewest courses that finish the
 * student's remaining Hub units, the best rated among plans of that size
 * (GET /api/users/hub-plan). Swap plans again without a course; "Add all to
 * Future Courses" adds the plan, and the page reloads to count it.
 */
function HubPlanner() {
  const [eligibleOnly, setEligibleOnly] = useState(true);
  const [excluded, setExcluded] = useState<{ id: number; code: string }[]>([]);
  const [state, setState] = useState<State>({ kind: "loading" });
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** A new plan is on its way (after Swap or the box): the one shown stays, its buttons wait. */
  const [planning, setPlanning] = useState(true);
  /** What the server said when the planner was busy or the student asked too often, while the page waits to ask again. */
  const [waiting, setWaiting] = useState<string | null>(null);
  const [retry, setRetry] = useState(0);
  const request = useRef(0);
  const retries = useRef(0);

  useEffect(() => {
    const added = readStored(HUB_PLAN_ADDED_KEY);
    if (added) {
      removeStored(HUB_PLAN_ADDED_KEY);
      setMessage(`Added ${added} to your Future Courses.`);
    }
  }, []);

  // A new choice of the student's starts a new count of retries.
  useEffect(() => {
    retries.current = 0;
  }, [eligibleOnly, excluded]);

  useEffect(() => {
    const mine = ++request.current;
    setPlanning(true);
    const params = new URLSearchParams({ eligibleOnly: String(eligibleOnly) });
    for (const course of excluded) params.append("exclude", String(course.id));
    let later: ReturnType<typeof setTimeout> | undefined;
    void apiFetch<HubPlanView>(`/api/users/hub-plan?${params}`).then((answer) => {
      if (mine !== request.current) return;
      if (!answer.ok && answer.status === 429 && retries.current < BUSY_RETRIES) {
        // The planner is busy, or this student asked often: say what the server said, and ask again after the wait it gave.
        retries.current++;
        setWaiting(answer.message ?? "The Hub planner is busy right now. Please try again in a few seconds.");
        later = setTimeout(() => setRetry((n) => n + 1), Math.min(30, answer.retryAfter ?? 2) * 1000);
        return;
      }
      setPlanning(false);
      setWaiting(null);
      if (!answer.ok) {
        console.error("[hub-plan] failed:", answer.message ?? answer.status);
        setState({ kind: "failed" });
        return;
      }
      setState({ kind: "ready", plan: answer.data });
    });
    return () => clearTimeout(later);
  }, [eligibleOnly, excluded, retry]);

  async function addAll(plan: HubPlanView) {
    setAdding(true);
    setFailure(null);
    // One request for the whole plan: all of it is added, or nothing.
    const answer = await apiFetch(`/api/users/${LIST_API_SEGMENTS.future}`, {
      method: "POST",
      body: { ids: plan.courses.map((c) => c.id) },
    });
    setAdding(false);
    if (!answer.ok) {
      console.error("[hub-plan] could not add the plan:", answer.message ?? answer.status);
      setFailure("The plan could not be added just now. Try again.");
      return;
    }
    writeStored(HUB_PLAN_ADDED_KEY, plural(plan.courses.length, "course"));
    location.reload();
  }

  return (
    <section className="card hub-planner" aria-labelledby="planner-heading" aria-busy={planning}>
      <h2 id="planner-heading">Plan your remaining Hub units</h2>
      <p className="muted">
        The fewest courses that finish your Hub requirements, the best rated among plans of that size; current courses
        below 500 only.
      </p>
      <label className="check">
        <input type="checkbox" checked={eligibleOnly} onChange={(e) => setEligibleOnly(e.target.checked)} />
        <span>Only courses whose prerequisites I've met</span>
      </label>
      {message && <p className="alert alert-success" role="status">{message}</p>}
      {failure && <p className="alert alert-error" role="alert">{failure}</p>}
      {waiting && <p className="muted" role="status">{`${waiting} This page will ask again by itself.`}</p>}
      {state.kind === "loading" && !waiting && <p className="muted" role="status">Finding the fewest courses…</p>}
      {state.kind === "failed" && (
        <p className="alert alert-error" role="alert">
          The plan could not be made just now. Reload the page to try again.
        </p>
      )}
      {state.kind === "ready" && (
        <PlanBody
          plan={state.plan}
          eligibleOnly={eligibleOnly}
          adding={adding}
          busy={adding || planning}
          onAddAll={addAll}
          onSwap={(c) => setExcluded((list) => [...list, c])}
        />
      )}
      {excluded.length > 0 && (
        <p className="hub-plan-excluded">
          <span className="muted">{`Set aside: ${excluded.map((c) => c.code).join(", ")}.`}</span>{" "}
          <button type="button" className="link-button" onClick={() => setExcluded([])}>Bring them back</button>
        </p>
      )}
    </section>
  );
}

type BodyProps = {
  plan: HubPlanView;
  eligibleOnly: boolean;
  adding: boolean;
  /** Adding, or a new plan on its way: Swap and Add all wait. */
  busy: boolean;
  onAddAll: (plan: HubPlanView) => void;
  onSwap: (course: { id: number; code: string }) => void;
};

function PlanBody({ plan, eligibleOnly, adding, busy, onAddAll, onSwap }: BodyProps) {
  if (!plan.remaining.length) {
    return <p className="hub-plan-done">Your completed and future courses cover every Hub requirement.</p>;
  }
  const units = plan.remaining.reduce((sum, r) => sum + r.units, 0);
  return (
    <>
      <p className="hub-plan-remaining">
        <strong>{`Still needed: ${plural(units, "unit")}`}</strong>{" "}
        <span className="hub-plan-needs">
          {plan.remaining.map((r) => (
            <span
              key={r.code}
              className="badge badge-hub"
              title={r.code.split("/").map((code) => hubName(code) ?? code).join(" or ")}
            >
              {r.units > 1 ? `${r.code} ×${r.units}` : r.code}
            </span>
          ))}
        </span>
      </p>
      {!plan.covered && (
        <p className="alert alert-warning" role="status">
          {eligibleOnly
            ? "The courses you can take now do not cover every remaining unit. Untick the prerequisites box to plan with every course."
            : "No set of current courses below 500 covers every remaining unit; this plan covers all it can."}
        </p>
      )}
      {plan.courses.length > 0 && (
        <>
          <p>
            <strong>
              {`${plural(plan.courses.length, "course")} ${
                plan.covered ? "finish" : "go toward"
              } your Hub requirements:`}
            </strong>
          </p>
          <ol className="hub-plan-list">
            {plan.courses.map((course) => (
              <li key={course.id} className="hub-plan-course">
                <div className="hub-plan-main">
                  <a href={`/course/${course.id}`} className="hub-plan-title">
                    <span className="code">{course.code}</span> {course.title}
                  </a>
                  <p className="hub-plan-covers">
                    <span className="muted">Covers</span>{" "}
                    <HubBadges hubs={course.covers.map((code) => ({ code, name: hubName(code) ?? code }))} />
                  </p>
                </div>
                <p className="hub-plan-rating">
                  <Score value={course.averageOverallRating} count={course.numReviews} withCount />
                </p>
                {course.offering && (
                  <a
                    className="button button-small button-ghost"
                    href={`/schedule?term=${course.offering.term}&add=${course.id}`}
                    aria-label={`Add to ${course.offering.name} schedule: ${course.code}`}
                  >
                    {`Add to ${course.offering.name} schedule`}
                  </a>
                )}
                <button
                  type="button"
                  className="button button-small button-secondary"
                  disabled={busy}
                  onClick={() => onSwap(course)}
                  aria-label={`Swap ${course.code} for another course`}
                >
                  Swap
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="button" disabled={busy} onClick={() => onAddAll(plan)}>
            {adding ? "Adding..." : "Add all to Future Courses"}
          </button>
        </>
      )}
    </>
  );
}

export default island("HubPlanner", HubPlanner);
