/**
 * The signed-in personal pages as the server renders them: dashboard, Hub
 * progress, my courses, saved courses and my reviews, empty and filled, with
 * the texts of docs/product.md. Lists and reviews are set up through the JSON API.
 */
import { and, eq } from "drizzle-orm";
import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { courses, reviews } from "../../db/schema.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

let cursor = 0;
async function student() {
  const { token } = await createStudent(t, `personal${cursor++}@bu.edu`);
  return token;
}

/** The course id of a demo course, e.g. "CAS CS 111". */
async function courseId(code: string): Promise<number> {
  const [college, department, number] = code.split(" ");
  const [row] = await t.deps.database.db.select({ id: courses.id }).from(courses)
    .where(and(eq(courses.college, college), eq(courses.department, department), eq(courses.number, number)));
  if (!row) throw new Error(`no demo course ${code}`);
  return row.id;
}

const LIST_PATHS = { completed: "completed-courses", future: "courses-in-progress", saved: "saved-courses" } as const;

async function mark(token: string, list: keyof typeof LIST_PATHS, code: string): Promise<number> {
  const id = await courseId(code);
  const response = await api(t, `/api/users/${LIST_PATHS[list]}/${id}`, { method: "POST", token });
  expect(response.status).toBe(200);
  return id;
}

