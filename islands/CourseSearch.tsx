import { useEffect, useRef, useState } from "react";
import { island } from "../src/client/island.tsx";
import { type ListIds, seedLists } from "../src/client/lists-store.ts";
import { readStored, SEARCH_VIEW_KEY, writeStored } from "../src/client/storage.ts";
import { isPhone, TYPING_PAUSE_MS, useCourseSearch } from "../src/client/use-course-search.ts";
import { SearchFilters } from "../src/components/SearchFilters.tsx";
import { SearchResults } from "../src/components/SearchResults.tsx";
import type { ResultsView } from "../src/components/ViewSwitch.tsx";
import type { SearchPage } from "../src/lib/api-types.ts";
import { chipsOf, type NamedCode, textChipsOf } from "../src/lib/search-chips.ts";
import { defaultSortFor, type SearchFilter, type TermChoice } from "../src/lib/search-filter.ts";

type Props = {
  filter: SearchFilter;
  result: SearchPage;
  colleges: NamedCode[];
  /** Departments of the colleges in `filter`, by college, with their names. */
  departments: Record<string, NamedCode[]>;
  /** The terms with a class schedule, current first. */
  terms: TermChoice[];
  signedIn: boolean;
  lists: ListIds | null;
};

/**
 * The search page: the text box and the filters on one side, the results on the other. The state and the searches are
 * `useCourseSearch` (src/client/use-course-search.ts); the parts are SearchFilters and SearchResults.
 */
function CourseSearch(props: Props) {
  const search = useCourseSearch(props);
  const { form, apply, found } = search;
  const [view, setView] = useState<ResultsView>("cards");
  const [sheetOpen, setSheetOpen] = useState(false);
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    seedLists(props.signedIn, props.lists);
  }

  useEffect(() => {
    // The filters stand open beside the results on a wide screen; on a phone they wait behind their button.
    setSheetOpen(!isPhone());
    if (readStored(SEARCH_VIEW_KEY) === "table") setView("table");
  }, []);

  function showResults() {
    setSheetOpen(false);
    requestAnimationFrame(() => found.current?.scrollIntoView({ block: "start" }));
  }

  function chooseView(next: ResultsView) {
    setView(next);
    writeStored(SEARCH_VIEW_KEY, next);
  }

  // The phrases the last search read from the text first, then the filters chosen.
  const chips = [
    ...textChipsOf(search.result.understood ?? []),
    ...chipsOf(form, props.colleges, search.departmentName),
  ];

  return (
    <div className="search-layout">
      <form
        id="search-form"
        className="search-form"
        method="get"
        action="/search"
        role="search"
        aria-label="Courses"
        onSubmit={search.submit}
      >
        <div className="search-bar">
          <label htmlFor="search-q" className="visually-hidden">Course code, title, topic or professor</label>
          <input
            id="search-q"
            name="q"
            type="search"
            value={form.q}
            onChange={(e) => {
              const q = e.target.value;
              // A new text is sorted by relevance unless another sort was chosen.
              const sortBy = form.sortBy === defaultSortFor(form.q, form.rank)
                ? defaultSortFor(q.trim(), form.rank)
                : form.sortBy;
              apply({ ...form, q, sortBy }, TYPING_PAUSE_MS, "replace");
            }}
            placeholder="Code, title, topic or professor: CS 111, intro psych"
            maxLength={200}
            autoComplete="off"
          />
          <button type="submit" className="button">Search Courses</button>
        </div>
        <SearchFilters
          search={search}
          colleges={props.colleges}
          terms={props.terms}
          signedIn={props.signedIn}
          filterCount={chips.length}
          open={sheetOpen}
          onToggle={setSheetOpen}
          showResults={showResults}
        />
      </form>
      <SearchResults search={search} chips={chips} view={view} onView={chooseView} />
    </div>
  );
}

export default island("CourseSearch", CourseSearch);
