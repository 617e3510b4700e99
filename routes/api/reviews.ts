import { Hono } from "hono";
import * as z from "zod/mini";
import { reportSchema, reviewSchema } from "../../src/lib/schemas.ts";
import { hasControlCharacters, hasLineBreaks } from "../../src/lib/text.ts";
import { requireUser } from "../../src/middleware/require-user.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { courseIdParam, forExistingCourse, reviewIdParam } from "../../src/server/path-params.ts";
import { validate } from "../../src/server/validation.ts";
import {
  createReview,
  deleteReview,
  findReview,
  listCourseReviews,
  MAX_REVIEWS_PAGE_SIZE,
  myReviews,
  reportReview,
  teacherScore,
  teachersOf,
  updateReview,
} from "../../src/services/reviews/course-reviews.ts";
import { courseSummary } from "../../src/services/courses/course-summary.ts";
import {
  distributionSchema,
  messageSchema,
  myReviewSchema,
  reportResultSchema,
  reviewPageSchema,
  reviewViewSchema,
  stringListSchema,
  teacherScoreSchema,
} from "../../src/lib/api-schemas.ts";
import { EXAMPLES } from "../../src/server/api-examples.ts";
import { apiRead, apiWrite, idParameter } from "../../src/server/openapi.ts";

const REVIEWS = "Reviews" as const;
const COURSE_ID = idParameter("id", "The course's id.", EXAMPLES.course.id);
const REVIEW_ID = idParameter("id", "The review's id.", EXAMPLES.review.id);
const REVIEW_NOT_FOUND = "Review could not be found";
const REPORTED = "Thanks. The review has been reported and will be looked at.";

const oneLine = (s: string) => !hasControlCharacters(s) && !hasLineBreaks(s);

const teacherQuery = z.object({
  teacherName: z.string({ error: "teacherName is required" }).check(
    z.trim(),
    z.minLength(1, "teacherName is required"),
    z.maxLength(100, "teacherName is too long"),
    z.refine(oneLine, "teacherName must be one line of text without control characters"),
    z.describe("A professor's name; any spelling reviews use for the same professor counts."),
    z.meta({ example: EXAMPLES.teacherScore.teacherName }),
  ),
});

const listQuery = z.object({
  teacherName: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(100, "teacherName is too long"),
      z.refine(oneLine, "teacherName must be one line of text without control characters"),
      z.describe("Only this professor's reviews (any spelling of the name)."),
    ),
  ),
  sort: z.optional(
    z.enum(["newest", "helpful"], { error: "sort must be newest or helpful" }).check(
      z.describe("newest (the default) or helpful (score first)."),
    ),
  ),
  page: z.optional(
    z.string().check(z.regex(/^\d{1,6}$/, "page must be a whole number from 0"), z.describe("The page, from 0.")),
  ),
  size: z.optional(
    z.string().check(
      z.refine(
        (s) => /^\d{1,2}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_REVIEWS_PAGE_SIZE,
        `size must be a whole number from 1 to ${MAX_REVIEWS_PAGE_SIZE}`,
      ),
      z.describe(`Reviews a page, 1 to ${MAX_REVIEWS_PAGE_SIZE} (10 by default).`),
    ),
  ),
  semester: z.optional(
    z.string().check(
      z.refine(
        (s) => /^\d{5}$/.test(s) && Number(s) % 10 <= 4,
        "semester must be a term such as 20244 (Fall 2024), as the course summary lists them",
      ),
      z.describe("Only one semester's reviews, as a term of the course summary's `semesters`: 20244 is Fall 2024."),
    ),
  ),
});

