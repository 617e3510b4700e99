import { Hono } from "hono";
import type { AppEnv } from "../src/server/context.ts";
import { allCourseIds } from "../src/services/courses/course-queries.ts";
import { allProfessors } from "../src/services/courses/course-summary.ts";
import { professorHref } from "../src/lib/urls.ts";

/**
 * /sitemap.xml: the public pages, every course page and every professor page, its slug percent-encoded (the protocol
 * wants URLs in ASCII). Cached like any visitor's answer (revalidated each time): a professor whose last review is
 * hidden or deleted leaves it at once.
 */
export default new Hono<AppEnv>().get("/", async (c) => {
  const { origin } = c.var.deps.config;
  const db = c.var.deps.database.db;
  const [courseIds, professors] = await Promise.all([allCourseIds(db), allProfessors(db)]);
  const paths = [
    "/",
    "/search",
    "/contact",
    "/privacy",
    "/terms",
    ...courseIds.map((id) => `/course/${id}`),
    ...professors.map((p) => professorHref(p.slug)),
  ];
  const urls = paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join("");
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
    200,
    {
      "Content-Type": "application/xml; charset=utf-8",
    },
  );
});
