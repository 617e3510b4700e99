import { Hono } from "hono";
import { sameOrigin } from "../src/middleware/request-guards.ts";
import type { AppEnv } from "../src/server/context.ts";
import { endBrowserSession } from "../src/server/session-cookie.ts";
import { signOut } from "../src/services/accounts/accounts.ts";

/** POST /logout: the Sign Out button's form, which works without JavaScript; ends every session and goes to the landing page. */
export default new Hono<AppEnv>().post("/", sameOrigin(), async (c) => {
  if (c.var.user) await signOut(c.var.deps.database, c.var.user.id);
  endBrowserSession(c);
  return c.redirect("/", 303);
});
