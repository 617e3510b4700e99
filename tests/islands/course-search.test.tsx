// @vitest-environment happy-dom
import { act } from "react";
import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { guardIslands } from "../helpers/island-guards.ts";
import { hydratedRoots } from "../helpers/island-roots.ts";
import CourseSearch from "../../islands/CourseSearch.tsx";
import type { NamedCode } from "../../src/lib/search-chips.ts";
import { bootIslands } from "../../src/client/boot.ts";
import { IslandCollector, IslandContext } from "../../src/client/island.tsx";
import type { ListIds } from "../../src/client/lists-store.ts";
import { EMPTY_FILTER, type SearchFilter } from "../../src/lib/search-filter.ts";
import { courseView } from "../helpers/course-views.ts";
import type { CourseOffering, CourseView, SearchPage } from "../../src/lib/api-types.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const course = courseView;

const CS111 = course(1, "CAS", "CS", "111", "Introduction to Computer Science 1", 4.2, ["QR2", "CRT", "CRI"]);
const EC101 = course(2, "CAS", "EC", "101", "Introductory Microeconomic Analysis", 3.5, ["SO1"]);
const MA123 = course(3, "CAS", "MA", "123", "Calculus I", 3.9, ["QR2"]);
const EK125 = course(4, "ENG", "EK", "125", "Introduction to Programming for Engineers", 0, []);

function page(
  content: (CourseView & { offering?: CourseOffering | null })[],
  totalElements = content.length,
  totalPages = content.length ? 1 : 0,
  number = 0,
): SearchPage {
  return {
    content: content.map((c) => ({ offering: null, ...c })),
    totalElements,
    totalPages,
    number,
    size: 18,
    professors: [],
    sortBy: "byCourseCode",
    understood: [],
    scoped: false,
  };
}

const TERMS = [{ code: 2268, name: "Fall 2026" }, { code: 2271, name: "Spring 2027" }];

const COLLEGES = [
  { code: "CAS", name: "College of Arts & Sciences" },
  { code: "ENG", name: "College of Engineering" },
  { code: "QST", name: "Questrom School of Business" },
];

type Props = {
  filter?: SearchFilter;
  result?: SearchPage;
  departments?: Record<string, NamedCode[]>;
  terms?: { code: number; name: string }[];
  signedIn?: boolean;
  lists?: ListIds | null;
};

/** Renders the island as the server does, then hydrates it as the browser does. */
async function mount(props: Props = {}) {
  document.body.innerHTML = renderToString(
    <IslandContext.Provider value={new IslandCollector()}>
      <CourseSearch
        filter={props.filter ?? EMPTY_FILTER}
        result={props.result ?? page([CS111, EC101])}
        colleges={COLLEGES}
        departments={props.departments ?? {}}
        terms={props.terms ?? TERMS}
        signedIn={props.signedIn ?? false}
        lists={props.lists ?? null}
      />
    </IslandContext.Provider>,
  );
  await act(async () => bootIslands({ CourseSearch }));
}

/** Lets pending fetches and the renders they cause finish. */
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

const text = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();
const click = (element: HTMLElement) =>
  act(async () => void element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 })));

function checkbox(name: string, value: string): HTMLInputElement {
  const found = document.querySelector<HTMLInputElement>(`input[type=checkbox][name="${name}"][value="${value}"]`);
  if (!found) throw new Error(`no ${name} option ${value}`);
  return found;
}

