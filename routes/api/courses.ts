import { Hono } from "hono";
import { unknownCoursesMessage } from "../../src/lib/comparison.ts";
import { compareQuerySchema, pastedCodesSchema, suggestQuery } from "../../src/lib/schemas.ts";
import { parseSearchParams } from "../../src/lib/search-filter.ts";
import type { CompareView } from "../../src/lib/api-types.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { courseIdParam } from "../../src/server/path-params.ts";
import { validate } from "../../src/server/validation.ts";
import { courseColleges, courseSuggestions, departmentsOf, findCourseDetail, namedDepartmentsOf, searchCourses } from "../../src/services/course-queries.ts";
import { matchPastedCodes } from "../../src/services/course-codes.ts";
import { courseSummary } from "../../src/services/course-summary.ts";
import { courseExists } from "../../src/services/course-reviews.ts";
import { compareCourses } from "../../src/services/course-compare.ts";
import { badRequest, notFound, unauthorized } from "../../src/services/domain-errors.ts";

const PREREQS_MET_NEEDS_LOGIN = "Log in to see the courses whose prerequisites you have met";

/**
 * /api/courses: search, suggestions as a student types, up to four courses compared, one course, and the colleges and
 * departments the filters offer. The fixed paths come before `/:id`, which would take them as ids.
 */
export default new Hono<AppEnv>()
  .get("/search", async (c) => {
    const parsed = parseSearchParams(new URL(c.req.url).searchParams);
    if (!parsed.ok) throw badRequest(parsed.message);
    const user = c.var.user?.enabled ? c.var.user : null;
    if (parsed.filter.prereqsMet && !user) throw unauthorized(PREREQS_MET_NEEDS_LOGIN);
    return c.json(await searchCourses(c.var.deps.database.db, parsed.filter, user?.id));
  })
  .get("/suggest", validate("query", suggestQuery), async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json(await courseSuggestions(c.var.deps.database.db, c.req.valid("query").q));
  })
  .get("/colleges", async (c) => c.json(await courseColleges(c.var.deps.database.db)))
  .get("/departments/:college", async (c) => {
    const college = c.req.param("college").toUpperCase();
    if (!/^[A-Z]{1,4}$/.test(college)) throw badRequest(`Unknown college: ${c.req.param("college")}`);
    // ?names=true gives each department with its name (the filters show names); without it, the codes.
    const db = c.var.deps.database.db;
    return c.json(c.req.query("names") === "true" ? await namedDepartmentsOf(db, college) : await departmentsOf(db, college));
  })
  .get("/compare", validate("query", compareQuerySchema), async (c) => {
    const user = c.var.user?.enabled ? c.var.user : null;
    const { courses, missing } = await compareCourses(c.var.deps.database.db, c.req.valid("query").ids, user?.id);
    if (missing.length) throw notFound(unknownCoursesMessage(missing));
    return c.json({ courses } satisfies CompareView);
  })
  .post("/match", validate("json", pastedCodesSchema), async (c) => c.json(await matchPastedCodes(c.var.deps.database.db, c.req.valid("json").text)))
  .get("/:id/summary", async (c) => {
    const user = c.var.user?.enabled ? c.var.user : null;
    const id = courseIdParam(c.req.param("id"));
    const db = c.var.deps.database.db;
    if (!(await courseExists(db, id))) throw notFound("Course not found");
    return c.json(await courseSummary(db, id, user?.id));
  })
  .get("/:id", async (c) => {
    const user = c.var.user?.enabled ? c.var.user : null;
    const course = await findCourseDetail(c.var.deps.database.db, courseIdParam(c.req.param("id")), user?.id);
    if (!course) throw notFound("Course not found");
    return c.json(course);
  });
