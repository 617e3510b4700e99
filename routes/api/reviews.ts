import { Hono } from "hono";
import * as z from "zod/mini";
import { reportSchema, reviewSchema } from "../../src/lib/schemas.ts";
import { hasControlCharacters, hasLineBreaks } from "../../src/lib/text.ts";
import { requireUser } from "../../src/middleware/require-user.ts";
import type { AppContext, AppEnv } from "../../src/server/context.ts";
import { courseIdParam, reviewIdParam } from "../../src/server/path-params.ts";
import { validate } from "../../src/server/validation.ts";
import {
  courseExists,
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
} from "../../src/services/course-reviews.ts";
import { notFound } from "../../src/services/domain-errors.ts";
import { courseSummary } from "../../src/services/course-summary.ts";

async function existingCourse(c: AppContext, raw: string | undefined): Promise<number> {
  const id = courseIdParam(raw);
  if (!(await courseExists(c.var.deps.database.db, id))) throw notFound("Course not found");
  return id;
}

const oneLine = (s: string) => !hasControlCharacters(s) && !hasLineBreaks(s);

const teacherQuery = z.object({
  teacherName: z.string({ error: "teacherName is required" }).check(
    z.trim(),
    z.minLength(1, "teacherName is required"),
    z.maxLength(100, "teacherName is too long"),
    z.refine(oneLine, "teacherName must be one line of text without control characters"),
  ),
});

const listQuery = z.object({
  teacherName: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(100, "teacherName is too long"),
      z.refine(oneLine, "teacherName must be one line of text without control characters"),
    ),
  ),
  sort: z.optional(z.enum(["newest", "helpful"], { error: "sort must be newest or helpful" })),
  page: z.optional(z.string().check(z.regex(/^\d{1,6}$/, "page must be a whole number from 0"))),
  size: z.optional(
    z.string().check(
      z.refine(
        (s) => /^\d{1,2}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_REVIEWS_PAGE_SIZE,
        `size must be a whole number from 1 to ${MAX_REVIEWS_PAGE_SIZE}`,
      ),
    ),
  ),
  semester: z.optional(
    z.string().check(
      z.refine((s) => /^\d{5}$/.test(s) && Number(s) % 10 <= 4, "semester must be a term such as 20244 (Fall 2024), as the course summary lists them"),
    ),
  ),
});

/** /api/reviews: a course's reviews and teachers, one review, and the signed-in student's writes and reports. */
export default new Hono<AppEnv>()
  .get("/my-reviews", requireUser, async (c) => c.json(await myReviews(c.var.deps.database.db, c.var.user.id)))
  .get("/course/:id/teachers", async (c) => c.json(await teachersOf(c.var.deps.database.db, await existingCourse(c, c.req.param("id")))))
  .get("/course/:id/teacherScore", validate("query", teacherQuery), async (c) => {
    const courseId = await existingCourse(c, c.req.param("id"));
    const { teacherName } = c.req.valid("query");
    return c.json({ teacherName, averageRating: await teacherScore(c.var.deps.database.db, courseId, teacherName) });
  })
  .get("/course/:id/distribution", async (c) => {
    const courseId = await existingCourse(c, c.req.param("id"));
    return c.json((await courseSummary(c.var.deps.database.db, courseId)).distribution);
  })
  .get("/course/:id", validate("query", listQuery), async (c) => {
    const courseId = await existingCourse(c, c.req.param("id"));
    const { teacherName, sort, page, size, semester } = c.req.valid("query");
    return c.json(
      await listCourseReviews(c.var.deps.database.db, courseId, c.var.user?.id, {
        teacherName: teacherName || undefined,
        term: semester === undefined ? undefined : Number(semester),
        sort,
        page: Number(page ?? 0),
        pageSize: size === undefined ? undefined : Number(size),
      }),
    );
  })
  .post("/course/:id", requireUser, validate("json", reviewSchema), async (c) => {
    const review = await createReview(c.var.deps.database, c.var.user.id, courseIdParam(c.req.param("id")), c.req.valid("json"));
    return c.json(review, 201);
  })
  .get("/:id", async (c) => c.json(await findReview(c.var.deps.database.db, reviewIdParam(c.req.param("id")), c.var.user?.id)))
  .put("/:id", requireUser, validate("json", reviewSchema), async (c) => {
    return c.json(await updateReview(c.var.deps.database, c.var.user.id, reviewIdParam(c.req.param("id")), c.req.valid("json")));
  })
  .delete("/:id", requireUser, async (c) => {
    await deleteReview(c.var.deps.database, c.var.user.id, reviewIdParam(c.req.param("id")));
    return c.json({ message: "Review deleted" });
  })
  .post("/:id/report", requireUser, validate("json", reportSchema), async (c) => {
    const { hidden } = await reportReview(c.var.deps.database, c.var.user.id, reviewIdParam(c.req.param("id")), c.req.valid("json").reason);
    return c.json({ message: "Thanks. The review has been reported and will be looked at.", hidden });
  });