/** /api/reviews: a course's reviews and teachers, one review, and the signed-in student's writes and reports. */
export default new Hono<AppEnv>()
  .get(
    "/my-reviews",
    apiRead({
      operationId: "myReviews",
      tag: REVIEWS,
      summary: "The signed-in student's reviews, newest first",
      access: "student",
      answer: {
        description: "Every review the student wrote, hidden ones included.",
        schema: z.array(myReviewSchema),
        example: EXAMPLES.myReviews,
      },
    }),
    requireUser,
    async (c) => c.json(await myReviews(c.var.deps.database.db, c.var.user.id)),
  )
  .get(
    "/course/:id/teachers",
    apiRead({
      operationId: "courseTeachers",
      tag: REVIEWS,
      summary: "The professors a course's reviews name",
      access: "anyone",
      parameters: [COURSE_ID],
      answer: {
        description: "Professor names, most reviewed first.",
        schema: stringListSchema,
        example: EXAMPLES.teachers,
      },
      errors: { 404: "Course not found" },
    }),
    async (c) => {
      const db = c.var.deps.database.db;
      return c.json(await forExistingCourse(db, c.req.param("id"), (courseId) => teachersOf(db, courseId)));
    },
  )
  .get(
    "/course/:id/teacherScore",
    apiRead({
      operationId: "teacherScore",
      tag: REVIEWS,
      summary: "A professor's average teacher rating in a course",
      access: "anyone",
      parameters: [COURSE_ID],
      answer: {
        description: "The average (0 without reviews).",
        schema: teacherScoreSchema,
        example: EXAMPLES.teacherScore,
      },
      errors: { 400: "teacherName is required", 404: "Course not found" },
    }),
    validate("query", teacherQuery),
    async (c) => {
      const db = c.var.deps.database.db;
      const { teacherName } = c.req.valid("query");
      return c.json({
        teacherName,
        averageRating: await forExistingCourse(
          db,
          c.req.param("id"),
          (courseId) => teacherScore(db, courseId, teacherName),
        ),
      });
    },
  )
  .get(
    "/course/:id/distribution",
    apiRead({
      operationId: "courseRatingDistribution",
      tag: REVIEWS,
      summary: "How many reviews gave each rating from 1 to 5",
      access: "anyone",
      parameters: [COURSE_ID],
      answer: { description: "The counts per rating.", schema: distributionSchema, example: EXAMPLES.distribution },
      errors: { 404: "Course not found" },
    }),
    async (c) => {
      const db = c.var.deps.database.db;
      return c.json(
        (await forExistingCourse(db, c.req.param("id"), (courseId) => courseSummary(db, courseId))).distribution,
      );
    },
  )
  .get(
    "/course/:id",
    apiRead({
      operationId: "courseReviews",
      tag: REVIEWS,
      summary: "A page of a course's reviews",
      description:
        "Newest first unless `sort=helpful`; ten a page unless `size` says otherwise; for one professor or semester if asked.",
      access: "anyone",
      parameters: [COURSE_ID],
      answer: { description: "One page of reviews.", schema: reviewPageSchema, example: EXAMPLES.reviewPage },
      errors: { 400: "sort must be newest or helpful", 404: "Course not found" },
    }),
    validate("query", listQuery),
    async (c) => {
      const db = c.var.deps.database.db;
      const { teacherName, sort, page, size, semester } = c.req.valid("query");
      return c.json(
        await forExistingCourse(db, c.req.param("id"), (courseId) =>
          listCourseReviews(db, courseId, c.var.user?.id, {
            teacherName: teacherName || undefined,
            term: semester === undefined ? undefined : Number(semester),
            sort,
            page: Number(page ?? 0),
            pageSize: size === undefined ? undefined : Number(size),
          })),
      );
    },
  )
  .post(
    "/course/:id",
    apiWrite({
      operationId: "createReview",
      tag: REVIEWS,
      summary: "Review a course (once per student and course)",
      access: "student",
      parameters: [COURSE_ID],
      answer: {
        status: 201,
        description: "The review as it is shown.",
        schema: reviewViewSchema,
        example: EXAMPLES.createdReview,
      },
      errors: {
        400: "Professor name is required",
        404: "Course not found",
        409: "You have already reviewed this course. You can edit your review instead.",
      },
    }),
    requireUser,
    validate("json", reviewSchema),
    async (c) => {
      const review = await createReview(
        c.var.deps.database,
        c.var.user.id,
        courseIdParam(c.req.param("id")),
        c.req.valid("json"),
      );
      return c.json(review, 201);
    },
  )
  .get(
    "/:id",
    apiRead({
      operationId: "getReview",
      tag: REVIEWS,
      summary: "One review",
      access: "anyone",
      parameters: [REVIEW_ID],
      answer: { description: "The review.", schema: reviewViewSchema, example: EXAMPLES.review },
      errors: { 404: REVIEW_NOT_FOUND },
    }),
    async (c) => c.json(await findReview(c.var.deps.database.db, reviewIdParam(c.req.param("id")), c.var.user?.id)),
  )
  .put(
    "/:id",
    apiWrite({
      operationId: "updateReview",
      tag: REVIEWS,
      summary: "Edit one's own review",
      access: "student",
      parameters: [REVIEW_ID],
      answer: {
        description: "The review as it is now shown.",
        schema: reviewViewSchema,
        example: EXAMPLES.createdReview,
      },
      errors: {
        400: "Review text is required",
        403: {
          description: "Another student's review, or a request from another site's page.",
          message: "You can only edit your own reviews.",
        },
        404: REVIEW_NOT_FOUND,
      },
    }),
    requireUser,
    validate("json", reviewSchema),
    async (c) => {
      return c.json(
        await updateReview(c.var.deps.database, c.var.user.id, reviewIdParam(c.req.param("id")), c.req.valid("json")),
      );
    },
  )
  .delete(
    "/:id",
    apiWrite({
      operationId: "deleteReview",
      tag: REVIEWS,
      summary: "Delete one's own review",
      access: "student",
      parameters: [REVIEW_ID],
      answer: {
        description: "Deleted; the course's figures no longer count it.",
        schema: messageSchema,
        example: { message: "Review deleted" },
      },
      errors: {
        403: {
          description: "Another student's review, or a request from another site's page.",
          message: "You can only delete your own reviews.",
        },
        404: REVIEW_NOT_FOUND,
      },
    }),
    requireUser,
    async (c) => {
      await deleteReview(c.var.deps.database, c.var.user.id, reviewIdParam(c.req.param("id")));
      return c.json({ message: "Review deleted" });
    },
  )
  .post(
    "/:id/report",
    apiWrite({
      operationId: "reportReview",
      tag: REVIEWS,
      summary: "Report another student's review",
      description: "Three reports hide a review until a moderator looks at it.",
      access: "student",
      parameters: [REVIEW_ID],
      answer: {
        description: "Reported; `hidden` says whether this report hid it.",
        schema: reportResultSchema,
        example: { message: REPORTED, hidden: false },
      },
      errors: {
        400: "Say why you are reporting this review",
        403: {
          description: "One's own review, or a request from another site's page.",
          message: "You cannot report your own review.",
        },
        404: REVIEW_NOT_FOUND,
        409: "You have already reported this review.",
      },
    }),
    requireUser,
    validate("json", reportSchema),
    async (c) => {
      const { hidden } = await reportReview(
        c.var.deps.database,
        c.var.user.id,
        reviewIdParam(c.req.param("id")),
        c.req.valid("json").reason,
      );
      return c.json({ message: REPORTED, hidden });
    },
  );
