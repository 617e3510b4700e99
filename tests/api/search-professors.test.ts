/**
 * A professor's name typed on /search finds the professor and their courses: on the demo catalog and schedule, the
 * expectation is read here from the reviews' and sections' rows, not from the code under test.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { termName, termOf } from "../../src/lib/term-codes.ts";
import { scheduleSection } from "../../src/services/schedule/registrar-csv.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";
import { api } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import type { ProfessorMatch, SearchPage } from "../../src/lib/api-types.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
});
afterAll(() => t.close());

async function search(q: string, extra = ""): Promise<SearchPage> {
  const response = await api(t, `/api/courses/search?q=${encodeURIComponent(q)}${extra}`);
  expect(response.status, q).toBe(200);
  return await response.json();
}

const rows = async <T>(sql: string, args: (string | number)[] = []) =>
  (await t.deps.database.client.execute({ sql, args })).rows as unknown as T[];

describe("a professor's name on /search", () => {
  test("finds the professor with each course they were reviewed in or teach, and their average there", async () => {
    const found = await search("tessaro");
    const morgan = found.professors.find((p) => p.slug === "morgan-tessaro")!;
    expect(morgan.name).toBe("Morgan Tessaro");
    expect(found.professors[0]).toBe(morgan);
    // Independently: her visible reviews per course (every spelling the schedule matched to her), and her sections.
    const reviewed = await rows<{ id: number; n: number; teacher: number }>(
      `SELECT course_id AS id, count(*) AS n, avg(teacher_rating) AS teacher FROM reviews
        WHERE hidden = 0 AND teacher_key = 'morgan-tessaro' GROUP BY course_id`,
    );
    // Her courses in any known term (a cancelled section is not hers to teach), and the soonest term from now on.
    const taught = await rows<{ id: number; term: number | null }>(
      `SELECT s.course_id AS id, min(CASE WHEN s.gone = 0 AND s.term_code >= ? THEN s.term_code END) AS term
        FROM sections s JOIN section_instructors i ON i.section_id = s.id
        WHERE i.first_name = 'Morgan' AND i.last_name = 'Tessaro' AND s.status <> 'cancelled' GROUP BY s.course_id`,
      [termOf(new Date())],
    );
    expect(morgan.reviews).toBe(reviewed.reduce((sum, r) => sum + Number(r.n), 0));
    const all = new Set([...reviewed.map((r) => Number(r.id)), ...taught.map((r) => Number(r.id))]);
    expect(morgan.courses.length).toBe(Math.min(12, all.size));
    expect(morgan.courseCount).toBe(all.size);
    for (const course of morgan.courses) {
      const rated = reviewed.find((r) => Number(r.id) === course.id);
      expect(course.reviews, course.code).toBe(rated ? Number(rated.n) : 0);
      if (rated) expect(course.teacher).toBeCloseTo(Number(rated.teacher), 10);
      else expect(course.teacher).toBeNull();
      const term = taught.find((r) => Number(r.id) === course.id)?.term ?? null;
      expect(course.teaching, course.code).toBe(term === null ? null : termName(Number(term)));
    }
    // The courses she teaches come first.
    const teaching = morgan.courses.map((c) => c.teaching !== null);
    expect(teaching).toEqual([...teaching].sort((a, b) => Number(b) - Number(a)));
  });

  test("titles, initials, a name's start and any case find the same professor", async () => {
    for (const q of ["Prof. Tessaro", "M. Tessaro", "morgan tessaro", "TESSARO, Morgan", "tess", "Morgan Tess"]) {
      expect((await search(q)).professors.map((p) => p.slug), q).toContain("morgan-tessaro");
    }
  });

  test("a course code, a subject word or a too-short word names no professor", async () => {
    for (const q of ["CAS CS 111", "cs111", "computer", "te", "ta", "calculus"]) {
      expect((await search(q)).professors, q).toEqual([]);
    }
  });

  test("only the first page carries the professors", async () => {
    expect((await search("tessaro", "&page=1")).professors).toEqual([]);
  });

  test("an instructor no review names yet is found, without a page, with what they teach", async () => {
    const [course] = await rows<{ college: string; department: string; number: string; id: number }>(
      `SELECT id, college, department, number FROM courses ORDER BY id LIMIT 1`,
    );
    await importSchedule(t.deps.database, [
      scheduleSection({
        term: 2258,
        college: course.college,
        department: course.department,
        number: course.number,
        section: "Z1",
        instructors: [{ firstName: "Zelda", lastName: "Quimby" }],
      }),
    ], { source: "registrar" });
    const [zelda] = (await search("quimby")).professors as ProfessorMatch[];
    // Fall 2025 is past: she taught the course, but no term from the current one on has her.
    expect(zelda).toEqual({
      slug: null,
      name: "Zelda Quimby",
      reviews: 0,
      teacher: null,
      courses: [expect.objectContaining({ id: Number(course.id), reviews: 0, teacher: null, teaching: null })],
      courseCount: 1,
    });
  });

  test("the search page shows the professor above the courses, linked to their page", async () => {
    const html = await (await t.app.request("/search?q=tessaro")).text();
    const block = html.slice(html.indexOf('class="professor-matches"'), html.indexOf('id="search-found"'));
    expect(block).toContain('<a href="/professor/morgan-tessaro">Morgan Tessaro</a>');
    expect(block).toContain("Teaching ");
    expect(html).toContain("No course titles match: the courses of the professors above are listed with them.");
  });
});
