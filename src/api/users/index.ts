import { Hono } from "hono";
import { accountSchema } from "../../lib/schemas.ts";
import type { AppEnv } from "../../server/context.ts";
import { accountView, deleteAccount, MESSAGES, updateAccount } from "../../services/accounts.ts";
import { accountDeps, requireUser } from "../guards.ts";
import { clearSessionCookie } from "../session-cookie.ts";
import { validate } from "../validate.ts";

export const usersApi = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/account", (c) => c.json(accountView(c.var.user!)))
  .put("/account", validate("json", accountSchema), async (c) => {
    const account = await updateAccount(accountDeps(c), c.var.user!.id, c.req.valid("json"));
    return c.json({ message: MESSAGES.accountUpdated, account });
  })
  .delete("/delete", async (c) => {
    await deleteAccount(accountDeps(c), c.var.user!.id);
    clearSessionCookie(c);
    return c.json({ message: MESSAGES.accountDeleted });
  });
