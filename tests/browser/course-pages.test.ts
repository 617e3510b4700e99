/**
 * The rewritten course page and the professor pages in Chromium, at desktop
 * and phone sizes (the figures, charts, the professor page and the deletion on
 * both; the review list's paging, the professor search and the review form's
 * semester once each, shared out between them), on one course with 24 reviews by three professors whose
 * names students spelled several ways ("Prof. Dana Whitlock", "dana
 * whitlock", "Dr. Lee Park", "Jose Nunez") over five semesters typed several
 * ways ("Fall 2024", "fall 24", "F24", "SP25", "Summer 1 2023") and two that
 * cannot be read. Every figure the pages should show is worked out here from
 * the reviews this file wrote, never asked of the app:
 *
 * - the summary under the course's name, the six distribution charts' text
 *   alternatives (a value nobody gave says "0 reviews"), the trend by semester
 *   and one professor-table row per professor however the name was spelled;
 * - ten reviews, "Show more reviews (N more)" twice, the teacher filter with
 *   its sentence and the semester filter;
 * - the professor page reached from the course page, ten reviews then Show
 *   more, another spelling under "Also written as", and a 404;
 * - the top bar's typeahead listing a professor and opening their page;
 * - the review form reading "f24" as Fall 2024 and saying when it reads
 *   nothing;
 * - an author deleting their review: the summary, the Reviews heading, the
 *   ratings section and the write button follow without a reload;
 * - axe on both pages.
 *
 * Each device deletes one review, so the phone sees one review fewer than the
 * desktop did: `live` holds the reviews still standing, and every
 * expectation is computed from it when the test runs.
 *
 * With COURSE_PAGES_SHOTS set to a folder, full-page screenshots of the
 * course and professor pages (390 px and 1280 px wide) land there.
 */
