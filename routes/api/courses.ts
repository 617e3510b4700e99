import { Hono } from "hono";
import * as z from "zod/mini";
import { unknownCoursesMessage } from "../../src/lib/comparison.ts";
import {
  compareViewSchema,
  courseDetailSchema,
  courseSectionsSchema,
  courseSuggestionsSchema,
  courseSummarySchema,
  namedDepartmentsSchema,
  pastedCodesResultSchema,
  searchPageSchema,
  stringListSchema,
} from "../../src/lib/api-schemas.ts";
import { HUB_CODES } from "../../src/lib/hub-areas.ts";
import { compareQuerySchema, pastedCodesSchema, suggestQuery } from "../../src/lib/schemas.ts";
import { LEVELS, parseSearchParams, SORTS } from "../../src/lib/search-filter.ts";
import type { CompareView } from "../../src/lib/api-types.ts";
import { EXAMPLES } from "../../src/server/api-examples.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { apiRead, apiWrite, idParameter, type ParameterSpec } from "../../src/server/openapi.ts";
import { courseIdParam, forExistingCourse } from "../../src/server/path-params.ts";
import { validate } from "../../src/server/validation.ts";
import {
  courseColleges,
  courseSuggestions,
  departmentsOf,
  findCourseDetail,
  namedDepartmentsOf,
  searchCourses,
} from "../../src/services/courses/course-queries.ts";
import { matchPastedCodes } from "../../src/services/courses/course-codes.ts";
import { courseSummary } from "../../src/services/courses/course-summary.ts";
import { compareCourses } from "../../src/services/courses/course-compare.ts";
import { courseSections } from "../../src/services/schedule/course-sections.ts";
import { badRequest, notFound, unauthorized } from "../../src/services/platform/domain-errors.ts";
import { LIMIT_MESSAGES } from "../../src/services/platform/request-limits.ts";

const PREREQS_MET_NEEDS_LOGIN = "Log in to see the courses whose prerequisites you have met";
const COURSES = "Courses" as const;
const COURSE_ID = idParameter("id", "The course's id.", EXAMPLES.course.id);

/** The search's query, as parseSearchParams (src/lib/search-filter.ts) reads it: lists repeat their parameter or separate values by commas. */
const codes = z.array(z.string().check(z.regex(/^[A-Za-z]{1,4}$/))).check(z.maxLength(30));
const yesNo = z.enum(["true", "false"]);
const SEARCH_PARAMETERS: ParameterSpec[] = [
  {
    in: "query",
    name: "q",
    description:
      "Words of a course's code, title or description (one line, at most 200 characters). Hub codes and names in it " +
      '("QR2", "hub etr", "writing intensive") act as hubReqs, and "ethics hub" alone ranks the area by "ethics"; ' +
      '"easy", "low workload", "heavy workload", "top rated" and "most popular" ask for the sorts easiest, lightest, ' +
      'hardest, byRating and byReviews unless sortBy is given ("light", "hard", "best" and "popular" only when ' +
      "nothing else is searched for). Words in double quotes are only words. The answer's `understood` says what " +
      "was read.",
    schema: z.string().check(z.maxLength(200)),
    example: "intro computer science",
  },
  {
    in: "query",
    name: "rank",
    description:
      "Words that order the courses without narrowing them (with relevance and no q): the courses matching them " +
      "first, then every other course in course order.",
    schema: z.string().check(z.maxLength(200)),
  },
  { in: "query", name: "colleges", description: "College codes, e.g. CAS.", schema: codes, example: ["CAS"] },
  { in: "query", name: "departments", description: "Department codes, e.g. CS.", schema: codes },
  {
    in: "query",
    name: "hubReqs",
    description: "Hub areas the course must carry, by code.",
    schema: z.array(z.enum([...HUB_CODES] as [string, ...string[]])),
  },
  ...(["minRating", "minUsefulness", "minInterest", "minTeacher"] as const).map((name): ParameterSpec => ({
    in: "query",
    name,
    description:
      `The lowest average ${
        name.slice(3).toLowerCase().replace("rating", "overall rating")
      } to keep, 0-5 in steps of 0.1 as the sliders go, ` +
      "written in plain digits (3.5, not 3.5e0).",
    schema: z.number().check(z.gte(0), z.lte(5), z.multipleOf(0.1)),
  })),
  ...(["maxDifficulty", "maxWorkload"] as const).map((name): ParameterSpec => ({
    in: "query",
    name,
    description: `The highest average ${
      name.slice(3).toLowerCase()
    } to keep, 1-5 in steps of 0.1, written in plain digits.`,
    schema: z.number().check(z.gte(1), z.lte(5), z.multipleOf(0.1)),
  })),
  {
    in: "query",
    name: "minCourseCode",
    description: "The lowest course number, in plain digits.",
    schema: z.int().check(z.gte(0), z.lte(9999)),
  },
  {
    in: "query",
    name: "reviewCount",
    description: "The fewest reviews.",
    schema: z.int().check(z.gte(0), z.lte(1_000_000)),
  },
  { in: "query", name: "noPreReqs", description: "true: only courses without prerequisites.", schema: yesNo },
  {
    in: "query",
    name: "levels",
    description: "Course levels by hundreds; 500 stands for every graduate level.",
    schema: z.array(z.enum(LEVELS.map(String) as [string, ...string[]])),
  },
  {
    in: "query",
    name: "offered",
    description:
      "A term code (the registrar's: 2268 is Fall 2026, 2271 Spring 2027): only courses with a section to register for " +
      "in that term that is not cancelled. Only terms with a class schedule are accepted; each result's `offering` " +
      "then counts that term's sections.",
    schema: z.string().check(z.regex(/^2\d\d[158]$/)),
    example: "2268",
  },
  { in: "query", name: "currentOnly", description: "true: only courses in BU's recent catalog.", schema: yesNo },
  {
    in: "query",
    name: "prereqsMet",
    description: "true: only courses whose prerequisites the signed-in student has met (needs a session).",
    schema: yesNo,
  },
  {
    in: "query",
    name: "includeUnreviewed",
    description: "true: with a rating filter, keep courses without reviews too.",
    schema: yesNo,
  },
  {
    in: "query",
    name: "allCourses",
    description:
      "true: every course; otherwise, when no words are left to match once Hub areas and sort words are read from q, " +
      "only current undergraduate courses (levels 100-400 of BU's recent catalog, or the levels chosen).",
    schema: yesNo,
  },
  {
    in: "query",
    name: "sortBy",
    description:
      "The order: relevance (the default with q or rank), byCourseCode (the default without), byRating, byReviews, " +
      "easiest and lightest (reviewed courses by average difficulty and workload, lowest first), or hardest.",
    schema: z.enum(Object.keys(SORTS) as [string, ...string[]]),
  },
  {
    in: "query",
    name: "page",
    description: "The page, from 0; 18 courses a page.",
    schema: z.int().check(z.gte(0), z.lte(100_000)),
  },
];

