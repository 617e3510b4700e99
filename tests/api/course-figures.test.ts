/**
 * The course summary, professor pages and the typeahead's professors, through
 * the API and the pages: every figure is recomputed by the test from the
 * reviews it wrote, never read back from the code under test.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { reviews } from "../../db/schema.ts";
import type { CourseSummary, ProfessorView } from "../../src/lib/api-types.ts";
import { ensureReviewKeys } from "../../src/services/courses/course-summary.ts";
import { api, createStudents, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseSupply, createdReview, expectedOverall, type Ratings, reviewBody } from "../helpers/reviews.ts";

let t: TestApp;
let supply: (n: number) => number[];
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
  supply = await courseSupply(t);
});
afterAll(() => t.close());

let cursor = 0;
const students = (n: number) => createStudents(t, `figures${cursor++}-`, n);
const json = async <T = Record<string, unknown>>(response: Response) => ({
  status: response.status,
  body: await response.json() as T,
});

type Written = Ratings & { teacherName: string; semester: string; hoursPerWeek: number; attendanceRequired: boolean };

/** Reviews of one course from as many new students, as the test plans them. */
async function writeAll(courseId: number, plan: Written[]): Promise<{ authors: Student[]; ids: number[] }> {
  const authors = await students(plan.length);
  const ids: number[] = [];
  for (const [i, p] of plan.entries()) ids.push((await createdReview(t, authors[i].token, courseId, p)).id);
  return { authors, ids };
}

const w = (teacherName: string, semester: string, r: Partial<Written> = {}): Written => ({
  usefulnessRating: 4,
  difficultyRating: 3,
  workloadRating: 2,
  interestRating: 4,
  teacherRating: 5,
  hoursPerWeek: 6,
  attendanceRequired: false,
  teacherName,
  semester,
  ...r,
});

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("GET /api/courses/{id}/summary", () => {
  test("all-time and recent averages, median hours, attendance, distributions, trend, professors and semesters", async () => {
    const [id] = supply(1);
    // Today is read from the clock: the recent window is the last four fall and spring semesters up to now.
    const year = new Date().getUTCFullYear();
    const plan = [
      w("Prof. Dana Whitlock", `Fall ${year - 4}`, { teacherRating: 1, hoursPerWeek: 2, difficultyRating: 1 }),
      w("dana whitlock", `fall ${String(year - 4).slice(2)}`, { teacherRating: 2, hoursPerWeek: 4 }),
      w("Dana Whitlock", `S${String(year).slice(2)}`, { teacherRating: 5, hoursPerWeek: 10, attendanceRequired: true }),
      w("Dr. Lee Park", `Spring ${year}`, {
        teacherRating: 4,
        hoursPerWeek: 12,
        attendanceRequired: true,
        difficultyRating: 5,
      }),
      w("Dr. Lee Park", "the one with the fire drill", { teacherRating: 3, hoursPerWeek: 8 }),
    ];
    const { authors, ids } = await writeAll(id, plan);
    const { status, body } = await json<CourseSummary>(await api(t, `/api/courses/${id}/summary`));
    expect(status).toBe(200);
    expect(body.courseId).toBe(id);
    expect(body.allTime.count).toBe(5);
    expect(body.allTime.overall).toBeCloseTo(mean(plan.map(expectedOverall)), 12);
    expect(body.allTime.teacher).toBeCloseTo(mean(plan.map((p) => p.teacherRating)), 12);
    expect(body.allTime.medianHours).toBe(8);
    expect(body.allTime.attendanceShare).toBeCloseTo(2 / 5, 12);
    // Recent: this year's spring reviews only (the fall of four years ago is out; the unreadable one counts in all time only).
    expect(body.recent.count).toBe(2);
    expect(body.recent.teacher).toBeCloseTo(4.5, 12);
    expect(body.recent.medianHours).toBe(11);
    expect(body.unreadSemesters).toBe(1);
    expect(body.distribution.teacherRating).toEqual([1, 1, 1, 1, 1]);
    expect(body.distribution.difficultyRating).toEqual([1, 0, 3, 0, 1]);
    expect(body.trend.map((t) => [t.label, t.count])).toEqual([[`Fall ${year - 4}`, 2], [`Spring ${year}`, 2]]);
    expect(body.trend[0].overall).toBeCloseTo(mean(plan.slice(0, 2).map(expectedOverall)), 12);
    expect(body.semesters.map((s) => [s.label, s.count])).toEqual([[`Spring ${year}`, 2], [`Fall ${year - 4}`, 2]]);
    expect(body.professors.map((p) => [p.slug, p.name, p.averages.count])).toEqual([[
      "dana-whitlock",
      "Dana Whitlock",
      3,
    ], ["lee-park", "Lee Park", 2]]);
    expect(body.professors[0].averages.teacher).toBeCloseTo(8 / 3, 12);
    expect(body.userReviewed).toBe(false);

    // The author is told they reviewed it; after deleting, the figures and the flag follow.
    expect(
      (await json<CourseSummary>(await api(t, `/api/courses/${id}/summary`, { token: authors[3].token }))).body
        .userReviewed,
    ).toBe(true);
    expect((await api(t, `/api/reviews/${ids[3]}`, { method: "DELETE", token: authors[3].token })).status).toBe(200);
    const after =
      (await json<CourseSummary>(await api(t, `/api/courses/${id}/summary`, { token: authors[3].token }))).body;
    expect(after.userReviewed).toBe(false);
    expect(after.allTime.count).toBe(4);
    expect(after.recent.count).toBe(1);
    expect(after.professors.find((p) => p.slug === "lee-park")!.averages.count).toBe(1);
  });

  test("no reviews: zeros and no figures, never a made-up rating", async () => {
    const [id] = supply(1);
    const { status, body } = await json<CourseSummary>(await api(t, `/api/courses/${id}/summary`));
    expect(status).toBe(200);
    expect(body.allTime).toEqual({
      count: 0,
      overall: 0,
      usefulness: 0,
      difficulty: 0,
      workload: 0,
      interest: 0,
      teacher: 0,
      medianHours: null,
      attendanceShare: null,
    });
    expect(body.professors).toEqual([]);
    expect(body.trend).toEqual([]);
  });

  test.each(["999999", "0", "abc", "-1"])("/api/courses/%s/summary is a 404 'Course not found'", async (raw) => {
    const { status, body } = await json(await api(t, `/api/courses/${raw}/summary`));
    expect(status).toBe(404);
    expect(body).toEqual({ message: "Course not found" });
  });
});

