/**
 * The file-route loader: every URL is a file in routes/, and the file's path
 * is its URL (`course/[id].tsx` → `/course/:id`, `index.tsx` → `/`,
 * `static/[...file].ts` → `/static/*`, `robots.txt.ts` → `/robots.txt`).
 *
 * - A page file default-exports a React component, with optional `load`,
 *   `meta`, `access` and `loadFailure`; the loader serves it for GET.
 * - A handler file default-exports a Hono app, mounted at the file's URL
 *   (`routes/api/auth.ts` answers under `/api/auth`).
 * - Files whose names start with `_` get no URL (`_error.tsx`, the error page).
 */
import { Hono } from "hono";
import { createElement } from "react";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { loggedError } from "../lib/log-text.ts";
import { DomainError } from "../services/platform/domain-errors.ts";
import type { AppContext, AppEnv, HandlerModule, PageMeta, PageModule, RouteModule } from "./context.ts";
import { takeNotice } from "./notice.ts";
import { requestPath } from "./request-path.ts";
import { renderPage } from "./render.tsx";
import { LoadFailurePage } from "../components/LoadFailurePage.tsx";

export type PageRoute = { file: string; path: string; module: PageModule };
export type HandlerRoute = { file: string; path: string; module: HandlerModule };

export function routePath(file: string): string {
  const parts = file.replace(/\.tsx?$/, "").split(/[\\/]/).map((part) =>
    part.replace(/^\[\.\.\.\w+\]$/, "*").replace(/^\[(\w+)\]$/, ":$1")
  );
  if (parts.at(-1) === "index") parts.pop();
  return "/" + parts.join("/");
}

async function* walk(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* walk(path);
    else if (entry.isFile && /\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The route files under `root/routes`, as paths relative to that folder with forward slashes, sorted. */
export async function routeFiles(root = Deno.cwd()): Promise<string[]> {
  const dir = join(root, "routes");
  const files: string[] = [];
  for await (const path of walk(dir)) files.push(relative(dir, path).split(sep).join("/"));
  return files.sort();
}

/** Route file (relative to routes/) → its module: walked at start, or the static map in route-map.gen.ts. */
export type RouteModules = Record<string, RouteModule>;

/** Imports every file in routes/ (for starts that may read the folder and import by computed path). */
export async function importRoutes(root = Deno.cwd()): Promise<RouteModules> {
  const modules: RouteModules = {};
  for (const file of await routeFiles(root)) {
    modules[file] = await import(pathToFileURL(join(root, "routes", file)).href) as RouteModule;
  }
  return modules;
}

/** Literal segments before parameters, parameters before a wildcard: `/course/new` would win over `/course/:id`, and both over `/course/*`. */
function specificity(path: string): number {
  return path.includes("*") ? 2 : path.includes(":") ? 1 : 0;
}

export type CollectedRoutes = { pages: PageRoute[]; handlers: HandlerRoute[]; special: Map<string, PageModule> };

export function collectRoutes(modules: RouteModules): CollectedRoutes {
  const pages: PageRoute[] = [];
  const handlers: HandlerRoute[] = [];
  const special = new Map<string, PageModule>();
  for (const [file, module] of Object.entries(modules)) {
    const name = file.split("/").at(-1)!;
    const path = routePath(file);
    if (module.default instanceof Hono) {
      handlers.push({ file, path, module: module as HandlerModule });
    } else if (typeof module.default === "function") {
      if (name.startsWith("_")) special.set(name.replace(/\.tsx?$/, ""), module as PageModule);
      else pages.push({ file, path, module: module as PageModule });
    } else {
      throw new Error(`routes/${file} must default-export a page component or a Hono app`);
    }
  }
  const order = (a: { path: string }, b: { path: string }) =>
    specificity(a.path) - specificity(b.path) || a.path.localeCompare(b.path);
  return { pages: pages.sort(order), handlers: handlers.sort(order), special };
}

function metaFor<Data>(module: PageModule<Data>, data: Data): PageMeta {
  if (typeof module.meta === "function") return module.meta(data);
  return module.meta ?? { title: "HubRate" };
}

/**
 * Loads a page's data and renders it; a loader may answer with a Response
 * instead. When the data cannot be loaded, a page with a `loadFailure` shows
 * its message under its heading with status 500 (the error is logged); a
 * domain error (a 404, say) still goes to the error handler.
 */
export async function servePage<Data>(c: AppContext, module: PageModule<Data>, status?: number): Promise<Response> {
  let loaded: Data | Response;
  try {
    // A signed-in page's loader is only reached with a user (mountRoutes checks `access`), so it may take a SignedInContext.
    const load = module.load as ((c: AppContext) => Promise<Data | Response>) | undefined;
    loaded = load ? await load(c) : undefined as Data;
  } catch (error) {
    if (!module.loadFailure || error instanceof DomainError) throw error;
    const { heading, message, back } = module.loadFailure;
    console.error(`[page] ${requestPath(c)} could not be loaded:`, loggedError(error));
    const text = typeof message === "function" ? message(c) : message;
    return renderPage(
      c,
      { title: heading, noindex: true },
      createElement(LoadFailurePage, { heading, message: text, back }),
      500,
    );
  }
  if (loaded instanceof Response) return loaded;
  const data = loaded as Data;
  const meta = metaFor(module, data);
  const url = new URL(c.req.url);
  const notice = takeNotice(c, url.pathname);
  const element = createElement(module.default, {
    data,
    user: c.var.user,
    url: url.pathname + url.search,
    params: c.req.param() as Record<string, string>,
    notice,
  });
  return renderPage(c, meta, element, status ?? meta.status);
}

/** Mounts every handler file at its URL and serves every page file for GET, with its access rule. */
export function mountRoutes(app: Hono<AppEnv>, { pages, handlers }: CollectedRoutes): void {
  for (const { path, module } of handlers) app.route(path, module.default as Hono<AppEnv>);
  for (const { path, module } of pages) {
    app.get(path, (c) => {
      const signedIn = Boolean(c.var.user?.enabled);
      const access = module.access ?? "anyone";
      if (access === "visitor" && signedIn) return c.redirect("/dashboard");
      if (access === "user" && !signedIn) return c.redirect(module.visitorRedirect?.(c) ?? "/");
      return servePage(c, module);
    });
  }
}
