import { Hono } from "hono";
import * as z from "zod/mini";
import {
  messageSchema,
  scheduleViewSchema,
  worksheetJoinSchema,
  worksheetSchema,
  worksheetVersionSchema,
} from "../../src/lib/api-schemas.ts";
import {
  courseChoiceSchema,
  createVersionSchema,
  joinWorksheetsSchema,
  scheduleQuerySchema,
  updateVersionSchema,
  worksheetQuerySchema,
} from "../../src/lib/schedule-schemas.ts";
import { requireUser } from "../../src/middleware/require-user.ts";
import { EXAMPLES } from "../../src/server/api-examples.ts";
import type { AppContext, AppEnv } from "../../src/server/context.ts";
import { apiRead, apiWrite, idParameter } from "../../src/server/openapi.ts";
import { courseIdParam } from "../../src/server/path-params.ts";
import { validate } from "../../src/server/validation.ts";
import { notFound } from "../../src/services/platform/domain-errors.ts";
import { scheduleCalendarFile } from "../../src/services/schedule/schedule-calendar.ts";
import { scheduleView } from "../../src/services/schedule/schedule-view.ts";
import {
  createVersion,
  deleteVersion,
  joinWorksheets,
  removeCourse,
  setCourseSections,
  updateVersion,
  WORKSHEET_MESSAGES,
  worksheetVersions,
} from "../../src/services/schedule/worksheets.ts";

const SCHEDULES = "Schedules" as const;
const VERSION_ID = idParameter("id", "The worksheet version's id.", EXAMPLES.worksheetVersion.id);
const COURSE_ID = idParameter("courseId", "The course's id.", EXAMPLES.course.id);
const SHARE_TOKEN = {
  in: "path" as const,
  name: "token",
  description: "The share link's token.",
  schema: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/)),
  example: "q8Zr3tW0fTk1b8yH2mV7nA",
};
const SHARED_NOT_FOUND = "This shared schedule is not shared any more";
const ICS = "text/calendar; charset=utf-8";

const viewerOf = (c: AppContext) => c.var.user?.enabled ? c.var.user.id : undefined;

/** A path id: one that cannot name a row is answered 404, like a missing row. */
function versionIdParam(raw: string | undefined): number {
  const id = /^\d{1,10}$/.test(raw ?? "") ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) throw notFound(WORKSHEET_MESSAGES.notFound);
  return id;
}

/** A calendar file answered as a download, never kept by a cache (a shared link can be turned off). */
function calendarResponse(c: AppContext, text: string, name: string): Response {
  c.header("Content-Type", ICS);
  c.header(
    "Content-Disposition",
    `attachment; filename="${name.replace(/[^A-Za-z0-9 ._-]/g, "").trim() || "schedule"}.ics"`,
  );
  c.header("Cache-Control", "no-store");
  return c.body(text);
}

const calendarAnswer = {
  description: "An iCalendar file (RFC 5545): one weekly event per meeting pattern, in America/New_York.",
  schema: z.string(),
  contentType: "text/calendar",
  example: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR\r\n",
};

/**
 * /api/schedules: a week of a term's sections for anyone (the visitor's worksheet lives in their browser), its
 * calendar file, a shared version; and the signed-in student's worksheet versions.
 */
