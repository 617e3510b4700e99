import { Hono } from "hono";
import { requireUser } from "../../src/middleware/require-user.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { reviewIdParam } from "../../src/server/path-params.ts";
import { castVote, votesOf } from "../../src/services/course-reviews.ts";
import { badRequest } from "../../src/services/domain-errors.ts";

/** /api/votes: a review's vote count and the viewer's vote; voting as a signed-in student. */
export default new Hono<AppEnv>()
  .get("/review/:id", async (c) => c.json(await votesOf(c.var.deps.database.db, reviewIdParam(c.req.param("id")), c.var.user?.id)))
  .post("/review/:id", requireUser, async (c) => {
    const type = c.req.query("voteType");
    if (type !== "UPVOTE" && type !== "DOWNVOTE") throw badRequest("voteType must be UPVOTE or DOWNVOTE");
    return c.json(await castVote(c.var.deps.database, c.var.user.id, reviewIdParam(c.req.param("id")), type));
  });
