// @vitest-environment happy-dom
import { act } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { guardIslands } from "../helpers/island-guards.ts";
import { hydratedRoots } from "../helpers/island-roots.ts";
import ReviewForm from "../../islands/ReviewForm.tsx";
import { bootIslands } from "../../src/client/boot.ts";
import { IslandCollector, IslandContext } from "../../src/client/island.tsx";
import type { ReviewView } from "../../src/lib/api-types.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const COURSE = 7;
const RATINGS = ["usefulnessRating", "difficultyRating", "workloadRating", "interestRating", "teacherRating"] as const;
const CAPTIONS = ["Very low", "Low", "Medium", "High", "Very high"];
const FAMILY = "👨‍👩‍👧‍👦";

function existingReview(change: Partial<ReviewView> = {}): ReviewView {
  return {
    id: 42,
    courseId: COURSE,
    overallRating: 3.8,
    usefulnessRating: 5,
    difficultyRating: 2,
    workloadRating: 4,
    interestRating: 1,
    teacherRating: 4,
    teacherName: "Avery Quill",
    professorSlug: "avery-quill",
    semester: "Spring 2025",
    hoursPerWeek: 12,
    attendanceRequired: true,
    assignmentTypes: "Labs and a final",
    reviewText: "Worth it.",
    createdAt: "2025-08-20T12:00:00.000Z",
    owner: true,
    voteCount: 0,
    userVote: null,
    reported: false,
    ...change,
  };
}

/** The server's HTML for the island, as a page would embed it. */
function serverHtml(existing: ReviewView | null = null): string {
  return renderToString(
    <IslandContext.Provider value={new IslandCollector()}>
      <ReviewForm courseId={COURSE} courseCode="CAS CS 111" existing={existing} />
    </IslandContext.Provider>,
  );
}

/** The account tags the signed-in layout names (src/components/AppLayout.tsx), for two students. */
const ALICE = "aliceTag0000001A";
const BOB = "bobTag000000002B";

/** Renders the island as the server does, in the signed-in layout of `account`, then hydrates it as the browser does. */
async function mount(existing: ReviewView | null = null, account = ALICE) {
  document.body.innerHTML = `<div class="app-shell" data-account="${account}">${serverHtml(existing)}</div>`;
  await act(async () => bootIslands({ ReviewForm }));
}

/** Where a student's draft is kept: under the account's tag (src/client/storage.ts). */
const draftKey = (reviewId: number | "new", account = ALICE) => `student:${account}:reviewDraft:${COURSE}:${reviewId}`;

function field<T extends HTMLElement = HTMLInputElement>(name: string): T {
  const element = document.querySelector<T>(`[name="${name}"]:not([type=radio])`);
  if (!element) throw new Error(`no field named ${name}`);
  return element;
}

