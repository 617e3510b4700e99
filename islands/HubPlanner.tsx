import { useEffect, useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { HUB_PLAN_ADDED_KEY, readStored, removeStored, writeStored } from "../src/client/storage.ts";
import { HubBadges } from "../src/components/CourseCard.tsx";
import { Score } from "../src/components/Score.tsx";
import type { HubPlanView } from "../src/lib/api-types.ts";
import { LIST_API_SEGMENTS } from "../src/lib/course-list-names.ts";
import { hubName } from "../src/lib/hub-areas.ts";
import { DEFAULT_PER_TERM, PLAN_LEVELS, PLAN_LIMITS, type PlannerSettings } from "../src/lib/hub-plan.ts";
import { nextTerm, termName, termOf } from "../src/lib/term-codes.ts";
import { plural } from "../src/lib/text.ts";

type State =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "ready"; plan: HubPlanView };

/** A busy planner (429) is asked again after the wait it names, this many times at most, before the page says it failed. */
const BUSY_RETRIES = 3;

/** What the student chose for this plan: kept in the page, not the account. `term` null: a plan in no term. */
type Choices = { eligibleOnly: boolean; terms: number; perTerm: number; term: number | null; fitsWeek: boolean };

type PlannedCourse = HubPlanView["courses"][number];

/** The fall and spring terms a plan may start in: the current one (when not summer) and the next three. */
function startTerms(today = new Date()): number[] {
  const current = termOf(today);
  const codes = current % 10 === 5 ? [] : [current];
  let code = current;
  while (codes.length < 4) codes.push(code = nextTerm(code));
  return codes;
}

const hubTitle = (code: string) => code.split("/").map((c) => hubName(c) ?? c).join(" or ");

/**
 * The Hub planner on /hub-progress: the fewest courses that finish the student's remaining Hub requirements, the best
 * among plans of that size (reviewed first), laid over the terms the student chooses, each with why it was picked
 * (GET /api/users/hub-plan). "Fits my schedule" picks sections that fit the student's worksheet. What the student
 * leaves out (departments, levels, courses set aside with Swap) is kept on the account (PUT
 * /api/users/planner-settings). "Add all to Future Courses" adds the plan, and the page reloads to count it.
 */
