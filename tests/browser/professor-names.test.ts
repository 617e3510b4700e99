/**
 * Professors as real people in Chromium, on the demo catalog, whose reviews spell a professor in full or as "Prof.
 * Tessaro", "M. Tessaro", "Tessaro, Morgan", and whose demo schedule names the instructors: the merged professor page
 * (reached from an old spelling's URL), a course's teacher filter with one entry per person, a professor found by name
 * on /search, and the review form offering the semester's instructors. At desktop and phone size, each in light and
 * dark; axe on every page. What is expected is read here from the rows, by the test's own reading of the spellings.
 */
import { describe, expect } from "vitest";
import { TEACHERS } from "../../src/services/catalog/demo-reviews.ts";
import { termName, termOf } from "../../src/lib/term-codes.ts";
import { expectAccessible } from "../helpers/a11y.ts";
import { browserFile, DEVICES, fitsWidth, press, screenshot, unexpected, waitForIsland } from "../helpers/pages.ts";

const { stack, test } = browserFile();

const rows = async <T>(sql: string, args: (string | number)[] = []) =>
  (await stack.t.deps.database.client.execute({ sql, args })).rows as unknown as T[];

/** The demo professor a typed name is, by this test's reading: the one whose surname it contains (they all differ). */
function personOf(typed: string): string | undefined {
  const words = typed.toLowerCase().replace(/[.,]/g, " ").split(/\s+/);
  return TEACHERS.find((name) => words.includes(name.split(" ")[1].toLowerCase()));
}

const SCHEMES = ["light", "dark"] as const;

