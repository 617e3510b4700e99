/**
 * The /compare page as the server renders it: the columns (code and title
 * linking to the course, Remove dropping it from the link), the rating rows
 * to one decimal with the best of each marked among rated courses, "No
 * ratings yet" instead of zeros, median hours, Hubs, prerequisites, level,
 * college, department and description; the title and description naming the
 * courses; how to pick with fewer than two; 400 and 404 for links it cannot
 * show in full.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CompareView } from "../../src/lib/api-types.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseId } from "../helpers/catalog.ts";
import { courseSupply, createdReview, type Ratings } from "../helpers/reviews.ts";

let t: TestApp;
let supply: (n: number) => number[];
let students = 0;
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
  supply = await courseSupply(t);
});
afterAll(() => t.close());

async function page(path: string, token?: string) {
  const response = await t.app.request(path, { headers: token ? { Cookie: `hubrate_session=${token}` } : {} });
  // renderToString separates adjacent text nodes with empty comments.
  return { status: response.status, html: (await response.text()).replace(/<!-- -->/g, "") };
}

async function review(course: number, hours: number, ratings: Ratings) {
  const author = await createStudent(t, `compare-page-${++students}@bu.edu`);
  await createdReview(t, author.token, course, { hoursPerWeek: hours, ...ratings });
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
const columnHeads = (html: string) =>
  [...html.matchAll(/<th scope="col" class="compare-course">([\s\S]*?)<\/th>/g)].map((m) => m[1]);
/** The cells of the row named `label`, as HTML. */
function row(html: string, label: string): string[] {
  const match = new RegExp(
    `<tr><th scope="row">${label}(?:<span class="compare-row-note">[^<]*</span>)?</th>([\\s\\S]*?)</tr>`,
  ).exec(html);
  if (!match) throw new Error(`no row ${label}`);
  return [...match[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[0]);
}
const text = (cell: string) => cell.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
const visibleText = (cell: string) => text(cell.replace(/<span class="visually-hidden">[^<]*<\/span>/g, ""));

describe("the compare page", () => {
  let ids: number[];
  let cs111: number;
  let view: CompareView;
  beforeAll(async () => {
    const [better, worse, empty] = supply(3);
    cs111 = await courseId(t, "CAS CS 111");
    // `better` beats `worse` everywhere: higher usefulness, interest and teacher, lower difficulty and workload.
    await review(better, 4, {
      usefulnessRating: 5,
      difficultyRating: 2,
      workloadRating: 2,
      interestRating: 5,
      teacherRating: 5,
    });
    await review(better, 8, {
      usefulnessRating: 4,
      difficultyRating: 1,
      workloadRating: 3,
      interestRating: 4,
      teacherRating: 4,
    });
    await review(worse, 12, {
      usefulnessRating: 2,
      difficultyRating: 5,
      workloadRating: 5,
      interestRating: 2,
      teacherRating: 1,
    });
    ids = [better, worse, empty, await courseId(t, "CAS CS 112")];
    view = await (await api(t, `/api/courses/compare?ids=${ids.join(",")}`)).json();
  });

  test("one column per course: code and title link to the course page, Remove links to the comparison without it", async () => {
    const { status, html } = await page(`/compare?ids=${ids.join(",")}`);
    expect(status).toBe(200);
    const heads = columnHeads(html);
    expect(heads).toHaveLength(4);
    view.courses.forEach((course, i) => {
      expect(heads[i]).toContain(
        `<a href="/course/${course.id}" class="compare-course-link"><span class="code">${course.code}</span><span class="compare-course-title">${
          course.title.replace(/&/g, "&amp;")
        }</span></a>`,
      );
      const others = ids.filter((id) => id !== course.id).join(",");
      expect(heads[i]).toContain(
        `<a href="/compare?ids=${others}" class="compare-remove" aria-label="Remove ${course.code} from the comparison">Remove</a>`,
      );
    });
  });

  test("the six averages to one decimal with the review count; the course without reviews says 'No ratings yet', never 0.0", async () => {
    const { html } = await page(`/compare?ids=${ids.join(",")}`);
    const keys = {
      Overall: "averageOverallRating",
      Useful: "averageUsefulnessRating",
      Difficulty: "averageDifficultyRating",
      Workload: "averageWorkloadRating",
      Interest: "averageInterestRating",
      Teacher: "averageTeacherRating",
    } as const;
    for (const [label, key] of Object.entries(keys)) {
      const cells = row(html, label);
      expect(cells, label).toHaveLength(4);
      for (const i of [0, 1, 3]) expect(visibleText(cells[i]), label).toContain(view.courses[i][key].toFixed(1));
      // The Overall row says it; the rows under it show a dash and say it to screen readers.
      expect(visibleText(cells[2]), label).toBe(label === "Overall" ? "No ratings yet" : "—");
      expect(text(cells[2]), label).toContain("No ratings yet");
      expect(cells[2]).not.toContain("0.0");
    }
    expect(visibleText(row(html, "Overall")[0])).toContain("(2 reviews)");
    expect(visibleText(row(html, "Overall")[1])).toContain("(1 review)");
  });

  test("the best value of each rating row is marked, among the courses with reviews: highest, or lowest for difficulty and workload", async () => {
    const { html } = await page(`/compare?ids=${ids.join(",")}`);
    const rows = [
      ["Overall", "averageOverallRating", "higher"],
      ["Useful", "averageUsefulnessRating", "higher"],
      ["Difficulty", "averageDifficultyRating", "lower"],
      ["Workload", "averageWorkloadRating", "lower"],
      ["Interest", "averageInterestRating", "higher"],
      ["Teacher", "averageTeacherRating", "higher"],
    ] as const;
    for (const [label, key, better] of rows) {
      const cells = row(html, label);
      const marked = cells.map((cell, i) => cell.startsWith('<td class="compare-best">') ? i : -1).filter((i) =>
        i >= 0
      );
      // As shown, to one decimal; the course without reviews (column 2) takes no part.
      const shown = view.courses.map((course) => course.numReviews ? Math.round(course[key] * 10) : null);
      const rated = shown.filter((v): v is number => v !== null);
      const best = better === "higher" ? Math.max(...rated) : Math.min(...rated);
      const expected = rated.every((v) => v === best)
        ? []
        : shown.map((v, i) => v === best ? i : -1).filter((i) => i >= 0);
      expect(marked, label).toEqual(expected);
      // `better` (column 0) beats `worse` (column 1) in every row.
      expect(marked, label).not.toContain(1);
      expect(marked, label).not.toContain(2);
      for (const i of marked) expect(cells[i], label).toContain('<span class="compare-best-tag">Best</span>');
    }
    expect(row(html, "Overall").some((cell) => cell.startsWith('<td class="compare-best">'))).toBe(true);
    expect(html).toContain('<th scope="row">Difficulty<span class="compare-row-note">lower is better</span></th>');
  });

  test("no best is marked when fewer than two courses have reviews", async () => {
    const { html } = await page(`/compare?ids=${ids[0]},${ids[2]}`);
    expect(html).not.toContain("compare-best");
  });

  test("hours per week: the median with its count, or 'No reviews yet'", async () => {
    const { html } = await page(`/compare?ids=${ids.join(",")}`);
    const cells = row(html, "Hours per week").map(text);
    expect(cells[0]).toBe("6 h (2 reviews)");
    expect(cells[1]).toBe("12 h (1 review)");
    expect(cells[2]).toBe("No reviews yet");
  });

  test("Hubs with codes and names, prerequisites as links with the note, level, college, department and description", async () => {
    const cs112 = await courseId(t, "CAS CS 112");
    const { html } = await page(`/compare?ids=${cs111},${cs112}`);
    const hubs = row(html, "Hubs");
    expect(hubs[0]).toContain('<span class="badge badge-hub">QR2</span> Quantitative Reasoning II');
    expect(hubs[0]).toContain('<span class="badge badge-hub">CRI</span> Creativity/<wbr/>Innovation');
    const prerequisites = row(html, "Prerequisites");
    expect(text(prerequisites[0])).toBe("None");
    expect(prerequisites[1]).toContain(`<a href="/course/${cs111}">CAS CS 111</a>`);
    expect(text(prerequisites[1])).toContain("Also: or equivalent");
    expect(row(html, "Level").map(text)).toEqual(["100-level", "100-level"]);
    expect(row(html, "College").map(text)).toEqual([
      "College of Arts &amp; Sciences",
      "College of Arts &amp; Sciences",
    ]);
    expect(row(html, "Department").map(text)).toEqual(["Computer Science", "Computer Science"]);
    expect(text(row(html, "Description")[0])).toMatch(/^First course for majors/);
  });

  test("level from a number with a letter suffix, a graduate level, and a long description cut short", async () => {
    const codes = ["CAS WR 100E", "CAS CS 391A", "CAS CS 591X"];
    const found = await Promise.all(codes.map((code) => courseId(t, code)));
    const { html } = await page(`/compare?ids=${found.join(",")}`);
    expect(row(html, "Level").map(text)).toEqual(["100-level", "300-level", "500-level (graduate)"]);
    // CAS CS 591X has no description in the demo catalog.
    expect(text(row(html, "Description")[2])).toBe("No Description Found");
    for (const cell of row(html, "Description")) expect(text(cell).length).toBeLessThanOrEqual(262);
  });

  test("the title and the description name the courses; the page is not for search engines", async () => {
    const cs112 = await courseId(t, "CAS CS 112");
    const { html } = await page(`/compare?ids=${cs111},${cs112}`);
    expect(title(html)).toBe("Compare CAS CS 111 and CAS CS 112 | HubRate");
    expect(description(html)).toBe(
      "CAS CS 111 (Introduction to Computer Science 1) and CAS CS 112 (Introduction to Computer Science 2) side by side: ratings, hours per week, Hubs and prerequisites.",
    );
    expect(html).toContain('<meta property="og:title" content="Compare CAS CS 111 and CAS CS 112 | HubRate"/>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const three = await page(`/compare?ids=${ids.slice(0, 3).join(",")}`);
    expect(title(three.html)).toBe(
      `Compare ${view.courses.slice(0, 2).map((c) => c.code).join(", ")} and ${view.courses[2].code} | HubRate`,
    );
  });

  test("without ids, or with one, the page says how to pick courses, with links to search and saved courses", async () => {
    const none = await page("/compare");
    expect(none.status).toBe(200);
    expect(title(none.html)).toBe("Compare courses | HubRate");
    expect(none.html).toContain("Pick courses to compare.");
    expect(none.html).toContain('<a class="button" href="/search">Search courses</a>');
    // A visitor goes to log in first; a student straight to the list.
    expect(none.html).toContain('href="/login?next=%2Fsaved-courses">Your saved courses</a>');
    const me = await createStudent(t, `compare-page-${++students}@bu.edu`);
    expect((await page("/compare", me.token)).html).toContain('href="/saved-courses">Your saved courses</a>');
    expect(columnHeads(none.html)).toEqual([]);

    const one = await page(`/compare?ids=${cs111}`);
    expect(one.status).toBe(200);
    expect(one.html).toContain("Pick at least one more course to compare it with.");
    expect(columnHeads(one.html)).toHaveLength(1);
    expect(columnHeads(one.html)[0]).toContain('<a href="/compare" class="compare-remove"');
  });

  test("a repeated id is dropped: one column per course", async () => {
    const { status, html } = await page(`/compare?ids=${ids[0]},${ids[1]},${ids[0]}`);
    expect(status).toBe(200);
    expect(columnHeads(html)).toHaveLength(2);
  });

  test.each([
    ["abc", "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34"],
    ["1,2,x", "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34"],
    ["-1", "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34"],
    ["constructor", "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34"],
  ])("?ids=%s is a 400 with the reason and a way to start again", async (raw, message) => {
    const { status, html } = await page(`/compare?ids=${encodeURIComponent(raw)}`);
    expect(status).toBe(400);
    expect(html).toContain(
      `<p class="alert alert-error" role="alert">${message} <a href="/compare">Start again</a></p>`,
    );
    expect(columnHeads(html)).toEqual([]);
  });

  test("more than four courses is a 400: 'You can compare up to four courses.'", async () => {
    const { status, html } = await page(`/compare?ids=${supply(5).join(",")}`);
    expect(status).toBe(400);
    expect(html).toContain("You can compare up to four courses.");
    expect(columnHeads(html)).toEqual([]);
  });

  test("an unknown id is a 404 that names it and still shows the courses found, with a link to them alone", async () => {
    const { status, html } = await page(`/compare?ids=${ids[0]},987654,${ids[1]}`);
    expect(status).toBe(404);
    expect(html).toContain("Course not found: 987654.");
    expect(html).toContain(`<a href="/compare?ids=${ids[0]},${ids[1]}">Compare the courses found</a>`);
    expect(columnHeads(html)).toHaveLength(2);
    const nothing = await page("/compare?ids=987654,987655");
    expect(nothing.status).toBe(404);
    expect(nothing.html).toContain("Courses not found: 987654, 987655.");
    expect(nothing.html).toContain("Pick courses to compare.");
  });

  test("a signed-in student sees the page in their layout, with whether they have met the prerequisites", async () => {
    const me = await createStudent(t, `compare-page-${++students}@bu.edu`);
    const cs112 = await courseId(t, "CAS CS 112");
    expect((await api(t, `/api/users/completed-courses/${cs111}`, { method: "POST", token: me.token })).status)
      .toBeLessThan(300);
    const { status, html } = await page(`/compare?ids=${cs111},${cs112}`, me.token);
    expect(status).toBe(200);
    expect(html).toContain('aria-label="Account navigation"');
    expect(row(html, "Prerequisites")[1]).toContain('<span class="badge badge-success">✓ You have met these</span>');
  });

  test("the page's island gets the courses (ids and codes) to keep as the student's picks", async () => {
    const { html } = await page(`/compare?ids=${ids[0]},${ids[1]}`);
    const props =
      /<script type="application\/json" data-island-props="[^"]*">([^<]*)<\/script><div class="island" data-island="CompareActions"/
        .exec(html);
    expect(props).not.toBeNull();
    expect(JSON.parse(props![1])).toEqual({
      courses: view.courses.slice(0, 2).map((c) => ({ id: c.id, code: c.code })),
    });
  });
});