export default new Hono<AppEnv>()
  .get(
    "/view",
    apiRead({
      operationId: "scheduleView",
      tag: SCHEDULES,
      summary: "A week of a term's sections, with the figures to choose by",
      description:
        "The courses given, each with the sections chosen among `sections` (the others are ignored), every section of " +
        "the term to choose from and its figures. Signed in, `adds` says which remaining Hub units the courses cover.",
      access: "anyone",
      answer: { description: "The week.", schema: scheduleViewSchema, example: EXAMPLES.scheduleView },
      errors: { 400: "term must be a term code, e.g. 2268 (Fall 2026)", 404: WORKSHEET_MESSAGES.unknownTerm },
    }),
    validate("query", scheduleQuerySchema),
    async (c) => {
      const { term, courses = [], sections = [] } = c.req.valid("query");
      const chosen = courses.map((courseId) => ({ courseId, sectionIds: sections }));
      const week = await scheduleView(c.var.deps.database.db, { term, chosen }, viewerOf(c));
      if (!week) throw notFound(WORKSHEET_MESSAGES.unknownTerm);
      return c.json(week.view);
    },
  )
  .get(
    "/calendar.ics",
    apiRead({
      operationId: "scheduleCalendar",
      tag: SCHEDULES,
      summary: "The calendar file of a week of sections",
      access: "anyone",
      answer: calendarAnswer,
      errors: { 400: "term must be a term code, e.g. 2268 (Fall 2026)", 404: WORKSHEET_MESSAGES.unknownTerm },
    }),
    validate("query", scheduleQuerySchema),
    async (c) => {
      const { term, courses = [], sections = [] } = c.req.valid("query");
      const chosen = courses.map((courseId) => ({ courseId, sectionIds: sections }));
      const file = await scheduleCalendarFile(c.var.deps.database.db, { term, chosen }, "My schedule");
      if (!file) throw notFound(WORKSHEET_MESSAGES.unknownTerm);
      return calendarResponse(c, file.text, file.name);
    },
  )
  .get(
    "/shared/:token",
    apiRead({
      operationId: "sharedSchedule",
      tag: SCHEDULES,
      summary: "A version a student shared, read-only",
      access: "anyone",
      parameters: [SHARE_TOKEN],
      answer: {
        description: "The version's name and week (without the student's Hub progress).",
        schema: z.object({ name: z.string(), view: scheduleViewSchema }),
        example: { name: "Plan A", view: EXAMPLES.scheduleView },
      },
      errors: { 404: SHARED_NOT_FOUND },
    }),
    async (c) => {
      const week = await scheduleView(c.var.deps.database.db, { shareToken: c.req.param("token") });
      if (!week?.version) throw notFound(SHARED_NOT_FOUND);
      // Turning sharing off takes effect at once: no copy is kept anywhere.
      c.header("Cache-Control", "no-store");
      return c.json({ name: week.version.name, view: week.view });
    },
  )
  .get(
    "/shared/:token/calendar.ics",
    apiRead({
      operationId: "sharedScheduleCalendar",
      tag: SCHEDULES,
      summary: "The calendar file of a shared version",
      access: "anyone",
      parameters: [SHARE_TOKEN],
      answer: calendarAnswer,
      errors: { 404: SHARED_NOT_FOUND },
    }),
    async (c) => {
      const file = await scheduleCalendarFile(c.var.deps.database.db, { shareToken: c.req.param("token") });
      if (!file) throw notFound(SHARED_NOT_FOUND);
      return calendarResponse(c, file.text, file.name);
    },
  )
  .get(
    "/mine",
    apiRead({
      operationId: "myWorksheet",
      tag: SCHEDULES,
      summary: "The student's worksheet versions for a term",
      access: "student",
      answer: { description: "The versions, oldest first.", schema: worksheetSchema, example: EXAMPLES.worksheet },
      errors: { 400: "term must be a term code, e.g. 2268 (Fall 2026)" },
    }),
    requireUser,
    validate("query", worksheetQuerySchema),
    async (c) => {
      const { term } = c.req.valid("query");
      return c.json({ term, versions: await worksheetVersions(c.var.deps.database.db, c.var.user!.id, term) });
    },
  )
  .post(
    "/mine",
    apiWrite({
      operationId: "createWorksheetVersion",
      tag: SCHEDULES,
      summary: "Start a version of the worksheet for a term, empty or a copy of another",
      access: "student",
      answer: {
        status: 201,
        description: "The new version.",
        schema: worksheetVersionSchema,
        example: EXAMPLES.worksheetVersion,
      },
      errors: {
        400: "Give the plan a name",
        404: WORKSHEET_MESSAGES.unknownTerm,
        409: 'You already have a plan named "Plan A" for Fall 2026',
      },
    }),
    requireUser,
    validate("json", createVersionSchema),
    async (c) => c.json(await createVersion(c.var.deps.database, c.var.user!.id, c.req.valid("json")), 201),
  )
  .post(
    "/mine/join",
    apiWrite({
      operationId: "joinWorksheets",
      tag: SCHEDULES,
      summary: "Make the worksheet a visitor kept in this browser the student's",
      access: "student",
      answer: { description: "What it became.", schema: worksheetJoinSchema, example: EXAMPLES.worksheetJoin },
      errors: { 400: "worksheets is required" },
    }),
    requireUser,
    validate("json", joinWorksheetsSchema),
    async (c) => c.json(await joinWorksheets(c.var.deps.database, c.var.user!.id, c.req.valid("json").worksheets)),
  )
  .patch(
    "/mine/:id",
    apiWrite({
      operationId: "updateWorksheetVersion",
      tag: SCHEDULES,
      summary: "Rename a version, or turn its read-only share link on or off",
      access: "student",
      parameters: [VERSION_ID],
      answer: { description: "The version.", schema: worksheetVersionSchema, example: EXAMPLES.worksheetVersion },
      errors: {
        400: "Give a new name or shared",
        404: WORKSHEET_MESSAGES.notFound,
        409: 'You already have a plan named "Plan A" for Fall 2026',
      },
    }),
    requireUser,
    validate("json", updateVersionSchema),
    async (c) =>
      c.json(
        await updateVersion(
          c.var.deps.database,
          c.var.user!.id,
          versionIdParam(c.req.param("id")),
          c.req.valid("json"),
        ),
      ),
  )
  .delete(
    "/mine/:id",
    apiWrite({
      operationId: "deleteWorksheetVersion",
      tag: SCHEDULES,
      summary: "Delete a version",
      access: "student",
      parameters: [VERSION_ID],
      answer: { description: "Deleted.", schema: messageSchema, example: { message: "Plan deleted" } },
      errors: { 404: WORKSHEET_MESSAGES.notFound },
    }),
    requireUser,
    async (c) => {
      await deleteVersion(c.var.deps.database, c.var.user!.id, versionIdParam(c.req.param("id")));
      return c.json({ message: "Plan deleted" });
    },
  )
  .put(
    "/mine/:id/courses/:courseId",
    apiWrite({
      operationId: "setWorksheetCourse",
      tag: SCHEDULES,
      summary: "Add a course to a version, or swap its sections",
      description:
        "`sectionIds`: one section to register for and, when the course has them for it, one of its discussions or " +
        "labs. The answer says what to change when the choice does not hold.",
      access: "student",
      parameters: [VERSION_ID, COURSE_ID],
      answer: { description: "The version.", schema: worksheetVersionSchema, example: EXAMPLES.worksheetVersion },
      errors: {
        400: "CAS CS 111 A1 needs a discussion or lab: choose one of B1, B2, B3",
        404: WORKSHEET_MESSAGES.notFound,
        409: WORKSHEET_MESSAGES.tooManyCourses,
      },
    }),
    requireUser,
    validate("json", courseChoiceSchema),
    async (c) =>
      c.json(
        await setCourseSections(
          c.var.deps.database,
          c.var.user!.id,
          versionIdParam(c.req.param("id")),
          courseIdParam(c.req.param("courseId")),
          c.req.valid("json").sectionIds,
        ),
      ),
  )
  .delete(
    "/mine/:id/courses/:courseId",
    apiWrite({
      operationId: "removeWorksheetCourse",
      tag: SCHEDULES,
      summary: "Take a course out of a version",
      access: "student",
      parameters: [VERSION_ID, COURSE_ID],
      answer: { description: "The version.", schema: worksheetVersionSchema, example: EXAMPLES.worksheetVersion },
      errors: { 404: WORKSHEET_MESSAGES.notFound },
    }),
    requireUser,
    async (c) =>
      c.json(
        await removeCourse(
          c.var.deps.database,
          c.var.user!.id,
          versionIdParam(c.req.param("id")),
          courseIdParam(c.req.param("courseId")),
        ),
      ),
  );
