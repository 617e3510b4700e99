/**
 * One browser, two students, one after the other (docs/security.md, What the browser keeps): student A logs in with a
 * plan built as a visitor (which leaves the "now on your account" notice for the schedule page), writes half a review
 * (kept as a draft), and signs out with the Sign Out button; student B logs in on the same browser and finds none of
 * A's words, in the storage or on the pages. A session that ends without a sign-out (revoked elsewhere) and a deleted
 * account leave nothing either, and a visitor's worksheet stays the visitor's.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { termOf } from "../../src/lib/term-codes.ts";
import { signOut } from "../../src/services/accounts/accounts.ts";
import { createStudent, type Student } from "../helpers/accounts.ts";
import { browserFile, logIn, signIn, uniqueEmail, waitForIsland } from "../helpers/pages.ts";

const { stack, test } = browserFile();
const TERM = termOf(new Date());

/** A's words: none of them may reach B. */
const A_PROFESSOR = "Professor Quenby Halloway";
const A_TEXT = "Only Alice would write about the marmalade lab";
const A_PLAN = "Alice's secret plan";
const B_TEXT = "Bob starts his own review";

const rows = async <T>(sql: string, args: (string | number)[] = []) =>
  (await stack.t.deps.database.client.execute({ sql, args })).rows as unknown as T[];

/** A course nobody has reviewed, and a section of a course offered this term for a visitor's plan. */
async function cases() {
  const [course] = await rows<{ id: number }>("SELECT id FROM courses WHERE num_reviews = 0 ORDER BY id LIMIT 1");
  const [section] = await rows<{ id: number; courseId: number }>(
    `SELECT s.id, s.course_id AS courseId FROM sections s
      WHERE s.term_code = ? AND s.enrollment = 1 AND s.status = 'active' AND s.gone = 0 ORDER BY s.id LIMIT 1`,
    [TERM],
  );
  if (!course || !section) throw new Error("the demo catalog has no course to review or to plan");
  return { course: Number(course.id), section: { id: Number(section.id), courseId: Number(section.courseId) } };
}

/** Everything the page's origin keeps in localStorage and sessionStorage, names and values. */
function stored(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify([localStorage, sessionStorage].map((storage) => Object.entries(storage))));
}

/** Leaving a page with an unsent review asks first (beforeunload): the student says yes. */
function leaveWithoutAsking(page: Page): void {
  page.on("dialog", (dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()));
}

/** Opens the review form and types half a review; resolves once the draft is kept. */
async function writeHalfAReview(page: Page, course: number, professor: string, text: string): Promise<void> {
  await page.goto(`${stack.url}/course/${course}/review`);
  await waitForIsland(page, "ReviewForm");
  await page.getByLabel("Professor Name").fill(professor);
  await page.getByLabel("Your Review").fill(text);
  await page.waitForFunction((words) => JSON.stringify(Object.values(localStorage)).includes(words), text);
}

/** B's own review form: B types, B's draft is kept (so the form's effects have run), and nothing of A's is there. */
async function expectOwnReviewForm(page: Page, course: number): Promise<void> {
  await page.goto(`${stack.url}/course/${course}/review`);
  await waitForIsland(page, "ReviewForm");
  await page.getByLabel("Your Review").fill(B_TEXT);
  await page.waitForFunction((words) => JSON.stringify(Object.values(localStorage)).includes(words), B_TEXT);
  expect(await page.getByLabel("Professor Name").inputValue()).toBe("");
  expect(await page.locator(".review-draft").count()).toBe(0);
}

async function expectNothingOf(page: Page, ...words: string[]): Promise<void> {
  const kept = await stored(page);
  const shown = await page.content();
  for (const word of words) {
    expect(kept, `storage on ${page.url()}`).not.toContain(word);
    expect(shown, `the page ${page.url()}`).not.toContain(word);
  }
}

