/**
 * The landing page's live lists for visitors (src/services/courses/featured-lists.ts) on the demo catalog and its
 * schedule: before any review, the Hub area of the week's courses in the next term and the courses without
 * prerequisites that term; with reviews, best rated for the area, most reviewed and lightest workload. Each list is
 * the first courses of the search its link opens; the page is server-rendered and cached like every visitor page, and
 * a review changes it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SearchPage } from "../../src/lib/api-types.ts";
import { featuredLists, hubAreaOfWeek } from "../../src/services/courses/featured-lists.ts";
import { scheduleTerms } from "../../src/services/courses/course-queries.ts";
import { gt } from "drizzle-orm";
import { courses, reviews } from "../../db/schema.ts";
import { recomputeCourseStats } from "../../src/services/courses/course-stats.ts";
import { api, createStudents } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { createdReview } from "../helpers/reviews.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
});
afterAll(() => t?.close());

const landing = () => t.app.request("/");

/** The search a list's link opens, through the API. */
async function searchOf(href: string): Promise<SearchPage> {
  const response = await api(t, `/api/courses/search?${new URL(href, "http://x").searchParams}`);
  expect(response.status, href).toBe(200);
  return await response.json();
}

/**
 * A day, this week or one of the next 20, whose Hub area of the week has courses in the next term with a schedule:
 * on it the area's list is shown (the demo does not offer every area every term).
 */
async function dayWithAreaCourses() {
  for (let week = 0; week <= 20; week++) {
    const day = new Date(Date.now() + week * 7 * 24 * 60 * 60 * 1000);
    const [term] = await scheduleTerms(t.deps.database.db, day);
    const area = hubAreaOfWeek(day);
    const found = await searchOf(`/search?hubReqs=${area.code}&offered=${term.code}`);
    if (found.totalElements >= 2) return { day, term, area, courses: found.content };
  }
  throw new Error("no Hub area of the next 21 weeks has two courses in the demo schedule");
}

async function expectListsAreTheirSearches() {
  const lists = await featuredLists(t.deps.database.db);
  const html = await (await landing()).text();
  for (const list of lists) {
    expect(list.href).toMatch(/^\/search\?/);
    const search = await searchOf(list.href);
    expect(list.courses.map((c) => c.code), list.title).toEqual(search.content.slice(0, 5).map((c) => c.code));
    // Server-rendered: the title, each course and the link are in the page.
    expect(html).toContain(list.title.replaceAll("&", "&amp;"));
    expect(html).toContain(`href="${list.href.replaceAll("&", "&amp;")}"`);
    for (const course of list.courses) expect(html).toContain(`href="/course/${course.id}"`);
  }
  return lists;
}

describe("the landing page's lists", () => {
  test("before any review: the Hub area of the week in the next term, and no prerequisites that term", async () => {
    // The demo comes with reviews: a catalog without any, as an operator's first import is.
    const db = t.deps.database.db;
    const reviewed = (await db.select({ id: courses.id }).from(courses).where(gt(courses.numReviews, 0))).map((c) =>
      c.id
    );
    expect(reviewed.length).toBeGreaterThan(0);
    await db.delete(reviews);
    await recomputeCourseStats(db, reviewed);
    const [term] = await scheduleTerms(t.deps.database.db);
    expect(term).toBeDefined();
    const lists = await expectListsAreTheirSearches();
    const titles = lists.map((l) => l.title);
    expect(titles).not.toContain("Most reviewed");
    expect(titles).toContain(`No prerequisites in ${term.name}`);
    // On a week whose area has courses, its list comes first.
    const week = await dayWithAreaCourses();
    expect((await featuredLists(t.deps.database.db, week.day)).map((l) => l.title)).toEqual([
      `${week.area.name} (${week.area.code}) in ${week.term.name}`,
      `No prerequisites in ${week.term.name}`,
    ]);
  });

  test("with reviews: best rated for the area, most reviewed, lightest workload; the page changes with them", async () => {
    const before = await landing();
    const etag = before.headers.get("ETag")!;
    expect(before.headers.get("Cache-Control")).toBe("public, no-cache");
    // Cached like every visitor page: the same page is not sent again.
    expect((await t.app.request("/", { headers: { "If-None-Match": etag } })).status).toBe(304);

    const [term] = await scheduleTerms(t.deps.database.db);
    const week = await dayWithAreaCourses();
    const inArea = week.courses.slice(0, 2);
    const offered = (await searchOf(`/search?offered=${term.code}`)).content.slice(0, 3);
    const students = await createStudents(t, "landing", 3);
    for (const [i, course] of [...inArea, ...offered].entries()) {
      for (const student of students.slice(0, 1 + (i % 3))) {
        await createdReview(t, student.token, course.id, {
          workloadRating: 1 + (i % 5),
          usefulnessRating: 5 - (i % 4),
        });
      }
    }
    const lists = await expectListsAreTheirSearches();
    const titles = lists.map((l) => l.title);
    expect(titles).toContain("Most reviewed");
    expect(titles).toContain(`Lightest workload in ${term.name}`);
    expect((await featuredLists(t.deps.database.db, week.day))[0].title).toBe(
      `Best rated for ${week.area.name} (${week.area.code}) in ${week.term.name}`,
    );
    const lightest = lists.find((l) => l.title.startsWith("Lightest"))!;
    expect(lightest.figure).toBe("workload");
    const workloads = lightest.courses.map((c) => c.averageWorkloadRating);
    expect(workloads).toEqual([...workloads].sort((a, b) => a - b));
    expect(lists.every((l) => l.courses.every((c) => c.numReviews > 0))).toBe(true);
    // The reviews changed the page: the old copy is not current.
    expect((await t.app.request("/", { headers: { "If-None-Match": etag } })).status).toBe(200);
  });
});
