import { Hono } from "hono";
import type { AppEnv } from "../src/server/context.ts";
import { migrationsApplied } from "../src/services/platform/health.ts";

/** /readyz: ready when the database answers and every migration is applied. */
export default new Hono<AppEnv>().get("/", async (c) => {
  c.header("Cache-Control", "no-store");
  const { database } = c.var.deps;
  // Counting the applied migrations needs a database that answers: one question says both.
  return await migrationsApplied(database)
    ? c.json({ status: "ready" })
    : c.json({ status: "unavailable", message: "The database is not ready." }, 503);
});