import { eq } from "drizzle-orm";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { courses } from "../../db/schema.ts";
import { createStudent, type Student } from "../helpers/accounts.ts";
import { expectAccessible } from "../helpers/a11y.ts";
import { courseName, courseSupply, createdReview } from "../helpers/reviews.ts";
import {
  browserFile,
  confirmInDialog,
  type Device,
  DEVICES,
  failedLoad,
  fitsWidth,
  openContext,
  press,
  type Problem,
  signIn,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

const { stack, test, testOn } = browserFile();
/** Where screenshots go, when asked for: they take seconds this file does not otherwise need. */
const SHOTS = Deno.env.get("COURSE_PAGES_SHOTS");

type Professor = { slug: string; name: string };
const WHITLOCK: Professor = { slug: "dana-whitlock", name: "Dana Whitlock" };
const NUNEZ: Professor = { slug: "jose-nunez", name: "José Núñez" };
const PARK: Professor = { slug: "lee-park", name: "Lee Park" };
/** In the professor table's order: most reviewed first. */
const PROFESSORS = [WHITLOCK, PARK, NUNEZ];

/** The semesters the reviews name, as the page labels them, with their order in time. */
const TERMS = ["Summer 2023", "Fall 2024", "Spring 2025", "Fall 2025", "Spring 2026"] as const;
type Term = (typeof TERMS)[number];

type Spec = {
  professor: Professor;
  /** As the student typed it. */
  teacherName: string;
  semester: string;
  /** What the semester reads as; null when nothing can be read from it. */
  term: Term | null;
  u: number;
  d: number;
  w: number;
  i: number;
  t: number;
  hours: number;
  attendance: boolean;
};

const spec = (
  professor: Professor,
  teacherName: string,
  semester: string,
  term: Term | null,
  [u, d, w, i, t]: number[],
  hours: number,
  attendance: boolean,
): Spec => ({ professor, teacherName, semester, term, u, d, w, i, t, hours, attendance });

/**
 * Written in this order, so the newest (shown first) are Lee Park's. Nobody
 * rates the difficulty 1, so that bar's text says "1: 0 reviews".
 */
const SPECS: Spec[] = [
  spec(WHITLOCK, "Prof. Dana Whitlock", "Fall 2024", "Fall 2024", [4, 3, 3, 4, 5], 8, true),
  spec(WHITLOCK, "dana whitlock", "fall 24", "Fall 2024", [3, 4, 4, 3, 4], 10, false),
  spec(WHITLOCK, "Prof. Dana Whitlock", "F24", "Fall 2024", [5, 2, 3, 5, 5], 6, true),
  spec(WHITLOCK, "dana whitlock", "Spring 2025", "Spring 2025", [4, 3, 2, 4, 4], 7, false),
  spec(WHITLOCK, "Prof. Dana Whitlock", "SP25", "Spring 2025", [2, 5, 5, 2, 3], 15, true),
  spec(WHITLOCK, "Dana Whitlock", "Summer 1 2023", "Summer 2023", [3, 3, 3, 3, 3], 9, false),
  spec(WHITLOCK, "dana whitlock", "sometime", null, [4, 4, 3, 4, 4], 9, false),
  spec(WHITLOCK, "Prof. Dana Whitlock", "Fall 2025", "Fall 2025", [5, 2, 2, 5, 5], 5, true),
  spec(WHITLOCK, "dana whitlock", "FA25", "Fall 2025", [3, 4, 4, 3, 3], 12, false),
  spec(WHITLOCK, "Prof. Dana Whitlock", "spring 25", "Spring 2025", [4, 3, 3, 4, 4], 8, true),
  spec(WHITLOCK, "Dana Whitlock", "Spring 2026", "Spring 2026", [4, 2, 3, 5, 5], 6, false),
  spec(WHITLOCK, "Prof. Dana Whitlock", "Fall '24", "Fall 2024", [2, 4, 5, 2, 2], 20, true),
  spec(WHITLOCK, "dana whitlock", "last year", null, [3, 3, 4, 3, 4], 10, false),
  spec(NUNEZ, "Prof. José Núñez", "Fall 2024", "Fall 2024", [5, 2, 2, 5, 5], 4, false),
  spec(NUNEZ, "Prof. José Núñez", "Spring 2025", "Spring 2025", [4, 3, 2, 4, 5], 5, false),
  spec(NUNEZ, "Jose Nunez", "Fall 2025", "Fall 2025", [4, 2, 3, 4, 4], 6, true),
  spec(NUNEZ, "Prof. José Núñez", "Summer 1 2023", "Summer 2023", [3, 3, 3, 3, 4], 7, false),
  spec(PARK, "Dr. Lee Park", "Fall 2024", "Fall 2024", [3, 5, 4, 3, 2], 14, true),
  spec(PARK, "lee park", "Spring 2025", "Spring 2025", [2, 4, 5, 2, 2], 18, true),
  spec(PARK, "Dr. Lee Park", "Fall 2025", "Fall 2025", [3, 4, 4, 3, 3], 12, true),
  spec(PARK, "Dr. Lee Park", "Spring 2026", "Spring 2026", [4, 5, 4, 4, 3], 11, false),
  spec(PARK, "lee park", "F24", "Fall 2024", [2, 5, 5, 1, 1], 25, true),
  spec(PARK, "Dr. Lee Park", "SP25", "Spring 2025", [3, 4, 4, 3, 3], 13, true),
  spec(PARK, "Dr. Lee Park", "fall 25", "Fall 2025", [4, 3, 4, 4, 4], 10, true),
];

type Written = Spec & { id: number; text: string; author: Student };

let course: { id: number; code: string; title: string };
/** The reviews not deleted yet, oldest first. */
let live: Written[] = [];

beforeAll(async () => {
  const { t } = stack;
  const [id] = (await courseSupply(t))(1);
  const [{ title }] = await t.deps.database.db.select({ title: courses.title }).from(courses).where(eq(courses.id, id));
  course = { id, code: await courseName(t, id), title };
  for (const [n, s] of SPECS.entries()) {
    const author = await createStudent(t, uniqueEmail(`course-pages-${n + 1}`));
    const text = `Review ${n + 1} of the course pages test: ${s.professor.name}, ${s.semester}.`;
    const review = await createdReview(t, author.token, id, {
      teacherName: s.teacherName,
      semester: s.semester,
      usefulnessRating: s.u,
      difficultyRating: s.d,
      workloadRating: s.w,
      interestRating: s.i,
      teacherRating: s.t,
      hoursPerWeek: s.hours,
      attendanceRequired: s.attendance,
      reviewText: text,
    });
    live.push({ ...s, id: review.id, text, author });
  }
});

// ------------------------------------------------------------ the figures, worked out from the reviews

const fixed1 = (x: number) => x.toFixed(1);
const reviewsText = (n: number) => `${n} review${n === 1 ? "" : "s"}`;
const mean = (list: Written[], pick: (r: Written) => number) => list.reduce((sum, r) => sum + pick(r), 0) / list.length;
/** docs/product.md: overall = ((6 - difficulty) + (6 - workload) + interest + usefulness + teacher) / 5, summed as whole numbers first. */
const overall5 = (r: Spec) => 12 - r.d - r.w + r.i + r.u + r.t;
const overallOf = (list: Written[]) => list.reduce((sum, r) => sum + overall5(r), 0) / (5 * list.length);
function medianHours(list: Written[]): string {
  const sorted = list.map((r) => r.hours).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return `${Number.isInteger(median) ? median : median.toFixed(1)} h`;
}
const byProfessor = (p: Professor) => live.filter((r) => r.professor === p);
const newestFirst = () => [...live].reverse();
/** Terms with reviews, oldest first, each with its reviews. */
const termGroups = () =>
  TERMS.map((term) => ({ term, reviews: live.filter((r) => r.term === term) })).filter((g) => g.reviews.length > 0);
const lastTerm = (list: Written[]) => TERMS.findLast((term) => list.some((r) => r.term === term)) ?? "—";

/** The strip under the course's name, each label with its text. */
function expectedCourseStrip(): Record<string, string> {
  const n = live.length;
  const attending = live.filter((r) => r.attendance).length;
  return {
    Overall: `${fixed1(overallOf(live))}(${reviewsText(n)})`,
    Difficulty: fixed1(mean(live, (r) => r.d)),
    Workload: fixed1(mean(live, (r) => r.w)),
    "Hours per week": `${medianHours(live)} median`,
    "Attendance required": `${Math.round((attending / n) * 100)}% of reviews`,
  };
}

const RATINGS: [label: string, id: string, value: (r: Written) => number][] = [
  ["Overall", "overallRating", (r) => Math.round(overall5(r) / 5)],
  ["Usefulness", "usefulnessRating", (r) => r.u],
  ["Difficulty", "difficultyRating", (r) => r.d],
  ["Workload", "workloadRating", (r) => r.w],
  ["Interest", "interestRating", (r) => r.i],
  ["Teacher", "teacherRating", (r) => r.t],
];

/** A distribution chart's text alternative: its caption, then every count. */
function expectedChartName(label: string, value: (r: Written) => number): string {
  const counts = [1, 2, 3, 4, 5].map((v) => `${v}: ${reviewsText(live.filter((r) => value(r) === v).length)}`);
  return `${label} ratings From ${reviewsText(live.length)}: ${counts.join(", ")}.`;
}

// ------------------------------------------------------------ reading the pages

/** A summary strip (`dl`): each `dt` with its `dd`'s text. */
function stripOf(strip: Locator): Promise<Record<string, string>> {
  return strip.evaluate((dl) => {
    const text = (element: Element | null) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();
    return Object.fromEntries(
      [...dl.querySelectorAll(":scope > div")].map((d) => [text(d.querySelector("dt")), text(d.querySelector("dd"))]),
    );
  });
}

const courseStrip = (page: Page) => page.locator('[data-island="RatingSummary"] dl.summary-strip');
const ratings = (page: Page) => page.getByRole("region", { name: "Ratings overview" });
const reviewCards = (page: Page) => page.locator("article.review-card");
const reviewsHeading = (page: Page) => page.locator("#reviews-heading");
const showMore = (page: Page) => page.getByRole("button", { name: /^Show more reviews/ });
/** The review cards' professor links (the only links among a card's facts). */
const professorLinks = (page: Page) => page.locator("article.review-card .review-facts a");
const hrefs = (links: Locator) => links.evaluateAll((list) => list.map((a) => a.getAttribute("href")));
const semesterOf = (card: Locator) => card.locator(".review-facts > div", { hasText: "Semester" }).locator("dd");

/**
 * The names of the images inside the element `selector` finds, as Chromium's accessibility tree gives them to a
 * screen reader (one query rather than one per image).
 */
async function imageNames(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send("Accessibility.queryAXTree", { nodeId, role: "image" });
    return nodes.map((node) => String(node.name?.value ?? ""));
  } finally {
    await cdp.detach();
  }
}

