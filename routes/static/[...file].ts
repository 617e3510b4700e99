import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import { fileURLToPath } from "node:url";
import type { AppEnv } from "../../src/server/context.ts";

/** The folder holding static/, whatever the working directory. */
const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** /static/*: the files in static/ (images, the favicon); anything else there is a 404. */
export default new Hono<AppEnv>()
  .get("/", serveStatic({ root: PROJECT_ROOT, rewriteRequestPath: (path) => path }))
  .get("/", (c) => c.text("Not found", 404));
