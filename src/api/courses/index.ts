import { Hono } from "hono";
import { parseSearchParams } from "../../lib/search.ts";
import type { AppEnv } from "../../server/context.ts";
import { courseColleges, departmentsOf, findCourse, searchCourses } from "../../services/courses.ts";
import { badRequest, notFound } from "../../services/errors.ts";

/** Course ids in paths: positive whole numbers; anything else cannot exist. */
export function courseIdParam(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,12}$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw notFound("Course not found");
  return id;
}

export const coursesApi = new Hono<AppEnv>()
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