function HubPlanner() {
  const [choices, setChoices] = useState<Choices>({
    eligibleOnly: true,
    terms: 1,
    perTerm: DEFAULT_PER_TERM,
    term: null,
    fitsWeek: false,
  });
  /** What the account keeps left out; null until the first plan brings it. */
  const [settings, setSettings] = useState<PlannerSettings | null>(null);
  /** The choices as last kept, and whether a change is on its way: read when the next change is made. */
  const settingsNow = useRef<PlannerSettings | null>(null);
  const saving = useRef(false);
  const [savingShown, setSavingShown] = useState(false);
  const [codes, setCodes] = useState<Map<number, string>>(new Map());
  const [state, setState] = useState<State>({ kind: "loading" });
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** A new plan is on its way: the one shown stays, its buttons wait. */
  const [planning, setPlanning] = useState(true);
  /** What the server said when the planner was busy or the student asked too often, while the page waits to ask again. */
  const [waiting, setWaiting] = useState<string | null>(null);
  const [retry, setRetry] = useState(0);
  /** Bumped after the kept choices change on the server: the plan is asked again. */
  const [saved, setSaved] = useState(0);
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
  }, [choices, saved]);

  useEffect(() => {
    const mine = ++request.current;
    setPlanning(true);
    const params = new URLSearchParams({ eligibleOnly: String(choices.eligibleOnly) });
    if (choices.term !== null) {
      params.set("term", String(choices.term));
      params.set("terms", String(choices.terms));
      params.set("perTerm", String(choices.perTerm));
      params.set("fitsWeek", String(choices.fitsWeek));
    }
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
      const { settings: kept } = answer.data;
      const fresh = { departments: kept.departments, levels: kept.levels, courses: kept.courses.map((c) => c.id) };
      settingsNow.current = fresh;
      setSettings(fresh);
      setCodes((known) => new Map([...known, ...kept.courses.map((c) => [c.id, c.code] as const)]));
      setState({ kind: "ready", plan: answer.data });
    });
    return () => clearTimeout(later);
  }, [choices, retry, saved]);

  /**
   * Keeps new left-out choices on the account, then plans again; says why when the server refuses them. One change at
   * a time, each made on the choices the last one left (a second click before the first answer is not lost): the
   * controls wait while one is saved.
   */
  async function keep(change: (now: PlannerSettings) => PlannerSettings): Promise<boolean> {
    if (saving.current || !settingsNow.current) return false;
    saving.current = true;
    setSavingShown(true);
    setFailure(null);
    const answer = await apiFetch<{ settings: PlannerSettings }>("/api/users/planner-settings", {
      method: "PUT",
      body: change(settingsNow.current),
    });
    saving.current = false;
    setSavingShown(false);
    if (!answer.ok) {
      setFailure(answer.message ?? "Your choice could not be kept just now. Try again.");
      return false;
    }
    settingsNow.current = answer.data.settings;
    setSettings(answer.data.settings);
    setSaved((n) => n + 1);
    return true;
  }

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

  const plan = state.kind === "ready" ? state.plan : null;
  const first = plan?.terms[0];
  const set = (change: Partial<Choices>) => setChoices((now) => ({ ...now, ...change }));
  const busy = adding || planning || savingShown;

  return (
    <section className="card hub-planner" aria-labelledby="planner-heading" aria-busy={planning}>
      <h2 id="planner-heading">Plan your remaining Hub units</h2>
      <p className="muted">
        The fewest courses that finish your Hub requirements; among plans of that size, reviewed courses first, then the
        best rated. Current courses below 500 that are open to you.
      </p>
      <fieldset className="hub-plan-options">
        <legend className="visually-hidden">Plan options</legend>
        <label>
          <span>Plan for</span>
          <select
            value={choices.term ?? ""}
            onChange={(e) => set({ term: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">Any term: fewest courses</option>
            {startTerms().map((code) => <option key={code} value={code}>{termName(code)}</option>)}
          </select>
        </label>
        {choices.term !== null && (
          <>
            <label>
              <span>Terms</span>
              <select value={choices.terms} onChange={(e) => set({ terms: Number(e.target.value) })}>
                {Array.from({ length: PLAN_LIMITS.terms }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>{n}</option>
                ))}
              </select>
            </label>
            <label>
              <span>Courses per term</span>
              <select value={choices.perTerm} onChange={(e) => set({ perTerm: Number(e.target.value) })}>
                {Array.from({ length: PLAN_LIMITS.perTerm }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>{n}</option>
                ))}
              </select>
            </label>
          </>
        )}
      </fieldset>
      <div className="hub-plan-checks">
        <label className="check">
          <input
            type="checkbox"
            checked={choices.eligibleOnly}
            onChange={(e) => set({ eligibleOnly: e.target.checked })}
          />
          <span>Only courses whose prerequisites I've met</span>
        </label>
        {choices.term !== null && (
          <label className="check">
            <input
              type="checkbox"
              checked={choices.fitsWeek}
              disabled={first?.code === choices.term && !first.scheduled && !choices.fitsWeek}
              onChange={(e) => set({ fitsWeek: e.target.checked })}
            />
            <span>
              {`Fits my ${termName(choices.term)} schedule`}
              {first?.code === choices.term && !first.scheduled && (
                <>
                  {" "}
                  <span className="muted">(sections not out yet)</span>
                </>
              )}
            </span>
          </label>
        )}
      </div>
      {choices.fitsWeek && plan?.week?.version && (
        <p className="muted hub-plan-week">
          {`Sections fit your plan "${plan.week.version.name}" for ${first?.name}. `}
          <a href={`/schedule?term=${first?.code}`}>Open it</a>
        </p>
      )}
      {settings && <LeftOut settings={settings} codes={codes} busy={busy} onKeep={keep} />}
      {message && <p className="alert alert-success" role="status">{message}</p>}
      {failure && <p className="alert alert-error" role="alert">{failure}</p>}
      {waiting && <p className="muted" role="status">{`${waiting} This page will ask again by itself.`}</p>}
      {state.kind === "loading" && !waiting && <p className="muted" role="status">Finding the fewest courses…</p>}
      {state.kind === "failed" && (
        <p className="alert alert-error" role="alert">
          The plan could not be made just now. Reload the page to try again.
        </p>
      )}
      {plan && (
        <PlanBody
          plan={plan}
          eligibleOnly={choices.eligibleOnly}
          adding={adding}
          busy={busy}
          onAddAll={addAll}
          onSwap={(course) => {
            if (!settings) return;
            setCodes((known) => new Map(known).set(course.id, course.code));
            void keep((now) => ({ ...now, courses: [...now.courses, course.id] }));
          }}
        />
      )}
    </section>
  );
}

