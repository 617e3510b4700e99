import { Hono } from "hono";
import { parseSearchParams } from "../../src/lib/search-filter.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { courseIdParam } from "../../src/server/path-params.ts";
import { courseColleges, departmentsOf, findCourse, searchCourses } from "../../src/services/course-queries.ts";
import { badRequest, notFound } from "../../src/services/domain-errors.ts";

/** /api/courses: search, one course, and the colleges and departments the filters offer. */
export default new Hono<AppEnv>()
  .get("/search", async (c) => {
    const parsed = parseSearchParams(new URL(c.req.url).searchParams);
    if (!parsed.ok) throw badRequest(parsed.message);
    return c.json(await searchCourses(c.var.deps.database.db, parsed.filter));
  })
  .get("/colleges", async (c) => c.json(await courseColleges(c.var.deps.database.db)))
  .get("/departments/:college", async (c) => {
    const college = c.req.param("college").toUpperCase();
    if (!/^[A-Z]{1,4}$/.test(college)) throw badRequest(`Unknown college: ${c.req.param("college")}`);
    return c.json(await departmentsOf(c.var.deps.database.db, college));
  })
  .get("/:id", async (c) => {
    const course = await findCourse(c.var.deps.database.db, courseIdParam(c.req.param("id")), c.var.user?.id);
    if (!course) throw notFound("Course not found");
    return c.json(course);
  });
