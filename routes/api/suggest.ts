import { Hono } from "hono";
import { suggestionsSchema } from "../../src/lib/api-schemas.ts";
import { EXAMPLES } from "../../src/server/api-examples.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { apiRead } from "../../src/server/openapi.ts";
import { validate } from "../../src/server/validation.ts";
import { suggestQuery } from "../../src/lib/schemas.ts";
import { courseSuggestions } from "../../src/services/courses/course-queries.ts";
import { professorSuggestions } from "../../src/services/courses/course-summary.ts";
import { LIMIT_MESSAGES } from "../../src/services/platform/request-limits.ts";

/** /api/suggest?q=: the search box's typeahead, up to 8 courses and 3 professors for what was typed. */
export default new Hono<AppEnv>()
  .get(
    "/",
    apiRead({
      operationId: "suggest",
      tag: "Courses",
      summary: "The search box's suggestions: up to 8 courses and 3 professors",
      access: "anyone",
      answer: {
        description: "Courses and professors for what was typed.",
        schema: suggestionsSchema,
        example: EXAMPLES.suggestions,
      },
      errors: { 400: "q must be at most 200 characters", 429: LIMIT_MESSAGES.typing },
    }),
    validate("query", suggestQuery),
    async (c) => {
      const { q } = c.req.valid("query");
      const db = c.var.deps.database.db;
      const [courses, professors] = await Promise.all([
        courseSuggestions(db, q),
        q.trim() ? professorSuggestions(db, q) : [],
      ]);
      return c.json({ courses, professors });
    },
  );
