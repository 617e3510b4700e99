import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import {
  joinKeptWorksheets,
  joinSummary,
  type KeptCourse,
  readKept,
  takeJoinNotice,
  writeKept,
} from "../src/client/schedule-store.ts";
import { SCHEDULE_KEY } from "../src/client/storage.ts";
import { ScheduleCourseItem, ScheduleTotals } from "../src/components/ScheduleCourses.tsx";
import { type Chooser, companionsOf, SectionChooser } from "../src/components/SectionChooser.tsx";
import { WeekCalendar } from "../src/components/WeekCalendar.tsx";
import type { ScheduleCourse, ScheduleView, SearchPage, WorksheetVersionView } from "../src/lib/api-types.ts";
import { choosable, untimedItems, weekMeetings } from "../src/lib/schedule-meetings.ts";
import { versionNameProblem, WORKSHEET_LIMITS } from "../src/lib/schedule-rules.ts";
import { loginHref } from "../src/lib/urls.ts";

type Props = {
  /** The terms with a class schedule, from the current one on. */
  terms: { code: number; name: string }[];
  term: number;
  signedIn: boolean;
  /** Signed in: the student's versions for the term, as the server read them. */
  versions: WorksheetVersionView[] | null;
  /** Signed in: the week of the first version, rendered on the server. */
  initial: ScheduleView | null;
  /** A course to choose sections of as the page opens (?add=). */
  add: number | null;
  /** Its sections to have chosen there (?sections=, the Hub planner's pick): a section to register for and a companion. */
  pick?: number[] | null;
};

/** A version as the island holds it: a visitor's has no id. */
type Version = { id: number | null; name: string; shareToken: string | null; courses: KeptCourse[] };

type Notice = { kind: "error" | "info"; text: string } | null;

const fromServer = (v: WorksheetVersionView): Version => ({
  id: v.id,
  name: v.name,
  shareToken: v.shareToken,
  courses: v.courses,
});

function viewPath(term: number, courses: readonly KeptCourse[], only?: number): string {
  const list = only === undefined ? courses : [{ courseId: only, sectionIds: [] }];
  const params = new URLSearchParams({ term: String(term) });
  if (list.length) params.set("courses", list.map((c) => c.courseId).join(","));
  const sections = list.flatMap((c) => c.sectionIds);
  if (sections.length) params.set("sections", sections.join(","));
  return `?${params}`;
}

/**
 * The schedule builder (docs/product.md, Schedule builder): a worksheet per term in named versions, courses added with
 * a section to register for and its discussion or lab, the week with its conflicts and totals, and the calendar file,
 * share link and print layout. A visitor's worksheet is kept in this browser; a student's on the server.
 */