describe("the review list's professor and semester filters", () => {
  test("any spelling of a professor finds all their reviews; ?semester= keeps one term; bad terms get a message", async () => {
    const [id] = supply(1);
    const { ids } = await writeAll(id, [
      w("Prof. Mara Quint", "Fall 2024"),
      w("mara quint", "F24"),
      w("Mara  Quint", "Spring 2025"),
      w("Ola Berg", "Spring 2025"),
    ]);
    for (const name of ["Mara Quint", "Prof. Mara Quint", "MARA QUINT", "Dr. mara quint"]) {
      const { body } = await json<{ content: { id: number }[]; totalElements: number }>(
        await api(t, `/api/reviews/course/${id}?teacherName=${encodeURIComponent(name)}`),
      );
      expect(body.totalElements, name).toBe(3);
      expect(body.content.map((r) => r.id).sort(), name).toEqual(ids.slice(0, 3).sort());
    }
    const fall =
      (await json<{ content: { id: number }[] }>(await api(t, `/api/reviews/course/${id}?semester=20244`))).body;
    expect(fall.content.map((r) => r.id).sort()).toEqual(ids.slice(0, 2).sort());
    const both = (await json<{ totalElements: number }>(
      await api(t, `/api/reviews/course/${id}?semester=20251&teacherName=Ola%20Berg`),
    )).body;
    expect(both.totalElements).toBe(1);
    expect((await json(await api(t, `/api/reviews/course/${id}/teachers`))).body).toEqual(["Mara Quint", "Ola Berg"]);
    const score = (await json<{ averageRating: number }>(
      await api(t, `/api/reviews/course/${id}/teacherScore?teacherName=mara%20quint`),
    )).body;
    expect(score.averageRating).toBeCloseTo(expectedOverall(w("x", "y")), 12);
    for (const bad of ["2024", "20245", "fall", "202441"]) {
      const answer = await json(await api(t, `/api/reviews/course/${id}?semester=${bad}`));
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toBe(
        "semester must be a term such as 20244 (Fall 2024), as the course summary lists them",
      );
    }
  });

  test("editing a review moves it to its new professor and semester", async () => {
    const [id] = supply(1);
    const { authors, ids } = await writeAll(id, [w("Nell Ortiz", "Fall 2024")]);
    const put = await api(t, `/api/reviews/${ids[0]}`, {
      method: "PUT",
      token: authors[0].token,
      body: reviewBody(w("Prof. Ivo Brandt", "spring 25")),
    });
    expect(put.status).toBe(200);
    const [row] = await t.deps.database.db.select().from(reviews).where(eq(reviews.id, ids[0]));
    expect([row.teacherKey, row.term]).toEqual(["ivo-brandt", 20251]);
    expect((await put.json()).professorSlug).toBe("ivo-brandt");
  });
});

