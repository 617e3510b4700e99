import { Hono } from "hono";
import * as z from "zod/mini";
import { voteResultSchema } from "../../src/lib/api-schemas.ts";
import { requireUser } from "../../src/middleware/require-user.ts";
import { EXAMPLES } from "../../src/server/api-examples.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { apiRead, apiWrite, idParameter } from "../../src/server/openapi.ts";
import { reviewIdParam } from "../../src/server/path-params.ts";
import { castVote, votesOf } from "../../src/services/reviews/course-reviews.ts";
import { badRequest } from "../../src/services/platform/domain-errors.ts";

const REVIEW_ID = idParameter("id", "The review's id.", EXAMPLES.review.id);
const REVIEW_NOT_FOUND = "Review could not be found";

/** /api/votes: a review's vote count and the viewer's vote; voting as a signed-in student. */
export default new Hono<AppEnv>()
  .get(
    "/review/:id",
    apiRead({
      operationId: "reviewVotes",
      tag: "Votes",
      summary: "A review's score and the viewer's vote",
      access: "anyone",
      parameters: [REVIEW_ID],
      answer: {
        description: "Upvotes minus downvotes, and the signed-in viewer's vote.",
        schema: voteResultSchema,
        example: EXAMPLES.votes,
      },
      errors: { 404: REVIEW_NOT_FOUND },
    }),
    async (c) => c.json(await votesOf(c.var.deps.database.db, reviewIdParam(c.req.param("id")), c.var.user?.id)),
  )
  .post(
    "/review/:id",
    apiWrite({
      operationId: "voteOnReview",
      tag: "Votes",
      summary: "Vote a review up or down",
      description: "The same vote again takes it back; the other vote replaces it.",
      access: "student",
      parameters: [
        REVIEW_ID,
        {
          in: "query",
          name: "voteType",
          description: "UPVOTE or DOWNVOTE.",
          schema: z.enum(["UPVOTE", "DOWNVOTE"]),
          required: true,
          example: "UPVOTE",
        },
      ],
      answer: {
        description: "The review's score and the student's vote now.",
        schema: voteResultSchema,
        example: EXAMPLES.vote,
      },
      errors: {
        400: "voteType must be UPVOTE or DOWNVOTE",
        403: {
          description: "One's own review, or a request from another site's page.",
          message: "You cannot vote on your own review.",
        },
        404: REVIEW_NOT_FOUND,
      },
    }),
    requireUser,
    async (c) => {
      const type = c.req.query("voteType");
      if (type !== "UPVOTE" && type !== "DOWNVOTE") throw badRequest("voteType must be UPVOTE or DOWNVOTE");
      return c.json(await castVote(c.var.deps.database, c.var.user.id, reviewIdParam(c.req.param("id")), type));
    },
  );
