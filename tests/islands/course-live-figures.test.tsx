// @vitest-environment happy-dom
/**
 * The course page's islands share the course's figures: when a student
 * deletes their review, the summary under the name, the ratings section and
 * the write button change without a reload.
 */
import { act } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { hydratedRoots } from "../helpers/island-roots.ts";
import { answerDialog } from "../helpers/confirm-dialog.ts";
import CourseActions from "../../islands/CourseActions.tsx";
import CourseRatings from "../../islands/CourseRatings.tsx";
import CourseReviewList from "../../islands/CourseReviewList.tsx";
import RatingSummary from "../../islands/RatingSummary.tsx";
import { bootIslands } from "../../src/client/boot.ts";
import { liveSummary } from "../../src/client/course-summary-store.ts";
import { IslandCollector, IslandContext } from "../../src/client/island.tsx";
import type { CourseSummary, ReviewView } from "../../src/lib/api-types.ts";
import { summarize } from "../../src/lib/rating-figures.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

class VisibleObserver {
  constructor(private callback: (entries: { isIntersecting: boolean; target: Element }[]) => void) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target }]);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

const COURSE = 9;
const TODAY = new Date("2026-11-22T12:00:00Z");
const rating = (teacherName: string, teacherRating: number, term: number) => ({
  overallRating: (3 + 3 + 4 + 4 + teacherRating) / 5,
  usefulnessRating: 4,
  difficultyRating: 3,
  workloadRating: 3,
  interestRating: 4,
  teacherRating,
  hoursPerWeek: 5,
  attendanceRequired: false,
  teacherName,
  teacherKey: teacherName.toLowerCase().replace(/ /g, "-"),
  term,
});
const BEFORE: CourseSummary = summarize(
  COURSE,
  [rating("Ada Byron", 5, 20261), rating("Ada Byron", 1, 20254), rating("Tim Lee", 3, 20251)],
  TODAY,
  true,
);
const AFTER: CourseSummary = summarize(
  COURSE,
  [rating("Ada Byron", 1, 20254), rating("Tim Lee", 3, 20251)],
  TODAY,
  false,
);

const MINE: ReviewView = {
  id: 40,
  courseId: COURSE,
  overallRating: 3.8,
  usefulnessRating: 4,
  difficultyRating: 3,
  workloadRating: 3,
  interestRating: 4,
  teacherRating: 5,
  teacherName: "Ada Byron",
  professorSlug: "ada-byron",
  semester: "Spring 2026",
  hoursPerWeek: 5,
  attendanceRequired: false,
  assignmentTypes: "Essays",
  reviewText: "Mine.",
  createdAt: "2026-05-20",
  owner: true,
  voteCount: 0,
  userVote: null,
  reported: false,
};

const text = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  vi.stubGlobal("IntersectionObserver", VisibleObserver);
  liveSummary.value = null;
});
afterEach(async () => {
  await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  liveSummary.value = null;
});

test("deleting one's review refreshes the summary, the ratings, the filters and the write button", async () => {
  const consoleErrors = vi.spyOn(console, "error");
  vi.stubGlobal(
    "fetch",
    vi.fn((input: string | URL | Request) => {
      const url = String(input);
      if (url === "/api/reviews/40") return Promise.resolve(Response.json({ message: "Review deleted" }));
      if (url === `/api/courses/${COURSE}/summary`) return Promise.resolve(Response.json(AFTER));
      return Promise.resolve(Response.json({ message: "unexpected" }, { status: 500 }));
    }),
  );
  document.body.innerHTML = renderToString(
    <IslandContext.Provider value={new IslandCollector()}>
      <RatingSummary courseId={COURSE} allTime={BEFORE.allTime} />
      <CourseActions
        courseId={COURSE}
        code="CAS XX 109"
        signedIn
        lists={{ completed: [COURSE], future: [], saved: [] }}
        reviewed
      />
      <CourseRatings summary={BEFORE} />
      <CourseReviewList
        courseId={COURSE}
        initial={{ content: [MINE], totalElements: 3, totalPages: 1, number: 0, size: 10 }}
        filters={{
          professors: BEFORE.professors.map((p) => ({ name: p.name, averages: { overall: p.averages.overall } })),
          semesters: BEFORE.semesters,
        }}
        signedIn
      />
    </IslandContext.Provider>,
  );
  await act(async () => bootIslands({ RatingSummary, CourseActions, CourseRatings, CourseReviewList }));
  // The summary and the ratings section have no control of their own: they hydrate only when the figures change.
  expect(hydratedRoots).toHaveLength(2);
  expect(text(document.querySelector(".summary-overall"))).toContain("(3 reviews)");
  expect(document.querySelector<HTMLButtonElement>(".course-actions button[disabled]")?.textContent).toBe(
    "✓ Review Complete",
  );
  expect(text(document.querySelector(".averages-table thead"))).toContain("3 reviews");
  expect(document.querySelector("#dist-teacherRating-desc")?.textContent).toContain("5: 1 review");

  await act(async () => void document.querySelector<HTMLButtonElement>("[aria-label='Delete your review']")!.click());
  await answerDialog(true);
  await settle();
  await settle();

  expect(hydratedRoots).toHaveLength(4);
  expect(text(document.querySelector(".summary-overall"))).toContain("(2 reviews)");
  expect(text(document.getElementById("reviews-heading"))).toBe("Reviews (2)");
  expect(document.querySelector<HTMLAnchorElement>(`.course-actions a[href='/course/${COURSE}/review']`)?.textContent)
    .toBe("Write a review");
  expect(document.querySelector(".course-actions button[disabled]")).toBeNull();
  expect(text(document.querySelector(".averages-table thead"))).toContain("2 reviews");
  expect(document.querySelector("#dist-teacherRating-desc")?.textContent).toContain("5: 0 reviews");
  // The semester filter no longer offers Spring 2026, whose only review was deleted.
  expect([...document.querySelectorAll<HTMLOptionElement>("#reviews-semester option")].map((o) => o.textContent))
    .toEqual([
      "All semesters",
      "Fall 2025 (1)",
      "Spring 2025 (1)",
    ]);
  expect(consoleErrors).not.toHaveBeenCalled();
});
