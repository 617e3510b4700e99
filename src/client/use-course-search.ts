/**
 * The course search's state and what changes it, apart from how it looks: the filter being edited and the one searched,
 * the results, the departments of the chosen colleges, the URL kept in step (a new history entry for each search the
 * student asked for or filtered, the same entry replaced as they type, Back and Forward restoring earlier searches), and
 * searches run after a pause so a burst of changes is one request.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { SearchPage } from "../lib/api-types.ts";
import {
  EMPTY_FILTER,
  parseSearchParams,
  type SearchFilter,
  searchHref,
  searchParamsOf,
} from "../lib/search-filter.ts";
import type { NamedCode } from "../lib/search-chips.ts";
import { apiFetch } from "./api.ts";

/** Typing waits for a pause before it searches; a click or a slider searches a moment after. */
export const TYPING_PAUSE_MS = 300;
export const CHANGE_PAUSE_MS = 150;
const PHONE = "(max-width: 900px)";

/** Whether the page is laid out for a phone (the filters behind their button). */
export const isPhone = (): boolean => globalThis.matchMedia?.(PHONE).matches ?? false;

export type CourseSearchStart = { filter: SearchFilter; result: SearchPage; departments: Record<string, NamedCode[]> };

export function useCourseSearch(start: CourseSearchStart) {
  const [form, setForm] = useState<SearchFilter>(start.filter);
  const [submitted, setSubmitted] = useState<SearchFilter>(start.filter);
  const [result, setResult] = useState<SearchPage>(start.result);
  const [departments, setDepartments] = useState<Record<string, NamedCode[]>>(start.departments);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);
  /** The "Found N courses" heading: focused after paging, scrolled to after a search on a phone. */
  const found = useRef<HTMLHeadingElement>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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

  /** Departments of colleges no longer chosen are not sent. */
  function withKnownDepartments(filter: SearchFilter): SearchFilter {
    const known = new Set(filter.colleges.flatMap((college) => (departments[college] ?? []).map((d) => d.code)));
    return { ...filter, departments: filter.departments.filter((d) => known.has(d)) };
  }

  /**
   * Applies a changed filter as it changes: the search runs after a short pause, so a burst of changes is one search.
   * A filter's search is a new history entry, so Back returns to the filters before it; typing in the search box
   * (`history` "replace") keeps one entry for the words as they grow.
   */
  function apply(next: SearchFilter, pause = CHANGE_PAUSE_MS, history: "push" | "replace" = "push") {
    setForm(next);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => void run(withKnownDepartments({ ...next, page: 0 }), history), pause);
  }

  const set = <K extends keyof SearchFilter>(key: K, value: SearchFilter[K], pause?: number) =>
    apply({ ...form, [key]: value }, pause);

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

  /** New colleges: their departments are fetched, and departments are cleared when no college is left. */
  function chooseColleges(colleges: string[]) {
    apply({ ...form, colleges, departments: colleges.length ? form.departments : [] });
    void loadDepartments(colleges);
  }

  const departmentOptions = form.colleges.flatMap((college) => departments[college] ?? [])
    .map((d) => ({ value: d.code, label: `${d.name} (${d.code})` }))
    .filter((option, i, all) => all.findIndex((o) => o.value === option.value) === i)
    .sort((a, b) => a.label.localeCompare(b.label));
  const departmentName = (code: string) => departmentOptions.find((o) => o.value === code)?.label ?? code;

  /** The form's own submit (Enter, the Search button): a new history entry. */
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The keyboard on a phone closes, and the results come into view.
    if (isPhone()) (document.activeElement as HTMLElement | null)?.blur();
    void run(withKnownDepartments({ ...form, page: 0 }), "push", isPhone() ? "scroll" : undefined);
  }

  const goToPage = (page: number) => void run({ ...submitted, page }, "push", "focus");

  return {
    form,
    submitted,
    result,
    loading,
    found,
    apply,
    set,
    chooseColleges,
    departmentOptions,
    departmentName,
    submit,
    goToPage,
  };
}

export type CourseSearchState = ReturnType<typeof useCourseSearch>;
