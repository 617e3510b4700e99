/**
 * The site the accessibility suites look at: a server with the demo catalog
 * and a student who uses HubRate (courses in every list, a review of their
 * own, someone else's review on the same course).
 */
import { expect } from "vitest";
import { api, createStudent } from "./accounts.ts";
import { browserFile, courseId, type Stack } from "./pages.ts";
import { createdReview } from "./reviews.ts";

export type A11ySite = {
  stack: Stack;
  course: number;
  /** A course the student has not reviewed, for the empty review form. */
  unreviewed: number;
  /** A course whose prerequisites the student has met (CAS CS 112 after CAS CS 111). */
  withPrerequisites: number;
  /** The student's own review of `course`. */
  ownReview: number;
  student: { email: string; password: string; token: string };
  /** A review by someone else on `course`, for the report form and the votes. */
  othersReview: number;
};

/**
 * Sets the site up before the file's tests and stops it after; the returned site is filled in by then. The returned
 * `test` has the fixtures of `browserFile`.
 */
export function a11ySite() {
  const { stack, test } = browserFile();
  const site = { stack } as A11ySite;
  test.beforeAll(async () => {
    const { t } = stack;
    const course = await courseId(t, "CAS CS 111");
    const created = await createStudent(t, "a11y@bu.edu");
    const student = { email: created.user.email, password: created.password, token: created.token };
    for (
      const [list, code] of [["completed-courses", "CAS CS 111"], ["completed-courses", "CAS WR 100"], [
        "courses-in-progress",
        "CAS EN 120",
      ], [
        "saved-courses",
        "CAS CS 131",
      ]]
    ) {
      const response = await api(t, `/api/users/${list}/${await courseId(t, code)}`, {
        method: "POST",
        token: student.token,
      });
      expect(response.status, `${list} ${code}`).toBeLessThan(300);
    }
    const ownReview = (await createdReview(t, student.token, course, {
      reviewText: "The student's own review, shown on the course page and My Reviews.",
    }))
      .id;
    const other = await createStudent(t, "a11y-other@bu.edu");
    const othersReview =
      (await createdReview(t, other.token, course, { teacherName: "Ada Report", reviewText: "Someone else's review." }))
        .id;
    Object.assign(site, {
      course,
      unreviewed: await courseId(t, "CAS WR 120"),
      withPrerequisites: await courseId(t, "CAS CS 112"),
      ownReview,
      student,
      othersReview,
    });
  });
  return { site, test };
}
