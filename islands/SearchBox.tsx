import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { readSearchText } from "../src/lib/search-words.ts";
import { professorHref } from "../src/lib/urls.ts";

/** A course or a professor the box offers; `key` is unique in the list. */
type Suggestion = { key: string; href: string; code: string; title: string };
type Answer = {
  courses: { id: number; code: string; title: string }[];
  professors: { slug: string; name: string; reviews: number }[];
};

/** The search the text reads as, first, when it names a Hub area or a sort ("easy QR2": Hub QR2 · Easiest first). */
function readingOf(text: string): Suggestion[] {
  const { read, q } = readSearchText(text);
  if (!read.length) return [];
  const meaning = [...read.map((r) => r.meaning), ...(q ? [`“${q}”`] : [])].join(" · ");
  return [{ key: "read", href: `/search?q=${encodeURIComponent(text)}`, code: "Search", title: meaning }];
}

function suggestionsOf(text: string, answer: Answer): Suggestion[] {
  return [
    ...readingOf(text),
    ...answer.courses.map((c) => ({ key: `c${c.id}`, href: `/course/${c.id}`, code: c.code, title: c.title })),
    ...answer.professors.map((p) => ({
      key: `p${p.slug}`,
      href: professorHref(p.slug),
      code: "Professor",
      title: `${p.name} · ${p.reviews} review${p.reviews === 1 ? "" : "s"}`,
    })),
  ];
}
type Props = {
  /** Unique on the page: the top bar's box and the landing page's may both be there. */
  id: string;
  variant: "bar" | "hero";
};

/** Suggestions wait for a pause in typing, so a word typed quickly is one request. */
const PAUSE_MS = 150;

/**
 * The search box of the top bar and the landing page: up to 8 courses and 3
 * professors as the student types, in the ARIA combobox pattern (arrows move through them,
 * Enter opens the highlighted course or searches for the text, Escape
 * closes). Without JavaScript it is a plain search form to /search.
 */
function SearchBox({ id, variant }: Props) {
  const [q, setQ] = useState("");
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Suggestions asked for (or about to be) and not yet answered. */
  const waiting = useRef(false);
  const listId = `${id}-suggestions`;

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Forgets the suggestions asked for and not yet shown: an answer for an older text, or one arriving after Escape or a blur, is dropped. */
  function cancel(): number {
    clearTimeout(timer.current);
    waiting.current = false;
    return ++request.current;
  }

  function type(value: string) {
    setQ(value);
    setActive(-1);
    const mine = cancel();
    const text = value.trim();
    if (!text) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    waiting.current = true;
    timer.current = setTimeout(async () => {
      const answer = await apiFetch<Answer>(`/api/suggest?q=${encodeURIComponent(text)}`);
      if (mine !== request.current) return;
      waiting.current = false;
      if (!answer.ok) {
        console.error("[suggest] failed:", answer.message ?? answer.status);
        return;
      }
      setSuggestions(suggestionsOf(text, answer.data));
      setOpen(true);
    }, PAUSE_MS);
  }

  function go(suggestion: Suggestion) {
    setOpen(false);
    globalThis.location.assign(suggestion.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      // -1 is the text box itself: past the last course the highlight goes back to it, and from it up to the last course.
      const last = suggestions.length - 1;
      setActive((i) => event.key === "ArrowDown" ? (i >= last ? -1 : i + 1) : (i <= -1 ? last : i - 1));
      return;
    }
    if (event.key === "Escape") {
      // The first Escape closes the list, or stops the one on its way; the next one clears the text.
      const closing = open || waiting.current;
      cancel();
      if (closing) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (q) {
        event.preventDefault();
        type("");
      }
      return;
    }
    if (event.key === "Enter" && open && active >= 0 && active < suggestions.length) {
      event.preventDefault();
      go(suggestions[active]);
    }
  }

  const showList = open && q.trim() !== "";
  const activeId = active >= 0 && active < suggestions.length ? `${listId}-${active}` : undefined;
  return (
    <form
      className={`search-box search-box-${variant}`}
      method="get"
      action="/search"
      role="search"
      aria-label={variant === "hero" ? "Find a course" : "Site"}
    >
      <label htmlFor={id} className="visually-hidden">Search courses</label>
      <input
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList && suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        placeholder={variant === "hero" ? "CS 111, intro psych, calculus…" : "Search courses"}
        maxLength={200}
        value={q}
        onChange={(e) => type(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          cancel();
          // A click on a suggestion lands before the list closes.
          setTimeout(() => setOpen(false), 150);
        }}
        onFocus={() => suggestions.length && q.trim() && setOpen(true)}
      />
      {variant === "hero"
        ? <button type="submit" className="button">Search</button>
        : (
          <button type="submit" className="button button-small button-secondary search-submit" aria-label="Search">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        )}
      <p className="suggestions suggestion-empty" role="status" hidden={!(showList && suggestions.length === 0)}>
        {showList && suggestions.length === 0 ? "No course or professor matches yet: press Enter to search." : ""}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested courses and professors"
        className="suggestions"
        hidden={!showList || suggestions.length === 0}
      >
        {suggestions.map((s, i) => (
          <li
            key={s.key}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? "suggestion active" : "suggestion"}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(s)}
            onMouseEnter={() => setActive(i)}
          >
            <span className="suggestion-code">{s.code}</span>
            <span className="suggestion-title">{s.title}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}

export default island("SearchBox", SearchBox);
