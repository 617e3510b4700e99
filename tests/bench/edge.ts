/**
 * The edge cases of `deno task bench` (tests/bench/run.ts): how soon a cold
 * instance answers, what other visitors see while the planner or a burst of
 * typeahead requests runs, and how much memory deploy.ts holds under mixed
 * load. Each starts entries as their own processes, from a checkout (`root`:
 * this one, or another one to compare with).
 */
import { createClient } from "@libsql/client";
import { issueToken } from "../../src/services/accounts/sessions.ts";
import { freePort, residentMb } from "../helpers/processes.ts";

export const SECRET = "bench-secret-0123456789-0123456789-0123456789";

export type EntryKind = "main" | "deploy";

export type Entry = {
  base: string;
  pid: number;
  /** When, in ms from the spawn, the entry said it listens. */
  listenedAt: () => number | null;
  output: () => string;
  stop(): Promise<void>;
};

/**
 * Starts main.ts (any permissions, `deno task start`'s V8 flags) or deploy.ts
 * (Deno Deploy's permissions only, no V8 flags) from `root`. NODE_ENV is left
 * unset, as on Deno Deploy.
 */
export function spawnEntry(
  kind: EntryKind,
  root: string,
  env: Record<string, string>,
  v8Flags: string,
  started = performance.now(),
): Entry {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const args = kind === "main"
    ? ["run", "-A", `--v8-flags=${v8Flags}`, "main.ts"]
    : ["run", "--allow-net", "--allow-env", "--allow-read", "deploy.ts"];
  // What the environment says of NODE_ENV and V8's flags is the caller's to choose.
  const { NODE_ENV: _, DENO_V8_FLAGS: __, ...inherited } = Deno.env.toObject();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: root,
    clearEnv: true,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_CATALOG: "off",
      APP_ENV: "production",
      APP_ORIGIN: base,
      SESSION_SECRET: SECRET,
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let output = "";
  let listenedAt: number | null = null;
  const collect = async (stream: ReadableStream<Uint8Array<ArrayBuffer>>) => {
    for await (const text of stream.pipeThrough(new TextDecoderStream())) {
      // Request log lines are JSON: only the entry's own lines are kept.
      for (const line of text.split("\n")) if (line && !line.startsWith("{")) output += line + "\n";
      if (listenedAt === null && output.includes("is serving at")) listenedAt = performance.now() - started;
    }
  };
  const done = Promise.all([collect(child.stdout), collect(child.stderr)]).catch(() => {});
  return {
    base,
    pid: child.pid,
    listenedAt: () => listenedAt,
    output: () => output,
    async stop() {
      try {
        child.kill("SIGKILL");
      } catch { /* gone */ }
      await child.status;
      await done;
    },
  };
}