/**
 * /api/courses: search, suggestions as a student types, up to four courses compared, one course, and the colleges and
 * departments the filters offer. The fixed paths come before `/:id`, which would take them as ids.
 */
export default new Hono<AppEnv>()
  .get(
    "/search",
    apiRead({
      operationId: "searchCourses",
      tag: COURSES,
      summary: "Search courses by words, Hub areas, prerequisites and ratings",
      access: "anyone",
      parameters: SEARCH_PARAMETERS,
      answer: { description: "One page of courses.", schema: searchPageSchema, example: EXAMPLES.searchPage },
      errors: { 400: "minRating must be between 0 and 5", 401: PREREQS_MET_NEEDS_LOGIN, 429: LIMIT_MESSAGES.search },
    }),
    async (c) => {
      const parsed = parseSearchParams(new URL(c.req.url).searchParams);
      if (!parsed.ok) throw badRequest(parsed.message);
      const user = c.var.user?.enabled ? c.var.user : null;
      if (parsed.filter.prereqsMet && !user) throw unauthorized(PREREQS_MET_NEEDS_LOGIN);
      const { filter, sortGiven } = parsed;
      return c.json(await searchCourses(c.var.deps.database.db, filter, user?.id, { sortGiven }));
    },
  )
  .get(
    "/suggest",
    apiRead({
      operationId: "suggestCourses",
      tag: COURSES,
      summary: "Up to 8 courses for what was typed",
      access: "anyone",
      answer: {
        description: "Courses by code and title.",
        schema: courseSuggestionsSchema,
        example: EXAMPLES.courseSuggestions,
      },
      errors: { 400: "q must be at most 200 characters", 429: LIMIT_MESSAGES.typing },
    }),
    validate("query", suggestQuery),
    async (c) => {
      return c.json(await courseSuggestions(c.var.deps.database.db, c.req.valid("query").q));
    },
  )
  .get(
    "/colleges",
    apiRead({
      operationId: "listColleges",
      tag: COURSES,
      summary: "The colleges that have courses",
      access: "anyone",
      answer: { description: "College codes, sorted.", schema: stringListSchema, example: EXAMPLES.colleges },
    }),
    async (c) => c.json(await courseColleges(c.var.deps.database.db)),
  )
  .get(
    "/departments/:college",
    apiRead({
      operationId: "listDepartments",
      tag: COURSES,
      summary: "A college's departments",
      description: "Department codes; with `names=true`, each code with its name (sorted by name).",
      access: "anyone",
      parameters: [
        {
          in: "path",
          name: "college",
          description: "A college code, e.g. CAS.",
          schema: z.string().check(z.regex(/^[A-Za-z]{1,4}$/)),
          example: "CAS",
        },
        { in: "query", name: "names", description: "true: answer each department's code and name.", schema: yesNo },
      ],
      answer: {
        description: "Department codes, sorted (or codes with names, with `names=true`).",
        schema: z.union([stringListSchema, namedDepartmentsSchema]),
        example: EXAMPLES.departments,
      },
      errors: { 400: "Unknown college: C4S" },
    }),
    async (c) => {
      const college = c.req.param("college").toUpperCase();
      if (!/^[A-Z]{1,4}$/.test(college)) throw badRequest(`Unknown college: ${c.req.param("college")}`);
      // ?names=true gives each department with its name (the filters show names); without it, the codes.
      const db = c.var.deps.database.db;
      return c.json(
        c.req.query("names") === "true" ? await namedDepartmentsOf(db, college) : await departmentsOf(db, college),
      );
    },
  )
  .get(
    "/compare",
    apiRead({
      operationId: "compareCourses",
      tag: COURSES,
      summary: "Up to four courses side by side",
      access: "anyone",
      answer: {
        description: "The courses, in the order asked.",
        schema: compareViewSchema,
        example: EXAMPLES.comparison,
      },
      errors: { 400: "Choose at least one course to compare", 404: "Course not found", 429: LIMIT_MESSAGES.pages },
    }),
    validate("query", compareQuerySchema),
    async (c) => {
      const user = c.var.user?.enabled ? c.var.user : null;
      const { courses, missing } = await compareCourses(c.var.deps.database.db, c.req.valid("query").ids, user?.id);
      if (missing.length) throw notFound(unknownCoursesMessage(missing));
      return c.json({ courses } satisfies CompareView);
    },
  )
  .post(
    "/match",
    apiWrite({
      operationId: "matchPastedCodes",
      tag: COURSES,
      summary: "Find the courses named in pasted text",
      description:
        "Reads a transcript, a degree audit or typed codes line by line (titles, grades, credits, section letters " +
        "and term headings are passed over). Changes nothing: a POST only because the text can be long.",
      access: "anyone",
      answer: {
        description: "The courses found, and what named none.",
        schema: pastedCodesResultSchema,
        example: EXAMPLES.pastedCodes,
      },
      errors: { 400: "Paste some course codes", 429: LIMIT_MESSAGES.paste },
    }),
    validate("json", pastedCodesSchema),
    async (c) => {
      const user = c.var.user?.enabled ? c.var.user : null;
      return c.json(await matchPastedCodes(c.var.deps.database.db, c.req.valid("json").text, user?.id));
    },
  )
  .get(
    "/:id/summary",
    apiRead({
      operationId: "courseSummary",
      tag: COURSES,
      summary: "A course's figures: averages, distribution, trend, professors, semesters",
      access: "anyone",
      parameters: [COURSE_ID],
      answer: {
        description: "The figures over the course's visible reviews.",
        schema: courseSummarySchema,
        example: EXAMPLES.summary,
      },
      errors: { 404: "Course not found" },
    }),
    async (c) => {
      const user = c.var.user?.enabled ? c.var.user : null;
      const db = c.var.deps.database.db;
      return c.json(
        await forExistingCourse(db, c.req.param("id"), (courseId) => courseSummary(db, courseId, user?.id)),
      );
    },
  )
  .get(
    "/:id/sections",
    apiRead({
      operationId: "courseSections",
      tag: COURSES,
      summary: "A course's sections in the current and coming terms, with instructors, seats and companions",
      access: "anyone",
      parameters: [COURSE_ID],
      answer: {
        description: "The course's sections per known term, from the current term on, in calendar order.",
        schema: courseSectionsSchema,
        example: EXAMPLES.sections,
      },
      errors: { 404: "Course not found" },
    }),
    async (c) => {
      const db = c.var.deps.database.db;
      return c.json(await forExistingCourse(db, c.req.param("id"), (courseId) => courseSections(db, courseId)));
    },
  )
  .get(
    "/:id",
    apiRead({
      operationId: "getCourse",
      tag: COURSES,
      summary: "One course, with its prerequisites and the courses that require it",
      access: "anyone",
      parameters: [COURSE_ID],
      answer: { description: "The course.", schema: courseDetailSchema, example: EXAMPLES.courseDetail },
      errors: { 404: "Course not found" },
    }),
    async (c) => {
      const user = c.var.user?.enabled ? c.var.user : null;
      const course = await findCourseDetail(c.var.deps.database.db, courseIdParam(c.req.param("id")), user?.id);
      if (!course) throw notFound("Course not found");
      return c.json(course);
    },
  );
