/**
 * Professors named in any script, end to end: reviews naming different people in Cyrillic, Greek, Chinese, Arabic or
 * emoji land on as many professor pages, each with its own averages; the pages render, the links and the sitemap carry
 * the slug percent-encoded, the typeahead and search find them, and a Cyrillic instructor of the class schedule is
 * matched, linked, shown teaching and found as a Latin one is. Expectations are written here, not read from the code.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CourseSections, ProfessorView, SearchPage } from "../../src/lib/api-types.ts";
import { nextTerm, termOf } from "../../src/lib/term-codes.ts";
import { scheduleSection } from "../../src/services/schedule/registrar-csv.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";
import { api, createStudents, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseName, courseSupply, createdReview } from "../helpers/reviews.ts";

let t: TestApp;
let supply: (n: number) => number[];
let cursor = 0;
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
  supply = await courseSupply(t);
});
afterAll(() => t.close());

const students = (n: number): Promise<Student[]> => createStudents(t, `scripts${cursor++}-`, n);
const path = (slug: string) => `/professor/${encodeURIComponent(slug)}`;
const apiPath = (slug: string) => `/api/professors/${encodeURIComponent(slug)}`;
const text = async (url: string) => (await t.app.request(url)).text();

/** Different people, each with the teacher rating their one review gives. */
const PEOPLE: [name: string, rating: number][] = [
  ["Иван Петров", 5],
  ["Олег Петров", 1],
  ["Γιώργος Παπαδόπουλος", 4],
  ["王伟", 2],
  ["汪伟", 3],
  ["محمد علي", 1],
  ["🙂", 4],
  ["🙃", 2],
];

describe("reviews naming professors in other scripts", () => {
  let course: number;
  const slugOf = new Map<string, string>();

  beforeAll(async () => {
    [course] = supply(1);
    const authors = await students(PEOPLE.length);
    for (const [i, [teacherName, teacherRating]] of PEOPLE.entries()) {
      const review = await createdReview(t, authors[i].token, course, { teacherName, teacherRating });
      slugOf.set(teacherName, review.professorSlug as string);
    }
  });

  test("each person is a professor of their own, with their own average", async () => {
    const slugs = [...slugOf.values()];
    expect(new Set(slugs).size).toBe(PEOPLE.length);
    expect(slugs).not.toContain("unnamed");
    for (const [name, rating] of PEOPLE) {
      const response = await api(t, apiPath(slugOf.get(name)!));
      expect(response.status, name).toBe(200);
      const view = await response.json() as ProfessorView;
      expect([view.slug, view.name, view.averages.count, view.averages.teacher], name).toEqual([
        slugOf.get(name),
        name,
        1,
        rating,
      ]);
    }
    const summary = await (await api(t, `/api/courses/${course}/summary`)).json();
    expect(summary.professors.map((p: { name: string }) => p.name).sort()).toEqual(PEOPLE.map(([n]) => n).sort());
  });

  test("another spelling of one of them joins their page: capitals, spacing, a title", async () => {
    const [other] = supply(1);
    const [author] = await students(1);
    const review = await createdReview(t, author.token, other, {
      teacherName: "Prof.  ИВАН  ПЕТРОВ",
      teacherRating: 3,
    });
    expect(review.professorSlug).toBe(slugOf.get("Иван Петров"));
    const view = await (await api(t, apiPath(slugOf.get("Иван Петров")!))).json() as ProfessorView;
    expect([view.averages.count, view.averages.teacher, view.courses.length]).toEqual([2, 4, 2]);
  });

  test("the professor page renders with the name, under its percent-encoded URL", async () => {
    for (const [name] of PEOPLE) {
      const response = await t.app.request(path(slugOf.get(name)!));
      expect(response.status, name).toBe(200);
      const html = await response.text();
      expect(html, name).toContain(`<h1>${name}</h1>`);
      expect(html, name).toContain(`href="/course/${course}"`);
    }
  });

  test("the course page links each professor with the slug percent-encoded", async () => {
    const html = await text(`/course/${course}`);
    for (const [name] of PEOPLE) expect(html, name).toContain(`href="${path(slugOf.get(name)!)}"`);
    expect(html).not.toMatch(/href="\/professor\/[^"]*[^\x20-\x7e][^"]*"/);
  });

  test("the sitemap lists every page, the URL percent-encoded", async () => {
    const sitemap = await text("/sitemap.xml");
    for (const [name] of PEOPLE) expect(sitemap, name).toContain(`${path(slugOf.get(name)!)}</loc>`);
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs.filter((loc) => /[^\x21-\x7e]/.test(loc))).toEqual([]);
    expect(locs.filter((loc) => loc.endsWith("/professor/unnamed"))).toEqual([]);
  });

  test("the typeahead and the search page find them by what students type", async () => {
    const suggested = async (q: string) =>
      ((await (await api(t, `/api/suggest?q=${encodeURIComponent(q)}`)).json()).professors as { slug: string }[])
        .map((p) => p.slug);
    expect(await suggested("иван пет")).toEqual([slugOf.get("Иван Петров")]);
    expect(await suggested("ΠΑΠΑΔΟΠ")).toEqual([slugOf.get("Γιώργος Παπαδόπουλος")]);
    expect(await suggested("王")).toEqual([slugOf.get("王伟")]);
    expect(await suggested("محمد")).toEqual([slugOf.get("محمد علي")]);
    const search = async (q: string) =>
      (await (await api(t, `/api/courses/search?q=${encodeURIComponent(q)}`)).json() as SearchPage).professors
        .map((p) => p.slug);
    expect((await search("Петров")).sort()).toEqual([slugOf.get("Иван Петров"), slugOf.get("Олег Петров")].sort());
    expect(await search("汪伟")).toEqual([slugOf.get("汪伟")]);
  });
});

