import { Hono } from "hono";
import { accountSchema } from "../../lib/schemas.ts";
import { hubSummary } from "../../lib/hub-progress.ts";
import type { AppEnv } from "../../server/context.ts";
import { setNotice } from "../../server/notice.ts";
import { accountView, deleteAccount, MESSAGES, updateAccount } from "../../services/accounts.ts";
import { changeList, dashboardFor, hubProgressFor, listCourses, type ListName } from "../../services/course-lists.ts";
import { courseIdParam } from "../courses/index.ts";
import { accountDeps, requireUser } from "../guards.ts";
import { clearSessionCookie } from "../session-cookie.ts";
import { validate } from "../validate.ts";

/** URL names of the lists, as SPEC.md section 7 has them. */
const LIST_PATHS: Record<string, ListName> = {
  "completed-courses": "completed",
  "courses-in-progress": "future",
  "saved-courses": "saved",
};

const app = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/account", (c) => c.json(accountView(c.var.user!)))
  .put("/account", validate("json", accountSchema), async (c) => {
    const account = await updateAccount(accountDeps(c), c.var.user!.id, c.req.valid("json"));
    return c.json({ message: MESSAGES.accountUpdated, account });
  })
  .delete("/delete", async (c) => {
    await deleteAccount(accountDeps(c), c.var.user!.id);
    clearSessionCookie(c);
    setNotice(c, "account-deleted");
    return c.json({ message: MESSAGES.accountDeleted });
  })
  .get("/dashboard", async (c) => c.json(await dashboardFor(c.var.deps.database.db, c.var.user!)))
  .get("/hub-progress", async (c) => {
    const hubProgress = await hubProgressFor(c.var.deps.database.db, c.var.user!.id);
    return c.json({ hubProgress, summary: hubSummary(hubProgress) });
  });

for (const [path, list] of Object.entries(LIST_PATHS)) {
  app.get(`/${path}`, async (c) => c.json(await listCourses(c.var.deps.database.db, c.var.user!.id, list)));
  app.post(`/${path}/:id`, async (c) => c.json(await changeList(c.var.deps.database, c.var.user!.id, list, courseIdParam(c.req.param("id")), true)));
  app.delete(`/${path}/:id`, async (c) => c.json(await changeList(c.var.deps.database, c.var.user!.id, list, courseIdParam(c.req.param("id")), false)));
}

export const usersApi = app;
