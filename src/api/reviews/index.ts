import { Hono } from "hono";
import * as z from "zod/mini";
import { reportSchema, reviewSchema } from "../../lib/schemas.ts";
import { hasControlCharacters, hasLineBreaks } from "../../lib/text.ts";
import type { AppEnv } from "../../server/context.ts";
import { badRequest, notFound } from "../../services/errors.ts";
import {
  castVote,
  courseExists,
  createReview,
  deleteReview,
  findReview,
  listCourseReviews,
  myReviews,
  ratingDistribution,
  reportReview,
  REVIEWS_PAGE_SIZE,
  teacherScore,
  teachersOf,
  updateReview,
  votesOf,
} from "../../services/reviews.ts";
import { courseIdParam } from "../courses/index.ts";
import { requireUser } from "../guards.ts";
import { validate } from "../validate.ts";

function reviewIdParam(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,12}$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw notFound("Review could not be found");
  return id;
}

async function existingCourse(c: { var: AppEnv["Variables"] }, raw: string): Promise<number> {
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
});

export const reviewsApi = new Hono<AppEnv>()
  .get("/my-reviews", requireUser, async (c) => c.json(await myReviews(c.var.deps.database.db, c.var.user!.id)))
  .get("/course/:id/teachers", async (c) => c.json(await teachersOf(c.var.deps.database.db, await existingCourse(c, c.req.param("id")))))
  .get("/course/:id/teacherScore", validate("query", teacherQuery), async (c) => {
    const courseId = await existingCourse(c, c.req.param("id"));
    const { teacherName } = c.req.valid("query");
    return c.json({ teacherName, averageRating: await teacherScore(c.var.deps.database.db, courseId, teacherName) });
  })
  .get("/course/:id/distribution", async (c) => c.json(await ratingDistribution(c.var.deps.database.db, await existingCourse(c, c.req.param("id")))))
  .get("/course/:id", validate("query", listQuery), async (c) => {
    const courseId = await existingCourse(c, c.req.param("id"));
    const { teacherName, sort, page } = c.req.valid("query");
    const list = await listCourseReviews(c.var.deps.database.db, courseId, c.var.user?.id, {
      teacherName: teacherName || undefined,
      sort,
      page: Number(page ?? 0),
    });
    return c.json({
      content: list.reviews,
      totalElements: list.total,
      totalPages: Math.ceil(list.total / REVIEWS_PAGE_SIZE),
      number: list.page,
      size: list.pageSize,
    });
  })
  .post("/course/:id", requireUser, validate("json", reviewSchema), async (c) => {
    const review = await createReview(c.var.deps.database, c.var.user!.id, courseIdParam(c.req.param("id")), c.req.valid("json"));
    return c.json(review, 201);
  })
  .get("/:id", async (c) => c.json(await findReview(c.var.deps.database.db, reviewIdParam(c.req.param("id")), c.var.user?.id)))
  .put("/:id", requireUser, validate("json", reviewSchema), async (c) => {
    return c.json(await updateReview(c.var.deps.database, c.var.user!.id, reviewIdParam(c.req.param("id")), c.req.valid("json")));
  })
  .delete("/:id", requireUser, async (c) => {
    await deleteReview(c.var.deps.database, c.var.user!.id, reviewIdParam(c.req.param("id")));
    return c.json({ message: "Review deleted" });
  })
  .post("/:id/report", requireUser, validate("json", reportSchema), async (c) => {
    const { hidden } = await reportReview(c.var.deps.database, c.var.user!.id, reviewIdParam(c.req.param("id")), c.req.valid("json").reason);
    return c.json({ message: "Thanks. The review has been reported and will be looked at.", hidden });
  });

export const votesApi = new Hono<AppEnv>()
  .get("/review/:id", async (c) => c.json(await votesOf(c.var.deps.database.db, reviewIdParam(c.req.param("id")), c.var.user?.id)))
  .post("/review/:id", requireUser, async (c) => {
    const type = c.req.query("voteType");
    if (type !== "UPVOTE" && type !== "DOWNVOTE") throw badRequest("voteType must be UPVOTE or DOWNVOTE");
    return c.json(await castVote(c.var.deps.database, c.var.user!.id, reviewIdParam(c.req.param("id")), type));
  });
