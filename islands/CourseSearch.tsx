import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { type ListIds, seedLists } from "../src/client/lists-store.ts";
import { readStored, SEARCH_VIEW_KEY, writeStored } from "../src/client/storage.ts";
import { CourseCard } from "../src/components/CourseCard.tsx";
import { MultiSelect } from "../src/components/MultiSelect.tsx";
import { Pagination } from "../src/components/Pagination.tsx";
import { type ResultsView, ViewSwitch } from "../src/components/ViewSwitch.tsx";
import type { SearchPage } from "../src/lib/api-types.ts";
import { HUB_AREAS } from "../src/lib/hub-areas.ts";
import {
  defaultSortFor,
  EMPTY_FILTER,
  hasRatingFilter,
  LEVEL_LABELS,
  LEVELS,
  MAX_SLIDERS,
  MIN_SLIDERS,
  parseSearchParams,
  type SearchFilter,
  searchHref,
  searchParamsOf,
  SORTS,
} from "../src/lib/search-filter.ts";
import { plural } from "../src/lib/text.ts";

/** The table view loads only when a student asks for it: the search page ships without the table library. */
const CourseTable = lazy(() => import("../src/components/CourseTable.tsx"));

export type NamedCode = { code: string; name: string };

type Props = {
  filter: SearchFilter;
  result: SearchPage;
  colleges: NamedCode[];
  /** Departments of the colleges in `filter`, by college, with their names. */
  departments: Record<string, NamedCode[]>;
  signedIn: boolean;
  lists: ListIds | null;
};

const SLIDER_LABELS = new Map<string, string>([
  ["minRating", "Minimum overall rating"],
  ["minUsefulness", "Minimum usefulness"],
  ["minInterest", "Minimum interest"],
  ["minTeacher", "Minimum teacher rating"],
  ["maxDifficulty", "Maximum difficulty"],
  ["maxWorkload", "Maximum workload"],
]);
const CHIP_LABELS = new Map<string, string>([
  ["minRating", "Overall ≥"],
  ["minUsefulness", "Useful ≥"],
  ["minInterest", "Interest ≥"],
  ["minTeacher", "Teacher ≥"],
  ["maxDifficulty", "Difficulty ≤"],
  ["maxWorkload", "Workload ≤"],
]);

const HUB_OPTIONS = HUB_AREAS.map((a) => ({ value: a.code, label: `${a.code}: ${a.name}` }));
/** Typing waits for a pause before it searches; a click or a slider searches a moment after. */
const TYPING_PAUSE_MS = 300;
const CHANGE_PAUSE_MS = 150;
const PHONE = "(max-width: 900px)";

type Chip = { key: string; label: string; remove: (f: SearchFilter) => SearchFilter };

/** The filters in force, each as a removable chip. */
function chipsOf(filter: SearchFilter, colleges: NamedCode[], departmentName: (code: string) => string): Chip[] {
  const chips: Chip[] = [];
  const collegeName = new Map(colleges.map((c) => [c.code, c.name]));
  for (const code of filter.colleges) {
    chips.push({ key: `college-${code}`, label: collegeName.get(code) ?? code, remove: (f) => ({ ...f, colleges: f.colleges.filter((c) => c !== code) }) });
  }
  for (const code of filter.departments) {
    chips.push({ key: `department-${code}`, label: departmentName(code), remove: (f) => ({ ...f, departments: f.departments.filter((d) => d !== code) }) });
  }
  for (const code of filter.hubReqs) {
    chips.push({
      key: `hub-${code}`,
      label: `Hub ${code}`,
      remove: (f) => ({ ...f, hubReqs: f.hubReqs.filter((h) => h !== code) }),
    });
  }
  for (const level of filter.levels) {
    chips.push({ key: `level-${level}`, label: `Level ${LEVEL_LABELS.get(level)}`, remove: (f) => ({ ...f, levels: f.levels.filter((l) => l !== level) }) });
  }
  if (filter.minCourseCode !== undefined) {
    chips.push({ key: "min-code", label: `Number ≥ ${filter.minCourseCode}`, remove: (f) => ({ ...f, minCourseCode: undefined }) });
  }
  if (filter.reviewCount !== undefined) {
    chips.push({ key: "reviews", label: `${filter.reviewCount}+ reviews`, remove: (f) => ({ ...f, reviewCount: undefined }) });
  }
  if (filter.noPreReqs) chips.push({ key: "no-prereqs", label: "No prerequisites", remove: (f) => ({ ...f, noPreReqs: false }) });
  if (filter.currentOnly) chips.push({ key: "current", label: "Current courses only", remove: (f) => ({ ...f, currentOnly: false }) });
  if (filter.prereqsMet) chips.push({ key: "prereqs-met", label: "Prerequisites I've met", remove: (f) => ({ ...f, prereqsMet: false }) });
  for (const name of MIN_SLIDERS) {
    if (filter[name] > 0) chips.push({ key: name, label: `${CHIP_LABELS.get(name)} ${filter[name].toFixed(1)}`, remove: (f) => ({ ...f, [name]: 0 }) });
  }
  for (const name of MAX_SLIDERS) {
    if (filter[name] < 5) chips.push({ key: name, label: `${CHIP_LABELS.get(name)} ${filter[name]}`, remove: (f) => ({ ...f, [name]: 5 }) });
  }
  if (filter.includeUnreviewed && hasRatingFilter(filter)) {
    chips.push({ key: "unreviewed", label: "With unreviewed courses", remove: (f) => ({ ...f, includeUnreviewed: false }) });
  }
  return chips;
}

