import { Hono } from "hono";
import * as z from "zod/mini";
import { LIST_API_SEGMENTS, LIST_NAMES, type ListName } from "../../src/lib/course-list-names.ts";
import { hubSummary } from "../../src/lib/hub-counting.ts";
import { LAST_TERM_CODE, MAX_EXCLUDED, parseHubPlanQuery, PLAN_LIMITS } from "../../src/lib/hub-plan.ts";
import {
  accountUpdatedSchema,
  accountViewSchema,
  courseViewSchema,
  dashboardSchema,
  hubPlanSchema,
  hubProgressSchema,
  listAddSchema,
  listChangeSchema,
  messageSchema,
  plannerSettingsSavedSchema,
  remindersSchema,
} from "../../src/lib/api-schemas.ts";
import { accountSchema, courseIdsSchema, plannerSettingsSchema, reviewRemindersSchema } from "../../src/lib/schemas.ts";
import { requireUser } from "../../src/middleware/require-user.ts";
import { accountDeps } from "../../src/server/account-deps.ts";
import { EXAMPLES } from "../../src/server/api-examples.ts";
import type { SignedInEnv } from "../../src/server/context.ts";
import { setNotice } from "../../src/server/notice.ts";
import { apiRead, apiWrite, idParameter } from "../../src/server/openapi.ts";
import { courseIdParam } from "../../src/server/path-params.ts";
import { endBrowserSession } from "../../src/server/session-cookie.ts";
import { validate } from "../../src/server/validation.ts";
import { accountView, deleteAccount, MESSAGES, updateAccount } from "../../src/services/accounts/accounts.ts";
import {
  addToList,
  changeList,
  dashboardFor,
  hubProgressFor,
  listCourses,
} from "../../src/services/courses/course-lists.ts";
import { badRequest } from "../../src/services/platform/domain-errors.ts";
import { hubPlanFor, PLANNER_BUSY } from "../../src/services/hub/hub-plan-solver.ts";
import { PLANNER_SETTINGS_SAVED, savePlannerSettings } from "../../src/services/hub/planner-settings.ts";
import { REMINDER_MESSAGES, setReviewReminders } from "../../src/services/reviews/review-reminders.ts";

const STUDENT = "Student" as const;
const COURSE_ID = idParameter("id", "The course's id.", EXAMPLES.course.id);

/** How the document names each list. */
const LIST_WORDS: Record<ListName, { title: string; id: string }> = {
  completed: { title: "completed courses", id: "CompletedCourses" },
  future: { title: "future courses (in progress or planned)", id: "FutureCourses" },
  saved: { title: "saved courses", id: "SavedCourses" },
};