async function review(token: string, id: number): Promise<number> {
  const response = await api(t, `/api/reviews/course/${id}`, {
    method: "POST",
    token,
    body: {
      teacherName: "Professor Lee",
      semester: "Fall 2024",
      hoursPerWeek: 5,
      assignmentTypes: "Problem sets",
      reviewText: "Well organised.",
    },
  });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

async function vote(token: string, reviewId: number, type: "UPVOTE" | "DOWNVOTE") {
  const response = await api(t, `/api/votes/review/${reviewId}?voteType=${type}`, { method: "POST", token });
  expect(response.status).toBe(200);
}

/** Renders a page with the session cookie and parses it. */
async function page(path: string, token: string): Promise<Document> {
  const response = await t.app.request(path, { headers: { Cookie: `hubrate_session=${token}` } });
  expect(response.status).toBe(200);
  const window = new Window({ url: "http://localhost:8000" });
  return new window.DOMParser().parseFromString(await response.text(), "text/html") as unknown as Document;
}

const text = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();
const main = (doc: Document) => doc.querySelector("main")!;
/** The visible text of the page's main area, without the islands' props. */
function mainText(doc: Document): string {
  const copy = main(doc).cloneNode(true) as Element;
  copy.querySelectorAll("script").forEach((s) => s.remove());
  return text(copy);
}
function link(doc: Document, label: string): HTMLAnchorElement | undefined {
  return [...main(doc).querySelectorAll("a")].find((a) => text(a) === label) as HTMLAnchorElement | undefined;
}
function metric(doc: Document, label: string): string {
  const dt = [...doc.querySelectorAll(".metric dt")].find((d) => text(d).startsWith(label));
  expect(dt, label).toBeTruthy();
  return text(dt!.parentElement!.querySelector("dd"));
}

describe("visitors", () => {
  test.each(["/dashboard", "/hub-progress", "/my-courses", "/saved-courses", "/my-reviews"])(
    "%s redirects a visitor to /",
    async (path) => {
      const response = await t.app.request(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    },
  );
});

describe("dashboard", () => {
  test("a new student: heading with email, major, college and graduation; zero metrics; 'Start your course journey!'", async () => {
    const token = await student();
    for (const path of ["/dashboard", "/"]) {
      const doc = await page(path, token);
      expect(doc.querySelectorAll("h1")).toHaveLength(1);
      expect(text(doc.querySelector("h1"))).toContain(`personal${cursor - 1}@bu.edu`);
      expect(mainText(doc)).toContain("Physics, CAS");
      expect(mainText(doc)).toContain("Expected graduation 2027");
      for (const label of ["Courses completed", "Future courses planned", "Bookmarked", "Reviewed", "Total upvotes"]) {
        expect(metric(doc, label)).toBe("0");
      }
      expect(metric(doc, "Average review score")).toBe("0.0");
      expect(mainText(doc)).toContain("Next courses to review");
      expect(mainText(doc)).toContain("Start your course journey!");
      expect(link(doc, "Add more courses")?.getAttribute("href")).toBe("/search");
      expect(mainText(doc)).not.toContain("All caught up!");
    }
  });

  test("courses ready for review are links to their review forms, with a count and 'View All My Courses'", async () => {
    const token = await student();
    const cs111 = await mark(token, "completed", "CAS CS 111");
    const wr100 = await mark(token, "completed", "CAS WR 100");
    const ma123 = await mark(token, "completed", "CAS MA 123");
    await mark(token, "future", "CAS EC 101");
    await mark(token, "saved", "CAS PH 100");
    await mark(token, "saved", "CAS HI 175");
    await review(token, ma123);
    const doc = await page("/dashboard", token);
    expect(metric(doc, "Courses completed")).toBe("3");
    expect(metric(doc, "Future courses planned")).toBe("1");
    expect(metric(doc, "Bookmarked")).toBe("2");
    expect(metric(doc, "Reviewed")).toBe("1");
    expect(mainText(doc)).toContain("2 courses ready for review");
    expect(link(doc, "CAS CS 111")?.getAttribute("href")).toBe(`/course/${cs111}/review`);
    expect(link(doc, "CAS WR 100")?.getAttribute("href")).toBe(`/course/${wr100}/review`);
    expect(link(doc, "CAS MA 123")).toBeUndefined();
    expect(link(doc, "View All My Courses")?.getAttribute("href")).toBe("/my-courses");
    expect(mainText(doc)).not.toContain("Start your course journey!");
  });

  test("five completed and all reviewed: 'All caught up!'; upvotes and the average score by votes", async () => {
    const token = await student();
    const codes = ["CAS CS 112", "CAS CS 131", "CAS MA 113", "CAS MA 115", "CAS PY 212"];
    const reviewIds: number[] = [];
    for (const code of codes) reviewIds.push(await review(token, await mark(token, "completed", code)));
    const [a, b, c] = [await student(), await student(), await student()];
    await vote(a, reviewIds[0], "UPVOTE");
    await vote(b, reviewIds[0], "UPVOTE");
    await vote(c, reviewIds[1], "UPVOTE");
    await vote(a, reviewIds[2], "DOWNVOTE");
    const doc = await page("/dashboard", token);
    expect(metric(doc, "Courses completed")).toBe("5");
    expect(metric(doc, "Reviewed")).toBe("5");
    expect(metric(doc, "Total upvotes")).toBe("3");
    // (3 up - 1 down) / 5 reviews
    expect(metric(doc, "Average review score")).toBe("0.4");
    expect(mainText(doc)).toContain("All caught up!");
    expect(mainText(doc)).not.toContain("Start your course journey!");
    expect(link(doc, "View All My Courses")).toBeUndefined();
  });

  test("five completed with one left to review lists it rather than 'All caught up!'", async () => {
    const token = await student();
    const ids: number[] = [];
    for (const code of ["CAS EC 201", "CAS EC 203", "CAS EC 204", "CAS PS 211", "CAS PS 231"]) {
      ids.push(await mark(token, "completed", code));
    }
    for (const id of ids.slice(1)) await review(token, id);
    const doc = await page("/dashboard", token);
    expect(mainText(doc)).toContain("1 course ready for review");
    expect(link(doc, "CAS EC 201")?.getAttribute("href")).toBe(`/course/${ids[0]}/review`);
    expect(mainText(doc)).not.toContain("All caught up!");
  });
});

describe("hub progress", () => {
  function card(doc: Document, id: string): Element {
    const heading = doc.getElementById(`hub-${id}`);
    expect(heading, id).toBeTruthy();
    return heading!.closest("li")!;
  }
  const bar = (element: Element) => element.querySelector("[role=progressbar]")!;
  /** A fact of a requirement card: "Status", "Projection", "Fulfilling courses". */
  const fact = (element: Element, label: string) => {
    const dt = [...element.querySelectorAll("dt")].find((d) => text(d) === label);
    return text(dt?.parentElement?.querySelector("dd"));
  };

  test("a new student: 0% with every requirement remaining and needing attention", async () => {
    const doc = await page("/hub-progress", await student());
    expect(doc.querySelectorAll("h1")).toHaveLength(1);
    const overall = doc.querySelector("[role=progressbar][aria-label='Overall Hub progress']")!;
    expect(overall.getAttribute("aria-valuenow")).toBe("0");
    expect(overall.getAttribute("aria-valuemax")).toBe("20");
    expect(mainText(doc)).toContain("0% of requirements fulfilled");
    const totals = Object.fromEntries(
      [...doc.querySelectorAll(".hub-totals div")].map((
        d,
      ) => [text(d.querySelector("dt")), text(d.querySelector("dd"))]),
    );
    expect(totals).toEqual({ Completed: "0", "In Future": "0", Remaining: "20" });
    expect(doc.querySelectorAll(".hub-card")).toHaveLength(20);
    expect(doc.querySelectorAll(".hub-card .badge-danger")).toHaveLength(20);
    expect(text(card(doc, "plm"))).toContain("0 of 1");
    expect(text(card(doc, "gci"))).toContain("0 of 2");
  });

  test("completed and future courses: counts, badges, projections, fulfilling courses and bar colours", async () => {
    const token = await student();
    // Completed: CS 111 (QR2 CRT CRI), PY 211 (SI2 QR2), WR 100 (FYW CRT). Future: EC 101 (SO1 CRT), HI 175 (HCO GCI).
    for (const code of ["CAS CS 111", "CAS PY 211", "CAS WR 100"]) await mark(token, "completed", code);
    for (const code of ["CAS EC 101", "CAS HI 175"]) await mark(token, "future", code);
    // The hub units the test relies on, from the API.
    const units = async (code: string) =>
      ((await (await api(t, `/api/courses/${await courseId(code)}`)).json()).hubRequirements as { code: string }[]).map(
        (h) => h.code,
      ).sort();
    expect(await units("CAS CS 111")).toEqual(["CRI", "CRT", "QR2"]);
    expect(await units("CAS PY 211")).toEqual(["QR2", "SI2"]);
    expect(await units("CAS EC 101")).toEqual(["CRT", "SO1"]);
    expect(await units("CAS HI 175")).toEqual(["GCI", "HCO"]);

    const doc = await page("/hub-progress", token);
    // Fulfilled: QR2, CRT, FYW and the SI2/SO2 pair = 4 of 20; SO1 and HCO are projected.
    const overall = doc.querySelector("[role=progressbar][aria-label='Overall Hub progress']")!;
    expect(overall.getAttribute("aria-valuenow")).toBe("4");
    expect(mainText(doc)).toContain("20% of requirements fulfilled (4 of 20)");
    const totals = Object.fromEntries(
      [...doc.querySelectorAll(".hub-totals div")].map((
        d,
      ) => [text(d.querySelector("dt")), text(d.querySelector("dd"))]),
    );
    expect(totals).toEqual({ Completed: "4", "In Future": "2", Remaining: "14" });

    const crt = card(doc, "crt");
    expect(text(crt.querySelector(".badge"))).toBe("✓ Complete");
    expect(text(crt)).toContain("2 of 2");
    // Complete already: the planned EC 101 adds nothing to it, so it is neither projected nor planned here.
    expect(text(crt)).not.toContain("projected");
    expect(fact(crt, "Planned")).toBe("");
    expect(fact(crt, "Fulfilling courses")).toBe("CAS CS 111, CAS WR 100");
    expect(fact(crt, "Status")).toBe("Complete");
    expect(fact(crt, "Projection")).toBe("Already Complete");
    expect(bar(crt).className).toContain("progress-success");

    const cri = card(doc, "cri");
    expect(text(cri.querySelector(".badge"))).toBe("Needs Attention");
    expect(text(cri)).toContain("1 of 2");
    expect(text(cri)).not.toContain("projected");
    expect(fact(cri, "Status")).toBe("In Progress");
    expect(fact(cri, "Projection")).toBe("Needs Attention");
    expect(fact(cri, "Fulfilling courses")).toBe("CAS CS 111");
    // 50% is "info", below is "danger".
    expect(bar(cri).className).toContain("progress-info");
    expect(bar(cri).getAttribute("aria-valuenow")).toBe("1");
    expect(bar(cri).getAttribute("aria-valuemax")).toBe("2");

    const so1 = card(doc, "so1");
    expect(text(so1.querySelector(".badge"))).toBe("Will Complete");
    expect(text(so1)).toContain("0 of 1");
    expect(text(so1)).toContain("+1 projected");
    expect(fact(so1, "Status")).toBe("In Progress");
    expect(fact(so1, "Projection")).toBe("Will Complete");
    expect(fact(so1, "Fulfilling courses")).toBe("None yet");
    expect(bar(so1).className).toContain("progress-danger");

    const gci = card(doc, "gci");
    expect(text(gci.querySelector(".badge"))).toBe("Needs Attention");
    expect(text(gci)).toContain("+1 projected");

    // SI2 or SO2: one requirement, met by SI2.
    const either = card(doc, "si2-so2");
    expect(text(either.querySelector(".badge"))).toBe("✓ Complete");
    expect(text(either)).toContain("One unit of SI2 or SO2 fulfils this requirement.");
    expect(text(either)).toContain("Fulfilled by SI2");
    expect(text(either)).toContain("CAS PY 211");
    expect(doc.getElementById("hub-so2")).toBeNull();

    // Groups: fulfilled/total badges.
    const group = (name: string) =>
      [...doc.querySelectorAll(".hub-group")].find((g) => text(g.querySelector("h2")) === name)!;
    expect(text(group("Quantitative Reasoning").querySelector(".hub-group-badge"))).toBe("1/2 fulfilled");
    expect(text(group("Scientific and Social Inquiry").querySelector(".hub-group-badge"))).toBe("1/3 fulfilled");
    expect(text(group("Intellectual Toolkit").querySelector(".hub-group-badge"))).toBe("1/4 fulfilled");
    expect(group("Quantitative Reasoning").querySelector(":scope > [role=progressbar]")!.className).toContain(
      "progress-info",
    );
  });

  test("the SI2/SO2 rule is shown before it is met, and names SO2 when SO2 met it", async () => {
    const fresh = await page("/hub-progress", await student());
    expect(text(fresh.getElementById("hub-si2-so2")!.closest("li"))).toContain(
      "One unit of SI2 or SO2 fulfils this requirement.",
    );
    expect(text(fresh.getElementById("hub-si2-so2")!.closest("li"))).not.toContain("Fulfilled by");
    const token = await student();
    await mark(token, "completed", "CAS EC 320");
    const doc = await page("/hub-progress", token);
    expect(text(doc.getElementById("hub-si2-so2")!.closest("li"))).toContain("Fulfilled by SO2");
  });
});

describe("my courses", () => {
  test("empty: 'No courses enrolled yet' with Browse Courses", async () => {
    const doc = await page("/my-courses", await student());
    expect(doc.querySelectorAll("h1")).toHaveLength(1);
    expect(mainText(doc)).toContain("No courses enrolled yet");
    expect(link(doc, "Browse Courses")?.getAttribute("href")).toBe("/search");
    expect(doc.querySelector("[data-island=ListedCourses]")).toBeNull();
  });

  test("the total, future and completed sections, and cards whose toggles show their state", async () => {
    const token = await student();
    await mark(token, "completed", "CAS CS 111");
    await mark(token, "completed", "CAS MA 123");
    await mark(token, "future", "CAS EC 101");
    // A completed course never joins the future list: this one is refused.
    await mark(token, "future", "CAS CS 111");
    await mark(token, "saved", "CAS MA 123");
    const doc = await page("/my-courses", token);
    expect(mainText(doc)).toContain("You have 3 courses");
    const sections = [...doc.querySelectorAll(".course-section")];
    expect(sections.map((s) => text(s.querySelector("h2")))).toEqual([
      "Your Current/Future Courses:",
      "Completed Courses:",
    ]);
    const titles = (s: Element) => [...s.querySelectorAll(".course-card .course-title")].map(text);
    expect(titles(sections[0])).toEqual(["Introductory Microeconomic Analysis"]);
    expect(titles(sections[1]).sort()).toEqual(["Introduction to Computer Science 1", "Calculus I"].sort());
    const card = (s: Element, title: string) =>
      [...s.querySelectorAll(".course-card")].find((c) => text(c.querySelector(".course-title")) === title)!;
    const buttons = (c: Element) => [...c.querySelectorAll(".card-actions button")].map(text);
    expect(buttons(card(sections[0], "Introductory Microeconomic Analysis"))).toEqual(["Mark Done", "End Future"]);
    expect(buttons(card(sections[1], "Calculus I"))).toEqual(["Remove Done", "Add Future"]);
    expect(buttons(card(sections[1], "Introduction to Computer Science 1"))).toEqual(["Remove Done", "Add Future"]);
    expect(card(sections[1], "Calculus I").querySelector(".bookmark")!.getAttribute("aria-pressed")).toBe("true");
    const views = [...doc.querySelectorAll(".view-switch button")];
    expect(views.map(text)).toEqual(["Cards", "Table"]);
    expect(views[0].getAttribute("aria-pressed")).toBe("true");
  });
});

describe("saved courses", () => {
  test("empty: 'No saved courses yet' with Browse Courses", async () => {
    const doc = await page("/saved-courses", await student());
    expect(doc.querySelectorAll("h1")).toHaveLength(1);
    expect(mainText(doc)).toContain("No saved courses yet");
    expect(link(doc, "Browse Courses")?.getAttribute("href")).toBe("/search");
  });

  test("a count and the saved courses with their bookmarks on", async () => {
    const token = await student();
    await mark(token, "saved", "CAS PH 100");
    const one = await page("/saved-courses", token);
    expect(mainText(one)).toContain("You have 1 saved course");
    await mark(token, "saved", "CAS HI 175");
    const doc = await page("/saved-courses", token);
    expect(mainText(doc)).toContain("You have 2 saved courses");
    const cards = [...doc.querySelectorAll(".course-card")];
    expect(cards).toHaveLength(2);
    for (const c of cards) expect(c.querySelector(".bookmark")!.getAttribute("aria-pressed")).toBe("true");
    expect(mainText(doc)).not.toContain("No saved courses yet");
  });
});

describe("my reviews", () => {
  test("empty: 'You have currently done 0 reviews' and 'No reviews yet.'", async () => {
    const doc = await page("/my-reviews", await student());
    expect(doc.querySelectorAll("h1")).toHaveLength(1);
    expect(mainText(doc)).toContain("You have currently done 0 reviews");
    expect(mainText(doc)).toContain("No reviews yet.");
  });

  test("the count and each review with its course link, Edit and Delete; a hidden review is marked", async () => {
    const token = await student();
    const cs111 = await courseId("CAS CS 111");
    const wr100 = await courseId("CAS WR 100");
    const first = await review(token, cs111);
    const one = await page("/my-reviews", token);
    expect(mainText(one)).toContain("You have currently done 1 review");
    expect(mainText(one)).not.toContain("Hidden after reports");
    const second = await review(token, wr100);
    await t.deps.database.db.update(reviews).set({ hidden: true }).where(eq(reviews.id, second));
    const doc = await page("/my-reviews", token);
    expect(mainText(doc)).toContain("You have currently done 2 reviews");
    const cards = [...doc.querySelectorAll(".review-card")];
    expect(cards).toHaveLength(2);
    const cardOf = (courseId: number) => cards.find((c) => c.querySelector(`h2 a[href="/course/${courseId}"]`))!;
    expect(text(cardOf(cs111).querySelector("h2"))).toBe("CAS CS 111 Introduction to Computer Science 1");
    expect(cardOf(cs111).querySelector(`a[href="/course/${cs111}/review?edit=${first}"]`)).not.toBeNull();
    expect(cardOf(wr100).querySelector(`a[href="/course/${wr100}/review?edit=${second}"]`)).not.toBeNull();
    expect([...cardOf(cs111).querySelectorAll("button")].map(text)).toContain("Delete");
    expect(text(cardOf(wr100))).toContain("Hidden after reports, pending moderation");
    expect(text(cardOf(cs111))).not.toContain("Hidden after reports");
    expect(text(cardOf(cs111))).toContain("Professor Lee");
  });
});