async function type(name: string, value: string) {
  const element = field<HTMLInputElement | HTMLTextAreaElement>(name);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const click = (element: HTMLElement) => act(async () => void element.click());

async function submit() {
  await act(async () => {
    document.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

/** Lets pending fetches and the renders they cause finish. */
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

const text = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();
const button = () => document.querySelector<HTMLButtonElement>("button[type=submit]")!;
const describedBy = (name: string) => (field(name).getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
const messageUnder = (name: string) =>
  document.getElementById(describedBy(name).find((id) => id.endsWith("-message")) ?? "")?.textContent;
const hintUnder = (name: string) =>
  document.getElementById(describedBy(name).find((id) => id.endsWith("-hint")) ?? "")?.textContent;
const radios = (name: string) => [...document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${name}"]`)];
const radio = (name: string, value: number) => radios(name).find((r) => r.value === String(value))!;
const attendance = () => document.querySelector<HTMLInputElement>("input[type=checkbox][name=attendanceRequired]")!;
const sent = (call = 0) => {
  const [url, init] = vi.mocked(fetch).mock.calls[call];
  return { url: String(url), method: init?.method ?? "GET", body: JSON.parse(init!.body as string) };
};

/** A fetch answer the test releases when it wants, to look at the form while the call is in flight. */
function deferred() {
  let answer!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (answer = resolve));
  return { promise, answer: (response: Response) => act(async () => answer(response)) };
}

const VALID = {
  teacherName: "Avery Quill",
  semester: "Fall 2024",
  hoursPerWeek: "6",
  assignmentTypes: "Problem sets, two exams",
  reviewText: "Clear and fair.",
};

async function fillValid(change: Partial<typeof VALID> = {}) {
  for (const [name, value] of Object.entries({ ...VALID, ...change })) await type(name, value);
}

const TEXT_FIELDS = ["teacherName", "semester", "hoursPerWeek", "assignmentTypes", "reviewText"] as const;

describe("ReviewForm island", () => {
  guardIslands();
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    localStorage.clear();
    history.replaceState(null, "", `/course/${COURSE}/review`);
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(globalThis.location, "assign").mockImplementation(assign);
  });

  test("an empty form shows each field's required message under it, focuses the first and sends nothing", async () => {
    await mount();
    await submit();
    expect(messageUnder("teacherName")).toBe("Professor name is required");
    expect(messageUnder("semester")).toBe("Semester is required");
    expect(messageUnder("hoursPerWeek")).toBe("Hours per week must be a number from 0 to 40");
    expect(messageUnder("assignmentTypes")).toBe("Assignment types are required");
    expect(messageUnder("reviewText")).toBe("Review text is required");
    for (const name of TEXT_FIELDS) {
      expect(field(name).getAttribute("aria-invalid")).toBe("true");
      expect(field(name).closest(".field")!.classList.contains("field-invalid")).toBe(true);
    }
    expect(document.activeElement).toBe(field("teacherName"));
    expect(fetch).not.toHaveBeenCalled();

    // Typing into a field clears its message.
    await type("semester", "Fall 2024");
    expect(messageUnder("semester")).toBeUndefined();
    expect(messageUnder("teacherName")).toBe("Professor name is required");
  });

  test.each(
    [
      ["teacherName", "blank", "   ", "Professor name is required"],
      ["teacherName", "101 characters", "x".repeat(101), "Professor name must be at most 100 characters"],
      ["semester", "empty", "", "Semester is required"],
      ["semester", "101 characters", "s".repeat(101), "Semester must be at most 100 characters"],
      ["hoursPerWeek", "-1", "-1", "Hours per week must be a number from 0 to 40"],
      ["hoursPerWeek", "41", "41", "Hours per week must be a number from 0 to 40"],
      ["hoursPerWeek", "abc", "abc", "Hours per week must be a number from 0 to 40"],
      ["hoursPerWeek", "empty", "", "Hours per week must be a number from 0 to 40"],
      ["assignmentTypes", "empty", "", "Assignment types are required"],
      ["assignmentTypes", "501 characters", "a".repeat(501), "Assignment types must be at most 500 characters"],
      ["reviewText", "empty", "", "Review text is required"],
      ["reviewText", "2001 characters", "r".repeat(2001), "Review must be at most 2000 characters"],
    ] as const,
  )("%s %s shows '%s' under that field only and sends nothing", async (name, _label, value, message) => {
    await mount();
    await fillValid({ [name]: value });
    await submit();
    expect(messageUnder(name)).toBe(message);
    expect(field(name).getAttribute("aria-invalid")).toBe("true");
    for (const other of TEXT_FIELDS.filter((n) => n !== name)) expect(messageUnder(other)).toBeUndefined();
    expect(document.activeElement).toBe(field(name));
    expect(fetch).not.toHaveBeenCalled();
  });

  test("the limits themselves are accepted: 100-character names, 0 and 40 hours, 2000 characters of text", async () => {
    vi.mocked(fetch).mockResolvedValue(Response.json({ id: 1 }, { status: 201 }));
    await mount();
    await fillValid({
      teacherName: "x".repeat(100),
      semester: "s".repeat(100),
      hoursPerWeek: "0",
      assignmentTypes: "a".repeat(500),
      reviewText: "r".repeat(2000),
    });
    await submit();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent().body).toMatchObject({
      teacherName: "x".repeat(100),
      semester: "s".repeat(100),
      hoursPerWeek: 0,
      reviewText: "r".repeat(2000),
    });
    expect(document.querySelector(".field-error")).toBeNull();
    await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));
    await mount();
    await fillValid({ hoursPerWeek: "40" });
    await submit();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(sent(1).body.hoursPerWeek).toBe(40);
  });

  test("defaults: every rating 3, attendance unchecked; the rating rows are radio groups of 5 with the captions", async () => {
    await mount();
    const rows = [...document.querySelectorAll("fieldset.rating-row")];
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => text(row.querySelector("legend")).split(" ")[0])).toEqual([
      "Usefulness",
      "Difficulty",
      "Workload",
      "Interest",
      "Teacher",
    ]);
    for (const [i, name] of RATINGS.entries()) {
      const group = radios(name);
      expect(group).toHaveLength(5);
      // Native radios: role radio, one group per name, arrow keys move within it.
      expect(group.every((r) => r.type === "radio" && r.closest("fieldset") === rows[i])).toBe(true);
      expect(group.map((r) => r.value)).toEqual(["1", "2", "3", "4", "5"]);
      expect(group.map((r) => r.checked)).toEqual([false, false, true, false, false]);
      expect(group.map((r) => text(r.closest("label")!.querySelector(".rating-caption")))).toEqual(CAPTIONS);
    }
    expect(attendance().checked).toBe(false);
    expect(field("semester").getAttribute("placeholder")).toBe("e.g. Fall 2024");
    expect(field("hoursPerWeek").getAttribute("placeholder")).toBe("0-40");
    expect(field<HTMLTextAreaElement>("reviewText").getAttribute("rows")).toBe("6");
    expect(button().textContent).toBe("Submit Review");

    vi.mocked(fetch).mockResolvedValue(Response.json({ id: 1 }, { status: 201 }));
    await fillValid();
    await submit();
    await settle();
    expect(sent()).toEqual({
      url: `/api/reviews/course/${COURSE}`,
      method: "POST",
      body: {
        usefulnessRating: 3,
        difficultyRating: 3,
        workloadRating: 3,
        interestRating: 3,
        teacherRating: 3,
        teacherName: "Avery Quill",
        semester: "Fall 2024",
        hoursPerWeek: 6,
        attendanceRequired: false,
        assignmentTypes: "Problem sets, two exams",
        reviewText: "Clear and fair.",
      },
    });
  });

  test("choosing ratings and attendance changes what is submitted", async () => {
    vi.mocked(fetch).mockResolvedValue(Response.json({ id: 1 }, { status: 201 }));
    await mount();
    await click(radio("usefulnessRating", 5));
    await click(radio("difficultyRating", 1));
    await click(radio("workloadRating", 2));
    await click(radio("teacherRating", 4));
    await click(attendance());
    expect(radios("usefulnessRating").map((r) => r.checked)).toEqual([false, false, false, false, true]);
    expect(attendance().checked).toBe(true);
    await fillValid({ hoursPerWeek: "12.5" });
    await submit();
    await settle();
    expect(sent().body).toMatchObject({
      usefulnessRating: 5,
      difficultyRating: 1,
      workloadRating: 2,
      interestRating: 3,
      teacherRating: 4,
      attendanceRequired: true,
      hoursPerWeek: 12.5,
    });
  });

  test("the live counter 'Character limit: 2000 (N used)' counts a ZWJ family emoji as one", async () => {
    await mount();
    expect(hintUnder("reviewText")).toBe("Character limit: 2000 (0 used)");
    await type("reviewText", `Hi ${FAMILY}`);
    expect(hintUnder("reviewText")).toBe("Character limit: 2000 (4 used)");
    await type("reviewText", FAMILY.repeat(2000));
    expect(hintUnder("reviewText")).toBe("Character limit: 2000 (2000 used)");
    await type("reviewText", "e\u0301".repeat(3));
    expect(hintUnder("reviewText")).toBe("Character limit: 2000 (3 used)");

    // 2000 family emojis are 2000 characters for the form's own rule, not 22,000 code units.
    await fillValid({ reviewText: FAMILY.repeat(2000) });
    vi.mocked(fetch).mockResolvedValue(Response.json({ message: "Request body is too large" }, { status: 413 }));
    await submit();
    await settle();
    expect(messageUnder("reviewText")).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("'Submit Review' reads 'Submitting...' while in flight, cannot double-submit, then goes to ?review=submitted", async () => {
    const answer = deferred();
    vi.mocked(fetch).mockReturnValueOnce(answer.promise);
    await mount();
    await fillValid();
    await submit();
    expect(button().textContent).toBe("Submitting...");
    expect(button().disabled).toBe(true);
    await submit();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent()).toMatchObject({ url: `/api/reviews/course/${COURSE}`, method: "POST" });
    await answer.answer(Response.json(existingReview(), { status: 201 }));
    await settle();
    expect(assign).toHaveBeenCalledWith(`/course/${COURSE}?review=submitted`);
  });

  test("edit mode: prefilled, 'Update Review', PUT /api/reviews/{id}, then ?review=updated", async () => {
    const answer = deferred();
    vi.mocked(fetch).mockReturnValueOnce(answer.promise);
    const existing = existingReview();
    await mount(existing);
    expect(field("teacherName").value).toBe("Avery Quill");
    expect(field("semester").value).toBe("Spring 2025");
    expect(field("hoursPerWeek").value).toBe("12");
    expect(field("assignmentTypes").value).toBe("Labs and a final");
    expect(field<HTMLTextAreaElement>("reviewText").value).toBe("Worth it.");
    expect(attendance().checked).toBe(true);
    for (const name of RATINGS) expect(radios(name).find((r) => r.checked)!.value).toBe(String(existing[name]));
    expect(hintUnder("reviewText")).toBe("Character limit: 2000 (9 used)");
    expect(button().textContent).toBe("Update Review");

    await type("reviewText", "Worth it, on reflection.");
    await click(radio("interestRating", 4));
    await submit();
    expect(button().textContent).toBe("Updating...");
    expect(button().disabled).toBe(true);
    expect(sent()).toEqual({
      url: "/api/reviews/42",
      method: "PUT",
      body: {
        usefulnessRating: 5,
        difficultyRating: 2,
        workloadRating: 4,
        interestRating: 4,
        teacherRating: 4,
        teacherName: "Avery Quill",
        semester: "Spring 2025",
        hoursPerWeek: 12,
        attendanceRequired: true,
        assignmentTypes: "Labs and a final",
        reviewText: "Worth it, on reflection.",
      },
    });
    await answer.answer(Response.json(existing));
    await settle();
    expect(assign).toHaveBeenCalledWith(`/course/${COURSE}?review=updated`);
  });

  test("a 409 shows the server's message with an 'Edit your review' link to ?edit={fields.reviewId}", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({
        message: "You have already reviewed this course. You can edit your review instead.",
        fields: { reviewId: "99" },
      }, { status: 409 }),
    );
    await mount();
    await fillValid();
    await submit();
    await settle();
    const alert = document.querySelector("[role=alert]")!;
    expect(text(alert)).toBe(
      "You have already reviewed this course. You can edit your review instead. Edit your review",
    );
    const link = alert.querySelector("a")!;
    expect(text(link)).toBe("Edit your review");
    expect(link.getAttribute("href")).toBe(`/course/${COURSE}/review?edit=99`);
    expect(button().textContent).toBe("Submit Review");
    expect(button().disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  test("a failure without a message shows 'Failed to submit review. Please try again.'; a server field message shows under its field", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(new Response("<html>bad gateway</html>", { status: 502 }));
    await mount();
    await fillValid();
    await submit();
    await settle();
    expect(text(document.querySelector("[role=alert]"))).toBe("Failed to submit review. Please try again.");
    expect(document.querySelector("[role=alert] a")).toBeNull();
    expect(button().disabled).toBe(false);

    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json({ message: "Invalid review", fields: { semester: "Semester is required" } }, { status: 400 }),
    );
    await submit();
    await settle();
    expect(text(document.querySelector("[role=alert]"))).toBe("Invalid review");
    expect(messageUnder("semester")).toBe("Semester is required");
  });

  test("a 401 (session ended) sends the student to log in and come back", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ message: "Please log in" }, { status: 401 }));
    await mount();
    await fillValid();
    await submit();
    await settle();
    expect(assign).toHaveBeenCalledWith(`/login?next=%2Fcourse%2F${COURSE}%2Freview`);
  });

  test("props JSON holding </script> and markup stays inert: one script tag, the text round-trips", async () => {
    const hostile = "</script><script>alert(1)</script><!-- \u2028 & done";
    const teacher = `"><img src=x onerror=alert(2)>`;
    const html = serverHtml(
      existingReview({ reviewText: hostile, teacherName: teacher, assignmentTypes: "<b>bold</b>" }),
    );
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>bold");
    const props = /<script type="application\/json" data-island-props="i0">([^<]*)<\/script>/.exec(html)!;
    expect(props).not.toBeNull();
    expect(JSON.parse(props[1]).existing).toMatchObject({
      reviewText: hostile,
      teacherName: teacher,
      assignmentTypes: "<b>bold</b>",
    });

    document.body.innerHTML = html;
    expect(document.querySelectorAll("script")).toHaveLength(1);
    expect(document.querySelector("img, b")).toBeNull();
    await act(async () => bootIslands({ ReviewForm }));
    expect(field<HTMLTextAreaElement>("reviewText").value).toBe(hostile);
    expect(field("teacherName").value).toBe(teacher);
    expect(field("assignmentTypes").value).toBe("<b>bold</b>");
    expect(document.querySelectorAll("script")).toHaveLength(1);
    expect(document.querySelector("img, b")).toBeNull();
  });
});

