/**
 * `deno task dev`: HubRate's server runs as a child process behind this one,
 * which keeps the port, builds the browser bundles, and watches the files.
 *
 * - A change to browser code or the stylesheet rebuilds the bundles
 *   incrementally (src/dev/dev-assets.ts) and the server keeps running: the
 *   bundles keep their names, and this process serves them from disk.
 * - A change to server code starts a new server next to the running one;
 *   requests go to the new one once it answers /healthz, so the site is never
 *   unreachable, and the old one finishes what it had.
 * - Either way the pages open in a browser are told to reload (or to fetch
 *   the stylesheet again) through the live-reload channel
 *   (src/dev/live-reload.ts), which this process alone serves. A bundle that
 *   does not build shows its error over the page; a server that does not
 *   start shows its output instead of the page.
 */
import { extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { devAssets, type DevBuild } from "./dev-assets.ts";
import { DEV_EVENTS_PATH, devProblemPage, reloadHub, withDevScript } from "./live-reload.ts";

export type DevServerOptions = {
  root: string;
  port: number;
  host: string;
  /** Where the development bundles go (served at /static/build/). */
  buildDir: string;
  /** Added to the server's environment (DATABASE_URL, say). */
  env?: Record<string, string>;
  /** Watch the files and rebuild or restart on change (a test may leave it off). */
  watch?: boolean;
  log?: (line: string) => void;
};

export type DevServer = {
  url: string;
  /** Settles when the first server answers (or could not start). */
  ready: Promise<void>;
  /** Handles changed files (absolute paths) as the watcher does, and settles when the pages were told. */
  changed(paths: string[]): Promise<DevOutcome>;
  close(): Promise<void>;
};

/** What a change led to, and how long each part took. */
export type DevOutcome = { rebuilt?: DevBuild; restartedMs?: number; told: "reload" | "css" | "build-error" | null };

type Child = { process: Deno.ChildProcess; url: string; origin: string };

const SERVED_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
  ".woff2": "font/woff2",
};