/** Sets an input's or a select's value the way React sees a user do it. */
async function setValue(element: HTMLInputElement | HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function submit() {
  await act(async () => {
    document.querySelector("form#search-form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

/** Lets the pause after a change pass, so the live search runs, and its answer arrive. */
async function afterPause() {
  await act(async () => await new Promise((resolve) => setTimeout(resolve, 350)));
  await settle();
}

const found = () => text(document.getElementById("search-found"));
const titles = () => [...document.querySelectorAll(".course-card h3")].map(text);
const spinner = () => document.querySelector("[role=status][aria-label='Loading courses']");
const cardOf = (title: string) =>
  [...document.querySelectorAll<HTMLElement>(".course-card")].find((c) => text(c.querySelector("h3")) === title)!;
function buttonIn(scope: ParentNode, label: string): HTMLButtonElement {
  const button = [...scope.querySelectorAll("button")].find((b) => text(b) === label);
  if (!button) throw new Error(`no button "${label}" in ${text(scope as Element)}`);
  return button;
}
const toggles =
  () => [...document.querySelectorAll<HTMLButtonElement>(".course-card .card-actions button, .course-card .bookmark")];
const chips = () => [...document.querySelectorAll(".chips .chip")].map(text);

/** The URLs fetch was called with, in order. */
const fetched = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
const searches = () => fetched().filter((url) => url.startsWith("/api/courses/search"));

/** A fetch answer the test releases when it wants, to look at the island while the call is in flight. */
function deferred() {
  let answer!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (answer = resolve));
  return { promise, answer: (response: Response) => act(async () => answer(response)) };
}

const DEPARTMENTS: Record<string, NamedCode[]> = {
  CAS: [{ code: "MA", name: "Mathematics & Statistics" }, { code: "CS", name: "Computer Science" }, {
    code: "EC",
    name: "Economics",
  }],
  ENG: [{ code: "EK", name: "Engineering Core" }, { code: "CS", name: "Computer Science" }, {
    code: "BE",
    name: "Biomedical Engineering",
  }],
  QST: [{ code: "FE", name: "Finance" }],
};

/** Answers departments calls from DEPARTMENTS and searches with `search`. */
function route(search: () => SearchPage | Response = () => page([])) {
  vi.mocked(fetch).mockImplementation((input) => {
    const url = String(input);
    const departments = /^\/api\/courses\/departments\/(\w+)\?names=true$/.exec(url);
    if (departments) return Promise.resolve(Response.json(DEPARTMENTS[departments[1]] ?? []));
    if (url.startsWith("/api/courses/search")) {
      const answer = search();
      return Promise.resolve(answer instanceof Response ? answer : Response.json(answer));
    }
    return Promise.reject(new Error(`unexpected fetch ${url}`));
  });
}
describe("CourseSearch island", () => {
  // A console error may happen only where a test expected one (it clears the spy).
  const islands = guardIslands();
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  let pushState: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    history.replaceState(null, "", "/search");
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(globalThis.location, "assign").mockImplementation(assign);
    pushState = vi.spyOn(history, "pushState");
  });

  /** For tests that expect the island to log: swallows the output and hands back the calls. */
  function expectConsoleErrors() {
    islands.consoleErrors.mockImplementation(() => {});
    return () => {
      const calls = [...islands.consoleErrors.mock.calls];
      islands.consoleErrors.mockReset();
      return calls;
    };
  }

  test("hydrates the server's results: count, cards, the empty Departments and default form", async () => {
    await mount();
    expect(document.querySelector("[data-island=CourseSearch]")).not.toBeNull();
    expect(found()).toBe("Found 2 courses");
    expect(titles()).toEqual(["Introduction to Computer Science 1", "Introductory Microeconomic Analysis"]);
    expect(spinner()).toBeNull();
    expect(byId<HTMLSelectElement>("search-sort").value).toBe("byCourseCode");
    expect(chips()).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  test("filters apply as they change: one search after a pause, one new history entry, the chips and the Filters count follow", async () => {
    route(() => page([MA123, CS111]));
    await mount();
    // The island's clock stands still while the three changes are made, so a busy machine cannot let the pause pass
    // between them.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await click(checkbox("colleges", "CAS"));
      await click(checkbox("hubReqs", "QR2"));
      await setValue(byId<HTMLInputElement>("search-minRating"), "3.5");
      expect(text(document.querySelector("label[for=search-minRating] output"))).toBe("3.5");
      // Nothing yet: the changes wait for a pause.
      expect(searches()).toEqual([]);
      await act(async () => void await vi.advanceTimersByTimeAsync(350));
    } finally {
      vi.useRealTimers();
    }
    await settle();
    const query = "colleges=CAS&hubReqs=QR2&minRating=3.5";
    expect(searches()).toEqual([`/api/courses/search?${query}`]);
    // A new entry, so Back returns to the search before these filters.
    expect(pushState).toHaveBeenCalledTimes(1);
    expect(pushState).toHaveBeenCalledWith(null, "", `/search?${query}`);
    expect(location.pathname + location.search).toBe(`/search?${query}`);
    expect(titles()).toEqual(["Calculus I", "Introduction to Computer Science 1"]);
    expect(chips()).toEqual(["College of Arts & Sciences ×", "Hub QR2 ×", "Overall ≥ 3.5 ×", "Clear all"]);
    expect(text(document.querySelector("summary.filter-toggle"))).toBe("Filters (3)");

    // A chip removes its filter, and the search follows.
    await click(
      [...document.querySelectorAll<HTMLButtonElement>(".chips .chip")].find((c) => text(c) === "Hub QR2 ×")!,
    );
    await afterPause();
    expect(searches().at(-1)).toBe("/api/courses/search?colleges=CAS&minRating=3.5");
    expect(checkbox("hubReqs", "QR2").checked).toBe(false);
  });

  test("Search Courses searches at once, page 0, with a new history entry; the spinner shows meanwhile", async () => {
    await mount();
    await setValue(byId<HTMLSelectElement>("search-sort"), "byRating");
    const answer = deferred();
    vi.mocked(fetch).mockReturnValueOnce(answer.promise);
    await submit();
    expect(searches()).toEqual(["/api/courses/search?sortBy=byRating"]);
    expect(pushState).toHaveBeenCalledWith(null, "", "/search?sortBy=byRating");
    expect(spinner()).not.toBeNull();
    expect(document.querySelector(".search-results")!.getAttribute("aria-busy")).toBe("true");
    await answer.answer(Response.json(page([MA123], 1)));
    expect(spinner()).toBeNull();
    expect(found()).toBe("Found 1 course");
    // The pending live search was replaced by the submit: nothing more is sent.
    await afterPause();
    expect(searches()).toHaveLength(1);
  });

  test("counts read with thousands separators", async () => {
    await mount({ result: page([CS111], 9789, 544) });
    expect(found()).toBe("Found 9,789 courses");
  });

  test("a slow earlier answer never overwrites a later search", async () => {
    const first = deferred();
    const second = deferred();
    vi.mocked(fetch).mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    await mount();
    await submit();
    await setValue(byId<HTMLSelectElement>("search-sort"), "byReviews");
    await submit();
    expect(searches()).toHaveLength(2);
    await second.answer(Response.json(page([MA123])));
    await first.answer(Response.json(page([EK125, CS111])));
    await settle();
    expect(titles()).toEqual(["Calculus I"]);
    expect(spinner()).toBeNull();
  });

  test("a search with no matches shows the empty message and no pagination", async () => {
    route(() => page([]));
    await mount({ result: page([CS111, EC101, MA123], 40, 3) });
    expect(document.querySelector("nav.pagination")).not.toBeNull();
    await submit();
    await settle();
    expect(searches()).toHaveLength(1);
    expect(searches()[0]).toMatch(/^\/api\/courses\/search\??$/);
    expect(found()).toBe("Found 0 courses");
    expect(text(document.querySelector(".search-results .empty"))).toBe(
      "No courses found. Try adjusting the filter parameters.",
    );
    expect(document.querySelectorAll(".course-card")).toHaveLength(0);
    expect(document.querySelector("nav.pagination")).toBeNull();
  });

  test('a page past the last one says so and leads to the last page, not to "No courses found"', async () => {
    route(() => page([CS111, EC101], 99, 6, 5));
    await mount({ result: page([], 99, 6, 8) });
    expect(found()).toBe("Found 99 courses");
    const empty = document.querySelector(".search-results .empty");
    expect(text(empty)).toBe("Page 9 is past the last page of these results (6 pages). Go to the last page");
    expect(text(empty)).not.toContain("No courses found");
    const link = empty!.querySelector("a")!;
    expect(link.getAttribute("href")).toMatch(/[?&]page=5(&|$)/);
    await click(link);
    await settle();
    expect(searches().at(-1)).toMatch(/[?&]page=5(&|$)/);
    expect(titles()).toEqual([CS111.title, EC101.title]);
  });

  test("typing searches by relevance after a pause; choosing another sort keeps it", async () => {
    route(() => page([CS111]));
    await mount();
    await setValue(byId<HTMLInputElement>("search-q"), "intro psych");
    await afterPause();
    expect(searches()).toEqual(["/api/courses/search?q=intro+psych"]);
    // Typing keeps one history entry for the words as they grow.
    expect(pushState).not.toHaveBeenCalled();
    expect(byId<HTMLSelectElement>("search-sort").value).toBe("relevance");
    await setValue(byId<HTMLSelectElement>("search-sort"), "byRating");
    await afterPause();
    expect(searches().at(-1)).toBe("/api/courses/search?q=intro+psych&sortBy=byRating");
    expect(pushState).toHaveBeenCalledTimes(1);
    await setValue(byId<HTMLInputElement>("search-q"), "calculus");
    await afterPause();
    expect(searches().at(-1)).toBe("/api/courses/search?q=calculus&sortBy=byRating");
    expect(pushState).toHaveBeenCalledTimes(1);
  });

  test("Next fetches the next page of the filters in force, with a new history entry", async () => {
    route(() => page([CS111, EC101], 40, 3, 0));
    await mount({ result: page([EK125]) });
    await click(checkbox("colleges", "CAS"));
    await afterPause();
    expect(searches()).toEqual(["/api/courses/search?colleges=CAS"]);
    expect(found()).toBe("Found 40 courses");
    const next = [...document.querySelectorAll<HTMLAnchorElement>("nav.pagination a")].find((a) => text(a) === "Next")!;
    expect(next.getAttribute("href")).toBe("/search?colleges=CAS&page=1");
    route(() => page([MA123], 40, 3, 1));
    await click(next);
    await settle();
    expect(searches().at(-1)).toBe("/api/courses/search?colleges=CAS&page=1");
    expect(pushState).toHaveBeenLastCalledWith(null, "", "/search?colleges=CAS&page=1");
    expect(titles()).toEqual(["Calculus I"]);
    expect(document.querySelector("nav.pagination [aria-current=page]")!.textContent).toBe("2");
  });

  test("Back (popstate) restores the filter from location.search and fetches it, without pushing a new entry", async () => {
    route(() => page([EK125]));
    await mount();
    history.replaceState(null, "", "/search?colleges=ENG&hubReqs=WRI&minTeacher=2.5&sortBy=byReviews");
    await act(async () => void dispatchEvent(new PopStateEvent("popstate")));
    await settle();
    expect(searches()).toEqual(["/api/courses/search?colleges=ENG&hubReqs=WRI&minTeacher=2.5&sortBy=byReviews"]);
    expect(pushState).not.toHaveBeenCalled();
    expect(checkbox("colleges", "ENG").checked).toBe(true);
    expect(checkbox("colleges", "CAS").checked).toBe(false);
    expect(checkbox("hubReqs", "WRI").checked).toBe(true);
    expect(byId<HTMLInputElement>("search-minTeacher").value).toBe("2.5");
    expect(byId<HTMLSelectElement>("search-sort").value).toBe("byReviews");
    expect(titles()).toEqual(["Introduction to Programming for Engineers"]);
    expect(found()).toBe("Found 1 course");

    history.replaceState(null, "", "/search");
    await act(async () => void dispatchEvent(new PopStateEvent("popstate")));
    await settle();
    expect(searches().at(-1)).toMatch(/^\/api\/courses\/search\??$/);
    expect(checkbox("colleges", "ENG").checked).toBe(false);
    expect(byId<HTMLSelectElement>("search-sort").value).toBe("byCourseCode");
  });

  test("Departments is disabled until a college is chosen; two colleges' departments are fetched by name, merged and sorted", async () => {
    route();
    await mount();
    const disabled = document.getElementById("search-departments-value")!.closest("button")!;
    expect(disabled.disabled).toBe(true);
    expect(text(disabled)).toBe("Choose a college first");

    await click(checkbox("colleges", "CAS"));
    await settle();
    expect(fetched()).toEqual(["/api/courses/departments/CAS?names=true"]);
    const departments = () =>
      [...document.querySelectorAll<HTMLInputElement>("input[name=departments]")].map((i) => text(i.closest("label")));
    expect(departments()).toEqual(["Computer Science (CS)", "Economics (EC)", "Mathematics & Statistics (MA)"]);

    await click(checkbox("colleges", "ENG"));
    await settle();
    expect(departments()).toEqual([
      "Biomedical Engineering (BE)",
      "Computer Science (CS)",
      "Economics (EC)",
      "Engineering Core (EK)",
      "Mathematics & Statistics (MA)",
    ]);
    await click(checkbox("departments", "EK"));
    await afterPause();
    expect(searches().at(-1)).toBe("/api/courses/search?colleges=CAS&colleges=ENG&departments=EK");
    expect(chips()).toContain("Engineering Core (EK) ×");

    // A department of a college no longer chosen is not sent.
    await click(checkbox("colleges", "ENG"));
    await afterPause();
    expect(searches().at(-1)).toBe("/api/courses/search?colleges=CAS");
    expect(fetched().filter((url) => url.includes("/departments/"))).toHaveLength(2);
  });

  test("levels, current courses and courses without reviews are filters too", async () => {
    route(() => page([CS111]));
    await mount();
    await click(checkbox("levels", "100"));
    await click(checkbox("levels", "500"));
    await click(checkbox("currentOnly", "true"));
    await afterPause();
    expect(searches().at(-1)).toBe("/api/courses/search?levels=100&levels=500&currentOnly=true");
    expect(chips()).toEqual(["Level 100 ×", "Level 500+ ×", "Current courses only ×", "Clear all"]);
    await setValue(byId<HTMLInputElement>("search-maxDifficulty"), "2");
    await click(checkbox("includeUnreviewed", "true"));
    await afterPause();
    expect(searches().at(-1)).toBe(
      "/api/courses/search?maxDifficulty=2&levels=100&levels=500&currentOnly=true&includeUnreviewed=true",
    );
    await click(
      [...document.querySelectorAll<HTMLButtonElement>(".chips .chip")].find((c) => text(c) === "Clear all")!,
    );
    await afterPause();
    expect(searches().at(-1)).toMatch(/^\/api\/courses\/search\??$/);
    expect(chips()).toEqual([]);
  });

  test("Offered in: the known terms as choices, a search with offered, its chip, the cards' term line; the chip removes it", async () => {
    const fall = { term: 2268, name: "Fall 2026", sections: 3 };
    route(() => page([{ ...CS111, offering: fall }, { ...MA123, offering: { ...fall, sections: 1 } }]));
    await mount({ result: page([{ ...CS111, offering: { term: 2271, name: "Spring 2027", sections: 2 } }, EC101]) });
    const select = byId<HTMLSelectElement>("search-offered");
    expect(text(document.querySelector("label[for=search-offered]"))).toBe("Offered in");
    expect([...select.options].map((o) => [o.value, text(o)])).toEqual([
      ["", "Any term"],
      ["2268", "Fall 2026"],
      ["2271", "Spring 2027"],
    ]);
    expect(select.value).toBe("");
    // Without the filter a card names the soonest term it is offered in; a course in no term says nothing.
    expect(text(cardOf(CS111.title).querySelector(".badge-term"))).toBe("Spring 2027 · 2 sections");
    expect(cardOf(EC101.title).querySelector(".badge-term")).toBeNull();

    await setValue(select, "2268");
    await afterPause();
    expect(searches().at(-1)).toBe("/api/courses/search?offered=2268");
    expect(location.search).toBe("?offered=2268");
    expect(chips()).toEqual(["Offered in Fall 2026 ×", "Clear all"]);
    expect(text(document.querySelector(".filter-toggle"))).toBe("Filters (1)");
    expect(titles()).toEqual([CS111.title, MA123.title]);
    expect(text(cardOf(CS111.title).querySelector(".badge-term"))).toBe("Fall 2026 · 3 sections");
    expect(text(cardOf(MA123.title).querySelector(".badge-term"))).toBe("Fall 2026 · 1 section");

    await click(buttonIn(document, "Offered in Fall 2026 ×"));
    await afterPause();
    expect(searches().at(-1)).toMatch(/^\/api\/courses\/search\??$/);
    expect(select.value).toBe("");
    expect(chips()).toEqual([]);
  });

  test("a filter from the URL shows its term chosen and its chip; without schedules there is no Offered in", async () => {
    await mount({ filter: { ...EMPTY_FILTER, offered: 2271 } });
    expect(byId<HTMLSelectElement>("search-offered").value).toBe("2271");
    expect(chips()).toEqual(["Offered in Spring 2027 ×", "Clear all"]);
    await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));
    await mount({ terms: [] });
    expect(document.getElementById("search-offered")).toBeNull();
  });

  test(
    "the table view loads when chosen, shows 'No ratings yet' for a course without reviews, and is remembered",
    async () => {
      await mount({ result: page([CS111, EK125]) });
      try {
        await click(buttonIn(document, "Table"));
        // The table's module loads on first use: on a cold cache that takes a while, so wait for its rows.
        for (let waited = 0; waited < 20_000 && !document.querySelector(".course-table tbody tr"); waited += 50) {
          await act(async () => await new Promise((resolve) => setTimeout(resolve, 50)));
        }
        const rows = [...document.querySelectorAll(".course-table tbody tr")].map((row) => text(row));
        expect(rows).toHaveLength(2);
        expect(rows[1]).toContain("No ratings yet");
        expect(localStorage.getItem("searchView")).toBe("table");
      } finally {
        // The next tests expect the cards, whatever happened here.
        localStorage.removeItem("searchView");
      }
    },
    45_000,
  );

  test("a visitor clicking Mark Done is sent to /login?next=… and nothing is sent", async () => {
    history.replaceState(null, "", "/search?colleges=CAS");
    await mount({ signedIn: false, lists: null });
    await click(buttonIn(cardOf("Introduction to Computer Science 1"), "Mark Done"));
    expect(assign).toHaveBeenCalledWith("/login?next=%2Fsearch%3Fcolleges%3DCAS");
    expect(fetch).not.toHaveBeenCalled();
    await click(cardOf("Introductory Microeconomic Analysis").querySelector<HTMLButtonElement>(".bookmark")!);
    expect(assign).toHaveBeenCalledTimes(2);
  });

  test("a signed-in Mark Done POSTs, disables every toggle while it runs, then flips to Remove Done", async () => {
    const answer = deferred();
    vi.mocked(fetch).mockReturnValueOnce(answer.promise);
    await mount({ signedIn: true, lists: { completed: [], future: [2], saved: [] } });
    expect(buttonIn(cardOf("Introductory Microeconomic Analysis"), "End Future")).toBeTruthy();
    await click(buttonIn(cardOf("Introduction to Computer Science 1"), "Mark Done"));
    const [url, init] = vi.mocked(fetch).mock.calls[0];
    expect(url).toBe("/api/users/completed-courses/1");
    expect(init!.method).toBe("POST");
    expect(toggles().length).toBe(6);
    expect(toggles().every((b) => b.disabled)).toBe(true);

    await answer.answer(Response.json({ message: "Added to your completed courses.", changed: true, inList: true }));
    await settle();
    const flipped = buttonIn(cardOf("Introduction to Computer Science 1"), "Remove Done");
    expect(flipped.getAttribute("aria-pressed")).toBe("true");
    expect(toggles().some((b) => b.disabled)).toBe(false);
    expect(buttonIn(cardOf("Introductory Microeconomic Analysis"), "Mark Done")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("a failed toggle leaves the button as it was and is only logged", async () => {
    const logged = expectConsoleErrors();
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Database unavailable" }, { status: 500 }));
    await mount({ signedIn: true, lists: { completed: [], future: [], saved: [] } });
    await click(buttonIn(cardOf("Introduction to Computer Science 1"), "Mark Done"));
    await settle();
    const same = buttonIn(cardOf("Introduction to Computer Science 1"), "Mark Done");
    expect(same.disabled).toBe(false);
    expect(same.getAttribute("aria-pressed")).toBe("false");
    expect(document.querySelector("[role=alert]")).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(logged()).toEqual([["[lists] could not add course 1:", "Database unavailable"]]);
  });

  test("a failed search keeps the results, stops the spinner and is only logged", async () => {
    const logged = expectConsoleErrors();
    route(() => Response.json({ message: "Database unavailable" }, { status: 500 }));
    await mount();
    await submit();
    await settle();
    expect(spinner()).toBeNull();
    expect(found()).toBe("Found 2 courses");
    expect(document.querySelector("[role=alert]")).toBeNull();
    expect(logged()).toEqual([["[search] failed:", "Database unavailable"]]);
  });
});
