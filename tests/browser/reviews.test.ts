/**
 * Reviews in Chromium: write one through the form (captioned options, and
 * arrow keys on the desktop), see it on the course page, edit and delete it,
 * vote on a demo review, report someone else's review, the teacher filter's
 * average, and a visitor's vote or report leading to /login. The review form,
 * which a phone draws differently, is written, edited and deleted at desktop
 * size with a mouse and at phone size with taps; the filter, the report and the
 * visitor's detour run once, shared out between them. Markup typed as text
 * stays text.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Dialog, Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { courses, reviewReports, reviews } from "../../db/schema.ts";
import { createStudent } from "../helpers/accounts.ts";
import { createdReview } from "../helpers/reviews.ts";
import {
  browserFile,
  confirmInDialog,
  DEVICES,
  holdApi,
  logIn,
  press,
  signIn,
  unexpected,
  uniqueEmail,
  waitForIsland,
} from "../helpers/pages.ts";

const { stack, test, testOn } = browserFile();
/** A demo course with several demo reviews by at least two teachers. */
let reviewed: { id: number; title: string; teachers: string[] };
/** A course nobody has reviewed. */
let quiet: { id: number; title: string };
/** Another course nobody has reviewed, for the report test. */
let spare: { id: number; title: string };

test.beforeAll(async () => {
  const db = stack.t.deps.database.db;
  // Demo reviews spell some professors "Prof. Tessaro" or "M. Tessaro" (tests/browser/professor-names.test.ts): here a
  // course whose reviews all write the schedule's name, so each option is a name as typed.
  const [course] = await db.all<{ id: number; title: string }>(sql`SELECT c.id, c.title FROM courses c
    WHERE c.num_reviews >= 4 AND (SELECT count(DISTINCT teacher_key) FROM reviews r WHERE r.course_id = c.id) >= 2
      AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.course_id = c.id
        AND r.teacher_name IS NOT (SELECT i.first_name || ' ' || i.last_name FROM instructors i WHERE i.key = r.teacher_key))
    ORDER BY c.num_reviews DESC, c.id LIMIT 1`);
  if (course) {
    const rows = await db.selectDistinct({ name: reviews.teacherName }).from(reviews).where(
      eq(reviews.courseId, course.id),
    );
    reviewed = { ...course, teachers: rows.map((r) => r.name).sort() };
  }
  [quiet, spare] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(
    eq(courses.numReviews, 0),
  ).orderBy(courses.id).limit(2);
  if (!reviewed || !quiet || !spare) throw new Error("the demo catalog has no course to review");
});

/** Records every dialog; confirm() dialogs are accepted, anything else is a failure the test reports. */
function watchDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on("dialog", (dialog: Dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void (dialog.type() === "confirm" ? dialog.accept() : dialog.dismiss());
  });
  return seen;
}

function ratingRow(page: Page, label: string): Locator {
  return page.getByRole("group", { name: new RegExp(`^${label}\\b`) });
}

/** The captioned 1-5 option of a rating row; its (invisible) radio covers it, so a click anywhere on it chooses it. */
function option(page: Page, label: string, caption: string): Locator {
  return ratingRow(page, label).locator("label.rating-option").filter({
    has: page.getByText(caption, { exact: true }),
  });
}

async function openCourse(page: Page, id: number): Promise<void> {
  await page.goto(`${stack.url}/course/${id}`);
  await waitForIsland(page, "CourseActions");
}

const reviewCards = (page: Page) => page.locator("article.review-card");
const ownCard = (page: Page) =>
  reviewCards(page).filter({ has: page.getByRole("button", { name: "Delete your review" }) });
const fact = (card: Locator, label: string) =>
  card.locator(".review-ratings > div", { has: card.page().getByText(label, { exact: true }) }).locator("dd");