test("B, signing in after A signed out, finds none of A's review, professor or plan", async ({ page }) => {
  const { course, section } = await cases();
  const a = await createStudent(stack.t, uniqueEmail("alice"));
  const b = await createStudent(stack.t, uniqueEmail("bob"));
  leaveWithoutAsking(page);

  // A, still a visitor, has a plan in this browser; logging in gives it to A's account and leaves the notice that says
  // so for the schedule page, which A never opens.
  await page.goto(`${stack.url}/schedule?term=${TERM}`);
  await waitForIsland(page, "ScheduleBuilder");
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [
      "scheduleWorksheets",
      JSON.stringify({
        [TERM]: [{ name: A_PLAN, courses: [{ courseId: section.courseId, sectionIds: [section.id] }] }],
      }),
    ],
  );
  await logIn(page, stack.url, a.email, a.password);
  expect(await stored(page)).toContain(A_PLAN);

  // Half a review, kept as A types it.
  await writeHalfAReview(page, course, A_PROFESSOR, A_TEXT);

  // Sign Out, from the review page.
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await page.waitForURL(`${stack.url}/`);
  await expectNothingOf(page, A_PROFESSOR, A_TEXT, A_PLAN);

  // B logs in on the same browser: nothing of A's anywhere.
  await logIn(page, stack.url, b.email, b.password);
  await expectNothingOf(page, A_PROFESSOR, A_TEXT, A_PLAN);
  // The schedule page, where the notice would be said; asked to add a course, it shows its sections once the page's
  // first effects (the notice's among them) have run.
  const week = page.waitForResponse((response) => response.url().includes("/api/schedules/view"));
  await page.goto(`${stack.url}/schedule?term=${TERM}&add=${section.courseId}`);
  await waitForIsland(page, "ScheduleBuilder");
  await week;
  await expectNothingOf(page, A_PROFESSOR, A_TEXT, A_PLAN);
  await expectOwnReviewForm(page, course);
  await expectNothingOf(page, A_PROFESSOR, A_TEXT, A_PLAN);
  // Back through the tab's whole history, A's pages included: each shows B's or a visitor's page now.
  for (let step = 0; step < 20; step++) {
    await page.goBack();
    if (!page.url().startsWith(stack.url)) break;
    await expectNothingOf(page, A_PROFESSOR, A_TEXT, A_PLAN);
  }
  expect(page.url()).toBe("about:blank");
});

test("a session ended elsewhere, or an account deleted, leaves nothing of the student", async ({ context, page }) => {
  const { course } = await cases();
  leaveWithoutAsking(page);

  // A signs out on another device: every session of A's ends; the next page here is a visitor's.
  const a: Student = await createStudent(stack.t, uniqueEmail("elsewhere"));
  await signIn(context, a.token, stack.url);
  await writeHalfAReview(page, course, A_PROFESSOR, A_TEXT);
  await signOut(stack.t.deps.database, a.id);
  await page.goto(`${stack.url}/search`);
  await waitForIsland(page, "CourseSearch");
  await expectNothingOf(page, A_PROFESSOR, A_TEXT);

  // C deletes the account from the Account page.
  const c = await createStudent(stack.t, uniqueEmail("deleted"));
  await signIn(context, c.token, stack.url);
  await writeHalfAReview(page, course, A_PROFESSOR, A_TEXT);
  await page.goto(`${stack.url}/account`);
  await waitForIsland(page, "AccountSettings");
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await page.getByRole("button", { name: "Yes, delete my account" }).click();
  await page.waitForURL(`${stack.url}/`);
  await expectNothingOf(page, A_PROFESSOR, A_TEXT);
});

test("a visitor's worksheet, compare picks and result view stay the visitor's", async ({ page }) => {
  const { section } = await cases();
  const worksheet = JSON.stringify({
    [TERM]: [{ name: "Visitor plan", courses: [{ courseId: section.courseId, sectionIds: [section.id] }] }],
  });
  await page.goto(`${stack.url}/search`);
  await waitForIsland(page, "CourseSearch");
  await page.evaluate((value) => {
    localStorage.setItem("scheduleWorksheets", value);
    localStorage.setItem("compareCourses", JSON.stringify([{ id: 1, code: "CAS XX 101" }]));
    localStorage.setItem("searchView", "table");
  }, worksheet);
  // A stale Sign Out (no session any more) and every visitor page after it keep them.
  const answer = await page.request.post(`${stack.url}/logout`, { headers: { Origin: stack.url }, maxRedirects: 0 });
  expect(answer.status()).toBe(303);
  expect(answer.headers()["clear-site-data"]).toBeUndefined();
  await page.goto(`${stack.url}/schedule?term=${TERM}`);
  await waitForIsland(page, "ScheduleBuilder");
  await page.locator("select, option", { hasText: "Visitor plan" }).first().waitFor({ state: "attached" });
  expect(
    await page.evaluate(() => [
      localStorage.getItem("scheduleWorksheets"),
      localStorage.getItem("compareCourses"),
      localStorage.getItem("searchView"),
    ]),
  ).toEqual([worksheet, JSON.stringify([{ id: 1, code: "CAS XX 101" }]), "table"]);
});