describe("a review being written is kept as a draft", () => {
  beforeEach(() => {
    localStorage.clear();
    history.replaceState(null, "", `/course/${COURSE}/review`);
    vi.stubGlobal("fetch", vi.fn());
    vi.spyOn(globalThis.location, "assign").mockImplementation(() => {});
  });
  afterEach(async () => {
    await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  test("typed, reloaded: it comes back and says so; Discard puts the form back; sending forgets it", async () => {
    await mount();
    await type("reviewText", "Half a thought about the labs");
    await click(radio("teacherRating", 5));
    const key = draftKey("new");
    expect(JSON.parse(localStorage.getItem(key)!).values).toMatchObject({
      reviewText: "Half a thought about the labs",
      teacherRating: 5,
    });
    // Leaving now asks first.
    const leaving = new Event("beforeunload", { cancelable: true });
    dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    // A reload: the server's form is empty; the draft comes back after hydration.
    await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));
    await mount();
    expect((field<HTMLTextAreaElement>("reviewText")).value).toBe("Half a thought about the labs");
    expect(radio("teacherRating", 5).checked).toBe(true);
    expect(text(document.querySelector(".review-draft"))).toMatch(/^Your unsent review from .+ is back\. Discard it$/);

    // Discard: the form as it started, nothing kept, nothing asked on leaving.
    await click(document.querySelector<HTMLButtonElement>(".review-draft button")!);
    expect(field<HTMLTextAreaElement>("reviewText").value).toBe("");
    expect(localStorage.getItem(key)).toBeNull();
    const calm = new Event("beforeunload", { cancelable: true });
    dispatchEvent(calm);
    expect(calm.defaultPrevented).toBe(false);

    // Written again and sent: the draft is gone.
    await fillValid();
    expect(localStorage.getItem(key)).not.toBeNull();
    vi.mocked(fetch).mockResolvedValueOnce(Response.json(existingReview(), { status: 201 }));
    await submit();
    await settle();
    expect(localStorage.getItem(key)).toBeNull();
  });

  test("an edit keeps its own draft, apart from a new review's", async () => {
    localStorage.setItem(
      draftKey("new"),
      JSON.stringify({ values: { reviewText: "Not this one" }, savedAt: "2026-11-20T10:00:00.000Z" }),
    );
    await mount(existingReview());
    expect(field<HTMLTextAreaElement>("reviewText").value).toBe("Worth it.");
    expect(document.querySelector(".review-draft")).toBeNull();
    await type("reviewText", "Worth it, on second thought.");
    expect(JSON.parse(localStorage.getItem(draftKey(42))!).values.reviewText).toBe(
      "Worth it, on second thought.",
    );
  });

  test("one student's draft is never brought back for another, and a visitor's page lets it go", async () => {
    await mount();
    await type("teacherName", "Professor Only-Alice");
    await type("reviewText", "Alice's half a thought");
    expect(localStorage.getItem(draftKey("new"))).toContain("Alice's half a thought");
    expect(Object.keys(localStorage)).toEqual([draftKey("new")]);

    // Bob on the same browser: an empty form, and Alice's draft is gone from the storage as his page boots.
    await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));
    await mount(null, BOB);
    expect(field("teacherName").value).toBe("");
    expect(field<HTMLTextAreaElement>("reviewText").value).toBe("");
    expect(document.querySelector(".review-draft")).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain("Alice");

    // Bob's draft, then a visitor's page (Bob signed out): nothing of his stays.
    await type("reviewText", "Bob's start");
    expect(localStorage.getItem(draftKey("new", BOB))).toContain("Bob's start");
    await act(async () => hydratedRoots.splice(0).forEach((root) => root.unmount()));
    document.body.innerHTML = `<div class="public-shell" data-account=""></div>`;
    bootIslands({});
    expect(localStorage.length).toBe(0);
  });

  test("drafts kept bare, before they carried their account, are nobody's: they go and are not brought back", async () => {
    localStorage.setItem(
      `reviewDraft:${COURSE}:new`,
      JSON.stringify({ values: { reviewText: "Whose was this?" }, savedAt: "2026-11-20T10:00:00.000Z" }),
    );
    await mount();
    expect(field<HTMLTextAreaElement>("reviewText").value).toBe("");
    expect(localStorage.getItem(`reviewDraft:${COURSE}:new`)).toBeNull();
  });
});
