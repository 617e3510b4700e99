/**
 * deno run -A tests/bench/dev-loop.ts [--runs 5] [--task dev]
 *
 * How long `deno task dev` takes from saving a file to serving the changed page, on a copy of this working tree with the
 * demo catalog: an island's label, a component's text, a rule of the stylesheet, a route's text and a service's message,
 * each edited `runs` times. "Served" is the first answer (polled every 20 ms) that carries the edit, in the page and, for
 * an island or the stylesheet, in the bundle the page names; "told" is when the page's live-reload channel said to
 * reload (none before the dev loop had one). Prints the figures as a table, median and worst per kind.
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { freePort } from "../helpers/processes.ts";
import { DEV_EVENTS_PATH } from "../../src/dev/live-reload.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { runs: { type: "string", default: "5" }, task: { type: "string", default: "dev" } },
});
const RUNS = Number(values.runs);
const ROOT = Deno.cwd();

type Kind = {
  name: string;
  file: string;
  page: string;
  original: string;
  edit: (marker: string) => string;
  bundle?: "island" | "css";
};
const KINDS: Kind[] = [
  {
    name: "island",
    file: "islands/ContactForm.tsx",
    page: "/contact",
    original: 'label="Subject"',
    edit: (m) => `label="Subject ${m}"`,
    bundle: "island",
  },
  {
    name: "component",
    file: "src/components/PublicLayout.tsx",
    page: "/contact",
    original: "An independent student project,",
    edit: (m) => `An independent student project ${m},`,
  },
  {
    name: "stylesheet",
    file: "static/styles.css",
    page: "/contact",
    original: "",
    edit: (m) => `\n.dev-loop-${m} { color: red; }\n`,
    bundle: "css",
  },
  {
    name: "route",
    file: "routes/contact.tsx",
    page: "/contact",
    original: "Found a wrong course detail,",
    edit: (m) => `Found a wrong course detail ${m},`,
  },
  {
    name: "service",
    file: "src/services/reviews/review-reminders.ts",
    page: "/unsubscribe?token=bad",
    original: "This unsubscribe link is not valid:",
    edit: (m) => `This unsubscribe link is not valid ${m}:`,
  },
];

async function copyTree(to: string): Promise<void> {
  const listed = await new Deno.Command("git", {
    args: ["ls-files", "-co", "--exclude-standard", "-z"],
    stdout: "piped",
  }).output();
  const files = new TextDecoder().decode(listed.stdout).split("\0").filter(Boolean);
  for (const file of files) {
    await Deno.mkdir(join(to, file, ".."), { recursive: true });
    await Deno.copyFile(join(ROOT, file), join(to, file)).catch(() => {});
  }
  await Deno.symlink(join(ROOT, "node_modules"), join(to, "node_modules"));
}

async function get(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return response.ok || response.status === 400 ? await response.text() : (await response.body?.cancel(), null);
  } catch {
    return null;
  }
}

/** Whether the page (and the bundle it names, for an island or the stylesheet) carries `marker`. */
async function carries(base: string, kind: Kind, marker: string): Promise<boolean> {
  const html = await get(base + kind.page);
  if (!html) return false;
  if (kind.bundle === "css") {
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    return Boolean(href && (await get(base + href))?.includes(`dev-loop-${marker}`));
  }
  if (!html.includes(marker)) return false;
  if (kind.bundle === "island") {
    const src = new RegExp(`"(/static/[^"]*ContactForm[^"]*\\.js)"`).exec(html)?.[1];
    return Boolean(src && (await get(base + src))?.includes(marker));
  }
  return true;
}

/** Listens to the live-reload channel, if the page has one; resolves with the time of the first reload message after `since`. */
function reloadTold(base: string, since: () => number): { next: () => Promise<number | null>; close: () => void } {
  const controller = new AbortController();
  const state: { waiting: ((at: number) => void) | null } = { waiting: null };
  (async () => {
    const response = await fetch(base + DEV_EVENTS_PATH, { signal: controller.signal }).catch(() => null);
    if (!response?.ok || !response.body) return;
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      const text = decoder.decode(chunk);
      if (/event: (reload|css)/.test(text) && state.waiting) {
        state.waiting(performance.now() - since());
        state.waiting = null;
      }
    }
  })().catch(() => {});
  return {
    next: () =>
      new Promise<number | null>((resolve) => (state.waiting = resolve, setTimeout(() => resolve(null), 10_000))),
    close: () => controller.abort(),
  };
}

const dir = await Deno.makeTempDir({ prefix: "hubrate-dev-loop-" });
await copyTree(dir);
const port = freePort();
const base = `http://127.0.0.1:${port}`;
const server = new Deno.Command(Deno.execPath(), {
  args: ["task", values.task!],
  cwd: dir,
  env: { PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${dir}/data/dev.db`, NO_COLOR: "1" },
  stdout: "null",
  stderr: Deno.env.get("DEV_LOOP_LOG") ? "inherit" : "null",
  // Its own process group: `deno task` starts the server as a child, and the whole group is stopped at the end.
  detached: true,
}).spawn();
const results: Record<string, { served: number[]; told: (number | null)[] }> = {};
try {
  const started = performance.now();
  while (!(await get(`${base}/contact`))) await new Promise((r) => setTimeout(r, 100));
  console.log(`first start: /contact served after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 1500));
  let savedAt = 0;
  const channel = reloadTold(base, () => savedAt);
  for (const kind of KINDS) {
    results[kind.name] = { served: [], told: [] };
    const path = join(dir, kind.file);
    const original = await Deno.readTextFile(path);
    if (kind.original && !original.includes(kind.original)) {
      throw new Error(`${kind.file} no longer holds ${kind.original}`);
    }
    for (let run = 0; run < RUNS; run++) {
      const marker = `m${kind.name}${run}x${Date.now() % 100000}`;
      const edited = kind.original ? original.replace(kind.original, kind.edit(marker)) : original + kind.edit(marker);
      const told = channel.next();
      savedAt = performance.now();
      await Deno.writeTextFile(path, edited);
      while (!(await carries(base, kind, marker))) {
        if (performance.now() - savedAt > 60_000) {
          const html = await get(base + kind.page);
          throw new Error(
            `${kind.name}: the edit was not served within 60 s; the page is ${
              html === null ? "down" : `up${html.includes(marker) ? " with the edit" : ""}`
            }`,
          );
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      results[kind.name].served.push(performance.now() - savedAt);
      console.log(`${kind.name} run ${run + 1}: served after ${Math.round(performance.now() - savedAt)} ms`);
      results[kind.name].told.push(
        await Promise.race([told, new Promise<null>((r) => setTimeout(() => r(null), 200))]),
      );
      await new Promise((r) => setTimeout(r, 1200));
    }
    await Deno.writeTextFile(path, original);
    await new Promise((r) => setTimeout(r, 2500));
  }
  channel.close();
} finally {
  Deno.kill(-server.pid, "SIGTERM");
  await server.status;
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}

const ms = (n: number | null) => n === null ? "-" : `${Math.round(n)}`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`\n\`deno task ${values.task}\`, ${RUNS} edits per kind (ms from save)`);
console.log("| kind | served (each run) | served median | served worst | reload told (each run) |");
console.log("|---|---|---|---|---|");
for (const [name, { served, told }] of Object.entries(results)) {
  console.log(
    `| ${name} | ${served.map(ms).join(", ")} | ${ms(median(served))} | ${ms(Math.max(...served))} | ${
      told.map(ms).join(", ")
    } |`,
  );
}
