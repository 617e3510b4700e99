import { Hono } from "hono";
import * as z from "zod/mini";
import { isProfessorSlug, PROFESSOR_SLUG, SLUG_MAX } from "../../src/lib/professor-names.ts";
import { professorViewSchema } from "../../src/lib/api-schemas.ts";
import type { ProfessorView } from "../../src/lib/api-types.ts";
import { EXAMPLES } from "../../src/server/api-examples.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { apiRead } from "../../src/server/openapi.ts";
import { validate } from "../../src/server/validation.ts";
import { listProfessorReviews } from "../../src/services/reviews/course-reviews.ts";
import { professorSummary } from "../../src/services/courses/course-summary.ts";
import { notFound } from "../../src/services/platform/domain-errors.ts";
import { professorMovedTo } from "../../src/services/schedule/professor-matching.ts";

export const PROFESSOR_NOT_FOUND = "No reviews name this professor";

const professorQuery = z.object({
  sort: z.optional(
    z.enum(["newest", "helpful"], { error: "sort must be newest or helpful" }).check(
      z.describe("newest (the default) or helpful (score first)."),
    ),
  ),
  page: z.optional(
    z.string().check(
      z.regex(/^\d{1,6}$/, "page must be a whole number from 0"),
      z.describe("The page of reviews, from 0; ten a page."),
    ),
  ),
});

/** /api/professors/{slug}: a professor's courses with their averages, and a page of their reviews (?page=, ?sort=). */
export default new Hono<AppEnv>()
  .get(
    "/:slug",
    apiRead({
      operationId: "getProfessor",
      tag: "Professors",
      summary: "A professor's courses, averages and reviews",
      description:
        "The slug groups the spellings students used (`/professor/{slug}` on the site); where the class schedule names " +
        "the course's instructors, the other spellings of one of them are theirs. Reviews are paged by ten.",
      access: "anyone",
      parameters: [{
        in: "path",
        name: "slug",
        description:
          "The professor's slug: lower-case words of letters (in any script) and digits joined by hyphens, such as " +
          "`elena-marchetti`, `иван-петров` or `王伟`; percent-encoded in the path.",
        schema: z.string().check(z.regex(PROFESSOR_SLUG), z.maxLength(SLUG_MAX)),
        example: EXAMPLES.professor.slug,
      }],
      answer: { description: "The professor.", schema: professorViewSchema, example: EXAMPLES.professor },
      moved:
        "A spelling merged into a professor of the class schedule (`marchetti` into `elena-marchetti`): the professor's " +
        "URL.",
      errors: { 400: "sort must be newest or helpful", 404: PROFESSOR_NOT_FOUND },
    }),
    validate("query", professorQuery),
    async (c) => {
      const slug = c.req.param("slug");
      if (!isProfessorSlug(slug)) throw notFound(PROFESSOR_NOT_FOUND);
      const db = c.var.deps.database.db;
      const { sort, page } = c.req.valid("query");
      // Read side by side: one round trip.
      const [summary, reviews, movedTo] = await Promise.all([
        professorSummary(db, slug),
        listProfessorReviews(db, slug, c.var.user?.id, { sort, page: Number(page ?? 0) }),
        professorMovedTo(db, slug),
      ]);
      if (!summary && movedTo) {
        return c.redirect(`/api/professors/${encodeURIComponent(movedTo)}${new URL(c.req.url).search}`, 301);
      }
      if (!summary) throw notFound(PROFESSOR_NOT_FOUND);
      return c.json({ ...summary, reviews } satisfies ProfessorView);
    },
  );