function ScheduleBuilder({ terms, term, signedIn, versions: serverVersions, initial, add, pick = null }: Props) {
  const [versions, setVersions] = useState<Version[]>(
    serverVersions?.length
      ? serverVersions.map(fromServer)
      : [{ id: null, name: "Plan A", shareToken: null, courses: [] }],
  );
  const [active, setActive] = useState(0);
  const [view, setView] = useState<ScheduleView | null>(initial);
  const [chooser, setChooser] = useState<Chooser | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [naming, setNaming] = useState<{ mode: "new" | "copy" | "rename"; name: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<SearchPage["content"] | null>(null);
  const [ready, setReady] = useState(signedIn);
  // Known only in the browser: the share link's full address is shown once hydrated.
  const [origin, setOrigin] = useState("");
  // The week shown is of this version's courses (null while it loads).
  const [viewOf, setViewOf] = useState<string | null>(
    initial ? JSON.stringify(serverVersions?.[0]?.courses ?? []) : null,
  );
  const requests = useRef(0);
  const chooserHeading = useRef<HTMLHeadingElement>(null);
  const planSelect = useRef<HTMLSelectElement>(null);
  const findInput = useRef<HTMLInputElement>(null);
  /** Where focus goes back to when the chooser closes: what opened it, else the course search. */
  const opener = useRef<HTMLElement | null>(null);

  function closeChooser() {
    setChooser(null);
    requestAnimationFrame(() => {
      const back = opener.current?.isConnected ? opener.current : findInput.current;
      back?.focus();
    });
  }

  /** Closes the name form or the delete question, focus back on the plans. */
  function backToPlans() {
    setNaming(null);
    setConfirmDelete(false);
    requestAnimationFrame(() => planSelect.current?.focus());
  }
  const version = versions[Math.min(active, versions.length - 1)];
  const termName = terms.find((t) => t.code === term)?.name ?? String(term);

  // A visitor's worksheet is read after hydration (the server cannot know it), and again when another tab changes it;
  // a student's kept one joins the account, and what logging in made of it is said.
  useEffect(() => {
    setOrigin(globalThis.location.origin);
    if (!signedIn) {
      const load = () => {
        const kept = readKept()[String(term)];
        setVersions(
          kept?.length
            ? kept.map((v) => ({ id: null, name: v.name, shareToken: null, courses: v.courses }))
            : [{ id: null, name: "Plan A", shareToken: null, courses: [] }],
        );
      };
      load();
      setReady(true);
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === SCHEDULE_KEY) load();
      };
      addEventListener("storage", onStorage);
      return () => removeEventListener("storage", onStorage);
    }
    const said = takeJoinNotice();
    if (said) setNotice({ kind: "info", text: said });
    void joinKeptWorksheets().then(async (joined) => {
      if (!joined) return;
      // Said here and now, not again on the next visit.
      takeJoinNotice();
      const mine = await apiFetch<{ versions: WorksheetVersionView[] }>(`/api/schedules/mine?term=${term}`);
      if (mine.ok && mine.data.versions.length) setVersions(mine.data.versions.map(fromServer));
      setNotice({ kind: "info", text: joinSummary(joined) });
    });
  }, []);

  // The week follows the version's courses.
  const key = JSON.stringify(version.courses);
  const first = useRef(true);
  useEffect(() => {
    if (!ready) return;
    if (first.current && initial && viewOf === key) {
      first.current = false;
      return;
    }
    first.current = false;
    // Until the week of these courses is there, the courses shown are not this version's: no action is offered.
    if (viewOf !== key) setView(null);
    let current = true;
    void apiFetch<ScheduleView>(`/api/schedules/view${viewPath(term, version.courses)}`).then((result) => {
      if (!current) return;
      if (result.ok) {
        setView(result.data);
        setViewOf(key);
      } else setNotice({ kind: "error", text: result.message ?? "Failed to load the week. Please try again." });
    });
    return () => void (current = false);
  }, [key, ready]);

  // ?add=: choose the sections of that course as soon as the worksheet is there.
  useEffect(() => {
    if (ready && add !== null) void openChooser(add, pick);
  }, [ready]);

  useEffect(() => {
    if (chooser) chooserHeading.current?.focus();
  }, [chooser?.course.id]);

  function keep(next: Version[]) {
    setVersions(next);
    if (!signedIn) {
      writeKept({ ...readKept(), [String(term)]: next.map((v) => ({ name: v.name, courses: v.courses })) });
    }
  }

  function replaceActive(updated: Version) {
    keep(versions.map((v, i) => (i === active ? updated : v)));
  }

  /** The student's version on the server, made when they add their first course. */
  async function serverVersion(): Promise<Version | null> {
    if (version.id !== null) return version;
    const created = await apiFetch<WorksheetVersionView>("/api/schedules/mine", {
      method: "POST",
      body: { term, name: version.name },
    });
    if (!created.ok) {
      setNotice({ kind: "error", text: created.message ?? "Failed to save the plan. Please try again." });
      return null;
    }
    return fromServer(created.data);
  }

  async function openChooser(courseId: number, pick: number[] | null = null) {
    setNotice(null);
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null;
    const existing = view?.courses.find((c) => c.id === courseId);
    if (existing) {
      // A section cancelled since it was chosen is not chosen again: the student picks another.
      const lecture = existing.chosen.find((id) => existing.sections.some((s) => s.id === id && choosable(s))) ??
        null;
      const companion = existing.chosen.find((id) => companionsOf(existing, lecture).some((s) => s.id === id)) ??
        null;
      setChooser({ course: existing, lecture, companion, fitsOnly: false });
      return;
    }
    const request = ++requests.current;
    const result = await apiFetch<ScheduleView>(`/api/schedules/view${viewPath(term, [], courseId)}`);
    if (request !== requests.current) return;
    if (!result.ok) {
      setNotice({ kind: "error", text: result.message ?? "Failed to load the course's sections." });
      return;
    }
    const [course] = result.data.courses;
    if (!course || course.sections.length === 0) {
      setNotice({ kind: "error", text: `That course is not offered in ${termName}.` });
      return;
    }
    const only = course.sections.filter(choosable);
    // The sections asked for, when they are this course's: the rest of the choice is the student's.
    const picked = pick?.find((id) => only.some((s) => s.id === id)) ?? null;
    const lecture = picked ?? (only.length === 1 ? only[0].id : null);
    const companion = picked === null ? null : pick?.find((id) => id !== picked) ?? null;
    setChooser({ course, lecture, companion, fitsOnly: false });
  }

  async function saveChoice() {
    if (!chooser || chooser.lecture === null) return;
    const sectionIds = [chooser.lecture, ...(chooser.companion !== null ? [chooser.companion] : [])];
    const courseId = chooser.course.id;
    const had = version.courses.some((c) => c.courseId === courseId);
    if (!had && version.courses.length >= WORKSHEET_LIMITS.coursesPerVersion) {
      setNotice({ kind: "error", text: `At most ${WORKSHEET_LIMITS.coursesPerVersion} courses in a plan` });
      return;
    }
    setBusy(true);
    try {
      if (signedIn) {
        const target = await serverVersion();
        if (!target) return;
        const result = await apiFetch<WorksheetVersionView>(`/api/schedules/mine/${target.id}/courses/${courseId}`, {
          method: "PUT",
          body: { sectionIds },
        });
        if (!result.ok) {
          setNotice({ kind: "error", text: result.message ?? "Failed to save the plan. Please try again." });
          if (target !== version) replaceActive(target);
          return;
        }
        replaceActive(fromServer(result.data));
      } else {
        const courses = had
          ? version.courses.map((c) => (c.courseId === courseId ? { courseId, sectionIds } : c))
          : [...version.courses, { courseId, sectionIds }];
        replaceActive({ ...version, courses });
      }
      setNotice({ kind: "info", text: `${chooser.course.code} ${had ? "changed" : "added"} in ${version.name}.` });
      setFound(null);
      setQuery("");
      closeChooser();
    } finally {
      setBusy(false);
    }
  }

  async function remove(course: ScheduleCourse) {
    setBusy(true);
    try {
      if (signedIn && version.id !== null) {
        const result = await apiFetch<WorksheetVersionView>(`/api/schedules/mine/${version.id}/courses/${course.id}`, {
          method: "DELETE",
        });
        if (!result.ok) {
          setNotice({ kind: "error", text: result.message ?? "Failed to remove the course. Please try again." });
          return;
        }
        replaceActive(fromServer(result.data));
      } else {
        replaceActive({ ...version, courses: version.courses.filter((c) => c.courseId !== course.id) });
      }
      setNotice({ kind: "info", text: `${course.code} removed from ${version.name}.` });
    } finally {
      setBusy(false);
    }
  }

  async function findCourses(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    const request = ++requests.current;
    const result = await apiFetch<SearchPage>(
      `/api/courses/search?${new URLSearchParams({ q, offered: String(term) })}`,
    );
    if (request !== requests.current) return;
    if (!result.ok) {
      setNotice({ kind: "error", text: result.message ?? "Failed to search. Please try again." });
      return;
    }
    setFound(result.data.content.slice(0, 8));
  }

  async function saveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!naming) return;
    const problem = versionNameProblem(naming.name);
    const name = naming.name.trim();
    const taken = versions.some((v, i) => v.name === name && !(naming.mode === "rename" && i === active));
    if (problem || taken) {
      setNotice({ kind: "error", text: problem ?? `You already have a plan named "${name}" for ${termName}` });
      return;
    }
    if (naming.mode !== "rename" && versions.length >= WORKSHEET_LIMITS.versionsPerTerm) {
      setNotice({ kind: "error", text: `At most ${WORKSHEET_LIMITS.versionsPerTerm} plans per term` });
      return;
    }
    setBusy(true);
    try {
      if (naming.mode === "rename") {
        if (signedIn && version.id !== null) {
          const result = await apiFetch<WorksheetVersionView>(`/api/schedules/mine/${version.id}`, {
            method: "PATCH",
            body: { name },
          });
          if (!result.ok) return void setNotice({ kind: "error", text: result.message ?? "Failed to rename." });
          replaceActive(fromServer(result.data));
        } else replaceActive({ ...version, name });
      } else {
        const courses = naming.mode === "copy" ? version.courses : [];
        let made: Version = { id: null, name, shareToken: null, courses };
        if (signedIn && (courses.length === 0 || version.id !== null)) {
          const result = await apiFetch<WorksheetVersionView>("/api/schedules/mine", {
            method: "POST",
            body: naming.mode === "copy" && version.id !== null ? { term, name, copyOf: version.id } : { term, name },
          });
          if (!result.ok) return void setNotice({ kind: "error", text: result.message ?? "Failed to save the plan." });
          made = fromServer(result.data);
        }
        keep([...versions, made]);
        setActive(versions.length);
      }
      backToPlans();
    } finally {
      setBusy(false);
    }
  }

  async function deleteActive() {
    setBusy(true);
    try {
      if (signedIn && version.id !== null) {
        const result = await apiFetch(`/api/schedules/mine/${version.id}`, { method: "DELETE" });
        if (!result.ok) return void setNotice({ kind: "error", text: result.message ?? "Failed to delete the plan." });
      }
      const rest = versions.filter((_, i) => i !== active);
      keep(rest.length ? rest : [{ id: null, name: "Plan A", shareToken: null, courses: [] }]);
      setNotice({ kind: "info", text: `${version.name} deleted.` });
      setActive(0);
      backToPlans();
    } finally {
      setBusy(false);
    }
  }

  async function share(on: boolean) {
    const target = await serverVersion();
    if (!target?.id) return;
    const result = await apiFetch<WorksheetVersionView>(`/api/schedules/mine/${target.id}`, {
      method: "PATCH",
      body: { shared: on },
    });
    if (!result.ok) return void setNotice({ kind: "error", text: result.message ?? "Failed to change sharing." });
    replaceActive(fromServer(result.data));
    setNotice({ kind: "info", text: on ? "Anyone with the link can see this plan." : "The link no longer works." });
  }

  const courses = view?.courses ?? [];
  const meetings = useMemo(() => weekMeetings(courses), [view]);
  const untimed = untimedItems(courses);
  const calendarHref = `/api/schedules/calendar.ics${viewPath(term, version.courses)}`;
  const shareUrl = version.shareToken ? `${origin}/schedule/shared/${version.shareToken}` : null;

  return (
    <div className="schedule-builder">
      <form className="schedule-bar no-print" method="get" action="/schedule" aria-label="Term">
        <label htmlFor="schedule-term">Term</label>
        <select id="schedule-term" name="term" defaultValue={term}>
          {terms.map((t) => <option key={t.code} value={t.code}>{t.name}</option>)}
        </select>
        <button type="submit" className="button button-small button-ghost">Show</button>
      </form>
      <div className="schedule-bar no-print" role="group" aria-label="Plans">
        <label htmlFor="schedule-version">Plan</label>
        <select
          id="schedule-version"
          ref={planSelect}
          value={active}
          onChange={(e) => {
            setActive(Number(e.target.value));
            setChooser(null);
          }}
        >
          {versions.map((v, i) => <option key={`${v.id ?? "kept"}-${v.name}`} value={i}>{v.name}</option>)}
        </select>
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={() => setNaming({ mode: "new", name: "" })}
        >
          New plan
        </button>
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={() => setNaming({ mode: "copy", name: `${version.name} copy`.slice(0, WORKSHEET_LIMITS.name) })}
        >
          Copy
        </button>
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={() => setNaming({ mode: "rename", name: version.name })}
        >
          Rename
        </button>
        <button type="button" className="button button-small button-ghost" onClick={() => setConfirmDelete(true)}>
          Delete
        </button>
      </div>
      {naming && (
        <form className="schedule-name no-print" onSubmit={saveName}>
          <label htmlFor="schedule-name">
            {naming.mode === "rename" ? `New name for ${version.name}` : "Name of the new plan"}
          </label>
          <input
            id="schedule-name"
            value={naming.name}
            maxLength={WORKSHEET_LIMITS.name}
            autoFocus
            onChange={(e) => setNaming({ ...naming, name: e.target.value })}
          />
          <button type="submit" className="button button-small" disabled={busy}>Save</button>
          <button type="button" className="button button-small button-ghost" onClick={backToPlans}>
            Cancel
          </button>
        </form>
      )}
      {confirmDelete && (
        <div className="schedule-confirm no-print" role="group" aria-labelledby="schedule-confirm-text">
          <p id="schedule-confirm-text">{`Delete ${version.name}? Its courses are not kept anywhere else.`}</p>
          <button type="button" className="button button-small button-danger" onClick={deleteActive} disabled={busy}>
            Delete
          </button>
          <button
            type="button"
            className="button button-small button-ghost"
            onClick={backToPlans}
          >
            Cancel
          </button>
        </div>
      )}
      <div className="schedule-notice no-print" aria-live="polite">
        {notice && (
          <p className={notice.kind === "error" ? "alert alert-error" : "alert alert-success"}>{notice.text}</p>
        )}
      </div>
      {!signedIn && (
        <p className="schedule-kept muted no-print">
          This plan is kept in this browser. <a href={loginHref(`/schedule?term=${term}`)}>Log in</a>{" "}
          to keep it on your account and share it.
        </p>
      )}

      <form
        className="schedule-find no-print"
        role="search"
        aria-label={`Courses offered in ${termName}`}
        onSubmit={findCourses}
      >
        <label htmlFor="schedule-find">{`Add a course offered in ${termName}`}</label>
        <input
          ref={findInput}
          id="schedule-find"
          type="search"
          value={query}
          placeholder="Code or title: CS 111, calculus"
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="button button-small">Find</button>
      </form>
      {found && (
        <ul className="schedule-found no-print" aria-label="Courses found">
          {found.length === 0 && <li className="muted">{`No course offered in ${termName} matches.`}</li>}
          {found.map((course) => (
            <li key={course.id}>
              <span>
                <span className="code">{course.code}</span> {course.title}
              </span>
              <button type="button" className="button button-small button-ghost" onClick={() => openChooser(course.id)}>
                Choose sections
              </button>
            </li>
          ))}
        </ul>
      )}

      {chooser && (
        <SectionChooser
          chooser={chooser}
          others={meetings.filter((m) => m.courseId !== chooser.course.id)}
          version={version.name}
          busy={busy}
          heading={chooserHeading}
          onChange={setChooser}
          onSave={saveChoice}
          onCancel={closeChooser}
        />
      )}

      <section className="schedule-summary" aria-labelledby="schedule-summary-heading">
        <h2 id="schedule-summary-heading">{`${version.name}, ${termName}`}</h2>
        {view && courses.length > 0
          ? <ScheduleTotals view={view} signedIn={signedIn} />
          : view === null && version.courses.length > 0
          ? <p className="muted">Loading the week…</p>
          : <p className="empty">No courses yet: find one above, or use "Add to {termName} schedule" on a course.</p>}
      </section>

      {courses.length > 0 && (
        <WeekCalendar meetings={meetings} untimed={untimed} title={`${version.name}, ${termName}`} />
      )}

      {courses.length > 0 && (
        <section className="schedule-courses" aria-labelledby="schedule-courses-heading">
          <h2 id="schedule-courses-heading">Courses</h2>
          <ul className="schedule-course-list">
            {courses.map((course) => (
              <ScheduleCourseItem
                key={course.id}
                course={course}
                actions={
                  <>
                    <button
                      type="button"
                      className="button button-small button-ghost"
                      onClick={() => openChooser(course.id)}
                      aria-label={`Change sections of ${course.code}`}
                    >
                      Change sections
                    </button>
                    <button
                      type="button"
                      className="button button-small button-ghost"
                      onClick={() => remove(course)}
                      disabled={busy}
                      aria-label={`Remove ${course.code}`}
                    >
                      Remove
                    </button>
                  </>
                }
              />
            ))}
          </ul>
        </section>
      )}

      {courses.length > 0 && (
        <section className="schedule-take no-print" aria-labelledby="schedule-take-heading">
          <h2 id="schedule-take-heading">Take it to registration</h2>
          <p>
            <a className="button button-small" href={calendarHref} download>
              Download calendar (.ics)
            </a>{" "}
            <button
              type="button"
              className="button button-small button-ghost"
              onClick={() => globalThis.print()}
            >
              Print with class numbers
            </button>
          </p>
          {signedIn && (
            shareUrl
              ? (
                <div className="schedule-share">
                  <label htmlFor="schedule-share-link">Read-only link to this plan</label>
                  <input
                    id="schedule-share-link"
                    readOnly
                    value={shareUrl}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <button type="button" className="button button-small button-ghost" onClick={() => share(false)}>
                    Stop sharing
                  </button>
                </div>
              )
              : (
                <button
                  type="button"
                  className="button button-small button-ghost"
                  onClick={() => share(true)}
                >
                  Share a read-only link
                </button>
              )
          )}
        </section>
      )}
    </div>
  );
}

export default island("ScheduleBuilder", ScheduleBuilder);