/** /api/users: the signed-in student's account, dashboard, Hub progress and course lists. Everything here needs a session. */
const users = new Hono<SignedInEnv>()
  .use("*", requireUser)
  .get(
    "/account",
    apiRead({
      operationId: "getAccount",
      tag: STUDENT,
      summary: "The student's account",
      access: "student",
      answer: { description: "The account.", schema: accountViewSchema, example: EXAMPLES.account },
    }),
    (c) => c.json(accountView(c.var.user)),
  )
  .put(
    "/account",
    apiWrite({
      operationId: "updateAccount",
      tag: STUDENT,
      summary: "Change the college, major and expected graduation",
      access: "student",
      answer: {
        description: "Updated.",
        schema: accountUpdatedSchema,
        example: { message: MESSAGES.accountUpdated, account: EXAMPLES.account },
      },
      errors: { 400: "Select a major" },
    }),
    validate("json", accountSchema),
    async (c) => {
      const account = await updateAccount(accountDeps(c), c.var.user.id, c.req.valid("json"));
      return c.json({ message: MESSAGES.accountUpdated, account });
    },
  )
  .put(
    "/review-reminders",
    apiWrite({
      operationId: "setReviewReminders",
      tag: STUDENT,
      summary: "Turn the end-of-term review reminder mail on or off",
      access: "student",
      answer: {
        description: "The choice now.",
        schema: remindersSchema,
        example: { message: REMINDER_MESSAGES.on, reviewReminders: true },
      },
      errors: { 400: "enabled must be true or false" },
    }),
    validate("json", reviewRemindersSchema),
    async (c) => {
      const reviewReminders = await setReviewReminders(c.var.deps.database, c.var.user.id, c.req.valid("json").enabled);
      return c.json({ message: reviewReminders ? REMINDER_MESSAGES.on : REMINDER_MESSAGES.off, reviewReminders });
    },
  )
  .delete(
    "/delete",
    apiWrite({
      operationId: "deleteAccount",
      tag: STUDENT,
      summary: "Delete the account and everything it holds, at once",
      access: "student",
      answer: {
        description: "Deleted, reviews and votes included.",
        schema: messageSchema,
        example: { message: MESSAGES.accountDeleted },
      },
    }),
    async (c) => {
      await deleteAccount(accountDeps(c), c.var.user);
      endBrowserSession(c);
      setNotice(c, "account-deleted");
      return c.json({ message: MESSAGES.accountDeleted });
    },
  )
  .get(
    "/dashboard",
    apiRead({
      operationId: "dashboard",
      tag: STUDENT,
      summary: "The dashboard's figures",
      access: "student",
      answer: { description: "The figures.", schema: dashboardSchema, example: EXAMPLES.dashboard },
    }),
    async (c) => c.json(await dashboardFor(c.var.deps.database.db, c.var.user)),
  )
  .get(
    "/hub-progress",
    apiRead({
      operationId: "hubProgress",
      tag: STUDENT,
      summary: "Progress through the BU Hub from completed and future courses",
      access: "student",
      answer: {
        description: "Each Hub area, and the totals.",
        schema: hubProgressSchema,
        example: EXAMPLES.hubProgress,
      },
    }),
    async (c) => {
      const progress = await hubProgressFor(c.var.deps.database.db, c.var.user.id);
      return c.json({
        hubProgress: progress.items,
        summary: hubSummary(progress.requirements),
        track: progress.track,
        requirements: progress.requirements,
      });
    },
  )
  .get(
    "/hub-plan",
    apiRead({
      operationId: "hubPlan",
      tag: STUDENT,
      summary: "The fewest courses that complete the Hub",
      access: "student",
      parameters: [
        {
          in: "query",
          name: "eligibleOnly",
          description: "false: also courses whose prerequisites are not met yet (true by default).",
          schema: z.enum(["true", "false"]),
        },
        {
          in: "query",
          name: "exclude",
          description: `Course ids to leave out of this plan only (at most ${MAX_EXCLUDED}).`,
          schema: z.array(z.int().check(z.gte(1), z.lte(2 ** 31 - 1))).check(z.maxLength(MAX_EXCLUDED)),
        },
        {
          in: "query",
          name: "terms",
          description:
            `How many terms to lay the plan over, from \`term\` on (1 when \`term\` is given, at most ${PLAN_LIMITS.terms}). Without \`term\` and \`terms\`, the plan is in no term: the fewest courses overall, offerings not checked.`,
          schema: z.int().check(z.gte(1), z.lte(PLAN_LIMITS.terms)),
        },
        {
          in: "query",
          name: "perTerm",
          description: `Courses per term at most (no limit by default; at most ${PLAN_LIMITS.perTerm}).`,
          schema: z.int().check(z.gte(1), z.lte(PLAN_LIMITS.perTerm)),
        },
        {
          in: "query",
          name: "term",
          description:
            "The plan's first term, a fall or spring code (2271 is Spring 2027; another code stands for the first fall or spring from it on); with `terms` alone, the next term with a class schedule, else the next term.",
          schema: z.int().check(z.gte(2000), z.lte(LAST_TERM_CODE)),
        },
        {
          in: "query",
          name: "fitsWeek",
          description:
            "true: in the first term, pick sections with no time conflict with the student's worksheet for it (false by default).",
          schema: z.enum(["true", "false"]),
        },
        {
          in: "query",
          name: "schedule",
          description: "The worksheet version to fit (by default the student's first for the term).",
          schema: z.int().check(z.gte(1), z.lte(2 ** 31 - 1)),
        },
      ],
      answer: {
        description: "What is missing and a plan that covers it.",
        schema: hubPlanSchema,
        example: EXAMPLES.hubPlan,
      },
      errors: {
        400: "eligibleOnly must be true or false",
        429: {
          description: "The student asked for many plans in a short time, or the instance's planner is busy.",
          message: PLANNER_BUSY,
        },
      },
    }),
    async (c) => {
      const options = parseHubPlanQuery(new URL(c.req.url).searchParams);
      if (!options.ok) throw badRequest(options.message);
      // A solve is costly: each student gets a share of this instance's planner (src/services/platform/request-limits.ts).
      const release = c.var.deps.limits.planner.take(`student:${c.var.user.id}`);
      try {
        return c.json(await hubPlanFor(c.var.deps.database.db, c.var.user.id, options.options));
      } finally {
        release();
      }
    },
  )
  .put(
    "/planner-settings",
    apiWrite({
      operationId: "setPlannerSettings",
      tag: STUDENT,
      summary: "Departments, levels and courses the Hub planner leaves out of every plan",
      access: "student",
      answer: {
        description: "The choices now kept.",
        schema: plannerSettingsSavedSchema,
        example: { message: PLANNER_SETTINGS_SAVED, settings: { departments: ["CAS LS"], levels: [400], courses: [] } },
      },
      errors: { 400: "departments must be codes like CAS LS", 404: "Course not found" },
    }),
    validate("json", plannerSettingsSchema),
    async (c) => {
      const settings = await savePlannerSettings(c.var.deps.database, c.var.user.id, c.req.valid("json"));
      return c.json({ message: PLANNER_SETTINGS_SAVED, settings });
    },
  );