type LeftOutProps = {
  settings: PlannerSettings;
  codes: ReadonlyMap<number, string>;
  busy: boolean;
  onKeep: (change: (now: PlannerSettings) => PlannerSettings) => Promise<boolean>;
};

/** Departments, levels and courses left out of every plan, kept on the account. */
function LeftOut({ settings, codes, busy, onKeep }: LeftOutProps) {
  const [department, setDepartment] = useState("");
  const count = settings.departments.length + settings.levels.length + settings.courses.length;
  async function addDepartment() {
    const code = department.trim().toUpperCase().replace(/\s+/g, " ").replace(/^([A-Z]{2,4})([A-Z]{2})$/, "$1 $2");
    if (!code) return;
    if (await onKeep((now) => ({ ...now, departments: [...now.departments, code] }))) setDepartment("");
  }
  return (
    <details className="hub-plan-leave-out" open={count > 0}>
      <summary>{count ? `Left out of your plans (${count})` : "Leave out departments, levels or courses"}</summary>
      <div className="hub-plan-leave-out-body">
        <form
          className="hub-plan-department"
          onSubmit={(e) => {
            e.preventDefault();
            void addDepartment();
          }}
        >
          <label htmlFor="leave-out-department">Department</label>
          <input
            id="leave-out-department"
            value={department}
            placeholder="CAS LS"
            autoCapitalize="characters"
            maxLength={8}
            onChange={(e) => setDepartment(e.target.value)}
          />
          <button type="submit" className="button button-small button-secondary" disabled={busy || !department.trim()}>
            Leave out
          </button>
        </form>
        <fieldset className="hub-plan-levels">
          <legend>Levels</legend>
          {PLAN_LEVELS.map((level) => (
            <label key={level} className="check">
              <input
                type="checkbox"
                checked={settings.levels.includes(level)}
                disabled={busy}
                onChange={(e) => {
                  const on = e.target.checked;
                  void onKeep((now) => ({
                    ...now,
                    levels: on ? [...now.levels, level] : now.levels.filter((l) => l !== level),
                  }));
                }}
              />
              <span>{`No ${level}-level`}</span>
            </label>
          ))}
        </fieldset>
        {(settings.departments.length > 0 || settings.courses.length > 0) && (
          <ul className="hub-plan-chips" aria-label="Left out">
            {settings.departments.map((code) => (
              <LeftOutChip
                key={code}
                label={code}
                busy={busy}
                onBringBack={() =>
                  onKeep((now) => ({
                    ...now,
                    departments: now.departments.filter((d) => d !== code),
                  }))}
              />
            ))}
            {settings.courses.map((id) => (
              <LeftOutChip
                key={id}
                label={codes.get(id) ?? `Course ${id}`}
                busy={busy}
                onBringBack={() =>
                  onKeep((now) => ({
                    ...now,
                    courses: now.courses.filter((c) => c !== id),
                  }))}
              />
            ))}
          </ul>
        )}
      </div>
    </details>
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

/** A department or a course left out of the plan, with the button that brings it back. */
function LeftOutChip(
  { label, busy, onBringBack }: { label: string; busy: boolean; onBringBack: () => Promise<boolean> },
) {
  return (
    <li>
      <span>{label}</span>
      <button
        type="button"
        className="chip-remove"
        disabled={busy}
        aria-label={`Bring back ${label}`}
        onClick={() => void onBringBack()}
      >
        ×
      </button>
    </li>
  );
}

function PlanBody({ plan, eligibleOnly, adding, busy, onAddAll, onSwap }: BodyProps) {
  if (!plan.remaining.length) {
    return <p className="hub-plan-done">Your completed and future courses cover every Hub requirement.</p>;
  }
  const units = plan.remaining.reduce((sum, r) => sum + r.units, 0);
  // A plan in no term is one list.
  const byTerm = plan.terms.length
    ? plan.terms.map((term) => ({ term, courses: plan.courses.filter((c) => c.term === term.code) }))
    : [{ term: null, courses: plan.courses }];
  return (
    <>
      <p className="hub-plan-remaining">
        <strong>{`Still needed: ${plural(units, "unit")}`}</strong>{" "}
        <span className="hub-plan-needs">
          {plan.remaining.map((r) => (
            <span key={r.code} className="badge badge-hub" title={hubTitle(r.code)}>
              {r.units > 1 ? `${r.code} ×${r.units}` : r.code}
            </span>
          ))}
        </span>
      </p>
      {!plan.covered && (
        <p className="alert alert-warning" role="status">
          {!plan.terms.length
            ? eligibleOnly
              ? "The courses you can take now do not cover every remaining unit. Plan over several terms, or untick the prerequisites box."
              : "No set of courses open to you covers every remaining unit; this plan covers all it can."
            : eligibleOnly
            ? "The courses you can take in these terms do not cover every remaining unit. Add a term, allow more courses per term, or untick the prerequisites box."
            : "No set of courses open to you in these terms covers every remaining unit; this plan covers all it can."}
        </p>
      )}
      {plan.notes.length > 0 && (
        <ul className="hub-plan-notes muted">
          {plan.notes.map((note) => <li key={note}>{note}</li>)}
        </ul>
      )}
      {plan.courses.length > 0 && (
        <>
          <p>
            <strong>
              {`${plural(plan.courses.length, "course")} ${
                plan.covered ? "finish" : "go toward"
              } your Hub requirements${plan.terms.length > 1 ? ` over ${plural(plan.terms.length, "term")}` : ""}:`}
            </strong>
          </p>
          {byTerm.map(({ term, courses }) => {
            const list = courses.length > 0 && (
              <ol className="hub-plan-list">
                {courses.map((course) => (
                  <PlannedItem
                    key={course.id}
                    course={course}
                    termName={term?.name}
                    termScheduled={term?.scheduled ?? false}
                    busy={busy}
                    onSwap={onSwap}
                  />
                ))}
              </ol>
            );
            if (!term) return <div key="any">{list}</div>;
            return (
              <section key={term.code} className="hub-plan-term" aria-labelledby={`plan-term-${term.code}`}>
                <h3 id={`plan-term-${term.code}`}>
                  {term.name}{" "}
                  <span className="muted hub-plan-term-note">
                    {courses.length ? plural(courses.length, "course") : "nothing planned"}
                    {!term.scheduled && " · schedule not out yet"}
                  </span>
                </h3>
                {list}
              </section>
            );
          })}
          <button type="button" className="button" disabled={busy} onClick={() => onAddAll(plan)}>
            {adding ? "Adding..." : "Add all to Future Courses"}
          </button>
        </>
      )}
    </>
  );
}

type ItemProps = {
  course: PlannedCourse;
  /** The plan's term for the course; none for a plan in no term. */
  termName?: string;
  /** Whether that term's class schedule is known. */
  termScheduled: boolean;
  busy: boolean;
  onSwap: (course: { id: number; code: string }) => void;
};

function PlannedItem({ course, termName: name, termScheduled, busy, onSwap }: ItemProps) {
  // In a term: that term's schedule, when it is known; in no term, the soonest term that has it.
  const scheduleLink = name !== undefined
    ? termScheduled
      ? `/schedule?term=${course.term}&add=${course.id}${
        course.section ? `&sections=${course.section.ids.join(",")}` : ""
      }`
      : null
    : course.offering
    ? `/schedule?term=${course.offering.term}&add=${course.id}`
    : null;
  return (
    <li className="hub-plan-course">
      <div className="hub-plan-main">
        <a href={`/course/${course.id}`} className="hub-plan-title">
          <span className="code">{course.code}</span> {course.title}
        </a>
        <p className="hub-plan-covers">
          <span className="muted">Covers</span>{" "}
          <HubBadges hubs={course.covers.map((code) => ({ code, name: hubName(code) ?? code }))} />
        </p>
        {/* The units and the rating are shown beside it: the rest of why it was picked. */}
        {course.why.length > 2 && <p className="hub-plan-why">{course.why.slice(2).join(" · ")}</p>}
      </div>
      <p className="hub-plan-rating">
        <Score value={course.averageOverallRating} count={course.numReviews} withCount />
      </p>
      <div className="hub-plan-actions">
        {scheduleLink && (
          <a
            className="button button-small button-ghost"
            href={scheduleLink}
            aria-label={name
              ? `Add to schedule: ${course.code}, ${name}`
              : `Add to ${course.offering?.name} schedule: ${course.code}`}
          >
            {/* Under a term's heading the term goes without saying. */}
            {name ? "Add to schedule" : `Add to ${course.offering?.name} schedule`}
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
      </div>
    </li>
  );
}

export default island("HubPlanner", HubPlanner);