/** Folders whose files are never the source of the site. */
const IGNORED = /(^|\/)(node_modules|data|tests|\.git|static\/build[^/]*)(\/|$)/;
/** The dev server's own code: a change needs `deno task dev` started again. */
const OWN_CODE = /^src\/(dev\/|tasks\/dev\.ts$)/;

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** The local files a module graph holds, relative to `root`. */
async function moduleGraph(root: string, entries: string[]): Promise<Set<string>> {
  const files = new Set<string>();
  for (const entry of entries) {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", entry],
      cwd: root,
      stdout: "piped",
      stderr: "null",
    }).output();
    if (!output.success) continue;
    const info = JSON.parse(new TextDecoder().decode(output.stdout)) as { modules?: { specifier: string }[] };
    for (const { specifier } of info.modules ?? []) {
      if (specifier.startsWith("file:")) files.add(relative(root, fileURLToPath(specifier)).split("\\").join("/"));
    }
  }
  return files;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const root = resolve(options.root);
  const log = options.log ?? ((line: string) => console.log(line));
  const publicUrl = `http://${options.host === "0.0.0.0" ? "localhost" : options.host}:${options.port}`;
  const hub = reloadHub();
  const { assets, first } = await devAssets(root, resolve(root, options.buildDir));
  let buildError = first.ok ? null : first.errors;
  log(first.ok ? `[dev] bundles built in ${first.ms} ms` : `[dev] the bundles could not be built:\n${first.errors}`);

  // The server and the files its module graph holds (routes come from a computed import, so their static map counts too).
  let serverFiles = new Set<string>();
  const readGraph = () =>
    moduleGraph(root, ["main.ts", "src/route-map.gen.ts"]).then((files) => serverFiles = files, () => {});
  void readGraph();

  let current: Child | null = null;
  /** Why the last start failed, shown instead of pages until a start succeeds. */
  let failure: string | null = null;
  let starting: Promise<void> = Promise.resolve();
  const stopping = new Set<Promise<unknown>>();

  function spawnChild(): { child: Child; output: string[] } {
    const port = freePort();
    const output: string[] = [];
    const process = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts"],
      cwd: root,
      env: {
        APP_ENV: "development",
        ...options.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_ORIGIN: options.env?.APP_ORIGIN ?? publicUrl,
        ASSETS_DIR: assets.dir,
        NO_COLOR: "1",
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const pump = async (stream: ReadableStream<Uint8Array<ArrayBuffer>>, write: (text: string) => void) => {
      for await (const text of stream.pipeThrough(new TextDecoderStream())) {
        write(text);
        output.push(text);
        if (output.length > 200) output.shift();
      }
    };
    // The server's own "serving at" line names its inner port; the dev server says where to go.
    const shown = (text: string) => text.replace(/^HubRate \(development\) is serving at .*\n?/m, "");
    void pump(process.stdout, (text) => Deno.stdout.write(new TextEncoder().encode(shown(text))).catch(() => {}));
    void pump(process.stderr, (text) => Deno.stderr.write(new TextEncoder().encode(text)).catch(() => {}));
    return { child: { process, url: `http://127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` }, output };
  }

  /** Starts a server next to the running one and sends requests to it once it answers; the old one is stopped. */
  function restart(): Promise<number> {
    const started = performance.now();
    const run = starting.then(async () => {
      const { child, output } = spawnChild();
      const exited = child.process.status.then(() => "exited" as const);
      for (;;) {
        const answer = await Promise.race([
          exited,
          fetch(`${child.url}/healthz`).then(
            (r) => (r.body?.cancel(), r.ok ? "up" as const : "wait" as const),
            () => "wait" as const,
          ),
        ]);
        if (answer === "up") break;
        if (answer === "exited") {
          failure = output.join("") || "The server stopped before it answered.";
          log("[dev] the server did not start; the pages show why until a change fixes it");
          return;
        }
        await new Promise((r) => setTimeout(r, 15));
      }
      const old = current;
      current = child;
      failure = null;
      if (old) {
        try {
          old.process.kill("SIGTERM");
        } catch {
          // It had stopped already.
        }
        const done = old.process.status;
        stopping.add(done);
        void done.finally(() => stopping.delete(done));
      }
      void readGraph();
    });
    starting = run;
    return run.then(() => Math.round(performance.now() - started));
  }

  const ready = restart().then((ms) =>
    log(failure ? "[dev] waiting for a change" : `[dev] HubRate (development) is serving at ${publicUrl} (${ms} ms)`)
  );

  async function serveBuilt(name: string): Promise<Response> {
    const path = join(assets.dir, name);
    if (name.includes("..") || !path.startsWith(assets.dir)) return new Response("Not found", { status: 404 });
    try {
      const body = await Deno.readFile(path);
      return new Response(body, {
        headers: {
          "Content-Type": SERVED_TYPES[extname(name)] ?? "application/octet-stream",
          "Cache-Control": "no-cache",
        },
      });
    } catch {
      return new Response("Not found", { status: 404 });
    }
  }

  async function proxy(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === DEV_EVENTS_PATH) return hub.response();
    if (url.pathname.startsWith("/static/build/")) {
      return await serveBuilt(decodeURIComponent(url.pathname.slice("/static/build/".length)));
    }
    // While a new server starts, the running one keeps answering; only the very first start is waited for.
    if (!current) await starting;
    const child = current;
    if (!child || failure) {
      return devProblemPage("The HubRate server did not start", failure ?? "The server has not started yet.");
    }
    const headers = new Headers(request.headers);
    // Answers come uncompressed (fetch would otherwise ask for and undo compression, leaving its header), so the dev
    // script can be added to pages; a request from this origin is from the server's own origin.
    headers.set("accept-encoding", "identity");
    const origin = headers.get("origin");
    if (origin && origin !== "null" && new URL(origin).host === url.host) headers.set("origin", child.origin);
    let response: Response;
    try {
      response = await fetch(child.url + url.pathname + url.search, {
        method: request.method,
        headers,
        body: request.body,
        redirect: "manual",
      });
    } catch (error) {
      return devProblemPage("The HubRate server did not answer", String(error));
    }
    if (
      !response.headers.get("content-type")?.startsWith("text/html") || request.method === "HEAD" ||
      response.status === 304
    ) return response;
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    const html = withDevScript(await response.text(), nonce);
    const out = new Headers(response.headers);
    out.delete("content-length");
    out.delete("content-encoding");
    return new Response(html, { status: response.status, statusText: response.statusText, headers: out });
  }

  /** What a change needs: a new build, a new server, and whether only the stylesheet changed. */
  function classify(paths: string[]): { build: boolean; restart: boolean; cssOnly: boolean; own: string[] } {
    let build = false;
    let restart = false;
    let cssOnly = true;
    const own: string[] = [];
    const inputs = assets.inputs();
    for (const absolute of paths) {
      const path = relative(root, absolute).split("\\").join("/");
      if (path.startsWith("..") || IGNORED.test(path)) continue;
      if (OWN_CODE.test(path)) {
        own.push(path);
        continue;
      }
      const css = path.endsWith(".css");
      const browser = css || inputs.has(path) || /^(islands|src\/client)\//.test(path);
      const server = !css &&
        (serverFiles.has(path) || /^(routes|islands|db)\//.test(path) || path === "main.ts" || path === "deno.json" ||
          (/^src\/.*\.tsx?$/.test(path) && !/^src\/client\//.test(path)));
      if (browser) build = true;
      if (server) restart = true;
      if (browser || server) cssOnly &&= css;
    }
    return { build, restart, cssOnly: cssOnly && build && !restart, own };
  }

  let queue: Promise<unknown> = Promise.resolve();
  function changed(paths: string[]): Promise<DevOutcome> {
    const run = queue.then(async (): Promise<DevOutcome> => {
      const { build, restart: needsRestart, cssOnly, own } = classify(paths);
      if (own.length) log(`[dev] ${own.join(", ")} changed: stop and start deno task dev again to use it`);
      if (!build && !needsRestart) return { told: null };
      const [rebuilt, restartedMs] = await Promise.all([
        build ? assets.rebuild() : undefined,
        needsRestart ? restart() : undefined,
      ]);
      if (rebuilt && !rebuilt.ok) {
        buildError = rebuilt.errors;
        log(`[dev] the bundles could not be built:\n${rebuilt.errors}`);
        hub.send("build-error", rebuilt.errors);
        return { rebuilt, restartedMs, told: "build-error" };
      }
      const wasBroken = buildError !== null;
      buildError = null;
      const told = cssOnly && !wasBroken ? "css" : "reload";
      hub.send(told);
      log(
        `[dev] ${
          [rebuilt && `rebuilt in ${rebuilt.ms} ms`, restartedMs !== undefined && `restarted in ${restartedMs} ms`]
            .filter(Boolean).join(", ")
        }`,
      );
      return { rebuilt, restartedMs, told };
    });
    queue = run.catch(() => undefined);
    return run;
  }

  const abort = new AbortController();
  const server = Deno.serve(
    { port: options.port, hostname: options.host, signal: abort.signal, onListen: () => {} },
    proxy,
  );

  let watcher: Deno.FsWatcher | undefined;
  if (options.watch !== false) {
    const folders = ["routes", "islands", "src", "db", "static", "main.ts", "deno.json"].map((p) => join(root, p));
    watcher = Deno.watchFs(folders.filter((p) => Deno.statSync(p)), { recursive: true });
    void (async () => {
      let pending = new Set<string>();
      let timer: ReturnType<typeof setTimeout> | undefined;
      for await (const event of watcher!) {
        if (event.kind === "access" || event.kind === "other") continue;
        for (const path of event.paths) pending.add(path);
        clearTimeout(timer);
        // Editors write a file in several steps: one change for all of them.
        timer = setTimeout(() => {
          const paths = [...pending];
          pending = new Set();
          void changed(paths);
        }, 25);
      }
    })();
  }

  return {
    url: publicUrl,
    ready,
    changed,
    async close() {
      watcher?.close();
      hub.close();
      abort.abort();
      await server.finished;
      await starting;
      try {
        current?.process.kill("SIGTERM");
      } catch {
        // Stopped already.
      }
      await current?.process.status;
      await Promise.all(stopping);
      await assets.close();
    },
  };
}
