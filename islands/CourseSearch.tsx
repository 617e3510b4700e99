import { type FormEvent, useEffect, useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { type ListIds, seedLists } from "../src/client/lists-store.ts";
import { CourseCard } from "../src/components/CourseCard.tsx";
import { MultiSelect } from "../src/components/MultiSelect.tsx";
import { Pagination } from "../src/components/Pagination.tsx";
import { HUB_AREAS } from "../src/lib/hub-areas.ts";
import { EMPTY_FILTER, MAX_SLIDERS, MIN_SLIDERS, parseSearchParams, type SearchFilter, searchHref, searchParamsOf, SORTS } from "../src/lib/search-filter.ts";
import type { SearchPage } from "../src/lib/api-types.ts";

type Props = {
  filter: SearchFilter;
  result: SearchPage;
  colleges: string[];
  /** Departments of the colleges in `filter`, by college. */
  departments: Record<string, string[]>;
  signedIn: boolean;
  lists: ListIds | null;
};

const SLIDER_LABELS: Record<(typeof MIN_SLIDERS)[number] | (typeof MAX_SLIDERS)[number], string> = {
  minRating: "Minimum overall rating",
  minUsefulness: "Minimum usefulness",
  minInterest: "Minimum interest",
  minTeacher: "Minimum teacher rating",
  maxDifficulty: "Maximum difficulty",
  maxWorkload: "Maximum workload",
};

const HUB_OPTIONS = HUB_AREAS.map((a) => ({ value: a.code, label: `${a.code}: ${a.name}` }));

function CourseSearch(props: Props) {
  const [form, setForm] = useState<SearchFilter>(props.filter);
  const [submitted, setSubmitted] = useState<SearchFilter>(props.filter);
  const [result, setResult] = useState<SearchPage>(props.result);
  const [departments, setDepartments] = useState<Record<string, string[]>>(props.departments);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);
  const found = useRef<HTMLHeadingElement>(null);
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    seedLists(props.signedIn, props.lists);
  }

  const set = <K extends keyof SearchFilter>(key: K, value: SearchFilter[K]) => setForm((f) => ({ ...f, [key]: value }));

  /** Runs a search; `moveFocus` takes focus to the results heading afterwards, as after choosing another page. */
  async function run(filter: SearchFilter, history: "push" | "none", moveFocus = false) {
    const id = ++request.current;
    setSubmitted(filter);
    setLoading(true);
    if (history === "push") globalThis.history.pushState(null, "", searchHref(filter));
    const answer = await apiFetch<SearchPage>(`/api/courses/search?${searchParamsOf(filter).toString()}`);
    if (id !== request.current) return;
    setLoading(false);
    if (answer.ok) {
      setResult(answer.data);
      if (moveFocus) requestAnimationFrame(() => found.current?.focus());
    } else console.error("[search] failed:", answer.message ?? answer.status);
  }

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

  async function chooseColleges(colleges: string[]) {
    setForm((f) => ({ ...f, colleges, departments: colleges.length ? f.departments : [] }));
    const missing = colleges.filter((college) => !(college in departments));
    const loaded = await Promise.all(missing.map(async (college) => {
      const answer = await apiFetch<string[]>(`/api/courses/departments/${encodeURIComponent(college)}`);
      if (!answer.ok) console.error("[search] departments of", college, answer.status);
      return [college, answer.ok ? answer.data : []] as const;
    }));
    if (loaded.length) setDepartments((d) => ({ ...d, ...Object.fromEntries(loaded) }));
  }

  const departmentOptions = [...new Set(form.colleges.flatMap((college) => departments[college] ?? []))].sort().map((d) => ({ value: d, label: d }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const known = new Set(departmentOptions.map((o) => o.value));
    void run({ ...form, departments: form.departments.filter((d) => known.has(d)), page: 0 }, "push");
  }

  const goToPage = (page: number) => void run({ ...submitted, page }, "push", true);

  return (
    <div className="search-layout">
      <form className="card search-filters" method="get" action="/search" role="search" aria-label="Course filters" onSubmit={submit}>
        <div className="field">
          <label htmlFor="search-q">Course code or title</label>
          <input
            id="search-q"
            name="q"
            type="search"
            value={form.q}
            onChange={(e) => set("q", e.target.value)}
            placeholder="e.g. CS 111 or intro psych"
            maxLength={200}
          />
        </div>
        <MultiSelect
          id="search-colleges"
          label="Colleges"
          name="colleges"
          options={props.colleges.map((c) => ({ value: c, label: c }))}
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
              onChange={(e) => set("minCourseCode", e.target.value === "" ? undefined : Math.max(0, Math.floor(Number(e.target.value))))}
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
              onChange={(e) => set("reviewCount", e.target.value === "" ? undefined : Math.max(0, Math.floor(Number(e.target.value))))}
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
        {[...MIN_SLIDERS, ...MAX_SLIDERS].map((name) => {
          const isMax = name.startsWith("max");
          return (
            <div className="field slider" key={name}>
              <label htmlFor={`search-${name}`}>
                {SLIDER_LABELS[name]} <output htmlFor={`search-${name}`}>{isMax ? form[name] : form[name].toFixed(1)}</output>
              </label>
              <input
                id={`search-${name}`}
                name={name}
                type="range"
                min={isMax ? 1 : 0}
                max={5}
                step={isMax ? 1 : 0.1}
                value={form[name]}
                onChange={(e) => set(name, Number(e.target.value))}
              />
            </div>
          );
        })}
        <div className="field">
          <label htmlFor="search-sort">Sort by</label>
          <select id="search-sort" name="sortBy" value={form.sortBy} onChange={(e) => set("sortBy", e.target.value as SearchFilter["sortBy"])}>
            {Object.entries(SORTS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <button type="submit" className="button">Search Courses</button>
      </form>
      <section className="search-results" aria-labelledby="search-found" aria-busy={loading}>
        <div className="results-head">
          <h2 id="search-found" className="found" tabIndex={-1} ref={found}>{`Found ${result.totalElements} courses`}</h2>
          {result.totalPages > 1 && <a className="skip-link" href="#search-pages">Skip to the result pages</a>}
          {loading && <span className="spinner" role="status" aria-label="Loading courses" />}
        </div>
        {result.content.length === 0 ? <p className="empty">No courses found. Try adjusting the filter parameters.</p> : (
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