for (const list of LIST_NAMES) {
  const path = `/${LIST_API_SEGMENTS[list]}`;
  const { title, id } = LIST_WORDS[list];
  // Several at once (My Courses' pasted codes, the Hub planner's Add all).
  users.post(
    path,
    apiWrite({
      operationId: `add${id}`,
      tag: STUDENT,
      summary: `Add several courses to the ${title}`,
      access: "student",
      answer: {
        description: "How many were added, and how many were there already.",
        schema: listAddSchema,
        example: EXAMPLES.listAdd,
      },
      errors: { 400: "Choose at least one course", 404: "Course not found" },
    }),
    validate("json", courseIdsSchema),
    async (c) => c.json(await addToList(c.var.deps.database, c.var.user.id, list, c.req.valid("json").ids)),
  );
  users.get(
    path,
    apiRead({
      operationId: `list${id}`,
      tag: STUDENT,
      summary: `The ${title}, newest first`,
      access: "student",
      answer: { description: "The courses.", schema: z.array(courseViewSchema), example: [EXAMPLES.course] },
    }),
    async (c) => c.json(await listCourses(c.var.deps.database.db, c.var.user.id, list)),
  );
  users.post(
    `${path}/:id`,
    apiWrite({
      operationId: `add${id.replace(/s$/, "")}`,
      tag: STUDENT,
      summary: `Add a course to the ${title}`,
      access: "student",
      parameters: [COURSE_ID],
      answer: {
        description: "Whether it changed, and whether the course is in the list now.",
        schema: listChangeSchema,
        example: EXAMPLES.listChange,
      },
      errors: { 404: "Course not found" },
    }),
    async (c) =>
      c.json(await changeList(c.var.deps.database, c.var.user.id, list, courseIdParam(c.req.param("id")), true)),
  );
  users.delete(
    `${path}/:id`,
    apiWrite({
      operationId: `remove${id.replace(/s$/, "")}`,
      tag: STUDENT,
      summary: `Take a course off the ${title}`,
      access: "student",
      parameters: [COURSE_ID],
      answer: {
        description: "Whether it changed, and whether the course is in the list now.",
        schema: listChangeSchema,
        example: { ...EXAMPLES.listChange, inList: false, message: "Removed from your completed courses." },
      },
      errors: { 404: "Course not found" },
    }),
    async (c) =>
      c.json(await changeList(c.var.deps.database, c.var.user.id, list, courseIdParam(c.req.param("id")), false)),
  );
}

export default users;
