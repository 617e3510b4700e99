/** The search page's results: the filters in force as chips, the count, sort and view, the courses, and the pages. */
import { lazy, Suspense } from "react";
import type { CourseSearchState } from "../client/use-course-search.ts";
import type { Chip } from "../lib/search-chips.ts";
import { defaultSortFor, EMPTY_FILTER, type SearchFilter, searchHref, SORTS } from "../lib/search-filter.ts";
import { quotedPhrases, withoutPhrases } from "../lib/search-words.ts";
import { plural } from "../lib/text.ts";
import { CourseCard } from "./CourseCard.tsx";
import { Pagination } from "./Pagination.tsx";
import { ProfessorMatches } from "./ProfessorMatches.tsx";
import { type ResultsView, ViewSwitch } from "./ViewSwitch.tsx";

/** The table view loads only when a student asks for it: the search page ships without the table library. */
const CourseTable = lazy(() => import("./CourseTable.tsx"));

type Props = { search: CourseSearchState; chips: Chip[]; view: ResultsView; onView: (view: ResultsView) => void };

export function SearchResults({ search, chips, view, onView }: Props) {
  const { form, submitted, result, loading, found, apply, set, goToPage } = search;
  const understood = result.understood ?? [];
  // A sort the text asked for ("easy") shows as the sort while none was chosen.
  const chosenSort = form.sortBy !== defaultSortFor(form.q, form.rank);
  // Read phrases can change the sort the text alone would have (a Hub code alone lists by course number).
  const wordSort = !chosenSort && understood.length ? result.sortBy : null;
  const sortShown = wordSort ?? form.sortBy;
  const sorts = Object.entries(SORTS).filter(([value]) => value !== "relevance" || form.q || form.rank);
  return (
    <section className="search-results" aria-labelledby="search-found" aria-busy={loading}>
      {chips.length > 0 && (
        <ul className="chips" aria-label="Filters in use">
          {chips.map((chip) => (
            <li key={chip.key}>
              <button
                type="button"
                className="chip"
                onClick={() => apply(chip.remove(form))}
                aria-label={`Remove filter: ${chip.label}`}
              >
                {chip.label} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="chip chip-clear"
              onClick={() => {
                // The phrases read as a Hub area or a sort go with the filters; the other words stay.
                const q = withoutPhrases(form.q, understood);
                apply({ ...EMPTY_FILTER, q, sortBy: defaultSortFor(q.trim()) });
              }}
            >
              Clear all
            </button>
          </li>
        </ul>
      )}
      {understood.length > 0 && (
        <p className="read-note">
          {`Read ${understood.map((read) => `“${read.text}” as ${read.meaning}`).join(", ")}. `}
          <button
            type="button"
            className="link-button"
            onClick={() => apply({ ...form, q: quotedPhrases(form.q, understood) })}
          >
            Search these words as text
          </button>
        </p>
      )}
      <ProfessorMatches professors={result.professors ?? []} />
      <div className="results-head">
        <h2 id="search-found" className="found" tabIndex={-1} ref={found}>
          {`Found ${plural(result.totalElements, "course")}`}
        </h2>
        {loading && <span className="spinner" role="status" aria-label="Loading courses" />}
        <div className="results-tools">
          <label htmlFor="search-sort" className="sort-label">Sort by</label>
          <select
            id="search-sort"
            name="sortBy"
            form="search-form"
            value={sortShown}
            onChange={(e) => set("sortBy", e.target.value as SearchFilter["sortBy"])}
          >
            {sorts.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
          <ViewSwitch label="the courses found" view={view} onChange={onView} />
        </div>
        {result.totalPages > 1 && <a className="skip-link" href="#search-pages">Skip to the result pages</a>}
        {(result.scoped || submitted.allCourses) && (
          <div className="scope-switch">
            {result.scoped && <span>Current undergraduate courses.</span>}
            <label>
              <input
                type="checkbox"
                checked={form.allCourses}
                onChange={(e) => set("allCourses", e.target.checked)}
              />
              Include graduate and no-longer-offered courses
            </label>
          </div>
        )}
      </div>
      {result.content.length === 0 && result.totalElements > 0
        ? (
          // A page past the last one (an old link, a hand-typed URL): say so, and lead back to the results.
          <p className="empty">
            {`Page ${result.number + 1} is past the last page of these results (${
              plural(result.totalPages, "page")
            }). `}
            <a
              href={searchHref(submitted, result.totalPages - 1)}
              onClick={(e) => {
                e.preventDefault();
                goToPage(result.totalPages - 1);
              }}
            >
              Go to the last page
            </a>
          </p>
        )
        : result.content.length === 0
        ? (
          <p className="empty">
            {result.professors?.length
              ? "No course titles match: the courses of the professors above are listed with them."
              : "No courses found. Try adjusting the filter parameters."}
          </p>
        )
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
  );
}
