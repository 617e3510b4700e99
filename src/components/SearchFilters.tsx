/** The search page's filters: a sheet beside the results on a wide screen, behind its button on a phone. */
import { TYPING_PAUSE_MS } from "../client/use-course-search.ts";
import type { CourseSearchState } from "../client/use-course-search.ts";
import { HUB_AREAS } from "../lib/hub-areas.ts";
import type { NamedCode } from "../lib/search-chips.ts";
import {
  hasRatingFilter,
  LEVEL_LABELS,
  LEVELS,
  MAX_SLIDERS,
  MIN_SLIDERS,
  type TermChoice,
} from "../lib/search-filter.ts";
import { plural } from "../lib/text.ts";
import { MultiSelect } from "./MultiSelect.tsx";

const SLIDER_LABELS = new Map<string, string>([
  ["minRating", "Minimum overall rating"],
  ["minUsefulness", "Minimum usefulness"],
  ["minInterest", "Minimum interest"],
  ["minTeacher", "Minimum teacher rating"],
  ["maxDifficulty", "Maximum difficulty"],
  ["maxWorkload", "Maximum workload"],
]);
/** A number field's text as a whole number of at least 0; empty for no filter. */
const wholeNumber = (text: string) => text === "" ? undefined : Math.max(0, Math.floor(Number(text)));

const HUB_OPTIONS = HUB_AREAS.map((a) => ({ value: a.code, label: `${a.code}: ${a.name}` }));

type Props = {
  search: CourseSearchState;
  colleges: NamedCode[];
  /** The terms with a class schedule, current first. */
  terms: TermChoice[];
  signedIn: boolean;
  /** How many filters are in force, for the sheet's button. */
  filterCount: number;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** Closes the sheet and brings the results into view. */
  showResults: () => void;
};

export function SearchFilters({ search, colleges, terms, signedIn, filterCount, open, onToggle, showResults }: Props) {
  const { form, set, chooseColleges, departmentOptions, result } = search;
  const ratingFilterSet = hasRatingFilter(form);
  return (
    <details
      className="filter-sheet"
      open={open}
      onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="button button-secondary filter-toggle">
        {filterCount ? `Filters (${filterCount})` : "Filters"}
      </summary>
      <div className="search-filters card" aria-label="Course filters">
        <div className="sheet-head">
          <h2>Filters</h2>
          <button type="button" className="button button-small button-ghost" onClick={showResults}>Close</button>
        </div>
        <MultiSelect
          id="search-colleges"
          label="Colleges"
          name="colleges"
          options={colleges.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
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
        {terms.length > 0 && (
          <div className="field">
            <label htmlFor="search-offered">Offered in</label>
            <select
              id="search-offered"
              name="offered"
              value={form.offered ?? ""}
              onChange={(e) => set("offered", e.target.value === "" ? undefined : Number(e.target.value))}
            >
              <option value="">Any term</option>
              {terms.map((term) => <option key={term.code} value={term.code}>{term.name}</option>)}
            </select>
          </div>
        )}
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
                  onChange={(e) =>
                    set(
                      "levels",
                      e.target.checked
                        ? [...form.levels, level].sort((a, b) => a - b)
                        : form.levels.filter((l) => l !== level),
                    )}
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
              onChange={(e) =>
                set(
                  "minCourseCode",
                  wholeNumber(e.target.value),
                  TYPING_PAUSE_MS,
                )}
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
              onChange={(e) =>
                set(
                  "reviewCount",
                  wholeNumber(e.target.value),
                  TYPING_PAUSE_MS,
                )}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="search-prereqs">Prerequisites Required</label>
          <select
            id="search-prereqs"
            name="noPreReqs"
            value={form.noPreReqs ? "true" : ""}
            onChange={(e) => set("noPreReqs", e.target.value === "true")}
          >
            <option value="">Any</option>
            <option value="true">No prerequisites</option>
          </select>
        </div>
        <label className="check">
          <input
            type="checkbox"
            name="currentOnly"
            value="true"
            checked={form.currentOnly}
            onChange={(e) => set("currentOnly", e.target.checked)}
          />
          <span>Current courses only (in BU's recent catalog)</span>
        </label>
        {signedIn && (
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
        {signedIn && (
          <small id="search-prereqs-met-hint" className="hint">
            Courses without prerequisites, or whose every prerequisite group has a course you marked done.
          </small>
        )}
        {[...MIN_SLIDERS, ...MAX_SLIDERS].map((name) => {
          const isMax = name.startsWith("max");
          return (
            <div className="field slider" key={name}>
              <label htmlFor={`search-${name}`}>
                {SLIDER_LABELS.get(name)}{" "}
                <output htmlFor={`search-${name}`}>{isMax ? form[name] : form[name].toFixed(1)}</output>
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
  );
}
