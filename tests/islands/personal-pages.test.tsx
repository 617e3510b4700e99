// @vitest-environment happy-dom
import { act, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { guardIslands } from "../helpers/island-guards.ts";
import { answerDialog } from "../helpers/confirm-dialog.ts";
import ListedCourses from "../../islands/ListedCourses.tsx";
import MyReviewList from "../../islands/MyReviewList.tsx";
import { bootIslands } from "../../src/client/boot.ts";
import { IslandCollector, IslandContext } from "../../src/client/island.tsx";
import type { ListIds } from "../../src/client/lists-store.ts";
import { courseView } from "../helpers/course-views.ts";
import type { CourseView, MyReviewView } from "../../src/lib/api-types.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function course(
  id: number,
  college: string,
  department: string,
  number: string,
  title: string,
  overall: number,
  hubs: string[],
): CourseView {
  return courseView(id, college, department, number, title, overall, hubs, {
    noPreReqs: true,
    numReviews: overall ? 3 : 0,
  });
}

// Deliberately out of order: 111, 99, 120S and 120 sort as 99, 111, 120, 120S by code.
const CS111 = course(1, "CAS", "CS", "111", "Introduction to Computer Science 1", 4.2, ["QR2", "CRT", "CRI"]);
const CS99 = course(2, "CAS", "CS", "99", "Zero to Programming", 0, []);
const CS120S = course(3, "CAS", "CS", "120S", "Algorithms Studio", 3.1, ["CRT"]);
const CS120 = course(4, "CAS", "CS", "120", "Algorithms", 4.8, ["QR2", "RIL"]);
const EC101 = course(5, "CAS", "EC", "101", "Introductory Microeconomic Analysis", 3.5, ["SO1", "CRT"]);

/** Renders the island as the server does, then hydrates it as the browser does. */
async function mount(element: ReactElement, islands: Record<string, { Component: unknown }>) {
  document.body.innerHTML = renderToString(
    <IslandContext.Provider value={new IslandCollector()}>{element}</IslandContext.Provider>,
  );
  await act(async () => bootIslands(islands));
}

/** Lets pending fetches and the renders they cause finish. */
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

const text = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();
function buttonIn(scope: ParentNode, label: string): HTMLButtonElement {
  const found = [...scope.querySelectorAll("button")].find((b) => text(b) === label);
  if (!found) throw new Error(`no button "${label}" in ${text(scope as Element)}`);
  return found;
}
const click = (element: HTMLElement) => act(async () => element.click());