/** The professor table's rows: name, link, review count and last semester. */
function professorRows(table: Locator) {
  return table.locator("tbody tr").evaluateAll((rows) =>
    rows.map((row) => ({
      name: row.querySelector("th")!.textContent,
      href: row.querySelector("th a")!.getAttribute("href"),
      reviews: row.querySelectorAll("td")[0].textContent,
      last: row.querySelectorAll("td")[4].textContent,
    }))
  );
}

async function cardTexts(page: Page): Promise<string[]> {
  return await page.locator("article.review-card .review-text").allTextContents();
}

/** Waits until exactly `n` review cards are on the page. */
async function cardCount(page: Page, n: number): Promise<void> {
  await page.waitForFunction((count) => document.querySelectorAll("article.review-card").length === count, n);
}

/** Runs `change` (a filter, Show more) and waits for the course's review list to have its answer. */
async function listAnswer(page: Page, change: () => Promise<unknown>): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/reviews/course/${course.id}`);
  // Should the change itself fail, its error is the one to report.
  answered.catch(() => {});
  await change();
  await answered;
  await page.locator(".review-list[aria-busy=false]").waitFor();
}

/** In the page: whether the island of that name has been hydrated (React put its container key on the element). */
function isHydrated(name: string): boolean {
  const element = document.querySelector(`[data-island="${name}"]`);
  return element !== null && Object.keys(element).some((key) => key.startsWith("__reactContainer"));
}

async function openCourse(page: Page): Promise<void> {
  await page.goto(`${stack.url}/course/${course.id}`);
  await waitForIsland(page, "CourseActions");
}

async function screenshot(page: Page, name: string, device: Device): Promise<void> {
  if (!SHOTS) return;
  // From the top, so the sticky top bar is where a reader sees it.
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({
    path: `${SHOTS}/${name}-${device.options.viewport!.width}.png`,
    fullPage: true,
    scale: "css",
  });
}

for (const device of DEVICES) {
  /** The screenshots' sizes: 390×844 on the phone, 1280×900 on the desktop. */
  const options = device.touch ? device.options : { ...device.options, viewport: { width: 1280, height: 900 } };

  describe(`course and professor pages in Chromium, ${device.name}`, () => {
    // One visitor's page for the tests that only read.
    let visitor: { context: BrowserContext; page: Page; problems: Problem[] };
    beforeAll(async () => void (visitor = await openContext(stack.browser, options)));
    afterAll(() => visitor.context.close());

    test("the summary strip, the distribution charts, the trend and one row per professor show the reviews' figures; axe finds nothing", async () => {
      const { page, problems } = visitor;
      problems.length = 0;
      await openCourse(page);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(course.title);
      expect(await stripOf(courseStrip(page))).toEqual(expectedCourseStrip());

      // The section is the server's HTML until its figures change (it hydrates only then).
      const section = ratings(page);
      await section.scrollIntoViewIfNeeded();
      await expect(section.locator(".averages-table thead th").nth(2).textContent()).resolves.toBe(
        `All time${reviewsText(live.length)}`,
      );
      await section.getByText("2 reviews name no semester we can read, so they count in all time only.", {
        exact: true,
      }).waitFor();
      // Each chart is an image named by its caption and a description of every count; with five semesters, the trend
      // follows, oldest first.
      const terms = termGroups();
      expect(terms.length).toBeGreaterThanOrEqual(2);
      const trend = terms.map((g) => `${g.term}: ${fixed1(overallOf(g.reviews))} from ${reviewsText(g.reviews.length)}`)
        .join("; ");
      // The accessibility tree follows the DOM a moment later on a busy machine: asked again until it has caught up.
      await expect.poll(() => imageNames(page, "section.course-ratings"), { timeout: 10_000 }).toEqual([
        ...RATINGS.map(([label, , value]) => expectedChartName(label, value)),
        `Overall rating by semester ${trend}.`,
      ]);
      // A value nobody gave is a bar of 0, and the text says so.
      await expect(section.locator("#dist-difficultyRating-desc").textContent()).resolves.toContain(
        `From ${reviewsText(live.length)}: 1: 0 reviews,`,
      );
      // One row per professor, however students spelled the name, most reviewed first.
      expect(await professorRows(section.locator("table.professor-table"))).toEqual(PROFESSORS.map((p) => ({
        name: p.name,
        href: `/professor/${p.slug}`,
        reviews: String(byProfessor(p).length),
        last: lastTerm(byProfessor(p)),
      })));

      await expectAccessible(page, `course page, ${device.name}`);
      if (device.touch) await fitsWidth(page);
      await screenshot(page, "course-page", device);
      expect(unexpected(problems)).toEqual([]);
    });

    testOn(device, "phone")(
      "ten reviews, then Show more twice; the teacher and semester filters narrow the list",
      async () => {
        const { page, problems } = visitor;
        problems.length = 0;
        const n = live.length;
        await openCourse(page);
        await waitForIsland(page, "CourseReviewList");
        await expect(reviewsHeading(page).textContent()).resolves.toBe(`Reviews (${n})`);
        expect(await cardTexts(page)).toEqual(newestFirst().slice(0, 10).map((r) => r.text));
        await expect(showMore(page).textContent()).resolves.toBe(`Show more reviews (${n - 10} more)`);
        await listAnswer(page, () => press(device, showMore(page)));
        await cardCount(page, 20);
        expect(await cardTexts(page)).toEqual(newestFirst().slice(0, 20).map((r) => r.text));
        await expect(showMore(page).textContent()).resolves.toBe(`Show more reviews (${n - 20} more)`);
        await listAnswer(page, () => press(device, showMore(page)));
        await cardCount(page, n);
        expect(await cardTexts(page)).toEqual(newestFirst().map((r) => r.text));
        expect(await showMore(page).count()).toBe(0);

        // The teacher filter: one name per professor; choosing one says their average and lists only their reviews.
        // (By role: the Teacher distribution chart is named "Teacher" too.)
        const teacher = page.getByRole("combobox", { name: "Teacher", exact: true });
        expect(await teacher.locator("option").allTextContents()).toEqual([
          "All Teachers",
          "Dana Whitlock",
          "José Núñez",
          "Lee Park",
        ]);
        const whitlock = byProfessor(WHITLOCK);
        await listAnswer(page, () => teacher.selectOption({ label: WHITLOCK.name }));
        const sentence = page.getByRole("status").filter({ hasText: /^Professor / });
        await expect(sentence.textContent()).resolves.toBe(
          `Professor Dana Whitlock has an average rating of ${fixed1(overallOf(whitlock))} when teaching this course`,
        );
        await cardCount(page, 10);
        expect(await cardTexts(page)).toEqual([...whitlock].reverse().slice(0, 10).map((r) => r.text));
        expect(await hrefs(professorLinks(page))).toEqual(Array(10).fill(`/professor/${WHITLOCK.slug}`));
        await expect(showMore(page).textContent()).resolves.toBe(`Show more reviews (${whitlock.length - 10} more)`);

        // The semester filter: the semesters with reviews, newest first, with their counts.
        await listAnswer(page, () => teacher.selectOption({ label: "All Teachers" }));
        await sentence.waitFor({ state: "detached" });
        const semester = page.getByRole("combobox", { name: "Semester", exact: true });
        expect(await semester.locator("option").allTextContents()).toEqual([
          "All semesters",
          ...termGroups().reverse().map((g) => `${g.term} (${g.reviews.length})`),
        ]);
        const fall24 = live.filter((r) => r.term === "Fall 2024");
        await listAnswer(page, () => semester.selectOption({ label: `Fall 2024 (${fall24.length})` }));
        await cardCount(page, fall24.length);
        expect(await cardTexts(page)).toEqual([...fall24].reverse().map((r) => r.text));
        expect(await semesterOf(reviewCards(page)).allTextContents()).toEqual(
          [...fall24].reverse().map((r) => r.semester),
        );
        expect(await showMore(page).count()).toBe(0);
        expect(unexpected(problems)).toEqual([]);
      },
    );

    test(
      "a professor link opens the professor page: the name, the course, ten reviews then Show more; other spellings; axe; 404 for an unknown professor",
      async () => {
        const { page, problems } = visitor;
        problems.length = 0;
        // The course page the previous test left open will do.
        if (new URL(page.url()).pathname !== `/course/${course.id}`) await openCourse(page);
        await press(
          device,
          ratings(page).locator("table.professor-table").getByRole("link", { name: WHITLOCK.name, exact: true }),
        );
        await page.waitForURL(`${stack.url}/professor/${WHITLOCK.slug}`);

        const reviews = byProfessor(WHITLOCK);
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(WHITLOCK.name);
        // "Prof. Dana Whitlock" and "dana whitlock" differ only in the title and case: nothing to list as another spelling.
        expect(await page.getByText(/^Also written as/).count()).toBe(0);
        expect(await stripOf(page.locator("dl.summary-strip"))).toEqual({
          "Teacher rating": `${fixed1(mean(reviews, (r) => r.t))}(${reviewsText(reviews.length)})`,
          "Overall course rating": fixed1(overallOf(reviews)),
          Difficulty: fixed1(mean(reviews, (r) => r.d)),
          "Hours per week": `${medianHours(reviews)} median`,
        });
        const row = page.getByRole("region", { name: "Courses (1)" }).locator("tbody tr");
        expect(await row.count()).toBe(1);
        await expect(row.getByRole("link", { name: course.code, exact: true }).getAttribute("href")).resolves.toBe(
          `/course/${course.id}`,
        );
        await expect(row.locator("td").first().textContent()).resolves.toBe(String(reviews.length));
        await expect(row.locator("td").last().textContent()).resolves.toBe(lastTerm(reviews));

        await waitForIsland(page, "ProfessorReviewList");
        await expect(reviewsHeading(page).textContent()).resolves.toBe(`Reviews (${reviews.length})`);
        expect(await cardTexts(page)).toEqual([...reviews].reverse().slice(0, 10).map((r) => r.text));
        expect(await hrefs(page.locator("article.review-card .review-course a"))).toEqual(
          Array(10).fill(`/course/${course.id}`),
        );
        await expect(showMore(page).textContent()).resolves.toBe(`Show more reviews (${reviews.length - 10} more)`);
        await expectAccessible(page, `professor page, ${device.name}`);
        if (device.touch) await fitsWidth(page);
        await screenshot(page, "professor-page", device);
        const more = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/professors/${WHITLOCK.slug}`);
        await press(device, showMore(page));
        await more;
        await cardCount(page, reviews.length);
        expect(await cardTexts(page)).toEqual([...reviews].reverse().map((r) => r.text));
        expect(await showMore(page).count()).toBe(0);

        // "Jose Nunez" is another spelling of José Núñez: it is said under the name.
        await page.goto(`${stack.url}/professor/${NUNEZ.slug}`);
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(NUNEZ.name);
        await expect(page.getByText(/^Also written as/).textContent()).resolves.toBe("Also written as Jose Nunez");

        const missing = await page.goto(`${stack.url}/professor/no-such-professor`);
        expect(missing?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Professor not found");
        expect(unexpected(problems, failedLoad(404, "/professor/no-such-professor"))).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "typing a professor's surname in the top bar's search box lists them; choosing them opens their page",
      async () => {
        const { page, problems } = visitor;
        problems.length = 0;
        // Any page with the top bar will do: the one the previous test left open (the 404 page), or else the course page.
        if ((await page.locator("#site-search").count()) === 0) await page.goto(`${stack.url}/course/${course.id}`);
        await waitForIsland(page, "SearchBox");
        const box = page.locator("#site-search");
        await press(device, box);
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/suggest");
        await page.keyboard.type("whitlock");
        await answered;
        const option = page.locator("#site-search-suggestions").getByRole("option", {
          name: `Professor ${WHITLOCK.name} · ${reviewsText(byProfessor(WHITLOCK).length)}`,
        });
        await option.waitFor();
        if (device.touch) await fitsWidth(page);
        await press(device, option);
        await page.waitForURL(`${stack.url}/professor/${WHITLOCK.slug}`);
        await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(WHITLOCK.name);
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "the review form reads 'f24' as Fall 2024 and offers it; it says when no semester can be read",
      async ({ openPage }) => {
        const { t, url } = stack;
        const student = await createStudent(t, uniqueEmail("course-pages-form"));
        const { context, page, problems } = await openPage(options);
        await signIn(context, student.token, url);
        await page.goto(`${url}/course/${course.id}/review`);
        await waitForIsland(page, "ReviewForm");
        const input = page.getByLabel("Semester Taken");
        const hint = page.locator("#review-semester-hint");
        // The course's instructors in the schedule's terms first, then the professors already named for it, one name
        // each, and recent semesters, as suggestions.
        const professorList = await page.getByLabel("Professor Name").getAttribute("list");
        const listed = await page.locator(`datalist[id="${professorList}"] option`).evaluateAll((o) =>
          o.map((e) => e.getAttribute("value")!)
        );
        const instructors = (await t.deps.database.client.execute({
          sql: `SELECT DISTINCT i.first_name || ' ' || i.last_name AS name FROM section_instructors i
            JOIN sections s ON s.id = i.section_id WHERE s.course_id = ? AND s.status <> 'cancelled'`,
          args: [course.id],
        })).rows.map((r) => String(r.name));
        expect(listed.slice(0, instructors.length).sort()).toEqual(instructors.sort());
        expect(listed.slice(instructors.length)).toEqual(["Dana Whitlock", "José Núñez", "Lee Park"]);
        const semesters = await page.locator(`datalist[id="${await input.getAttribute("list")}"] option`).evaluateAll((
          o,
        ) => o.map((e) => e.getAttribute("value")));
        expect(semesters.length).toBeGreaterThan(0);
        for (const label of semesters) expect(label).toMatch(/^(?:Spring|Fall) \d{4}$/);

        await input.fill("f24");
        await expect(hint.textContent()).resolves.toBe("Read as Fall 2024.");
        await expect(input.getAttribute("aria-describedby")).resolves.toContain("review-semester-hint");
        await press(device, page.getByRole("button", { name: 'Use "Fall 2024"', exact: true }));
        await expect.poll(() => input.inputValue()).toBe("Fall 2024");
        await hint.waitFor({ state: "detached" });
        expect(await page.getByRole("button", { name: /^Use "/ }).count()).toBe(0);

        await input.fill("sometime");
        await expect(hint.textContent()).resolves.toBe(
          "No semester can be read from this, so the review will count in all-time averages only. Try e.g. Fall 2024.",
        );
        expect(await page.getByRole("button", { name: /^Use "/ }).count()).toBe(0);
        expect(unexpected(problems)).toEqual([]);
      },
    );

    // The summary and the ratings section are the server's HTML until the figures change: they hydrate then, with the
    // server's figures first and the new ones right after. On the desktop the author reads the section before deleting;
    // on the phone the page opens scrolled down to the reviews (as a reload restores it). Each path at one size.
    const ratingsFirst = !device.touch;
    test(
      `an author deletes their review: the summary, the Reviews heading, the ratings and the write button follow without a reload (${
        ratingsFirst ? "the ratings section read first" : "opened scrolled to the reviews"
      })`,
      async ({ openPage }) => {
        const { url } = stack;
        // The fifth newest review still standing (Lee Park's): shown among the first ten, four cards below the ratings section.
        const mine = newestFirst()[4];
        expect(mine.professor).toBe(PARK);
        const n = live.length;
        const { context, page, problems } = await openPage(options);
        const dialogs: string[] = [];
        page.on("dialog", (dialog) => {
          dialogs.push(`${dialog.type()}: ${dialog.message()}`);
          void (dialog.type() === "confirm" ? dialog.accept() : dialog.dismiss());
        });
        await signIn(context, mine.author.token, url);
        if (!ratingsFirst) {
          // Scrolled to the bottom once the document is parsed, before the island scripts run and watch what is in view.
          await page.addInitScript(() =>
            document.addEventListener("readystatechange", () => {
              if (document.readyState === "interactive") scrollTo(0, document.documentElement.scrollHeight);
            })
          );
        }
        await page.goto(`${url}/course/${course.id}`);
        if (ratingsFirst) {
          await ratings(page).scrollIntoViewIfNeeded();
          await waitForIsland(page, "CourseReviewList");
        }
        // Otherwise hydrated where the page is, without scrolling to them (waitForIsland would scroll past the ratings section).
        for (const name of ["CourseActions", "CourseReviewList"]) await page.waitForFunction(isHydrated, name);
        // Nothing to do for the figures until they change: no script has touched them yet.
        expect(await page.evaluate(isHydrated, "CourseRatings")).toBe(false);
        expect(await page.evaluate(isHydrated, "RatingSummary")).toBe(false);
        expect(await page.getByRole("button", { name: "✓ Review Complete" }).isDisabled()).toBe(true);
        expect(await page.getByRole("link", { name: "Write a review" }).count()).toBe(0);
        expect(await stripOf(courseStrip(page))).toEqual(expectedCourseStrip());
        await expect(reviewsHeading(page).textContent()).resolves.toBe(`Reviews (${n})`);

        const own = reviewCards(page).filter({ has: page.getByRole("button", { name: "Delete your review" }) });
        await expect(own.locator(".review-text").textContent()).resolves.toBe(mine.text);
        const remove = own.getByRole("button", { name: "Delete your review" });
        // One jump, from wherever the page is, to the button.
        await remove.evaluate((button) => button.scrollIntoView({ block: "center" }));
        // Anything on the window survives only if the page is not loaded again.
        await page.evaluate(() => Object.assign(globalThis, { notReloaded: true }));
        const refreshed = page.waitForResponse((r) =>
          new URL(r.url()).pathname === `/api/courses/${course.id}/summary`
        );
        await press(device, remove);
        await confirmInDialog(device, page, "Delete your review?", "Yes, delete my review");
        await page.getByRole("status").filter({ hasText: "Your review was deleted." }).waitFor();
        await refreshed;
        live = live.filter((r) => r !== mine);

        // The site's own dialog asked, not the browser's.
        expect(dialogs).toEqual([]);
        // The refresh hydrated the summary and the ratings section, wherever the page is.
        for (const name of ["RatingSummary", "CourseRatings"]) await page.waitForFunction(isHydrated, name);
        await expect(reviewsHeading(page).textContent()).resolves.toBe(`Reviews (${n - 1})`);
        expect(await page.getByText(mine.text).count()).toBe(0);
        await expect.poll(() => stripOf(courseStrip(page))).toEqual(expectedCourseStrip());
        await expect(courseStrip(page).locator(".summary-overall .score-count").textContent()).resolves.toBe(
          `(${reviewsText(n - 1)})`,
        );
        const write = page.getByRole("link", { name: "Write a review" });
        await write.waitFor();
        await expect(write.getAttribute("href")).resolves.toBe(`/course/${course.id}/review`);
        expect(await page.getByRole("button", { name: "✓ Review Complete" }).count()).toBe(0);
        // The semester filter's counts follow as well.
        expect(await page.locator("#reviews-semester option").allTextContents()).toEqual([
          "All semesters",
          ...termGroups().reverse().map((g) => `${g.term} (${g.reviews.length})`),
        ]);
        // The ratings section hydrated with the refresh and shows the new figures.
        await waitForIsland(page, "CourseRatings");
        const section = ratings(page);
        await expect.poll(() => section.locator(".averages-table thead th").nth(2).textContent()).toBe(
          `All time${reviewsText(n - 1)}`,
        );
        // The accessibility tree follows the DOM a moment later: asked until it has caught up.
        await expect.poll(() => imageNames(page, "section.course-ratings")).toContain(
          expectedChartName("Difficulty", (r) => r.d),
        );
        expect((await professorRows(section.locator("table.professor-table"))).map((r) => [r.name, r.reviews])).toEqual(
          PROFESSORS.map((p) => [p.name, String(byProfessor(p).length)]),
        );
        expect(await page.evaluate(() => (globalThis as { notReloaded?: boolean }).notReloaded)).toBe(true);
        // The ratings section may hydrate after the refresh (on the phone it is off screen until now): it must hydrate with the
        // server's figures and switch afterwards, never mismatch the server's HTML.
        expect(unexpected(problems)).toEqual([]);
      },
    );
  });
}
