import { Hono } from "hono";
import { LIST_API_SEGMENTS, LIST_NAMES } from "../../src/lib/course-list-names.ts";
import { hubSummary } from "../../src/lib/hub-counting.ts";
import { parseHubPlanQuery } from "../../src/lib/hub-plan.ts";
import { accountSchema, courseIdsSchema, reviewRemindersSchema } from "../../src/lib/schemas.ts";
import { requireUser } from "../../src/middleware/require-user.ts";
import { accountDeps } from "../../src/server/account-deps.ts";
import type { SignedInEnv } from "../../src/server/context.ts";
import { setNotice } from "../../src/server/notice.ts";
import { courseIdParam } from "../../src/server/path-params.ts";
import { clearSessionCookie } from "../../src/server/session-cookie.ts";
import { validate } from "../../src/server/validation.ts";
import { accountView, deleteAccount, MESSAGES, updateAccount } from "../../src/services/accounts.ts";
import { addToList, changeList, dashboardFor, hubProgressFor, listCourses } from "../../src/services/course-lists.ts";
import { badRequest } from "../../src/services/domain-errors.ts";
import { hubPlanFor } from "../../src/services/hub-plan-solver.ts";
import { REMINDER_MESSAGES, setReviewReminders } from "../../src/services/review-reminders.ts";

/** /api/users: the signed-in student's account, dashboard, Hub progress and course lists. Everything here needs a session. */
const users = new Hono<SignedInEnv>()
  .use("*", requireUser)
  .get("/account", (c) => c.json(accountView(c.var.user)))
  .put("/account", validate("json", accountSchema), async (c) => {
    const account = await updateAccount(accountDeps(c), c.var.user.id, c.req.valid("json"));
    return c.json({ message: MESSAGES.accountUpdated, account });
  })
  .put("/review-reminders", validate("json", reviewRemindersSchema), async (c) => {
    const reviewReminders = await setReviewReminders(c.var.deps.database, c.var.user.id, c.req.valid("json").enabled);
    return c.json({ message: reviewReminders ? REMINDER_MESSAGES.on : REMINDER_MESSAGES.off, reviewReminders });
  })
  .delete("/delete", async (c) => {
    await deleteAccount(accountDeps(c), c.var.user.id);
    clearSessionCookie(c);
    setNotice(c, "account-deleted");
    return c.json({ message: MESSAGES.accountDeleted });
  })
  .get("/dashboard", async (c) => c.json(await dashboardFor(c.var.deps.database.db, c.var.user)))
  .get("/hub-progress", async (c) => {
    const hubProgress = await hubProgressFor(c.var.deps.database.db, c.var.user.id);
    return c.json({ hubProgress, summary: hubSummary(hubProgress) });
  })
  .get("/hub-plan", async (c) => {
    const options = parseHubPlanQuery(new URL(c.req.url).searchParams);
    if (!options.ok) throw badRequest(options.message);
    return c.json(await hubPlanFor(c.var.deps.database.db, c.var.user.id, options.options));
  });

for (const list of LIST_NAMES) {
  const path = `/${LIST_API_SEGMENTS[list]}`;
  // Several at once (My Courses' pasted codes, the Hub planner's Add all).
  users.post(path, validate("json", courseIdsSchema), async (c) => c.json(await addToList(c.var.deps.database, c.var.user.id, list, c.req.valid("json").ids)));
  users.get(path, async (c) => c.json(await listCourses(c.var.deps.database.db, c.var.user.id, list)));
  users.post(`${path}/:id`, async (c) => c.json(await changeList(c.var.deps.database, c.var.user.id, list, courseIdParam(c.req.param("id")), true)));
  users.delete(`${path}/:id`, async (c) => c.json(await changeList(c.var.deps.database, c.var.user.id, list, courseIdParam(c.req.param("id")), false)));
}

export default users;