for (const device of DEVICES) {
  describe(`reviews in Chromium, ${device.name}`, () => {
    test.override({ device });
    test("write, see, edit, vote and delete", async ({ page, problems }) => {
      const { url, t } = stack;
      const dialogs = watchDialogs(page);
      const student = await createStudent(t, uniqueEmail("reviewer"));
      await logIn(page, url, student.user.email, student.password, undefined, device);
      await openCourse(page, reviewed.id);
      await press(device, page.getByRole("link", { name: "Write a review" }));
      await page.waitForURL(new RegExp(`/course/${reviewed.id}/review$`));
      await waitForIsland(page, "ReviewForm");

      // Every row starts at 3 (Medium); choose by clicking the captions...
      for (const label of ["Usefulness", "Difficulty", "Workload", "Interest", "Teacher"]) {
        expect(await ratingRow(page, label).getByRole("radio", { checked: true }).inputValue(), label).toBe("3");
      }
      await press(device, option(page, "Usefulness", "Very high"));
      await press(device, option(page, "Interest", "High"));
      await press(device, option(page, "Teacher", "Very high"));
      // ...and with the arrow keys inside one row (on the phone, by tapping too).
      const difficulty = ratingRow(page, "Difficulty");
      if (device.touch) await press(device, option(page, "Difficulty", "Very low"));
      else {
        await difficulty.getByRole("radio", { checked: true }).focus();
        await page.keyboard.press("ArrowLeft");
        await page.keyboard.press("ArrowLeft");
      }
      expect(await difficulty.getByRole("radio", { checked: true }).inputValue()).toBe("1");
      expect(await ratingRow(page, "Usefulness").getByRole("radio", { checked: true }).inputValue()).toBe("5");
      expect(await ratingRow(page, "Interest").getByRole("radio", { checked: true }).inputValue()).toBe("4");

      const text = `Clear lectures and fair exams. Browser test ${Date.now()}.`;
      await page.getByLabel("Professor Name").fill("Ada Lovelace");
      await page.getByLabel("Semester Taken").fill("Fall 2024");
      await page.getByLabel("Hours per Week").fill("7");
      await press(device, page.getByLabel("Attendance Required"));
      expect(await page.getByLabel("Attendance Required").isChecked()).toBe(true);
      await page.getByLabel("Assignment Types").fill("Problem sets and a final");
      await page.getByLabel("Your Review").fill(text);
      await page.getByText(`Character limit: 2000 (${text.length} used)`).waitFor();
      const posting = await holdApi(page, "POST", new RegExp(`^/api/reviews/course/${reviewed.id}$`));
      await press(device, page.getByRole("button", { name: "Submit Review" }));
      await posting.arrived;
      expect(await page.getByRole("button", { name: "Submitting..." }).isDisabled()).toBe(true);
      posting.release();

      await page.waitForURL(new RegExp(`/course/${reviewed.id}\\?review=submitted$`));
      await page.getByRole("status").filter({ hasText: "Review submitted successfully!" }).waitFor();
      await waitForIsland(page, "CourseActions");
      const complete = page.getByRole("button", { name: "✓ Review Complete" });
      expect(await complete.isDisabled()).toBe(true);
      expect(await page.getByRole("link", { name: "Write a review" }).count()).toBe(0);
      const mine = ownCard(page);
      await mine.getByText(text, { exact: true }).waitFor();
      // overall = ((6 - 1) + (6 - 3) + 4 + 5 + 5) / 5 = 4.4
      await expect(mine.locator(".review-overall strong").textContent()).resolves.toBe("4.4");
      await expect(mine.locator(".review-facts").textContent()).resolves.toContain("Ada Lovelace");
      await expect(mine.locator("time").textContent()).resolves.toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      await expect(fact(mine, "Difficulty").textContent()).resolves.toBe("1/5");
      await expect(fact(mine, "Attendance needed").textContent()).resolves.toBe("Yes");
      await expect(fact(mine, "Hours per week").textContent()).resolves.toBe("7");
      // No votes on one's own review.
      expect(await mine.getByRole("button", { name: "Upvote" }).isDisabled()).toBe(true);
      expect(await mine.getByRole("button", { name: "Downvote" }).isDisabled()).toBe(true);

      // Edit through the pencil icon: the form comes prefilled.
      await press(device, mine.getByRole("link", { name: "Edit your review" }));
      await page.waitForURL(new RegExp(`/course/${reviewed.id}/review\\?edit=\\d+$`));
      await waitForIsland(page, "ReviewForm");
      expect(await page.getByLabel("Professor Name").inputValue()).toBe("Ada Lovelace");
      expect(await page.getByLabel("Your Review").inputValue()).toBe(text);
      expect(await ratingRow(page, "Difficulty").getByRole("radio", { checked: true }).inputValue()).toBe("1");
      await press(device, option(page, "Teacher", "High"));
      const edited = `${text} Edited: the final was long.`;
      await page.getByLabel("Your Review").fill(edited);
      const putting = await holdApi(page, "PUT", /^\/api\/reviews\/\d+$/);
      await press(device, page.getByRole("button", { name: "Update Review" }));
      await putting.arrived;
      expect(await page.getByRole("button", { name: "Updating..." }).isDisabled()).toBe(true);
      putting.release();
      await page.waitForURL(new RegExp(`/course/${reviewed.id}\\?review=updated$`));
      await page.getByRole("status").filter({ hasText: "Review updated successfully!" }).waitFor();
      // Votes and deletion need the review list's island (it hydrates when scrolled into view).
      await waitForIsland(page, "CourseReviewList");
      await ownCard(page).getByText(edited, { exact: true }).waitFor();
      await expect(ownCard(page).locator(".review-overall strong").textContent()).resolves.toBe("4.2");
      expect(await reviewCards(page).filter({ hasText: text }).count()).toBe(1);

      // Vote on a demo review: the count moves by one, and the same click again takes the vote back.
      const other = reviewCards(page).filter({ hasNot: page.getByRole("button", { name: "Delete your review" }) })
        .first();
      const count = other.locator(".vote-count");
      const before = Number(await count.textContent());
      const up = other.getByRole("button", { name: "Upvote" });
      const down = other.getByRole("button", { name: "Downvote" });
      await press(device, up);
      await other.locator(".vote-count", { hasText: new RegExp(`^${before + 1}$`) }).waitFor();
      expect(await up.getAttribute("aria-pressed")).toBe("true");
      await press(device, up);
      await other.locator(".vote-count", { hasText: new RegExp(`^${before}$`) }).waitFor();
      expect(await up.getAttribute("aria-pressed")).toBe("false");
      await press(device, down);
      await other.locator(".vote-count", { hasText: new RegExp(`^${before - 1}$`) }).waitFor();
      expect(await down.getAttribute("aria-pressed")).toBe("true");
      await press(device, down);
      await other.locator(".vote-count", { hasText: new RegExp(`^${before}$`) }).waitFor();
      expect(await down.getAttribute("aria-pressed")).toBe("false");

      // Delete: confirm, and the card is gone.
      const reviewsBefore = await reviewCards(page).count();
      await press(device, ownCard(page).getByRole("button", { name: "Delete your review" }));
      await confirmInDialog(device, page, "Delete your review?", "Yes, delete my review");
      await page.getByRole("status").filter({ hasText: "Your review was deleted." }).waitFor();
      expect(await ownCard(page).count()).toBe(0);
      expect(await reviewCards(page).count()).toBe(reviewsBefore - 1);
      expect(await page.getByText(edited).count()).toBe(0);
      // The site's own dialog asked, not the browser's.
      expect(dialogs).toEqual([]);
      // Once deleted, the course can be reviewed again.
      await openCourse(page, reviewed.id);
      await page.getByRole("link", { name: "Write a review" }).waitFor();
      expect(await page.getByText(edited).count()).toBe(0);

      expect(unexpected(problems)).toEqual([]);
    });

    testOn(device, "desktop")(
      "the teacher filter shows that teacher's reviews and average",
      async ({ page, problems }) => {
        const { t } = stack;
        await openCourse(page, reviewed.id);
        await waitForIsland(page, "CourseReviewList");
        const select = page.getByLabel("Teacher", { exact: true });
        expect(await select.locator("option").allTextContents()).toEqual(["All Teachers", ...reviewed.teachers]);
        const all = await reviewCards(page).count();

        const name = reviewed.teachers[0];
        const rows = await t.deps.database.db.select().from(reviews).where(
          and(eq(reviews.courseId, reviewed.id), eq(reviews.teacherName, name)),
        );
        const average = rows.reduce((sum, r) =>
          sum + (6 - r.difficultyRating) + (6 - r.workloadRating) + r.interestRating + r.usefulnessRating +
          r.teacherRating, 0) /
          (5 * rows.length);
        await select.selectOption(name);
        const line = page.getByRole("status").filter({ hasText: /^Professor / });
        await line.waitFor();
        await expect(line.textContent()).resolves.toBe(
          `Professor ${name} has an average rating of ${average.toFixed(1)} when teaching this course`,
        );
        await page.locator(".review-list[aria-busy=false]").waitFor();
        const shown = Math.min(rows.length, 10);
        await page.waitForFunction((n) =>
          document.querySelectorAll("article.review-card").length === n, shown);
        for (const card of await reviewCards(page).all()) {
          await expect(card.locator(".review-facts div", { hasText: "Professor" }).locator("dd").textContent()).resolves
            .toBe(name);
        }

        await select.selectOption("");
        await line.waitFor({ state: "detached" });
        await page.waitForFunction((n) =>
          document.querySelectorAll("article.review-card").length === n, all);
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "phone")(
      "report someone else's review: a reason, 'Reporting...', the thanks and the Reported mark",
      async ({ context, page, problems }) => {
        const { url, t } = stack;
        const course = spare;
        const author = await createStudent(t, uniqueEmail("reported-author"));
        const text = `A review someone will report, on a ${device.name}.`;
        const review = await createdReview(t, author.token, course.id, { reviewText: text });
        const reporter = await createStudent(t, uniqueEmail("reporter"));
        await signIn(context, reporter.token, url);
        await page.goto(`${url}/course/${course.id}`);
        await waitForIsland(page, "CourseReviewList");
        const card = reviewCards(page).filter({ hasText: text });
        await press(device, card.getByRole("button", { name: "Report" }));
        const reason = card.getByLabel("Why should this review be removed?");
        const send = card.getByRole("button", { name: "Send report" });
        expect(await send.isDisabled()).toBe(true);
        // Cancel closes the form without reporting; Report opens it again.
        await press(device, card.getByRole("button", { name: "Cancel" }));
        await reason.waitFor({ state: "detached" });
        await press(device, card.getByRole("button", { name: "Report" }));
        await reason.selectOption("Spam or not about this course");
        expect(await send.isEnabled()).toBe(true);

        const hold = await holdApi(page, "POST", new RegExp(`^/api/reviews/${review.id}/report$`));
        await press(device, send);
        await hold.arrived;
        const sending = card.getByRole("button", { name: "Reporting..." });
        expect(await sending.isDisabled()).toBe(true);
        hold.release();
        await page.getByRole("status").filter({
          hasText: "Thanks. The review has been reported and will be looked at.",
        }).waitFor();
        await card.getByText("Reported", { exact: true }).waitFor();
        expect(await card.getByRole("button", { name: "Report" }).count()).toBe(0);
        const rows = await t.deps.database.db.select().from(reviewReports).where(eq(reviewReports.reviewId, review.id));
        expect(rows.map((r) =>
          r.reason
        )).toEqual(["Spam or not about this course"]);
        // Still listed after a reload, marked as reported by this student.
        await page.reload();
        await waitForIsland(page, "CourseReviewList");
        await card.getByText("Reported", { exact: true }).waitFor();
        expect(unexpected(problems)).toEqual([]);
      },
    );

    testOn(device, "desktop")(
      "a visitor's vote and report lead to /login and back to the course",
      async ({ page, problems }) => {
        await openCourse(page, reviewed.id);
        await waitForIsland(page, "CourseReviewList");
        const card = reviewCards(page).first();
        const next = encodeURIComponent(`/course/${reviewed.id}`);
        expect(await card.getByRole("link", { name: "Report" }).getAttribute("href")).toBe(`/login?next=${next}`);
        await press(device, card.getByRole("button", { name: "Upvote" }));
        await page.waitForURL((to) => to.pathname === "/login");
        expect(new URL(page.url()).searchParams.get("next")).toBe(`/course/${reviewed.id}`);
        await page.goBack();
        await waitForIsland(page, "CourseReviewList");
        await press(device, reviewCards(page).first().getByRole("button", { name: "Downvote" }));
        await page.waitForURL((to) =>
          to.pathname === "/login" && to.searchParams.get("next") === `/course/${reviewed.id}`
        );
        // The visitor sees the prompt to log in instead of the course actions.
        await page.goBack();
        await waitForIsland(page, "CourseActions");
        expect(await page.getByRole("group", { name: "Course actions" }).count()).toBe(0);
        expect(
          await page.locator(".course-actions").getByRole("link", { name: "Log in", exact: true }).getAttribute("href"),
        ).toBe(`/login?next=${next}`);
        expect(unexpected(problems)).toEqual([]);
      },
    );
  });
}

describe("reviews in Chromium, what people type", () => {
  test("markup typed into a review is shown as text and never runs", async ({ page, problems }) => {
    const { url, t } = stack;
    const dialogs = watchDialogs(page);
    const student = await createStudent(t, uniqueEmail("markup"));
    await logIn(page, url, student.user.email, student.password);
    await page.goto(`${url}/course/${quiet.id}/review`);
    await waitForIsland(page, "ReviewForm");
    const text = `<script>alert(1)</script> and "><img src=x onerror=alert(2)>`;
    const teacher = `"><img src=x onerror=alert(3)>`;
    await page.getByLabel("Professor Name").fill(teacher);
    await page.getByLabel("Semester Taken").fill("<b>Spring</b> 2025");
    await page.getByLabel("Hours per Week").fill("3");
    await page.getByLabel("Assignment Types").fill("</textarea><script>alert(4)</script>");
    await page.getByLabel("Your Review").fill(text);
    await page.getByRole("button", { name: "Submit Review" }).click();
    await page.waitForURL(new RegExp(`/course/${quiet.id}\\?review=submitted$`));

    const mine = ownCard(page);
    await mine.getByText(text, { exact: true }).waitFor();
    expect(await mine.getByText(teacher, { exact: true }).isVisible()).toBe(true);
    expect(await mine.getByText("<b>Spring</b> 2025", { exact: true }).isVisible()).toBe(true);
    expect(await mine.locator("img, script, b").count()).toBe(0);
    // The teacher filter lists the name as plain text too.
    expect(await page.getByLabel("Teacher", { exact: true }).locator("option").allTextContents()).toEqual([
      "All Teachers",
      teacher,
    ]);

    // The same on My Reviews and in the edit form.
    await page.goto(`${url}/my-reviews`);
    await waitForIsland(page, "MyReviewList");
    await page.getByText(text, { exact: true }).waitFor();
    expect(await page.locator("article.review-card img").count()).toBe(0);
    await page.goto(`${url}/course/${quiet.id}`);
    await ownCard(page).getByRole("link", { name: "Edit your review" }).click();
    await waitForIsland(page, "ReviewForm");
    expect(await page.getByLabel("Your Review").inputValue()).toBe(text);
    expect(await page.getByLabel("Assignment Types").inputValue()).toBe("</textarea><script>alert(4)</script>");

    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
  });
});