for (const device of DEVICES) {
  for (const colorScheme of SCHEMES) {
    const name = `${device.name}-${colorScheme}`;
    describe(`professors as people, ${name}`, () => {
      test.override({ device: { ...device, options: { ...device.options, colorScheme } } });

      test("an old spelling's URL moves to the merged page: the schedule's name and every spelling", async ({ page, problems }) => {
        // A spelling every review of which is now Morgan Tessaro's.
        const [old] = await rows<{ key: string }>(
          `SELECT name_key AS key FROM reviews WHERE teacher_key = 'morgan-tessaro' AND name_key <> teacher_key
            AND name_key NOT IN (SELECT teacher_key FROM reviews) LIMIT 1`,
        );
        expect(old).toBeDefined();
        const response = await page.goto(`${stack.url}/professor/${old.key}`);
        expect(response!.url()).toBe(`${stack.url}/professor/morgan-tessaro`);
        expect(response!.request().redirectedFrom()?.url()).toBe(`${stack.url}/professor/${old.key}`);
        await expect(page.locator("h1").textContent()).resolves.toBe("Morgan Tessaro");
        const spellings = (await rows<{ name: string }>(
          `SELECT DISTINCT teacher_name AS name FROM reviews WHERE teacher_key = 'morgan-tessaro' AND hidden = 0`,
        )).map((r) => r.name);
        expect(spellings.length).toBeGreaterThan(2);
        const also = await page.locator(".hint", { hasText: "Also written as" }).textContent();
        // Each spelling that differs from the name beyond case and titles is listed ("Prof. Tessaro" as "Tessaro").
        for (const spelling of spellings) {
          const plain = spelling.replace(/^(?:Prof|Dr)\.\s+/, "");
          if (plain.toLowerCase() !== "morgan tessaro") expect(also, spelling).toContain(plain);
        }
        await expect(page.locator("#teaching-heading").textContent()).resolves.toBe("Teaching");
        await fitsWidth(page, device.options.viewport!.width);
        await screenshot(page, `professor-merged-${name}`);
        await expectAccessible(page, "the merged professor page");
        expect(unexpected(problems)).toEqual([]);
      });

      test("a course's teacher filter lists each person once; choosing one shows every spelling of them", async ({ page, problems }) => {
        // The course with the most spellings whose professors are all demo instructors.
        const [course] = await rows<{ id: number }>(
          `SELECT course_id AS id FROM reviews WHERE hidden = 0 GROUP BY course_id
            HAVING count(DISTINCT teacher_name) > count(DISTINCT teacher_key)
              AND sum(teacher_key NOT IN (SELECT key FROM instructors)) = 0
            ORDER BY count(DISTINCT teacher_name) DESC, course_id LIMIT 1`,
        );
        const typed = await rows<{ name: string }>(
          "SELECT teacher_name AS name FROM reviews WHERE course_id = ? AND hidden = 0",
          [course.id],
        );
        const people = [...new Set(typed.map((r) => personOf(r.name)!))].sort((a, b) => a.localeCompare(b));
        expect(people.length).toBeLessThan(new Set(typed.map((r) => r.name)).size);
        await page.goto(`${stack.url}/course/${course.id}`);
        await waitForIsland(page, "CourseReviewList");
        const select = page.locator("#reviews-teacher");
        await select.scrollIntoViewIfNeeded();
        expect(await select.locator("option").allTextContents()).toEqual(["All Teachers", ...people]);
        const chosen = people[0];
        const theirs = typed.filter((r) => personOf(r.name) === chosen);
        await select.selectOption({ label: chosen });
        await page.locator("#reviews-heading", { hasText: `Reviews (${theirs.length})` }).waitFor();
        await page.locator(".review-list[aria-busy=false]").waitFor();
        const slug = chosen.toLowerCase().replace(" ", "-");
        const links = page.locator(".review-list article.review-card a[href^='/professor/']");
        await links.first().waitFor();
        expect(new Set(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href"))))).toEqual(
          new Set([`/professor/${slug}`]),
        );
        await page.locator(".teacher-score").scrollIntoViewIfNeeded();
        await screenshot(page, `course-teacher-filter-${name}`);
        await expectAccessible(page, "the course's reviews filtered to one professor", ".course-reviews");
        expect(unexpected(problems)).toEqual([]);
      });

      test("a professor's name on /search shows them and their courses; the name leads to their page", async ({ page, problems }) => {
        await page.goto(`${stack.url}/search`);
        await waitForIsland(page, "CourseSearch");
        const box = page.getByLabel("Course code, title, topic or professor");
        await box.fill("avery quill");
        await box.press("Enter");
        const block = page.locator("section.professor-matches");
        await block.waitFor();
        const taught = await rows<{ id: number }>(
          `SELECT DISTINCT course_id AS id FROM reviews WHERE teacher_key = 'avery-quill' AND hidden = 0
            UNION SELECT DISTINCT s.course_id FROM sections s JOIN section_instructors i ON i.section_id = s.id
            WHERE i.last_name = 'Quill' AND i.first_name = 'Avery' AND s.status <> 'cancelled'`,
        );
        const listed = await block.locator(".professor-match-courses a").evaluateAll((as) =>
          as.map((a) => Number(a.getAttribute("href")!.split("/").at(-1)))
        );
        // Five on the search page, the rest on the professor's page.
        expect(listed.length).toBe(Math.min(5, taught.length));
        for (const id of listed) expect(taught.map((r) => Number(r.id))).toContain(id);
        if (taught.length > 5) {
          await expect(block.getByRole("link", { name: `All ${taught.length} courses of Avery Quill` }).count())
            .resolves.toBe(1);
        }
        await expect(block.locator(".teaching").first().textContent()).resolves.toMatch(
          new RegExp(` · Teaching (${termName(termOf(new Date()))}|Spring|Fall|Summer)`),
        );
        await fitsWidth(page, device.options.viewport!.width);
        await screenshot(page, `search-professor-${name}`);
        await expectAccessible(page, "a professor found by name", ".search-results");
        await press(device, block.getByRole("link", { name: "Avery Quill", exact: true }));
        await page.waitForURL(`${stack.url}/professor/avery-quill`);
        await expect(page.locator("h1").textContent()).resolves.toBe("Avery Quill");
        expect(unexpected(problems)).toEqual([]);
      });
    });
  }

  describe(`the review form offers the semester's instructors, ${device.name}`, () => {
    test.override({ device });
    test("before a semester is typed, the current term's; then the chosen one's; one tap fills the name", async ({ page, student, problems }) => {
      void student;
      const current = termOf(new Date());
      // A course with sections in both demo terms, and its instructors per term by the rows.
      const [course] = await rows<{ id: number }>(
        `SELECT course_id AS id FROM sections WHERE status <> 'cancelled' GROUP BY course_id
          HAVING count(DISTINCT term_code) = 2 ORDER BY course_id LIMIT 1`,
      );
      const instructorsIn = async (term: number) =>
        (await rows<{ name: string }>(
          `SELECT i.first_name || ' ' || i.last_name AS name, count(*) AS n FROM section_instructors i
            JOIN sections s ON s.id = i.section_id WHERE s.course_id = ? AND s.term_code = ? AND s.status <> 'cancelled'
            GROUP BY name ORDER BY n DESC, name`,
          [course.id, term],
        )).map((r) => r.name);
      await page.goto(`${stack.url}/course/${course.id}/review`);
      await waitForIsland(page, "ReviewForm");
      const group = page.getByRole("group", { name: /^Taught / });
      await expect(group.locator(".muted").textContent()).resolves.toBe(`Taught in ${termName(current)}:`);
      expect(await group.getByRole("button").allTextContents()).toEqual(await instructorsIn(current));

      const field = page.getByLabel("Professor Name");
      const first = group.getByRole("button").first();
      await press(device, first);
      await expect(field.inputValue()).resolves.toBe(await first.textContent());
      await expect(first.getAttribute("aria-pressed")).resolves.toBe("true");

      const next = (await rows<{ code: number }>(
        "SELECT max(term_code) AS code FROM sections WHERE course_id = ?",
        [course.id],
      ))[0].code;
      await page.getByLabel("Semester Taken").fill(termName(Number(next))!);
      await expect(group.locator(".muted").textContent()).resolves.toBe(`Taught in ${termName(Number(next))}:`);
      expect(await group.getByRole("button").allTextContents()).toEqual(await instructorsIn(Number(next)));
      await group.scrollIntoViewIfNeeded();
      await screenshot(page, `review-form-taught-${device.name}`);
      await expectAccessible(page, "the review form with the semester's instructors", "form.review-form");

      // A semester the schedule does not know offers none.
      await page.getByLabel("Semester Taken").fill("Fall 2019");
      await expect(group.count()).resolves.toBe(0);
      expect(unexpected(problems)).toEqual([]);
    });
  });
}
