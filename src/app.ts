/**
 * createApp composes the middleware and mounts the files of routes/, where
 * every URL lives (see ARCHITECTURE.md for the table). main.ts and deploy.ts
 * serve it; tests build it against a temporary database.
 */
import { Hono } from "hono";
import { except } from "hono/combine";
import { compress } from "hono/compress";
import { type ComponentType, createElement } from "react";
import { handleError } from "./middleware/error-handler.ts";
import { httpCache } from "./middleware/http-cache.ts";
import { apiBodyLimit, jsonBodies, sameOrigin, urlLengthLimit } from "./middleware/request-guards.ts";
import { requestLog } from "./middleware/request-log.ts";
import { limitPerAddress, limitPerClient } from "./middleware/request-limit.ts";
import { COSTLY_ROUTES } from "./services/platform/request-limits.ts";
import { keepsResponses, responseCache } from "./middleware/response-cache.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { serverTiming } from "./middleware/server-timing.ts";
import { session } from "./middleware/session.ts";
import type { AppContext, AppDeps, AppEnv } from "./server/context.ts";
import { renderPage } from "./server/render.tsx";
import { openApiDocument } from "./server/openapi.ts";
import { collectRoutes, importRoutes, mountRoutes, type RouteModules, servePage } from "./server/route-loader.ts";

/**
 * Builds the app. Routes come from the routes/ folder, imported at start,
 * unless `routes` hands over the static map (`src/route-map.gen.ts`)
 * that hosts without computed imports need.
 */
export async function createApp(deps: AppDeps, routes?: RouteModules): Promise<Hono<AppEnv>> {
  const collected = collectRoutes(routes ?? await importRoutes());
  const landing = collected.pages.find((p) => p.path === "/")!.module;
  const errorPage = collected.special.get("_error");
  const topBarSearchBox = collected.special.get("_top-bar-search")?.default as ComponentType | undefined;
  const topBarSearch = topBarSearchBox ? createElement(topBarSearchBox) : null;
  const app = new Hono<AppEnv>();
  // The API's document describes the handler files this app mounts, and is made once, when first asked for.
  let document: Promise<Record<string, unknown>> | undefined;
  const apiDocument = () =>
    document ??= openApiDocument(
      collected.handlers.map(({ path, module }) => ({ path, app: module.default })),
      deps.config.origin,
    );

  const renderErrorPage = (c: AppContext, status: number, message: string, detail?: string) => {
    if (!errorPage) return c.text(detail ? `${message}\n\n${detail}` : message, status as 500);
    const page = createElement(errorPage.default, {
      data: { status, message, detail },
      user: c.var.user,
      url: "",
      params: {},
    });
    return renderPage(c, { title: "Something went wrong", noindex: true }, page, status);
  };
  app.onError(handleError(renderErrorPage));

  // 1. What every request gets: the app's parts, the log line, compression, caching, the security headers.
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("user", null);
    c.set("apiDocument", apiDocument);
    c.set("topBarSearch", topBarSearch);
    await next();
  });
  // What the request asked of the database, in the Server-Timing header.
  app.use("*", serverTiming());
  // Tests stay quiet unless they pass their own log.
  if (deps.requestLog || deps.config.env !== "test") app.use("*", requestLog(deps.requestLog));
  // Pages and JSON; the bundles come compressed from the build already.
  app.use("*", compress({ threshold: 1024 }));
  // Caching sees the page before compression and after the security headers, so a 304 goes out without them.
  app.use("*", except("/static/*", httpCache()));
  app.use("*", securityHeaders(deps.config.env === "production"));
  // A URL longer than any of the site's own gets 414 before the cache, the session or a route sees it.
  app.use("*", urlLengthLimit);
  // What one address may ask at a time (src/services/platform/request-limits.ts): refused before any other work, so a flood costs little.
  for (const path of ["/api/suggest", "/api/courses/suggest"]) {
    app.use(
      path,
      limitPerAddress((limits) => limits.suggest),
    );
  }
  for (const path of ["/api/courses/search", "/search"]) app.use(path, limitPerAddress((limits) => limits.search));
  // What visitors were answered, kept while the content version holds; inside the security headers, so a copy
  // goes out with this request's nonce and CSP. The probes always ask the database themselves.
  if (keepsResponses(deps.config.responseCache, deps.database.target)) {
    app.use("*", except(["/static/*", "/healthz", "/readyz"], responseCache()));
  }

  // 2. The JSON API's guards: size, same origin, JSON bodies.
  app.use("/api/*", apiBodyLimit, sameOrigin(), jsonBodies());

  // 3. Who is asking, for everything but the static files.
  app.use("*", except("/static/*", session()));
  // What one client (a student, else an address) may ask of the routes that cost most (request-limits.ts).
  for (const { path, limit } of COSTLY_ROUTES) app.use(path, limitPerClient((limits) => limits[limit]));

  // 4. Every file of routes/, then what no file answers.
  mountRoutes(app, collected);
  app.all("/api/*", (c) => c.json({ message: "Not found" }, 404));
  // Visitors on an unknown path get the landing page (with a 404 status); signed-in users the dashboard.
  app.get("*", (c) => c.var.user?.enabled ? c.redirect("/dashboard") : servePage(c, landing, 404));
  app.all("*", (c) => c.json({ message: "Not found" }, 404));
  return app;
}