describe("professors", () => {
  let slug: string;
  let courseIds: number[];
  beforeAll(async () => {
    courseIds = supply(2);
    slug = "rhea-castellanos";
    await writeAll(
      courseIds[0],
      Array.from(
        { length: 12 },
        (_, i) => w(i % 2 ? "Prof. Rhea Castellanos" : "rhea castellanos", "Fall 2025", { teacherRating: 1 + (i % 5) }),
      ),
    );
    await writeAll(courseIds[1], [
      w("Dr. Rhea Castellanos", "Spring 2026", { teacherRating: 5 }),
      w("Someone Else", "Spring 2026"),
    ]);
  });

  test("GET /api/professors/{slug}: every course with the professor's averages, other spellings, and 10 reviews a page", async () => {
    const { status, body } = await json<ProfessorView>(await api(t, `/api/professors/${slug}`));
    expect(status).toBe(200);
    expect(body).toMatchObject({ slug, name: "Rhea Castellanos" });
    expect(body.aliases).toEqual([]);
    expect(body.averages.count).toBe(13);
    const teacherRatings = [...Array.from({ length: 12 }, (_, i) => 1 + (i % 5)), 5];
    expect(body.averages.teacher).toBeCloseTo(mean(teacherRatings), 12);
    expect(body.courses.map((c) => [c.id, c.averages.count, c.lastTerm])).toEqual([[courseIds[0], 12, "Fall 2025"], [
      courseIds[1],
      1,
      "Spring 2026",
    ]]);
    expect(body.reviews).toMatchObject({ totalElements: 13, totalPages: 2, number: 0, size: 10 });
    expect(body.reviews.content).toHaveLength(10);
    expect(body.reviews.content.every((r) => r.professorSlug === slug && typeof r.courseCode === "string")).toBe(true);
    const second = (await json<ProfessorView>(await api(t, `/api/professors/${slug}?page=1&sort=helpful`))).body;
    expect(second.reviews.content).toHaveLength(3);
    expect((await api(t, `/api/professors/${slug}?sort=best`)).status).toBe(400);
  });

  test.each(["nobody-here", "Bad-Slug", "a--b", "-x", "x".repeat(81), "%3Cscript%3E"])(
    "/api/professors/%s is a 404 with a message",
    async (raw) => {
      const { status, body } = await json(await api(t, `/api/professors/${raw}`));
      expect(status).toBe(404);
      expect(body).toEqual({ message: "No reviews name this professor" });
    },
  );

  test("the professor page: their name, courses and reviews; an unknown professor is a 404 page", async () => {
    const response = await t.app.request(`/professor/${slug}`);
    expect(response.status).toBe(200);
    const html = (await response.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("<h1>Rhea Castellanos</h1>");
    expect(html).toContain("<title>Rhea Castellanos: reviews at BU | HubRate</title>");
    for (const id of courseIds) expect(html).toContain(`href="/course/${id}"`);
    expect(html).toContain("Show more reviews (3 more)");
    const missing = await t.app.request("/professor/nobody-here");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<h1>Professor not found</h1>");
  });

  test("the typeahead offers professors beside courses; the sitemap lists professor pages", async () => {
    const { status, body } = await json<
      { courses: unknown[]; professors: { slug: string; name: string; reviews: number }[] }
    >(
      await api(t, "/api/suggest?q=castellan"),
    );
    expect(status).toBe(200);
    expect(Array.isArray(body.courses)).toBe(true);
    expect(body.professors).toContainEqual({ slug, name: "Rhea Castellanos", reviews: 13 });
    // Every word typed starts a word of the name: "rhea castel" is one professor, "castel" also finds the demo's Reese Castellano.
    expect(
      (await json<{ professors: { slug: string }[] }>(await api(t, "/api/suggest?q=rhea%20castel"))).body.professors
        .map((p) => p.slug),
    ).toEqual([slug]);
    expect((await json<{ professors: unknown[] }>(await api(t, "/api/suggest?q=zzqx"))).body.professors).toEqual([]);
    expect((await json(await api(t, "/api/suggest?q=cs111"))).body.courses).toContainEqual(
      expect.objectContaining({ code: "CAS CS 111" }),
    );
    expect((await api(t, "/api/suggest")).status).toBe(400);
    expect((await api(t, `/api/suggest?q=${"x".repeat(201)}`)).status).toBe(400);
    const sitemap = await (await t.app.request("/sitemap.xml")).text();
    expect(sitemap).toContain(`/professor/${slug}</loc>`);
  });

  test("the review form suggests this course's professors and recent semesters", async () => {
    const [author] = await students(1);
    const response = await api(t, `/course/${courseIds[1]}/review`, { token: author.token });
    const html = await response.text();
    expect(response.status).toBe(200);
    const lists = [...html.matchAll(/<datalist id="([^"]+)">([\s\S]*?)<\/datalist>/g)].map((
      m,
    ) => [m[1], [...m[2].matchAll(/value="([^"]*)"/g)].map((v) => v[1])]);
    expect(Object.fromEntries(lists)).toMatchObject({
      "review-teacherName-suggestions": ["Rhea Castellanos", "Someone Else"],
      "review-semester-suggestions": expect.arrayContaining([expect.stringMatching(/^(Fall|Spring) \d{4}$/)]),
    });
  });
});

test("reviews stored before professors and terms were read get them at start", async () => {
  const [id] = supply(1);
  const { ids } = await writeAll(id, [w("Prof. Uma Lind", "SP25")]);
  await t.deps.database.db.update(reviews).set({ teacherKey: "", term: null }).where(eq(reviews.id, ids[0]));
  expect(await ensureReviewKeys(t.deps.database)).toBeGreaterThanOrEqual(1);
  const [row] = await t.deps.database.db.select().from(reviews).where(eq(reviews.id, ids[0]));
  expect([row.teacherKey, row.term]).toEqual(["uma-lind", 20251]);
  expect(await ensureReviewKeys(t.deps.database)).toBe(0);
});
