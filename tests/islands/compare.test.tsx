// @vitest-environment happy-dom
/**
 * Compare in the browser: the Compare toggles on cards, in the table view and
 * on the course page share one store kept in localStorage; the tray links to
 * the comparison, takes a course out and clears; a fifth course is refused
 * with the notice; the compare page makes its courses the picks. Hydration
 * matches the server's HTML although only the browser knows the picks.
 */
import { act, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { hydratedRoots } from "../helpers/island-roots.ts";
import CompareActions from "../../islands/CompareActions.tsx";
import CompareTray from "../../islands/CompareTray.tsx";
import CourseActions from "../../islands/CourseActions.tsx";
import ListedCourses from "../../islands/ListedCourses.tsx";
import { bootIslands } from "../../src/client/boot.ts";
import { compareNotice, picks } from "../../src/client/compare-store.ts";
import { IslandCollector, IslandContext } from "../../src/client/island.tsx";
import { COMPARE_KEY } from "../../src/client/storage.ts";
import { courseView } from "../helpers/course-views.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const COURSES = [
  courseView(11, "CAS", "CS", "111", "Introduction to Computer Science 1", 4.2),
  courseView(12, "CAS", "CS", "112", "Introduction to Computer Science 2", 3.9),
  courseView(13, "CAS", "EC", "101", "Introductory Microeconomic Analysis", 3.5),
  courseView(14, "CAS", "MA", "123", "Calculus I", 0),
  courseView(15, "CAS", "WR", "120S", "Writing Seminar", 2.8),
];
const LISTS = { completed: [], future: [], saved: [] };

/** Renders the islands as the server does (with an empty store, as on the server), then hydrates them as the browser does. */
async function mount(element: ReactElement, islands: Record<string, { Component: unknown }>) {
  const stored = localStorage.getItem(COMPARE_KEY);
  picks.value = [];
  compareNotice.value = null;
  document.body.innerHTML = renderToString(
    <IslandContext.Provider value={new IslandCollector()}>{element}</IslandContext.Provider>,
  );
  // The server's HTML never shows a pick: the store is filled only after hydration.
  expect(document.querySelector('.compare-toggle[aria-pressed="true"]')).toBeNull();
  expect(localStorage.getItem(COMPARE_KEY)).toBe(stored);
  await act(async () => bootIslands(islands));
}

const savedCourses = () =>
  mount(
    <>
      <ListedCourses
        summary="You have 5 saved courses"
        label="your saved courses"
        lists={LISTS}
        sections={[{ id: "saved", title: "Saved", courses: COURSES }]}
      />
      <CompareTray />
    </>,
    { ListedCourses, CompareTray },
  );

const text = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();
const click = (element: Element) => act(async () => (element as HTMLElement).click());
const toggle = (code: string) => {
  const found = document.querySelector<HTMLButtonElement>(`button[aria-label="Compare ${code}"]`);
  if (!found) throw new Error(`no Compare toggle for ${code}`);
  return found;
};
const tray = () => document.querySelector('section[aria-label="Courses to compare"]');
const trayLink = () => tray()?.querySelector<HTMLAnchorElement>("a.button");
const status = () => document.querySelector(".compare-dock [role=status]");
const stored = () => JSON.parse(localStorage.getItem(COMPARE_KEY) ?? "null");

