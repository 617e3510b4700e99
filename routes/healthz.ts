import { Hono } from "hono";
import type { AppEnv } from "../src/server/context.ts";
import { databaseAnswers } from "../src/services/platform/health.ts";

/** /healthz: alive when the database answers a query. */
export default new Hono<AppEnv>().get("/", async (c) => {
  c.header("Cache-Control", "no-store");
  return await databaseAnswers(c.var.deps.database.db)
    ? c.json({ status: "ok" })
    : c.json({ status: "unavailable", message: "The database does not answer." }, 503);
});