describe("an instructor of the class schedule named in Cyrillic", () => {
  let taught: number;
  let merged: number;
  let reviewed: number;
  const oleg = { firstName: "Олег", lastName: "Смирнов" };
  const slug = "олег-смирнов";

  beforeAll(async () => {
    [taught, merged, reviewed] = supply(3);
    // A term of its own after the demo's two, so that the sections show as upcoming.
    const term = nextTerm(nextTerm(termOf(new Date())));
    const sections = await Promise.all([taught, merged].map(async (id, i) => {
      const [college, department, number] = (await courseName(t, id)).split(" ");
      return scheduleSection({
        term,
        college,
        department,
        number,
        section: "A1",
        classNumber: 91001 + i,
        enrollment: true,
        status: "active",
        instructors: [oleg],
        meetings: [],
      });
    }));
    await importSchedule(t.deps.database, sections, { source: "registrar" });
    const authors = await students(2);
    // Reviewed by full name in a course the schedule does not give him, and by surname alone in one it does; none
    // names him in `taught`.
    await createdReview(t, authors[0].token, reviewed, { teacherName: "Олег Смирнов", teacherRating: 5 });
    const bySurname = await createdReview(t, authors[1].token, merged, { teacherName: "Смирнов", teacherRating: 3 });
    expect(bySurname.professorSlug).toBe(slug);
  });

  test("his page gathers both reviews and shows what he teaches", async () => {
    const view = await (await api(t, apiPath(slug))).json() as ProfessorView;
    expect([view.name, view.averages.count, view.averages.teacher]).toEqual(["Олег Смирнов", 2, 4]);
    const html = await text(path(slug));
    const teaching = html.slice(html.indexOf('id="teaching-heading"'), html.indexOf('id="courses-heading"'));
    for (const id of [taught, merged]) {
      expect(teaching).toContain(`<span class="code">${await courseName(t, id)}</span>`);
    }
  });

  test("the surname's own URL moves to his page, percent-encoded; the API's too, with its query", async () => {
    const page = await api(t, path("смирнов"));
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe(path(slug));
    const moved = await api(t, `${apiPath("смирнов")}?sort=helpful`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`${apiPath(slug)}?sort=helpful`);
  });

  test("a course he teaches links his page though no review of it names him; search finds him teaching it", async () => {
    const sections = await (await api(t, `/api/courses/${taught}/sections`)).json() as CourseSections;
    const people = sections.terms.flatMap((term) => term.sections.flatMap((s) => s.instructors));
    expect(people.filter((p) => p.lastName === "Смирнов").map((p) => [p.name, p.professorSlug])).toEqual([
      ["Олег Смирнов", slug],
    ]);
    const found = (await (await api(t, `/api/courses/search?q=${encodeURIComponent("Смирнов")}`)).json() as SearchPage)
      .professors.find((p) => p.slug === slug);
    expect(found?.courses.map((c) => [c.id, c.teaching !== null]).sort()).toEqual(
      [[merged, true], [reviewed, false], [taught, true]].sort(),
    );
  });
});
