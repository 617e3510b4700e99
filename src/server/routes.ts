/**
 * The file-route loader: every file in routes/ is a page whose URL is its
 * path (`course/[id].tsx` → `/course/:id`, `index.tsx` → `/`). Files whose
 * names start with `_` are special (`_404.tsx`, `_error.tsx`) and get no URL.
 */
import type { Hono } from "hono";
import { createElement } from "react";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { AppContext, AppEnv, PageMeta, RouteModule } from "./context.ts";
import { takeNotice } from "./notice.ts";
import { renderPage } from "./render.tsx";

export type LoadedRoute = { file: string; path: string; module: RouteModule };

export function routePath(file: string): string {
  const parts = file.replace(/\.tsx?$/, "").split(/[\\/]/).map((part) => part.replace(/^\[(\w+)\]$/, ":$1"));
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

/** Route file (relative to routes/) → its module: walked at start, or the static map in routes.gen.ts. */
export type RouteModules = Record<string, RouteModule>;

/** Imports every file in routes/ (for starts that may read the folder and import by computed path). */
export async function importRoutes(root = Deno.cwd()): Promise<RouteModules> {
  const modules: RouteModules = {};
  for (const file of await routeFiles(root)) {
    modules[file] = await import(pathToFileURL(join(root, "routes", file)).href) as RouteModule;
  }
  return modules;
}

export function collectRoutes(modules: RouteModules): { pages: LoadedRoute[]; special: Record<string, RouteModule> } {
  const pages: LoadedRoute[] = [];
  const special: Record<string, RouteModule> = {};
  for (const [file, module] of Object.entries(modules)) {
    if (typeof module.default !== "function") throw new Error(`routes/${file} has no default export component`);
    const name = file.split("/").at(-1)!;
    if (name.startsWith("_")) special[name.replace(/\.tsx?$/, "")] = module;
    else pages.push({ file, path: routePath(file), module });
  }
  // Static segments before dynamic ones, so /course/new would win over /course/:id.
  pages.sort((a, b) => a.path.includes(":") === b.path.includes(":") ? a.path.localeCompare(b.path) : a.path.includes(":") ? 1 : -1);
  return { pages, special };
}

function metaFor<Data>(module: RouteModule<Data>, data: Data): PageMeta {
  if (typeof module.meta === "function") return module.meta(data);
  return module.meta ?? { title: "HubRate" };
}

/** Loads a page's data and renders it; a loader may answer with a Response instead. */
export async function servePage<Data>(c: AppContext, module: RouteModule<Data>, status?: number): Promise<Response> {
  const loaded = module.load ? await module.load(c) : undefined as Data;
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

export function mountPages(app: Hono<AppEnv>, pages: LoadedRoute[]): void {
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
