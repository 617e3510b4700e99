// @vitest-environment happy-dom
import { act } from "react";
import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { guardIslands } from "../helpers/island-guards.ts";
import { hydratedRoots } from "../helpers/island-roots.ts";
import { answerDialog } from "../helpers/confirm-dialog.ts";
import CourseReviewList from "../../islands/CourseReviewList.tsx";
import { bootIslands } from "../../src/client/boot.ts";
import { IslandCollector, IslandContext } from "../../src/client/island.tsx";
import type { ReviewView } from "../../src/lib/api-types.ts";
import { professorSlug } from "../../src/lib/professor-names.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * CourseReviewList hydrates when it scrolls into view. happy-dom's IntersectionObserver
 * never reports anything, so this one reports every observed element as visible at once.
 */
class VisibleObserver {
  constructor(
    private callback: (entries: { isIntersecting: boolean; target: Element }[], observer: VisibleObserver) => void,
  ) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target }], this);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

const COURSE = 7;

function review(id: number, text: string, change: Partial<ReviewView> = {}): ReviewView {
  const teacherName = change.teacherName ?? "Avery Quill";
  return {
    id,
    courseId: COURSE,
    overallRating: 3.4,
    usefulnessRating: 4,
    difficultyRating: 3,
    workloadRating: 3,
    interestRating: 4,
    teacherRating: 3,
    teacherName,
    professorSlug: professorSlug(teacherName),
    semester: "Fall 2024",
    hoursPerWeek: 6,
    attendanceRequired: false,
    assignmentTypes: "Problem sets",
    reviewText: text,
    createdAt: "2025-08-20T12:00:00.000Z",
    owner: false,
    voteCount: 2,
    userVote: null,
    reported: false,
    ...change,
  };
}

const OTHERS = review(11, "Clear lectures, fair exams.");
const MINE = review(12, "My own honest review.", {
  owner: true,
  voteCount: 1,
  teacherName: "Morgan Tessaro",
  semester: "Spring 2025",
});
const THIRD = review(13, "Heavy reading load.", { voteCount: -1, userVote: "DOWNVOTE" });
/** The filters the course summary gives: each professor with their overall average in the course, and the semesters with reviews. */
const FILTERS = {
  professors: [{ name: "Avery Quill", averages: { overall: 3.666666 } }, {
    name: "Morgan Tessaro",
    averages: { overall: 4.2 },
  }],
  semesters: [{ term: 20251, label: "Spring 2025", count: 1 }, { term: 20244, label: "Fall 2024", count: 2 }],
};

function reviewPage(content: ReviewView[], totalElements = content.length, number = 0) {
  return { content, totalElements, totalPages: Math.ceil(totalElements / 10), number, size: 10 };
}

/** Renders the island as the server does, then hydrates it as the browser does. */
async function mount(options: { reviews?: ReviewView[]; total?: number; signedIn?: boolean } = {}) {
  const reviews = options.reviews ?? [OTHERS, MINE];
  document.body.innerHTML = renderToString(
    <IslandContext.Provider value={new IslandCollector()}>
      <CourseReviewList
        courseId={COURSE}
        initial={reviewPage(reviews, options.total)}
        filters={FILTERS}
        signedIn={options.signedIn ?? true}
      />
    </IslandContext.Provider>,
  );
  expect(document.querySelector("[data-island=CourseReviewList]")!.getAttribute("data-hydrate")).toBe("visible");
  await act(async () => bootIslands({ CourseReviewList }));
}

/** Lets pending fetches and the renders they cause finish. */
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

const text = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();
const click = (element: HTMLElement) =>
  act(async () => void element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 })));