describe("Compare toggles and the tray", () => {
  let consoleErrors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal("fetch", vi.fn());
    consoleErrors = vi.spyOn(console, "error");
  });
  afterEach(async () => {
    await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));
    // A hydration mismatch is reported through console.error: none may happen.
    expect(consoleErrors).not.toHaveBeenCalled();
    // Compare needs no server.
    expect(fetch).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  test("without picks the tray shows nothing but its (empty) status line; every toggle is named for its course and not pressed", async () => {
    await savedCourses();
    expect(tray()).toBeNull();
    expect(text(status())).toBe("");
    for (const course of COURSES) expect(toggle(course.code).getAttribute("aria-pressed")).toBe("false");
    expect(text(toggle("CAS CS 111"))).toBe("+Compare");
  });

  test("picking courses presses their toggles, keeps them in localStorage and fills the tray: one asks for another, two or more link to the comparison", async () => {
    await savedCourses();
    await click(toggle("CAS CS 111"));
    expect(toggle("CAS CS 111").getAttribute("aria-pressed")).toBe("true");
    expect(stored()).toEqual([{ id: 11, code: "CAS CS 111" }]);
    expect(text(tray())).toContain("Pick one more course to compare");
    expect(trayLink()).toBeNull();

    await click(toggle("CAS CS 112"));
    await click(toggle("CAS EC 101"));
    expect(trayLink()!.getAttribute("href")).toBe("/compare?ids=11,12,13");
    expect(text(trayLink())).toBe("Compare 3 courses →");
    expect([...tray()!.querySelectorAll("li .code")].map(text)).toEqual(["CAS CS 111", "CAS CS 112", "CAS EC 101"]);

    // Pressed again, a toggle takes its course out.
    await click(toggle("CAS CS 112"));
    expect(toggle("CAS CS 112").getAttribute("aria-pressed")).toBe("false");
    expect(trayLink()!.getAttribute("href")).toBe("/compare?ids=11,13");
    expect(stored()).toEqual([{ id: 11, code: "CAS CS 111" }, { id: 13, code: "CAS EC 101" }]);
  });

  test("a fifth course is refused with 'You can compare up to four courses.', and taking one out makes room", async () => {
    await savedCourses();
    for (const code of ["CAS CS 111", "CAS CS 112", "CAS EC 101", "CAS MA 123"]) await click(toggle(code));
    expect(text(status())).toBe("");
    await click(toggle("CAS WR 120S"));
    expect(toggle("CAS WR 120S").getAttribute("aria-pressed")).toBe("false");
    expect(text(status())).toBe("You can compare up to four courses. Remove one to add CAS WR 120S.");
    expect(status()!.className).toBe("compare-notice");
    expect(stored().map((pick: { id: number }) => pick.id)).toEqual([11, 12, 13, 14]);
    expect(text(trayLink())).toBe("Compare 4 courses →");

    // The tray's × takes a course out; the notice goes with the change.
    await click(tray()!.querySelector('button[aria-label="Remove CAS CS 112 from the comparison"]')!);
    expect(text(status())).toBe("");
    expect(toggle("CAS CS 112").getAttribute("aria-pressed")).toBe("false");
    await click(toggle("CAS WR 120S"));
    expect(toggle("CAS WR 120S").getAttribute("aria-pressed")).toBe("true");
    expect(trayLink()!.getAttribute("href")).toBe("/compare?ids=11,13,14,15");
  });

  test("Clear empties the tray, the toggles and the storage", async () => {
    await savedCourses();
    await click(toggle("CAS CS 111"));
    await click(toggle("CAS MA 123"));
    await click(tray()!.querySelector('button[aria-label="Clear courses to compare"]')!);
    expect(tray()).toBeNull();
    expect(stored()).toEqual([]);
    expect(document.querySelector('.compare-toggle[aria-pressed="true"]')).toBeNull();
  });

  test("picks kept from another page show after hydration, without a mismatch; storage it cannot read counts as none", async () => {
    localStorage.setItem(COMPARE_KEY, JSON.stringify([{ id: 12, code: "CAS CS 112" }, { id: 14, code: "CAS MA 123" }]));
    await savedCourses();
    expect(toggle("CAS CS 112").getAttribute("aria-pressed")).toBe("true");
    expect(toggle("CAS MA 123").getAttribute("aria-pressed")).toBe("true");
    expect(trayLink()!.getAttribute("href")).toBe("/compare?ids=12,14");
    await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));

    for (const bad of ["not json", '{"id":1}', '[{"id":"x","code":"A"},{"id":-2,"code":"B"},{"id":3}]', "null"]) {
      localStorage.setItem(COMPARE_KEY, bad);
      await savedCourses();
      expect(tray(), bad).toBeNull();
      expect(document.querySelector('.compare-toggle[aria-pressed="true"]'), bad).toBeNull();
      await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));
    }
    // More than four, or a repeated id, is cut to four different courses.
    localStorage.setItem(COMPARE_KEY, JSON.stringify([11, 11, 12, 13, 14, 15].map((id) => ({ id, code: `C ${id}` }))));
    await savedCourses();
    expect(trayLink()!.getAttribute("href")).toBe("/compare?ids=11,12,13,14");
  });

  test("a change in another tab reaches the page (the storage event)", async () => {
    await savedCourses();
    localStorage.setItem(
      COMPARE_KEY,
      JSON.stringify([{ id: 13, code: "CAS EC 101" }, { id: 15, code: "CAS WR 120S" }]),
    );
    await act(async () => void dispatchEvent(new StorageEvent("storage", { key: COMPARE_KEY })));
    expect(toggle("CAS EC 101").getAttribute("aria-pressed")).toBe("true");
    expect(trayLink()!.getAttribute("href")).toBe("/compare?ids=13,15");
  });

  test("the table view has a Compare toggle in each row, sharing the same picks", async () => {
    await savedCourses();
    await click(toggle("CAS CS 111"));
    await click([...document.querySelectorAll("button")].find((b) => text(b) === "Table")!);
    const rows = [...document.querySelectorAll(".course-table tbody tr")];
    expect(rows).toHaveLength(5);
    expect([...document.querySelectorAll(".course-table thead th")].map(text).at(-1)).toBe("Compare");
    expect(toggle("CAS CS 111").closest("tr")).not.toBeNull();
    expect(toggle("CAS CS 111").getAttribute("aria-pressed")).toBe("true");
    await click(toggle("CAS EC 101"));
    expect(trayLink()!.getAttribute("href")).toBe("/compare?ids=11,13");
  });
});

