/**
 * A professor page's "Teaching": the courses and sections the class schedule gives the professor in the known terms,
 * on the demo schedule a fresh start loads. The expectation is read here from the schedule's rows.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { termOf } from "../../src/lib/term-codes.ts";
import { professorSlug } from "../../src/lib/professor-names.ts";
import { createStudent } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { courseId } from "../helpers/catalog.ts";
import { createdReview } from "../helpers/reviews.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
});
afterAll(() => t.close());

type Row = { term: number; name: string; code: string; section: string; first: string; last: string; status: string };

const rows = async () =>
  (await t.deps.database.client.execute({
    sql: `SELECT s.term_code AS term, t.name, c.college || ' ' || c.department || ' ' || c.number AS code, s.section,
            i.first_name AS first, i.last_name AS last, s.status
          FROM section_instructors i JOIN sections s ON s.id = i.section_id JOIN terms t ON t.code = s.term_code
          JOIN courses c ON c.id = s.course_id WHERE s.gone = 0 AND s.term_code >= ?`,
    args: [termOf(new Date())],
  })).rows as unknown as Row[];

describe("the professor page's Teaching", () => {
  test("lists each term's courses and sections of the professor, cancelled ones left out", async () => {
    const all = await rows();
    const slug = "morgan-tessaro";
    const theirs = all.filter((r) => professorSlug(`${r.first} ${r.last}`) === slug && r.status !== "cancelled");
    expect(theirs.length).toBeGreaterThan(0);
    const response = await t.app.request(`/professor/${slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const teaching = html.slice(html.indexOf('id="teaching-heading"'), html.indexOf('id="courses-heading"'));
    expect(teaching).toContain(">Teaching</h2>");
    for (const term of new Set(theirs.map((r) => r.name))) expect(teaching).toContain(`<h3>${term}</h3>`);
    for (const row of theirs) {
      expect(teaching).toContain(`<span class="code">${row.code}</span>`);
      expect(teaching).toMatch(new RegExp(`${row.code}</span></a> .*?sections? [A-Z0-9, ]*\\b${row.section}\\b`));
    }
    // Another professor's courses are not there.
    const others = all.filter((r) => !theirs.some((mine) => mine.code === r.code) && r.status !== "cancelled");
    expect(others.length).toBeGreaterThan(0);
    for (const row of others.slice(0, 20)) expect(teaching).not.toContain(`<span class="code">${row.code}</span>`);
  });

  test("a professor the schedule does not name has no Teaching part", async () => {
    const student = await createStudent(t, "teaching@bu.edu");
    await createdReview(t, student.token, await courseId(t, "CAS WR 120"), { teacherName: "Zora Untaught" });
    expect((await rows()).some((r) => professorSlug(`${r.first} ${r.last}`) === "zora-untaught")).toBe(false);
    const response = await t.app.request("/professor/zora-untaught");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Zora Untaught");
    expect(html).not.toContain('id="teaching-heading"');
  });
});
