/**
 * createApp composes the middleware, the JSON API, the pages and the static
 * files. main.ts serves it; tests build it against a temporary database.
 */
import { Hono } from "hono";
import { compress } from "hono/compress";
import { serveStatic } from "hono/deno";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { authApi } from "./api/auth/index.ts";
import { usersApi } from "./api/users/index.ts";
import { coursesApi } from "./api/courses/index.ts";
import { reviewsApi, votesApi } from "./api/reviews/index.ts";
import { handleError } from "./middleware/errors.ts";
import { apiBodyLimit, jsonBodies, sameOrigin } from "./middleware/request-guards.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { requestLog } from "./middleware/request-log.ts";
import { session } from "./middleware/session.ts";
import type { AppContext, AppDeps, AppEnv } from "./server/context.ts";
import { renderPage } from "./server/render.tsx";
import { readAsset } from "./server/asset-files.ts";
import { collectRoutes, importRoutes, mountPages, type RouteModules, servePage } from "./server/routes.ts";
import { databaseAnswers, migrationsApplied } from "./services/health.ts";
import { allCourseIds } from "./services/courses.ts";
import { signOut } from "./services/accounts.ts";
import { clearSessionCookie } from "./api/session-cookie.ts";

/** The folder holding static/, whatever the working directory. */
const PROJECT_ROOT = fileURLToPath(new URL("../", import.meta.url));

/**
 * Builds the app. Pages come from the routes/ folder, imported at start, unless
 * `routes` hands over the static map (`src/server/routes.gen.ts`) that hosts
 * without computed imports need.
 */
export async function createApp(deps: AppDeps, routes?: RouteModules): Promise<Hono<AppEnv>> {
  const { pages, special } = collectRoutes(routes ?? await importRoutes());
  const landing = pages.find((p) => p.path === "/")!.module;
  const production = deps.config.env === "production";
  const app = new Hono<AppEnv>();

  const renderErrorPage = (c: AppContext, status: number, message: string) => {
    const errorPage = special._error;
    if (!errorPage) return c.text(message, status as 500);
    return renderPage(
      c,
      { title: "Something went wrong", noindex: true },
      createElement(errorPage.default, { data: { status, message }, user: c.var.user, url: "", params: {} }),
      status,
    );
  };
  /** Visitors on an unknown path get the landing page (with a 404 status); signed-in users the dashboard. */
  const unknownPath = (c: AppContext) => c.var.user?.enabled ? Promise.resolve(c.redirect("/dashboard")) : servePage(c, landing, 404);

  app.onError(handleError(renderErrorPage));
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("user", null);
    await next();
  });
  // Tests stay quiet unless they pass their own log.
  if (deps.requestLog || deps.config.env !== "test") app.use("*", requestLog(deps.requestLog));
  app.use("*", securityHeaders(production));
  // Pages and JSON; the bundles come compressed from the build already.
  app.use("*", compress({ threshold: 1024 }));

  app.get("/static/build/:name", async (c) => {
    const asset = await readAsset(deps.assets, c.req.param("name"), c.req.header("accept-encoding"));
    if (!asset) return c.text("Not found", 404);
    const headers: Record<string, string> = { "Content-Type": asset.type, "Cache-Control": "public, max-age=31536000, immutable", Vary: "Accept-Encoding" };
    if (asset.encoding) headers["Content-Encoding"] = asset.encoding;
    return c.body(asset.body, 200, headers);
  });
  app.use("/static/*", serveStatic({ root: PROJECT_ROOT, rewriteRequestPath: (p) => p }));
  app.get("/static/*", (c) => c.text("Not found", 404));

  // Ready when the database answers and the migrations are applied.
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    return await databaseAnswers(deps.database.db) && await migrationsApplied(deps.database)
      ? c.json({ status: "ready" })
      : c.json({ status: "unavailable", message: "The database is not ready." }, 503);
  });
  app.get("/healthz", async (c) => {
    c.header("Cache-Control", "no-store");
    return await databaseAnswers(deps.database.db)
      ? c.json({ status: "ok" })
      : c.json({ status: "unavailable", message: "The database does not answer." }, 503);
  });
  app.get("/robots.txt", (c) => c.text(`User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${deps.config.origin}/sitemap.xml\n`));
  app.get("/sitemap.xml", async (c) => {
    const origin = deps.config.origin;
    const paths = ["/", "/search", "/contact", "/privacy", "/terms", ...(await allCourseIds(deps.database.db)).map((id) => `/course/${id}`)];
    const urls = paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join("");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`, 200, {
      "Content-Type": "application/xml; charset=utf-8",
    });
  });

  app.use("/api/*", apiBodyLimit, sameOrigin(deps.config.origin), jsonBodies(), session());
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
  app.route("/api/auth", authApi);
  app.route("/api/users", usersApi);
  app.route("/api/courses", coursesApi);
  app.route("/api/reviews", reviewsApi);
  app.route("/api/votes", votesApi);
  app.all("/api/*", (c) => c.json({ message: "Not found" }, 404));

  app.use("*", session());
  app.post("/logout", sameOrigin(deps.config.origin), async (c) => {
    if (c.var.user) await signOut(deps.database, c.var.user.id);
    clearSessionCookie(c);
    return c.redirect("/", 303);
  });
  mountPages(app, pages);
  app.get("*", unknownPath);
  app.all("*", (c) => c.json({ message: "Not found" }, 404));
  return app;
}