describe("Compare on the course page and the compare page", () => {
  let consoleErrors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    localStorage.clear();
    consoleErrors = vi.spyOn(console, "error");
  });
  afterEach(async () => {
    await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));
    expect(consoleErrors).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  test("a visitor's course actions have Compare; with two picks it links to the comparison, and a fifth is refused there", async () => {
    localStorage.setItem(COMPARE_KEY, JSON.stringify([{ id: 11, code: "CAS CS 111" }]));
    await mount(<CourseActions courseId={13} code="CAS EC 101" signedIn={false} lists={null} reviewed={false} />, {
      CourseActions,
    });
    const actions = document.querySelector(".course-actions")!;
    expect(text(actions)).toContain("Log in or sign up");
    await click(toggle("CAS EC 101"));
    expect(toggle("CAS EC 101").getAttribute("aria-pressed")).toBe("true");
    expect(actions.querySelector<HTMLAnchorElement>('a[href="/compare?ids=11,13"]')).not.toBeNull();

    await click(toggle("CAS EC 101"));
    localStorage.setItem(COMPARE_KEY, JSON.stringify([11, 12, 14, 15].map((id) => ({ id, code: `C ${id}` }))));
    await act(async () => void dispatchEvent(new StorageEvent("storage", { key: COMPARE_KEY })));
    await click(toggle("CAS EC 101"));
    expect(toggle("CAS EC 101").getAttribute("aria-pressed")).toBe("false");
    expect(text(actions.querySelector("[role=status]"))).toBe(
      "You can compare up to four courses. Remove one to add CAS EC 101.",
    );
  });

  test("a student's course actions keep the list toggles and add Compare", async () => {
    await mount(<CourseActions courseId={13} code="CAS EC 101" signedIn lists={LISTS} reviewed={false} />, {
      CourseActions,
    });
    const group = document.querySelector('[role=group][aria-label="Course actions"]')!;
    expect([...group.querySelectorAll("button")].map(text)).toEqual([
      "Mark as Completed",
      "Add to Future Courses",
      "Save for Later",
      "+Compare",
    ]);
  });

  test("the compare page makes its courses the picks, replacing what was kept", async () => {
    localStorage.setItem(COMPARE_KEY, JSON.stringify([{ id: 15, code: "CAS WR 120S" }]));
    const courses = [{ id: 11, code: "CAS CS 111" }, { id: 12, code: "CAS CS 112" }];
    await mount(<CompareActions courses={courses} />, { CompareActions });
    expect(stored()).toEqual(courses);
    expect([...document.querySelectorAll("button")].map(text)).toEqual(["Copy link"]);
  });

  test("the compare page without courses offers the picks kept from other pages", async () => {
    localStorage.setItem(COMPARE_KEY, JSON.stringify([{ id: 11, code: "CAS CS 111" }, { id: 13, code: "CAS EC 101" }]));
    await mount(<CompareActions courses={[]} />, { CompareActions });
    const offer = document.querySelector(".compare-stored")!;
    expect(text(offer)).toBe("You picked CAS CS 111 and CAS EC 101. Compare 2 courses →");
    expect(offer.querySelector("a")!.getAttribute("href")).toBe("/compare?ids=11,13");
    // Nothing was replaced.
    expect(stored()).toEqual([{ id: 11, code: "CAS CS 111" }, { id: 13, code: "CAS EC 101" }]);
  });

  test("Copy link puts the page's address on the clipboard and says so", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    history.replaceState(null, "", "/compare?ids=11,12");
    await mount(<CompareActions courses={[{ id: 11, code: "CAS CS 111" }, { id: 12, code: "CAS CS 112" }]} />, {
      CompareActions,
    });
    await click([...document.querySelectorAll("button")].find((b) => text(b) === "Copy link")!);
    expect(writeText).toHaveBeenCalledWith(location.href);
    expect(location.href).toMatch(/\/compare\?ids=11,12$/);
    expect(text(document.querySelector(".compare-share [role=status]"))).toBe(
      "Link copied. Anyone with it sees this comparison.",
    );
    vi.unstubAllGlobals();
  });
});
