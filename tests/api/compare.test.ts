/**
 * GET /api/courses/compare: two to four courses with their ratings and counts,
 * the median hours of their visible reviews, Hubs, prerequisites, level,
 * college, department and description; a course without reviews; the 1–4
 * rule, unreadable ids, unknown ids and repeated ids.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ComparedCourse, CompareView, CourseDetail } from "../../src/lib/api-types.ts";
import { api, createStudent, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseId } from "../helpers/catalog.ts";
import { courseSupply, createdReview, type Ratings, statsOf } from "../helpers/reviews.ts";

let t: TestApp;
let supply: (n: number) => number[];
let students = 0;
const student = () => createStudent(t, `compare-${++students}@bu.edu`);

beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
  supply = await courseSupply(t);
});
afterAll(() => t.close());

async function compare(query: string, token?: string) {
  const response = await api(t, `/api/courses/compare${query}`, { token });
  return { status: response.status, body: await response.json() };
}

/** Reviews `courseId` once per entry, each by a new student, with those hours per week and ratings. */
async function reviewWith(courseId: number, entries: { hours: number; ratings?: Ratings }[]): Promise<Student[]> {
  const authors: Student[] = [];
  for (const { hours, ratings } of entries) {
    const author = await student();
    await createdReview(t, author.token, courseId, { hoursPerWeek: hours, ...ratings });
    authors.push(author);
  }
  return authors;
}

/** Three reports from different students hide a review (docs/product.md, Reviews and votes). */
async function hide(reviewId: number) {
  for (let i = 0; i < 3; i++) {
    const response = await api(t, `/api/reviews/${reviewId}/report`, {
      method: "POST",
      token: (await student()).token,
      body: { reason: "Off topic" },
    });
    expect(response.status).toBeLessThan(300);
  }
}