async function choose(select: HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")!.set!;
  await act(async () => {
    setter.call(select, value);
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

const cards = () => [...document.querySelectorAll<HTMLElement>(".review-card")];
const cardOf = (reviewText: string) => cards().find((c) => text(c.querySelector(".review-text")) === reviewText);
const card = (reviewText: string) => {
  const found = cardOf(reviewText);
  if (!found) throw new Error(`no review "${reviewText}"`);
  return found;
};
const labelled = <T extends HTMLElement = HTMLButtonElement>(scope: ParentNode, label: string) =>
  scope.querySelector<T>(`[aria-label="${label}"]`)!;
function buttonIn(scope: ParentNode, label: string): HTMLButtonElement {
  const found = [...scope.querySelectorAll("button")].find((b) => text(b) === label);
  if (!found) throw new Error(`no button "${label}" in ${text(scope as Element)}`);
  return found;
}
const count = (scope: ParentNode) => text(scope.querySelector(".vote-count"));
const heading = () => text(document.getElementById("reviews-heading"));
const alertText = () => text(document.querySelector("[role=alert]"));
const teacherSelect = () => document.getElementById("reviews-teacher") as HTMLSelectElement;
const sortSelect = () => document.getElementById("reviews-sort") as HTMLSelectElement;
const fetched = () =>
  vi.mocked(fetch).mock.calls.map(([url, init]) => ({
    url: String(url),
    method: init?.method ?? "GET",
    body: init?.body,
  }));

/** A fetch answer the test releases when it wants, to look at the island while the call is in flight. */
function deferred() {
  let answer!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (answer = resolve));
  return { promise, answer: (response: Response) => act(async () => answer(response)) };
}

describe("CourseReviewList island", () => {
  guardIslands();
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    history.replaceState(null, "", `/course/${COURSE}`);
    vi.stubGlobal("IntersectionObserver", VisibleObserver);
    // A call a test did not plan for (the figures refreshed after a delete, say) gets an error answer, never undefined.
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(Response.json({ message: "not planned by this test" }, { status: 503 }))),
    );
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(globalThis.location, "assign").mockImplementation(assign);
  });

  test("hydrates when visible: the count, each card's fields, the teacher filter and the owner's icons", async () => {
    await mount();
    expect(hydratedRoots).toHaveLength(1);
    expect(heading()).toBe("Reviews (2)");
    expect([...teacherSelect().options].map((o) => o.textContent)).toEqual([
      "All Teachers",
      "Avery Quill",
      "Morgan Tessaro",
    ]);
    const others = card("Clear lectures, fair exams.");
    expect(text(others.querySelector(".review-overall"))).toBe("3.4/ 5 overall");
    expect(text(others)).toContain("August 20, 2025");
    const facts = Object.fromEntries(
      [...others.querySelectorAll("dl div")].map((d) => [text(d.querySelector("dt")), text(d.querySelector("dd"))]),
    );
    expect(facts).toMatchObject({
      Professor: "Avery Quill",
      Semester: "Fall 2024",
      Usefulness: "4/5",
      "Attendance needed": "No",
      "Hours per week": "6",
    });
    expect(others.querySelector("[aria-label='Delete your review']")).toBeNull();
    expect(buttonIn(others, "Report")).toBeTruthy();
    const mine = card("My own honest review.");
    expect(mine.querySelector(`a[href='/course/${COURSE}/review?edit=12']`)).not.toBeNull();
    expect(mine.querySelector("[aria-label='Delete your review']")).not.toBeNull();
    expect([...mine.querySelectorAll("button")].some((b) => text(b) === "Report")).toBe(false);
    expect(document.querySelector(".teacher-score")).toBeNull();
  });

  test("choosing a teacher fetches that teacher's reviews; the score comes with the summary: 'Professor {name} has an average rating of X…'", async () => {
    vi.mocked(fetch).mockImplementation((input) => {
      const url = String(input);
      return Promise.resolve(Response.json(reviewPage(url.includes("teacherName=") ? [OTHERS] : [OTHERS, MINE])));
    });
    await mount();
    await choose(teacherSelect(), "Avery Quill");
    await settle();
    expect(fetched().map((c) => c.url)).toEqual([
      `/api/reviews/course/${COURSE}?sort=newest&page=0&size=10&teacherName=Avery+Quill`,
    ]);
    expect(text(document.querySelector(".teacher-score"))).toBe(
      "Professor Avery Quill has an average rating of 3.7 when teaching this course",
    );
    expect(cards()).toHaveLength(1);
    expect(heading()).toBe("Reviews (1)");

    // Sorting keeps the teacher and asks for the most helpful first.
    await choose(sortSelect(), "helpful");
    await settle();
    expect(fetched().slice(1).map((c) => c.url)).toEqual([
      `/api/reviews/course/${COURSE}?sort=helpful&page=0&size=10&teacherName=Avery+Quill`,
    ]);
    expect(text(document.querySelector(".teacher-score"))).toContain("3.7");

    // A semester keeps both and adds the term.
    await choose(document.getElementById("reviews-semester") as HTMLSelectElement, "20244");
    await settle();
    expect(fetched().slice(2).map((c) => c.url)).toEqual([
      `/api/reviews/course/${COURSE}?sort=helpful&page=0&size=10&teacherName=Avery+Quill&semester=20244`,
    ]);

    // All Teachers and all semesters again: no teacher parameter, no score line.
    await choose(teacherSelect(), "");
    await choose(document.getElementById("reviews-semester") as HTMLSelectElement, "");
    await settle();
    expect(fetched().at(-1)!.url).toBe(`/api/reviews/course/${COURSE}?sort=helpful&page=0&size=10`);
    expect(document.querySelector(".teacher-score")).toBeNull();
    expect(cards()).toHaveLength(2);
  });

  test("the semester filter lists the summary's semesters with their counts", async () => {
    await mount();
    const semester = document.getElementById("reviews-semester") as HTMLSelectElement;
    expect([...semester.options].map((o) => [o.value, o.textContent])).toEqual([
      ["", "All semesters"],
      ["20251", "Spring 2025 (1)"],
      ["20244", "Fall 2024 (2)"],
    ]);
  });

  test("the sort select refetches page 0 with sort=helpful and shows the new order", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(Response.json(reviewPage([MINE, OTHERS])));
    await mount();
    await choose(sortSelect(), "helpful");
    await settle();
    expect(fetched()).toEqual([{
      url: `/api/reviews/course/${COURSE}?sort=helpful&page=0&size=10`,
      method: "GET",
      body: undefined,
    }]);
    expect(cards().map((c) => text(c.querySelector(".review-text")))).toEqual([
      "My own honest review.",
      "Clear lectures, fair exams.",
    ]);
  });

  test("Upvote POSTs the vote and shows the count and aria-pressed from the server's answer; Downvote switches", async () => {
    const answer = deferred();
    vi.mocked(fetch).mockReturnValueOnce(answer.promise);
    await mount();
    const others = card("Clear lectures, fair exams.");
    expect(count(others)).toBe("2");
    await click(labelled(others, "Upvote"));
    expect(fetched()).toEqual([{ url: "/api/votes/review/11?voteType=UPVOTE", method: "POST", body: undefined }]);
    // One vote at a time.
    expect(labelled(others, "Upvote").disabled).toBe(true);
    expect(labelled(others, "Downvote").disabled).toBe(true);
    // The server's numbers, not a local guess.
    await answer.answer(Response.json({ voteCount: 7, userVote: "UPVOTE" }));
    expect(count(others)).toBe("7");
    expect(labelled(others, "Upvote").getAttribute("aria-pressed")).toBe("true");
    expect(labelled(others, "Downvote").getAttribute("aria-pressed")).toBe("false");
    expect(labelled(others, "Upvote").disabled).toBe(false);

    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ voteCount: 5, userVote: "DOWNVOTE" }));
    await click(labelled(others, "Downvote"));
    await settle();
    expect(fetched()[1]).toEqual({ url: "/api/votes/review/11?voteType=DOWNVOTE", method: "POST", body: undefined });
    expect(count(others)).toBe("5");
    expect(labelled(others, "Upvote").getAttribute("aria-pressed")).toBe("false");
    expect(labelled(others, "Downvote").getAttribute("aria-pressed")).toBe("true");

    // Voting the same way again removes it: userVote null.
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ voteCount: 6, userVote: null }));
    await click(labelled(others, "Downvote"));
    await settle();
    expect(count(others)).toBe("6");
    expect(labelled(others, "Downvote").getAttribute("aria-pressed")).toBe("false");
  });

  test("a visitor clicking a vote goes to /login and nothing is sent; visitors get no owner or report buttons", async () => {
    await mount({ reviews: [OTHERS, THIRD], signedIn: false });
    await click(labelled(card("Clear lectures, fair exams."), "Upvote"));
    expect(assign).toHaveBeenCalledWith(`/login?next=%2Fcourse%2F${COURSE}`);
    await click(labelled(card("Heavy reading load."), "Downvote"));
    expect(assign).toHaveBeenCalledTimes(2);
    expect(fetch).not.toHaveBeenCalled();
    expect(document.querySelector("[aria-label='Delete your review']")).toBeNull();
    const report = [...card("Clear lectures, fair exams.").querySelectorAll("a")].find((a) => text(a) === "Report")!;
    expect(report.getAttribute("href")).toBe(`/login?next=%2Fcourse%2F${COURSE}`);
  });

  test("the vote buttons of one's own review are disabled", async () => {
    await mount();
    const mine = card("My own honest review.");
    expect(labelled(mine, "Upvote").disabled).toBe(true);
    expect(labelled(mine, "Downvote").disabled).toBe(true);
    expect(labelled(mine, "Upvote").title).toBe("You cannot vote on your own review");
    await click(labelled(mine, "Upvote"));
    expect(fetch).not.toHaveBeenCalled();
    const others = card("Clear lectures, fair exams.");
    expect(labelled(others, "Upvote").disabled).toBe(false);
  });

  test("the owner deletes after confirming: DELETE, the card goes, the count drops", async () => {
    await mount();
    await click(labelled(card("My own honest review."), "Delete your review"));
    await answerDialog(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(cards()).toHaveLength(2);

    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Review deleted" }));
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Database unavailable" }, { status: 503 }));
    await click(labelled(card("My own honest review."), "Delete your review"));
    await answerDialog(true);
    await settle();
    // The course's figures are asked for again, for the summary, the charts and the write button.
    expect(fetched()).toEqual([
      { url: "/api/reviews/12", method: "DELETE", body: undefined },
      { url: `/api/courses/${COURSE}/summary`, method: "GET", body: undefined },
    ]);
    expect(cardOf("My own honest review.")).toBeUndefined();
    expect(cards()).toHaveLength(1);
    expect(heading()).toBe("Reviews (1)");
    expect(text(document.querySelector(".alert-success[role=status]"))).toBe("Your review was deleted.");
    expect(document.querySelector("[role=alert]")).toBeNull();
  });

  test("a failed delete keeps the card and shows 'Error loading: {message}', or the spec's text without one", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Database unavailable" }, { status: 500 }));
    await mount();
    await click(labelled(card("My own honest review."), "Delete your review"));
    await answerDialog(true);
    await settle();
    expect(alertText()).toBe("Error loading: Database unavailable");
    expect(cardOf("My own honest review.")).toBeTruthy();
    expect(heading()).toBe("Reviews (2)");

    vi.mocked(fetch).mockResolvedValueOnce(new Response("<html>bad gateway</html>", { status: 502 }));
    await click(labelled(card("My own honest review."), "Delete your review"));
    await answerDialog(true);
    await settle();
    expect(alertText()).toBe("Error loading: Failed to delete review");
  });

  test("a review already gone (404) leaves the list with 'Review could not be found'", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Review could not be found" }, { status: 404 }));
    await mount();
    await click(labelled(card("My own honest review."), "Delete your review"));
    await answerDialog(true);
    await settle();
    expect(cardOf("My own honest review.")).toBeUndefined();
    expect(text(document.querySelector(".alert-success[role=status]"))).toBe("Review could not be found");
  });

  test("a voting error shows the same 'Error loading: {message}' box and keeps the count", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "You cannot vote on your own review" }, { status: 403 }),
    );
    await mount();
    const others = card("Clear lectures, fair exams.");
    await click(labelled(others, "Upvote"));
    await settle();
    expect(alertText()).toBe("Error loading: You cannot vote on your own review");
    expect(count(others)).toBe("2");
    expect(labelled(others, "Upvote").getAttribute("aria-pressed")).toBe("false");
    expect(labelled(others, "Upvote").disabled).toBe(false);
  });

  test("Report: choose a reason, send it, and the card says 'Reported'", async () => {
    const answer = deferred();
    vi.mocked(fetch).mockReturnValueOnce(answer.promise);
    await mount();
    const others = card("Clear lectures, fair exams.");
    await click(buttonIn(others, "Report"));
    const send = buttonIn(others, "Send report");
    expect(send.disabled).toBe(true);
    await choose(others.querySelector<HTMLSelectElement>("#report-11")!, "Spam or not about this course");
    expect(send.disabled).toBe(false);
    await click(send);
    expect(buttonIn(others, "Reporting...").disabled).toBe(true);
    const [call] = fetched();
    expect(call).toMatchObject({ url: "/api/reviews/11/report", method: "POST" });
    expect(JSON.parse(call.body as string)).toEqual({ reason: "Spam or not about this course" });
    await answer.answer(
      Response.json({ message: "Thanks. The review has been reported and will be looked at.", hidden: false }),
    );
    await settle();
    expect(text(others.querySelector(".review-actions .muted"))).toBe("Reported");
    expect(others.querySelector(".report-form")).toBeNull();
    expect([...others.querySelectorAll("button")].some((b) => text(b) === "Report")).toBe(false);
    expect(text(document.querySelector(".alert-success[role=status]"))).toBe(
      "Thanks. The review has been reported and will be looked at.",
    );
    expect(cards()).toHaveLength(2);
  });

  test("a report that hides the review removes it; a failed report shows the error box", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "You have already reported this review" }, { status: 409 }),
    );
    await mount({ reviews: [OTHERS, THIRD, MINE] });
    const others = card("Clear lectures, fair exams.");
    await click(buttonIn(others, "Report"));
    await choose(others.querySelector<HTMLSelectElement>("#report-11")!, "Other");
    await click(buttonIn(others, "Send report"));
    await settle();
    expect(alertText()).toBe("Error loading: You have already reported this review");

    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Thanks.", hidden: true }));
    const third = card("Heavy reading load.");
    await click(buttonIn(third, "Report"));
    await choose(third.querySelector<HTMLSelectElement>("#report-13")!, "Offensive or hateful");
    await click(buttonIn(third, "Send report"));
    await settle();
    expect(cardOf("Heavy reading load.")).toBeUndefined();
    expect(heading()).toBe("Reviews (2)");
  });

  test("'Show more reviews' fetches page 1 and appends it", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(Response.json(reviewPage([THIRD], 3, 1)));
    await mount({ reviews: [OTHERS, MINE], total: 3 });
    expect(heading()).toBe("Reviews (3)");
    await click(buttonIn(document, "Show more reviews (1 more)"));
    await settle();
    expect(fetched()).toEqual([{
      url: `/api/reviews/course/${COURSE}?sort=newest&page=1&size=10`,
      method: "GET",
      body: undefined,
    }]);
    expect(cards().map((c) => text(c.querySelector(".review-text")))).toEqual([
      "Clear lectures, fair exams.",
      "My own honest review.",
      "Heavy reading load.",
    ]);
    expect(labelled(card("Heavy reading load."), "Downvote").getAttribute("aria-pressed")).toBe("true");
    expect([...document.querySelectorAll("button")].some((b) => text(b).startsWith("Show more"))).toBe(false);
  });
});