/** Asks `path` again and again (every 2 ms while nothing listens) until it is answered; when, in ms from `started`. */
async function firstAnswer(
  entry: Entry,
  path: string,
  started: number,
  deadlineMs = 60_000,
): Promise<{ at: number; status: number }> {
  for (;;) {
    try {
      const response = await fetch(entry.base + path);
      await response.arrayBuffer();
      return { at: performance.now() - started, status: response.status };
    } catch {
      if (performance.now() - started > deadlineMs) {
        throw new Error(`${path} was not answered within ${deadlineMs / 1000} s:\n${entry.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
}

async function waitFor(entry: Entry, text: RegExp, deadlineMs = 60_000): Promise<RegExpExecArray> {
  const until = performance.now() + deadlineMs;
  for (;;) {
    const found = text.exec(entry.output());
    if (found) return found;
    if (performance.now() > until) throw new Error(`no ${text} in the output:\n${entry.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export type ColdStart = {
  target: string;
  /** ms from the spawn, each the median of the runs. */
  listen: number;
  healthzAfterListen: number;
  firstCoursePage: number;
  firstSearch: number;
  /** The longest the warm-up held the event loop at a time, as the entry logged it (ms); null when it does not say. */
  longestHold: number | null;
  runs: number;
};

/**
 * A cold instance on a prepared database: when it listens, when /healthz
 * first answers after that, and when the first course page and the first
 * search are answered, each counted from the spawn, in separate starts (so
 * each is the first request of its process). Median of `runs` starts each.
 */
export async function coldStart(
  kind: EntryKind,
  target: string,
  root: string,
  env: Record<string, string>,
  v8Flags: string,
  paths: { course: string; search: string },
  runs = 3,
): Promise<ColdStart> {
  const listen: number[] = [];
  const healthz: number[] = [];
  const course: number[] = [];
  const search: number[] = [];
  const holds: number[] = [];
  for (let run = 0; run < runs; run++) {
    for (const [path, into] of [["/healthz", healthz], [paths.course, course], [paths.search, search]] as const) {
      const started = performance.now();
      const entry = spawnEntry(kind, root, env, v8Flags, started);
      try {
        const { at, status } = await firstAnswer(entry, path, started);
        if (status >= 500) throw new Error(`${path} answered ${status}:\n${entry.output()}`);
        const listened = entry.listenedAt() ?? (await waitFor(entry, /is serving at/), entry.listenedAt()!);
        listen.push(listened);
        into.push(path === "/healthz" ? at - listened : at);
        const held = await waitFor(entry, /held at most (\d+) ms/).catch(() => null);
        if (held) holds.push(Number(held[1]));
      } finally {
        await entry.stop();
      }
    }
  }
  return {
    target,
    listen: median(listen),
    healthzAfterListen: median(healthz),
    firstCoursePage: median(course),
    firstSearch: median(search),
    longestHold: holds.length ? Math.max(...holds) : null,
    runs,
  };
}

export type Latencies = { p50: number; p95: number; p99: number; n: number };

export function latencies(values: number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), n: sorted.length };
}

/** One visitor asking `path(i)` one request after another until `until`; each latency. */
export async function visitor(base: string, path: (i: number) => string, until: number): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; performance.now() < until; i++) {
    const t0 = performance.now();
    const response = await fetch(base + path(i));
    await response.arrayBuffer();
    seen.push(performance.now() - t0);
  }
  return seen;
}

/** Students made in a database (the bench's file, or a libSQL server), each with a Bearer token signed with the bench's secret. */
export async function benchStudents(
  database: { url: string; authToken?: string },
  count: number,
  prefix = "bench-planner",
): Promise<string[]> {
  const client = createClient(database);
  try {
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const email = `${prefix}-${i}@bench.invalid`;
      const [row] = (await client.execute({
        sql: `INSERT INTO users (email, password_hash, enabled, college, major, expected_grad, session_key)
          VALUES (?, '!', 1, 'CAS', 'Undecided', 2028, lower(hex(randomblob(16))))
          ON CONFLICT (email) DO UPDATE SET enabled = 1 RETURNING id, session_version, session_key`,
        args: [email],
      })).rows;
      tokens.push(
        await issueToken(SECRET, {
          id: Number(row.id),
          sessionVersion: Number(row.session_version),
          sessionKey: String(row.session_key),
        }),
      );
    }
    return tokens;
  } finally {
    client.close();
  }
}

export type Contention = {
  load: string;
  healthz: Latencies;
  coursePage: Latencies;
  /** What the load's own requests were answered: status → count. */
  answered: Record<string, number>;
};

/**
 * Other visitors' /healthz and course page (a new URL each time, so the
 * response cache never has it) while `plans` clients keep asking for Hub
 * plans (each a new plan: students in turn, a course excluded at random), for
 * `seconds`.
 */
export async function plannerInFlight(
  base: string,
  tokens: string[],
  plans: number,
  coursePath: string,
  seconds: number,
): Promise<Contention> {
  const until = performance.now() + seconds * 1000;
  const answered: Record<string, number> = {};
  let next = 0;
  const planners = Array.from({ length: plans }, async () => {
    while (performance.now() < until) {
      const token = tokens[next++ % tokens.length];
      const response = await fetch(`${base}/api/users/hub-plan?exclude=${1 + Math.floor(Math.random() * 9000)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      answered[response.status] = (answered[response.status] ?? 0) + 1;
      // A refused plan waits as it was told, a moment, before asking again.
      if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  const [healthz, course] = await Promise.all([
    visitor(base, () => "/healthz", until),
    visitor(base, (i) => `${coursePath}?visit=${Date.now()}-${i}`, until),
    ...planners,
  ]);
  return { load: `${plans} plans in flight`, healthz: latencies(healthz), coursePage: latencies(course), answered };
}

/**
 * Other visitors' /healthz and course page while one address sends a burst
 * of `burst` typeahead requests at once (each a different text), a new burst
 * every second, for `seconds`.
 */
export async function typeaheadBurst(
  base: string,
  burst: number,
  coursePath: string,
  seconds: number,
): Promise<Contention> {
  const until = performance.now() + seconds * 1000;
  const answered: Record<string, number> = {};
  const words = [
    "calc",
    "intro",
    "writ",
    "bio",
    "chem",
    "hist",
    "econ",
    "psych",
    "phil",
    "math",
    "art",
    "comp",
    "data",
    "law",
    "film",
  ];
  let sent = 0;
  const one = async () => {
    const q = `${words[sent % words.length]}${String.fromCharCode(97 + (sent % 26))}${sent}`;
    sent++;
    const response = await fetch(`${base}/api/suggest?q=${q}`);
    await response.arrayBuffer();
    answered[response.status] = (answered[response.status] ?? 0) + 1;
  };
  const bursts = (async () => {
    while (performance.now() < until) {
      const next = performance.now() + 1000;
      await Promise.all(Array.from({ length: burst }, one));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  const [healthz, course] = await Promise.all([
    visitor(base, () => "/healthz", until),
    visitor(base, (i) => `${coursePath}?visit=${Date.now()}-${i}`, until),
    bursts,
  ]);
  return {
    load: `a burst of ${burst} typeahead requests from one address every second`,
    healthz: latencies(healthz),
    coursePage: latencies(course),
    answered,
  };
}

export type MemoryRun = {
  entry: string;
  seconds: number;
  clients: number;
  peakMb: number;
  endMb: number;
  requests: number;
  errors: number;
};

/**
 * deploy.ts (or main.ts) under mixed load for `seconds`: searches and
 * suggestions of new words, course and professor pages, logins, Hub plans;
 * its resident memory sampled every 200 ms.
 */
export async function memoryUnderLoad(
  entry: Entry,
  name: string,
  seconds: number,
  clients: number,
  cases: { courseIds: number[]; professors: string[]; tokens: string[]; login: { email: string; password: string } },
): Promise<MemoryRun> {
  const until = performance.now() + seconds * 1000;
  let peak = residentMb(entry.pid);
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, residentMb(entry.pid));
    } catch { /* gone */ }
  }, 200);
  let requests = 0;
  let errors = 0;
  const words = [
    "history",
    "biology",
    "writing",
    "calculus",
    "music",
    "design",
    "ethics",
    "policy",
    "theory",
    "science",
    "health",
    "data",
  ];
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
  const kinds: (() => [string, RequestInit?])[] = [
    () => [`/search?q=${pick(words)}&page=${Math.floor(Math.random() * 5)}&n=${requests}`],
    () => [`/api/courses/search?q=${pick(words)}${String.fromCharCode(97 + Math.floor(Math.random() * 26))}`],
    () => [`/api/suggest?q=${pick(words).slice(0, 2 + Math.floor(Math.random() * 5))}`],
    () => [`/course/${pick(cases.courseIds)}?n=${requests}`],
    () => [`/course/${pick(cases.courseIds)}?n=${requests}`],
    () => [`/professor/${pick(cases.professors)}?n=${requests}`],
    () => [`/api/users/hub-plan?exclude=${1 + Math.floor(Math.random() * 9000)}`, {
      headers: { Authorization: `Bearer ${pick(cases.tokens)}` },
    }],
    () => [
      "/api/auth/login",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: entry.base },
        body: JSON.stringify(cases.login),
      },
    ],
  ];
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < until) {
      const [path, init] = pick(kinds)();
      try {
        const response = await fetch(entry.base + path, init);
        await response.arrayBuffer();
        if (response.status >= 500) errors++;
      } catch {
        errors++;
      }
      requests++;
    }
  }));
  clearInterval(sampler);
  return { entry: name, seconds, clients, peakMb: peak, endMb: residentMb(entry.pid), requests, errors };
}

/** Waits until `at` answers /healthz (a minute at most). */
export async function waitUntilServing(at: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const response = await fetch(at + "/healthz");
      await response.arrayBuffer();
      if (response.ok) return;
    } catch { /* not yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${at} did not answer /healthz`);
}