describe("GET /api/courses/compare", () => {
  test("two to four courses, in the order asked, each with the course view, prerequisites, level, hours and the rest", async () => {
    const ids = await Promise.all(
      ["CAS CS 112", "CAS CS 111", "CAS EC 101", "CAS CS 131"].map((code) => courseId(t, code)),
    );
    for (const n of [2, 3, 4]) {
      const { status, body } = await compare(`?ids=${ids.slice(0, n).join(",")}`);
      expect(status).toBe(200);
      const { courses } = body as CompareView;
      expect(courses.map((c) => c.id)).toEqual(ids.slice(0, n));
      for (const course of courses) {
        // The same course as GET /api/courses/{id} shows, less what only the course page needs.
        const detail = await (await api(t, `/api/courses/${course.id}`)).json() as CourseDetail;
        const { requiredFor: _, exclusions: _exclusions, namedInExclusions: _named, ...shared } = detail;
        expect(course).toMatchObject(shared);
        expect(course).not.toHaveProperty("requiredFor");
        expect(course.level).toMatch(/^\d00-level/);
        expect(course.hoursPerWeek.count).toBe(course.numReviews);
      }
    }
    const { body } = await compare(`?ids=${ids.join(",")}`);
    const [cs112, cs111, ec101] = (body as CompareView).courses;
    // Prerequisites as groups of courses the catalog has, and the note beside them.
    expect(cs112.prerequisiteGroups).toEqual([[{ id: ids[1], code: "CAS CS 111" }]]);
    expect(cs112.prerequisiteNote).toBe("or equivalent");
    expect(cs111.noPreReqs).toBe(true);
    expect(cs111.prerequisiteGroups).toEqual([]);
    expect(cs111.hubRequirements.map((h) => h.code)).toEqual(expect.arrayContaining(["QR2", "CRT", "CRI"]));
    expect(cs111.hubRequirements.find((h) => h.code === "QR2")!.name).toBe("Quantitative Reasoning II");
    expect(ec101).toMatchObject({
      level: "100-level",
      collegeName: "College of Arts & Sciences",
      departmentName: "Economics",
    });
    expect(typeof ec101.description).toBe("string");
  });

  test("hours per week are the median of the visible reviews, with their count; ratings are their averages", async () => {
    const [odd, even, hidden] = supply(3);
    const ratings: Ratings[] = [
      { usefulnessRating: 4, difficultyRating: 2, workloadRating: 3, interestRating: 5, teacherRating: 4 },
      { usefulnessRating: 2, difficultyRating: 5, workloadRating: 4, interestRating: 3, teacherRating: 3 },
      { usefulnessRating: 5, difficultyRating: 1, workloadRating: 2, interestRating: 4, teacherRating: 5 },
    ];
    await reviewWith(odd, [{ hours: 10, ratings: ratings[0] }, { hours: 2, ratings: ratings[1] }, {
      hours: 6,
      ratings: ratings[2],
    }]);
    await reviewWith(even, [{ hours: 20 }, { hours: 1 }, { hours: 8 }, { hours: 3 }]);
    // The 40-hour review is hidden by reports: it counts neither in the hours nor in the ratings.
    await reviewWith(hidden, [{ hours: 4 }, { hours: 5 }]);
    const extreme = await createdReview(t, (await student()).token, hidden, { hoursPerWeek: 40 });
    await hide(extreme.id);

    const { status, body } = await compare(`?ids=${odd},${even},${hidden}`);
    expect(status).toBe(200);
    const [a, b, c] = (body as CompareView).courses;
    expect(a.hoursPerWeek).toEqual({ median: 6, count: 3 });
    expect(b.hoursPerWeek).toEqual({ median: 5.5, count: 4 });
    expect(c.hoursPerWeek).toEqual({ median: 4.5, count: 2 });
    expect(c.numReviews).toBe(2);
    const expected = statsOf(ratings);
    expect(a.numReviews).toBe(3);
    expect(a.averageOverallRating).toBeCloseTo(expected.averageOverallRating, 9);
    expect(a.averageDifficultyRating).toBeCloseTo(expected.averageDifficultyRating, 9);
    expect(a.averageWorkloadRating).toBeCloseTo(expected.averageWorkloadRating, 9);
  });

  test("a course without reviews has no hours and no rating (numReviews 0), beside one with reviews", async () => {
    const [empty, reviewed] = supply(2);
    await reviewWith(reviewed, [{ hours: 7 }]);
    const { status, body } = await compare(`?ids=${empty},${reviewed}`);
    expect(status).toBe(200);
    const [none, one] = (body as CompareView).courses as ComparedCourse[];
    expect(none.numReviews).toBe(0);
    expect(none.hoursPerWeek).toEqual({ median: null, count: 0 });
    expect(one.hoursPerWeek).toEqual({ median: 7, count: 1 });
  });

  test("one course is a comparison too; a repeated id counts once, and blank entries are ignored", async () => {
    const [a, b] = supply(2);
    expect((await compare(`?ids=${a}`)).body.courses.map((c: ComparedCourse) => c.id)).toEqual([a]);
    const repeated = await compare(`?ids=${a},${b},${a},${b},${a}`);
    expect(repeated.status).toBe(200);
    expect(repeated.body.courses.map((c: ComparedCourse) => c.id)).toEqual([a, b]);
    // Five entries but four courses: the limit counts courses, not entries.
    const [c, d] = supply(2);
    expect((await compare(`?ids=${a},${b},${c},${d},${a}`)).status).toBe(200);
    expect((await compare(`?ids=${a},,${b},`)).body.courses.map((c: ComparedCourse) => c.id)).toEqual([a, b]);
  });

  test.each([
    ["", "ids is required: one to four course ids separated by commas, e.g. ids=12,34"],
    ["?ids=", "Choose at least one course to compare"],
    ["?ids=,,", "Choose at least one course to compare"],
    ["?ids=abc", "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34"],
    ["?ids=1,two", "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34"],
    ["?ids=0", "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34"],
    ["?ids=-3", "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34"],
    ["?ids=1.5", "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34"],
    ["?ids=99999999999999999999", "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34"],
    ["?ids=constructor", "ids must be course ids (whole numbers) separated by commas, e.g. ids=12,34"],
    ["?ids=1&ids=2", "Give ids once, with the course ids separated by commas, e.g. ids=12,34"],
  ])("%s is a 400 with a clear message", async (query, message) => {
    const { status, body } = await compare(query);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  test("more than four courses is a 400: 'You can compare up to four courses.'", async () => {
    const ids = supply(5);
    const { status, body } = await compare(`?ids=${ids.join(",")}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: "You can compare up to four courses." });
  });

  test("an id the catalog lacks is a 404 naming it", async () => {
    const [known] = supply(1);
    expect(await compare(`?ids=${known},987654`)).toEqual({
      status: 404,
      body: { message: "Course not found: 987654" },
    });
    expect(await compare(`?ids=987654,987655`)).toEqual({
      status: 404,
      body: { message: "Courses not found: 987654, 987655" },
    });
  });

  test("a signed-in student also learns whether they have met each course's prerequisites", async () => {
    const [cs111, cs112] = await Promise.all([courseId(t, "CAS CS 111"), courseId(t, "CAS CS 112")]);
    const me = await student();
    expect((await compare(`?ids=${cs111},${cs112}`)).body.courses[1].eligibility).toBeUndefined();
    const before = await compare(`?ids=${cs111},${cs112}`, me.token);
    expect(before.body.courses[1].groupsMet).toEqual([false]);
    expect((await api(t, `/api/users/completed-courses/${cs111}`, { method: "POST", token: me.token })).status)
      .toBeLessThan(300);
    const after = await compare(`?ids=${cs111},${cs112}`, me.token);
    expect(after.body.courses[1].groupsMet).toEqual([true]);
    expect(after.body.courses[0].eligibility).toBe("met");
  });

  test("the path is not read as a course id by GET /api/courses/:id", async () => {
    const { status, body } = await compare("");
    expect(status).toBe(400);
    expect(body.message).not.toBe("Course not found");
  });
});