describe("personal page islands", () => {
  const islands = guardIslands();

  describe("ListedCourses", () => {
    const lists: ListIds = { completed: [1, 2, 3, 4], future: [5], saved: [1] };
    const myCourses = () =>
      mount(
        <ListedCourses
          summary="You have 5 courses"
          label="your courses"
          lists={lists}
          sections={[
            { id: "future-courses", title: "Your Current/Future Courses:", courses: [EC101] },
            { id: "completed-courses", title: "Completed Courses:", courses: [CS111, CS99, CS120S, CS120] },
          ]}
        />,
        { ListedCourses },
      );
    const cardOf = (title: string) =>
      [...document.querySelectorAll(".course-card")].find((c) => text(c.querySelector(".course-title")) === title)!;

    test("hydrates the cards with toggles showing the lists", async () => {
      await myCourses();
      expect(document.querySelector("[data-island=ListedCourses]")).not.toBeNull();
      expect(text(document.querySelector(".list-count"))).toBe("You have 5 courses");
      expect([...cardOf("Algorithms").querySelectorAll(".card-actions button")].map(text)).toEqual([
        "Remove Done",
        "Add Future",
      ]);
      expect([...cardOf("Introductory Microeconomic Analysis").querySelectorAll(".card-actions button")].map(text))
        .toEqual(["Mark Done", "End Future"]);
      expect(cardOf("Introduction to Computer Science 1").querySelector(".bookmark")!.getAttribute("aria-pressed"))
        .toBe("true");
    });

    test("Remove Done flips to Mark Done after the server agrees, and the card stays", async () => {
      let answer!: (response: Response) => void;
      vi.mocked(fetch).mockReturnValue(new Promise((resolve) => (answer = resolve)));
      await myCourses();
      await click(buttonIn(cardOf("Algorithms"), "Remove Done"));
      // Every toggle on the page is disabled while the call runs.
      expect([...document.querySelectorAll<HTMLButtonElement>(".card-actions button")].every((b) => b.disabled)).toBe(
        true,
      );
      const [url, init] = vi.mocked(fetch).mock.calls[0];
      expect(url).toBe("/api/users/completed-courses/4");
      expect(init!.method).toBe("DELETE");
      await act(async () =>
        answer(Response.json({ message: "Removed from your completed courses.", changed: true, inList: false }))
      );
      await settle();
      expect(buttonIn(cardOf("Algorithms"), "Mark Done").getAttribute("aria-pressed")).toBe("false");
      expect(cardOf("Algorithms")).toBeTruthy();
      expect(document.querySelectorAll(".course-card")).toHaveLength(5);
      expect([...document.querySelectorAll<HTMLButtonElement>(".card-actions button")].some((b) => b.disabled)).toBe(
        false,
      );
    });

    test("End Future and the bookmark flip too", async () => {
      vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Removed.", changed: true, inList: false }));
      await myCourses();
      await click(buttonIn(cardOf("Introductory Microeconomic Analysis"), "End Future"));
      await settle();
      expect(vi.mocked(fetch).mock.calls[0][0]).toBe("/api/users/courses-in-progress/5");
      expect(buttonIn(cardOf("Introductory Microeconomic Analysis"), "Add Future")).toBeTruthy();
      vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Added.", changed: true, inList: true }));
      await click(cardOf("Zero to Programming").querySelector<HTMLButtonElement>(".bookmark")!);
      await settle();
      expect(vi.mocked(fetch).mock.calls[1]).toMatchObject(["/api/users/saved-courses/2", { method: "POST" }]);
      expect(cardOf("Zero to Programming").querySelector(".bookmark")!.getAttribute("aria-pressed")).toBe("true");
    });

    test("a failed toggle keeps the button as it was and is only logged", async () => {
      islands.consoleErrors.mockImplementation(() => {});
      vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Database unavailable" }, { status: 500 }));
      await myCourses();
      await click(buttonIn(cardOf("Algorithms"), "Remove Done"));
      await settle();
      expect(buttonIn(cardOf("Algorithms"), "Remove Done").disabled).toBe(false);
      expect(islands.consoleErrors).toHaveBeenCalledWith("[lists] could not remove course 4:", "Database unavailable");
      expect(document.querySelector("[role=alert]")).toBeNull();
      islands.consoleErrors.mockReset();
    });

    test("the table view sorts by code, title, overall rating and Hub units, with aria-sort on the sorted header", async () => {
      await myCourses();
      const cards = buttonIn(document, "Cards");
      const tableButton = buttonIn(document, "Table");
      expect(cards.getAttribute("aria-pressed")).toBe("true");
      await click(tableButton);
      expect(tableButton.getAttribute("aria-pressed")).toBe("true");
      expect(document.querySelectorAll(".course-card")).toHaveLength(0);
      const table = document.querySelectorAll("table")[1];
      const codes = () => [...table.querySelectorAll("tbody tr")].map((tr) => text(tr.querySelector("td")));
      const header = (label: string) =>
        [...table.querySelectorAll("th")].find((th) => text(th.querySelector("button")).startsWith(label))!;
      const sorted = () =>
        [...table.querySelectorAll("th[aria-sort]")].map((
          th,
        ) => [text(th.querySelector("button")).replace(/[▲▼↕]/g, "").trim(), th.getAttribute("aria-sort")]);

      // The order of the list until a header is chosen; no aria-sort yet.
      expect(codes()).toEqual(["CAS CS 111", "CAS CS 99", "CAS CS 120S", "CAS CS 120"]);
      expect(sorted()).toEqual([]);
      // Every sortable header is a real button, so Enter and Space work from the keyboard; the last column picks courses to compare.
      const headers = [...table.querySelectorAll("th")];
      expect(text(headers.at(-1))).toBe("Compare");
      for (const th of headers.slice(0, -1)) expect(th.querySelector("button")!.type).toBe("button");

      await click(header("Code").querySelector("button")!);
      expect(codes()).toEqual(["CAS CS 99", "CAS CS 111", "CAS CS 120", "CAS CS 120S"]);
      expect(sorted()).toEqual([["Code", "ascending"]]);
      await click(header("Code").querySelector("button")!);
      expect(codes()).toEqual(["CAS CS 120S", "CAS CS 120", "CAS CS 111", "CAS CS 99"]);
      expect(sorted()).toEqual([["Code", "descending"]]);

      await click(header("Title").querySelector("button")!);
      expect(codes()).toEqual(["CAS CS 120", "CAS CS 120S", "CAS CS 111", "CAS CS 99"]);
      expect(sorted()).toEqual([["Title", "ascending"]]);

      // Numbers start with the best: highest first.
      await click(header("Overall rating").querySelector("button")!);
      expect(codes()).toEqual(["CAS CS 120", "CAS CS 111", "CAS CS 120S", "CAS CS 99"]);
      expect(sorted()).toEqual([["Overall rating", "descending"]]);
      expect([...table.querySelectorAll("tbody tr")].map((tr) => text(tr.querySelectorAll("td")[2]))).toEqual([
        "4.8",
        "4.2",
        "3.1",
        "No ratings yet",
      ]);

      await click(header("Hub units").querySelector("button")!);
      expect(codes()).toEqual(["CAS CS 111", "CAS CS 120", "CAS CS 120S", "CAS CS 99"]);
      expect(sorted()).toEqual([["Hub units", "descending"]]);
      await click(header("Hub units").querySelector("button")!);
      expect(codes()).toEqual(["CAS CS 99", "CAS CS 120S", "CAS CS 120", "CAS CS 111"]);
      expect(sorted()).toEqual([["Hub units", "ascending"]]);

      // Each code links to its course; back to cards shows the cards again.
      expect(table.querySelector("tbody a")!.getAttribute("href")).toBe("/course/2");
      await click(cards);
      expect(document.querySelectorAll(".course-card")).toHaveLength(5);
      expect(document.querySelector("table")).toBeNull();
    });
  });

  describe("MyReviewList", () => {
    function myReview(id: number, courseId: number, courseCode: string, hidden = false): MyReviewView {
      return {
        id,
        courseId,
        courseCode,
        courseTitle: `Title of ${courseCode}`,
        hidden,
        overallRating: 3.4,
        usefulnessRating: 4,
        difficultyRating: 3,
        workloadRating: 3,
        interestRating: 4,
        teacherRating: 3,
        teacherName: "Professor Lee",
        professorSlug: "lee",
        semester: "Fall 2024",
        hoursPerWeek: 6,
        attendanceRequired: false,
        assignmentTypes: "Problem sets",
        reviewText: "Fair and clear.",
        createdAt: "2025-08-20T12:00:00.000Z",
        owner: true,
        voteCount: 2,
        userVote: null,
        reported: false,
      };
    }
    const two = () =>
      mount(<MyReviewList reviews={[myReview(11, 1, "CAS CS 111"), myReview(12, 5, "CAS EC 101", true)]} />, {
        MyReviewList,
      });
    const cardOf = (code: string) =>
      [...document.querySelectorAll(".review-card")].find((c) => text(c.querySelector("h2")).startsWith(code));

    test("hydrates with the count, course links, Edit links and the hidden marker", async () => {
      await two();
      expect(text(document.querySelector(".list-count"))).toBe("You have currently done 2 reviews");
      expect(cardOf("CAS CS 111")!.querySelector("h2 a")!.getAttribute("href")).toBe("/course/1");
      expect(cardOf("CAS CS 111")!.querySelector("a[href='/course/1/review?edit=11']")).not.toBeNull();
      expect(text(cardOf("CAS EC 101"))).toContain("Hidden after reports, pending moderation");
      expect(text(cardOf("CAS CS 111"))).not.toContain("Hidden after reports");
    });

    test("Delete asks first, sends DELETE and removes the card; the last one leaves 'No reviews yet.'", async () => {
      await two();
      await click(buttonIn(cardOf("CAS CS 111")!, "Delete"));
      await answerDialog(false);
      expect(fetch).not.toHaveBeenCalled();
      expect(cardOf("CAS CS 111")).toBeTruthy();

      vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Review deleted" }));
      await click(buttonIn(cardOf("CAS CS 111")!, "Delete"));
      await answerDialog(true);
      await settle();
      expect(vi.mocked(fetch).mock.calls[0]).toMatchObject(["/api/reviews/11", { method: "DELETE" }]);
      expect(cardOf("CAS CS 111")).toBeUndefined();
      expect(cardOf("CAS EC 101")).toBeTruthy();
      expect(text(document.querySelector(".list-count"))).toBe("You have currently done 1 review");
      // The focused button went with its card: the outcome takes the focus.
      expect(document.activeElement).toBe(document.querySelector("[role=status]"));
      expect(text(document.activeElement)).toBe("Your review of CAS CS 111 was deleted.");

      vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Review deleted" }));
      await click(buttonIn(cardOf("CAS EC 101")!, "Delete"));
      await answerDialog(true);
      await settle();
      expect(document.querySelectorAll(".review-card")).toHaveLength(0);
      expect(text(document.querySelector(".list-count"))).toBe("You have currently done 0 reviews");
      expect(text(document.querySelector(".my-reviews"))).toContain("No reviews yet.");
    });

    test("a failed delete keeps the card and shows 'Error loading: {message}'", async () => {
      vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Database unavailable" }, { status: 500 }));
      await two();
      await click(buttonIn(cardOf("CAS CS 111")!, "Delete"));
      await answerDialog(true);
      await settle();
      expect(text(document.querySelector("[role=alert]"))).toBe("Error loading: Database unavailable");
      expect(document.activeElement).toBe(document.querySelector("[role=alert]"));
      expect(cardOf("CAS CS 111")).toBeTruthy();
      expect(text(document.querySelector(".list-count"))).toBe("You have currently done 2 reviews");

      // Without a message from the server, the spec's deletion text.
      vi.mocked(fetch).mockResolvedValueOnce(new Response("<html>bad gateway</html>", { status: 502 }));
      await click(buttonIn(cardOf("CAS CS 111")!, "Delete"));
      await answerDialog(true);
      await settle();
      expect(text(document.querySelector("[role=alert]"))).toBe("Error loading: Failed to delete review");
    });

    test("a review already gone (404) leaves the list with 'Review could not be found'", async () => {
      vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Review could not be found" }, { status: 404 }));
      await two();
      await click(buttonIn(cardOf("CAS EC 101")!, "Delete"));
      await answerDialog(true);
      await settle();
      expect(cardOf("CAS EC 101")).toBeUndefined();
      expect(text(document.querySelector("[role=status]"))).toBe("Review could not be found");
      expect(document.querySelector("[role=alert]")).toBeNull();
    });
  });
});
