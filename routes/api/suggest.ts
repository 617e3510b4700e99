import { Hono } from "hono";
import type { AppEnv } from "../../src/server/context.ts";
import { validate } from "../../src/server/validation.ts";
import { suggestQuery } from "../../src/lib/schemas.ts";
import { courseSuggestions } from "../../src/services/course-queries.ts";
import { professorSuggestions } from "../../src/services/course-summary.ts";

/** /api/suggest?q=: the search box's typeahead, up to 8 courses and 3 professors for what was typed. */
export default new Hono<AppEnv>()
  .get("/", validate("query", suggestQuery), async (c) => {
    const { q } = c.req.valid("query");
    const db = c.var.deps.database.db;
    const [courses, professors] = await Promise.all([courseSuggestions(db, q), q.trim() ? professorSuggestions(db, q) : []]);
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ courses, professors });
  });
