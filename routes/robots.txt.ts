import { Hono } from "hono";
import type { AppEnv } from "../src/server/context.ts";

/** /robots.txt: everything but the JSON API may be crawled; the sitemap lists the pages. */
export default new Hono<AppEnv>().get(
  "/",
  (c) => c.text(`User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${c.var.deps.config.origin}/sitemap.xml\n`),
);