function CourseSearch(props: Props) {
  const [form, setForm] = useState<SearchFilter>(props.filter);
  const [submitted, setSubmitted] = useState<SearchFilter>(props.filter);
  const [result, setResult] = useState<SearchPage>(props.result);
  const [departments, setDepartments] = useState<Record<string, NamedCode[]>>(props.departments);
  const [loading, setLoading] = useState(false);
  const [view, setView] = useState<ResultsView>("cards");
  const [sheetOpen, setSheetOpen] = useState(false);
  const request = useRef(0);
  const found = useRef<HTMLHeadingElement>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    seedLists(props.signedIn, props.lists);
  }

  const isPhone = () => globalThis.matchMedia?.(PHONE).matches ?? false;

  useEffect(() => {
    // The filters stand open beside the results on a wide screen; on a phone they wait behind their button.
    setSheetOpen(!isPhone());
    if (readStored(SEARCH_VIEW_KEY) === "table") setView("table");
  }, []);

  /** Runs a search. `history` says how the URL follows: a new entry, the same entry replaced, or untouched (back and forward). */
  async function run(filter: SearchFilter, history: "push" | "replace" | "none", then?: "focus" | "scroll") {
    clearTimeout(pending.current);
    const id = ++request.current;
    setSubmitted(filter);
    setLoading(true);
    if (history === "push") globalThis.history.pushState(null, "", searchHref(filter));
    if (history === "replace") globalThis.history.replaceState(null, "", searchHref(filter));
    const answer = await apiFetch<SearchPage>(`/api/courses/search?${searchParamsOf(filter).toString()}`);
    if (id !== request.current) return;
    setLoading(false);
    if (!answer.ok) {
      console.error("[search] failed:", answer.message ?? answer.status);
      return;
    }
    setResult(answer.data);
    if (then === "focus") requestAnimationFrame(() => found.current?.focus());
    if (then === "scroll") requestAnimationFrame(() => found.current?.scrollIntoView({ block: "start" }));
  }

  /** Applies a changed filter as it changes: the search runs after a short pause, so a burst of changes is one search. */
  function apply(next: SearchFilter, pause = CHANGE_PAUSE_MS) {
    setForm(next);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => void run(withKnownDepartments({ ...next, page: 0 }), "replace"), pause);
  }

  const set = <K extends keyof SearchFilter>(key: K, value: SearchFilter[K], pause?: number) => apply({ ...form, [key]: value }, pause);

  // Back and forward restore earlier searches.
  useEffect(() => {
    const onPop = () => {
      const parsed = parseSearchParams(new URLSearchParams(location.search));
      const filter = parsed.ok ? parsed.filter : EMPTY_FILTER;
      setForm(filter);
      void run(filter, "none");
    };
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, []);

  async function loadDepartments(colleges: string[]) {
    const missing = colleges.filter((college) => !Object.hasOwn(departments, college));
    const loaded = await Promise.all(missing.map(async (college) => {
      const answer = await apiFetch<NamedCode[]>(`/api/courses/departments/${encodeURIComponent(college)}?names=true`);
      if (!answer.ok) console.error("[search] departments of", college, answer.status);
      return [college, answer.ok ? answer.data : []] as const;
    }));
    if (loaded.length) setDepartments((d) => ({ ...d, ...Object.fromEntries(loaded) }));
  }

  function chooseColleges(colleges: string[]) {
    apply({ ...form, colleges, departments: colleges.length ? form.departments : [] });
    void loadDepartments(colleges);
  }

  const departmentOptions = form.colleges.flatMap((college) => departments[college] ?? [])
    .map((d) => ({ value: d.code, label: `${d.name} (${d.code})` }))
    .filter((option, i, all) => all.findIndex((o) => o.value === option.value) === i)
    .sort((a, b) => a.label.localeCompare(b.label));
  const departmentName = (code: string) => departmentOptions.find((o) => o.value === code)?.label ?? code;

  /** Departments of colleges no longer chosen are not sent. */
  function withKnownDepartments(filter: SearchFilter): SearchFilter {
    const known = new Set(filter.colleges.flatMap((college) => (departments[college] ?? []).map((d) => d.code)));
    return { ...filter, departments: filter.departments.filter((d) => known.has(d)) };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The keyboard on a phone closes, and the results come into view.
    if (isPhone()) (document.activeElement as HTMLElement | null)?.blur();
    void run(withKnownDepartments({ ...form, page: 0 }), "push", isPhone() ? "scroll" : undefined);
  }

  function showResults() {
    setSheetOpen(false);
    requestAnimationFrame(() => found.current?.scrollIntoView({ block: "start" }));
  }

  function chooseView(next: ResultsView) {
    setView(next);
    writeStored(SEARCH_VIEW_KEY, next);
  }

  const goToPage = (page: number) => void run({ ...submitted, page }, "push", "focus");
  const chips = chipsOf(form, props.colleges, departmentName);
  const filterCount = chips.length;
  const ratingFilterSet = hasRatingFilter(form);
  const sorts = Object.entries(SORTS).filter(([value]) => value !== "relevance" || form.q);

  return (
    <div className="search-layout">
      <form id="search-form" className="search-form" method="get" action="/search" role="search" aria-label="Courses" onSubmit={submit}>
        <div className="search-bar">
          <label htmlFor="search-q" className="visually-hidden">Course code, title or topic</label>
          <input
            id="search-q"
            name="q"
            type="search"
            value={form.q}
            onChange={(e) => {
              const q = e.target.value;
              // A new text is sorted by relevance unless another sort was chosen.
              const sortBy = form.sortBy === defaultSortFor(form.q) ? defaultSortFor(q.trim()) : form.sortBy;
              apply({ ...form, q, sortBy }, TYPING_PAUSE_MS);
            }}
            placeholder="Course code, title or topic: CS 111, intro psych"
            maxLength={200}
            autoComplete="off"
          />
          <button type="submit" className="button">Search Courses</button>
        </div>
        <details className="filter-sheet" open={sheetOpen} onToggle={(e) => setSheetOpen((e.currentTarget as HTMLDetailsElement).open)}>
          <summary className="button button-secondary filter-toggle">{filterCount ? `Filters (${filterCount})` : "Filters"}</summary>
          <div className="search-filters card" aria-label="Course filters">
            <div className="sheet-head">
              <h2>Filters</h2>
              <button type="button" className="button button-small button-ghost" onClick={showResults}>Close</button>
            </div>
            <MultiSelect
              id="search-colleges"
              label="Colleges"
              name="colleges"
              options={props.colleges.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
              selected={form.colleges}
              onChange={chooseColleges}
            />
            <MultiSelect
              id="search-departments"
              label="Departments"
              name="departments"
              options={departmentOptions}
              selected={form.departments}
              onChange={(v) => set("departments", v)}
              disabled={form.colleges.length === 0}
              disabledHint="Choose a college first"
            />
            <MultiSelect
              id="search-hubs"
              label="Hub Requirements"
              name="hubReqs"
              options={HUB_OPTIONS}
              selected={form.hubReqs}
              onChange={(v) => set("hubReqs", v)}
            />
            <fieldset className="field levels">
              <legend className="field-label">Course level</legend>
              <div className="level-options">
                {LEVELS.map((level) => (
                  <label key={level} className="check check-pill">
                    <input
                      type="checkbox"
                      name="levels"
                      value={level}
                      checked={form.levels.includes(level)}
                      onChange={(e) => set("levels", e.target.checked ? [...form.levels, level].sort((a, b) => a - b) : form.levels.filter((l) => l !== level))}
                    />
                    <span>{LEVEL_LABELS.get(level)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="field-row">
              <div className="field">
                <label htmlFor="search-min-code">Minimum Course Number</label>
                <input
                  id="search-min-code"
                  name="minCourseCode"
                  type="number"
                  min={0}
                  max={9999}
                  inputMode="numeric"
                  value={form.minCourseCode ?? ""}
                  onChange={(e) => set("minCourseCode", e.target.value === "" ? undefined : Math.max(0, Math.floor(Number(e.target.value))), TYPING_PAUSE_MS)}
                />
              </div>
              <div className="field">
                <label htmlFor="search-min-reviews">Minimum Reviews</label>
                <input
                  id="search-min-reviews"
                  name="reviewCount"
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={form.reviewCount ?? ""}
                  onChange={(e) => set("reviewCount", e.target.value === "" ? undefined : Math.max(0, Math.floor(Number(e.target.value))), TYPING_PAUSE_MS)}
                />
              </div>
            </div>
            <div className="field">
              <label htmlFor="search-prereqs">Prerequisites Required</label>
              <select id="search-prereqs" name="noPreReqs" value={form.noPreReqs ? "true" : ""} onChange={(e) => set("noPreReqs", e.target.value === "true")}>
                <option value="">Any</option>
                <option value="true">No prerequisites</option>
              </select>
            </div>
            <label className="check">
              <input type="checkbox" name="currentOnly" value="true" checked={form.currentOnly} onChange={(e) => set("currentOnly", e.target.checked)} />
              <span>Current courses only (in BU's recent catalog)</span>
            </label>
            {props.signedIn && (
              <label className="check">
                <input
                  type="checkbox"
                  name="prereqsMet"
                  value="true"
                  checked={form.prereqsMet}
                  onChange={(e) => set("prereqsMet", e.target.checked)}
                  aria-describedby="search-prereqs-met-hint"
                />
                <span>Prerequisites I've met</span>
              </label>
            )}
            {props.signedIn && (
              <small id="search-prereqs-met-hint" className="hint">
                Courses without prerequisites, or whose every prerequisite group has a course you marked done.
              </small>
            )}
            {[...MIN_SLIDERS, ...MAX_SLIDERS].map((name) => {
              const isMax = name.startsWith("max");
              return (
                <div className="field slider" key={name}>
                  <label htmlFor={`search-${name}`}>
                    {SLIDER_LABELS.get(name)} <output htmlFor={`search-${name}`}>{isMax ? form[name] : form[name].toFixed(1)}</output>
                  </label>
                  <input
                    id={`search-${name}`}
                    name={name}
                    type="range"
                    min={isMax ? 1 : 0}
                    max={5}
                    step={isMax ? 1 : 0.1}
                    value={form[name]}
                    onChange={(e) => set(name, Number(e.target.value), TYPING_PAUSE_MS)}
                  />
                </div>
              );
            })}
            <label className="check">
              <input
                type="checkbox"
                name="includeUnreviewed"
                value="true"
                checked={form.includeUnreviewed}
                onChange={(e) => set("includeUnreviewed", e.target.checked)}
                aria-describedby="search-unreviewed-hint"
              />
              <span>Include courses without reviews</span>
            </label>
            <small id="search-unreviewed-hint" className="hint">
              {ratingFilterSet
                ? "Courses without reviews have no rating, so the rating filters leave them out unless this is ticked."
                : "Applies when a rating filter is set."}
            </small>
            <button type="button" className="button sheet-done" onClick={showResults}>
              {`Show ${plural(result.totalElements, "course")}`}
            </button>
          </div>
        </details>
      </form>
      <section className="search-results" aria-labelledby="search-found" aria-busy={loading}>
        {chips.length > 0 && (
          <ul className="chips" aria-label="Filters in use">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button type="button" className="chip" onClick={() => apply(chip.remove(form))} aria-label={`Remove filter: ${chip.label}`}>
                  {chip.label} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="chip chip-clear"
                onClick={() => apply({ ...EMPTY_FILTER, q: form.q, sortBy: defaultSortFor(form.q.trim()) })}
              >
                Clear all
              </button>
            </li>
          </ul>
        )}
        <div className="results-head">
          <h2 id="search-found" className="found" tabIndex={-1} ref={found}>{`Found ${plural(result.totalElements, "course")}`}</h2>
          {loading && <span className="spinner" role="status" aria-label="Loading courses" />}
          <div className="results-tools">
            <label htmlFor="search-sort" className="sort-label">Sort by</label>
            <select
              id="search-sort"
              name="sortBy"
              form="search-form"
              value={form.sortBy}
              onChange={(e) => set("sortBy", e.target.value as SearchFilter["sortBy"])}
            >
              {sorts.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
            <ViewSwitch label="the courses found" view={view} onChange={chooseView} />
          </div>
          {result.totalPages > 1 && <a className="skip-link" href="#search-pages">Skip to the result pages</a>}
        </div>
        {result.content.length === 0
          ? <p className="empty">No courses found. Try adjusting the filter parameters.</p>
          : view === "table"
          ? (
            <Suspense fallback={<p className="muted">Loading the table…</p>}>
              <CourseTable courses={result.content} caption="Courses found" />
            </Suspense>
          )
          : (
            <div className="course-grid">
              {result.content.map((course) => <CourseCard key={course.id} course={course} />)}
            </div>
          )}
        <Pagination
          page={result.number}
          totalPages={result.totalPages}
          hrefFor={(page) => searchHref(submitted, page)}
          onNavigate={goToPage}
          id="search-pages"
        />
      </section>
    </div>
  );
}

export default island("CourseSearch", CourseSearch);
