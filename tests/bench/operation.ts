/**
 * Safe under real operation, measured on a server process (main.ts) from a checkout's root, so that the same
 * measurements run on today's code and, with BENCH_BEFORE=<another checkout>, on older code in the same run:
 * - what each route costs the server in CPU (ms per request, one at a time: the sum of its threads' time on a core);
 * - a whole term's import (`deno task schedule:import`, 30,000 rows) while students write and visitors read: writes
 *   refused during and after it, the longest a visitor waited, how soon the new term is served;
 * - floods from one address (pasted transcripts, typeahead) and what other visitors' /healthz sees meanwhile;
 * - the planner's fairness (a light plan asked behind a student's two heavy ones) and the heaviest plan's CPU and
 *   memory.
 */
import { createClient } from "@libsql/client";
import { nextTerm } from "../../src/lib/term-codes.ts";
import { residentMb } from "../helpers/processes.ts";
import { syntheticTerm } from "../helpers/synthetic-term.ts";
import {
  benchStudents,
  type Entry,
  type Latencies,
  latencies,
  SECRET,
  spawnEntry,
  visitor,
  waitUntilServing,
} from "./edge.ts";

/** The CPU time of a process's live threads, in ms, from the scheduler's nanosecond counts (Linux). */
export function threadsCpuMs(pid: number): number {
  let ns = 0;
  for (const task of Deno.readDirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(Deno.readTextFileSync(`/proc/${pid}/task/${task.name}/schedstat`).split(" ")[0]);
    } catch { /* the thread ended between the listing and the read */ }
  }
  return ns / 1e6;
}

/** The CPU time of a whole process, ended threads included, in ms (to the scheduler's tick, 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
  // utime and stime are the 12th and 13th fields after the command's name, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export type RouteCase = {
  name: string;
  /** The path of the n-th request (a new one each time where the route could answer from what it kept). */
  path: (n: number) => string;
  method?: string;
  headers?: Record<string, string>;
  body?: (n: number) => unknown;
};

export type RouteCost = { name: string; p50: number; p95: number; statuses: string };

/** Waits until the server's threads are idle (under 2 ms of CPU in 200 ms): a warm-up or a collection done. */
async function settle(pid: number): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const before = threadsCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (threadsCpuMs(pid) - before < 2) return;
  }
}

/**
 * Each case asked `runs` times, one request at a time after two to warm up, on a server left idle before each case
 * (its warm-up, and collections of what the case before made, are not counted): the server's CPU ms per request.
 */
export async function routeCosts(entry: Entry, cases: RouteCase[], runs = 15): Promise<RouteCost[]> {
  const costs: RouteCost[] = [];
  let n = 0;
  // The catalog, the search index and the page's bundles are made on first use: made before anything is counted.
  for (const path of ["/search?q=writing", "/api/courses/suggest?q=wri", "/"]) {
    await (await fetch(entry.base + path)).arrayBuffer();
  }
  for (const route of cases) {
    await settle(entry.pid);
    const spent: number[] = [];
    const statuses: Record<string, number> = {};
    for (let i = 0; i < runs + 2; i++) {
      const k = ++n;
      const before = threadsCpuMs(entry.pid);
      const response = await fetch(entry.base + route.path(k), {
        method: route.method ?? "GET",
        headers: {
          ...(route.method && route.method !== "GET" ? { Origin: entry.base } : {}),
          ...(route.body ? { "Content-Type": "application/json" } : {}),
          ...route.headers,
        },
        body: route.body ? JSON.stringify(route.body(k)) : undefined,
      });
      await response.arrayBuffer();
      // The answer is sent before the server's last step ends (its log line): a moment for it to finish.
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (i < 2) continue;
      spent.push(threadsCpuMs(entry.pid) - before);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
    const l = latencies(spent);
    costs.push({
      name: route.name,
      p50: l.p50,
      p95: l.p95,
      statuses: Object.entries(statuses).map(([s, c]) => `${c} × ${s}`).join(", "),
    });
  }
  return costs;
}

export type ImportUnderLoad = {
  importSeconds: number;
  importExit: number;
  writes: { during: Record<string, number>; after: Record<string, number> };
  /** The longest a student's write waited for its answer, during the import, in ms. */
  longestWriteMs: number;
  /** Visitors' reads (search) during the import. */
  reads: Latencies;
  /** From the import's end to the first answer that has the new term, in ms; null when none came in 30 s. */
  newTermAfterMs: number | null;
};

/**
 * A copy of `databaseFile` served by main.ts from `root`; 6 students saving courses and 2 visitors searching and asking
 * for the new term's week, while `root`'s schedule:import loads a 30,000-row term the database does not know; then 10
 * s more.
 */
export async function importUnderLoad(root: string, databaseFile: string, v8Flags: string): Promise<ImportUnderLoad> {
  const dir = await Deno.makeTempDir({ prefix: "hubrate-bench-import-" });
  const file = `${dir}/live.db`;
  await Deno.copyFile(databaseFile, file);
  const url = `file:${file}`;
  const client = createClient({ url });
  const [{ term }] = (await client.execute("SELECT max(code) AS term FROM terms")).rows as unknown as {
    term: number;
  }[];
  let spring = nextTerm(Number(term));
  while (spring % 10 === 5) spring = nextTerm(spring);
  const csv = `${dir}/term.csv`;
  await Deno.writeTextFile(csv, await syntheticTerm(client, 30_000, spring));
  const courseIds = (await client.execute("SELECT id FROM courses ORDER BY id LIMIT 300")).rows.map((r) =>
    Number(r.id)
  );
  client.close();
  const tokens = await benchStudents({ url }, 6, "bench-import");
  const server = spawnEntry("main", root, { DATABASE_URL: url, RATE_LIMITS: "off", SESSION_SECRET: SECRET }, v8Flags);
  try {
    await waitUntilServing(server.base);
    let phase: "during" | "after" = "during";
    let stopped = false;
    const writes = { during: {} as Record<string, number>, after: {} as Record<string, number> };
    let longestWriteMs = 0;
    const reads: number[] = [];
    let importEnded = 0;
    let newTermAt: number | null = null;
    const writer = async (token: string, i: number) => {
      for (let n = 0; !stopped; n++) {
        const t0 = performance.now();
        const response = await fetch(`${server.base}/api/users/saved-courses/${courseIds[(i * 13 + n) % 300]}`, {
          method: n % 2 ? "DELETE" : "POST",
          headers: { Authorization: `Bearer ${token}`, Origin: server.base },
        });
        await response.arrayBuffer();
        if (phase === "during") longestWriteMs = Math.max(longestWriteMs, performance.now() - t0);
        writes[phase][response.status] = (writes[phase][response.status] ?? 0) + 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const reader = async () => {
      for (let n = 0; !stopped; n++) {
        const t0 = performance.now();
        const search = await fetch(
          `${server.base}/api/courses/search?q=${["intro", "writing", "ethics"][n % 3]}&n=${n}`,
        );
        await search.arrayBuffer();
        if (phase === "during") reads.push(performance.now() - t0);
        const week = await fetch(`${server.base}/api/schedules/view?term=${spring}&n=${n}`);
        await week.arrayBuffer();
        if (phase === "after" && week.status === 200 && newTermAt === null) newTermAt = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const load = [...tokens.map(writer), reader(), reader()];
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = performance.now();
    const imported = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "src/tasks/import-schedule.ts", csv],
      cwd: root,
      env: { DATABASE_URL: url, SESSION_SECRET: SECRET },
      stdout: "null",
      stderr: "null",
    }).output();
    importEnded = performance.now();
    phase = "after";
    for (let waited = 0; waited < 30_000 && newTermAt === null; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    stopped = true;
    await Promise.all(load);
    const seenAt = newTermAt as number | null;
    return {
      importSeconds: (importEnded - started) / 1000,
      importExit: imported.code,
      writes,
      longestWriteMs,
      reads: latencies(reads),
      newTermAfterMs: seenAt === null ? null : Math.max(0, seenAt - importEnded),
    };
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

export type Flood = { load: string; healthz: Latencies; answered: Record<string, number> };

/** One address pasting a 12,000-character transcript-like text on `connections` connections, for `seconds`. */
export async function pasteFlood(base: string, connections: number, seconds: number): Promise<Flood> {
  const words = ["CAS", "CS", "111", "MA", "123", "WR", "120", "A", "B+", "4.0", "ENG", "EK", "PY", "211", "QST", "SM"];
  const text = Array.from({ length: 1400 }, (_, i) => `${words[i % 16]} ${words[(i * 7) % 16]}`).join(" ")
    .slice(0, 12_000);
  const until = performance.now() + seconds * 1000;
  const answered: Record<string, number> = {};
  const pasters = Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const response = await fetch(`${base}/api/courses/match`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base },
        body: JSON.stringify({ text }),
      });
      await response.arrayBuffer();
      answered[response.status] = (answered[response.status] ?? 0) + 1;
    }
  });
  const [healthz] = await Promise.all([visitor(base, () => "/healthz", until), ...pasters]);
  return { load: `${connections} connections pasting 12,000 characters`, healthz: latencies(healthz), answered };
}

export type Fairness = {
  /** The light plan's answer time, alone and behind a student's two heavy plans, in ms (median of the rounds). */
  lightAlone: number;
  lightBehind: number;
  /** The heavy plan alone: answer time, the server's CPU, and its resident memory's growth at the peak. */
  heavyMs: number;
  heavyCpuMs: number;
  heavyMemoryMb: number;
  /** What the heavy plans answered: exact, or the best found in their time. */
  heavyExact: string;
};

/**
 * A new student's plan over one term (light), and another student's plans over six terms of six courses (heavy, each a
 * new plan): the light one asked 200 ms after two heavy ones, against the light one alone; and the heavy one alone.
 */
export async function plannerFairness(entry: Entry, light: string, heavy: string, term: number): Promise<Fairness> {
  const ask = async (token: string, query: string) => {
    const t0 = performance.now();
    const response = await fetch(`${entry.base}/api/users/hub-plan?${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = await response.json() as { exact?: boolean };
    return { ms: performance.now() - t0, status: response.status, exact: body.exact };
  };
  let n = 0;
  const heavyQuery = () => `term=${term}&terms=6&perTerm=6&exclude=${9000 + ++n}`;
  const lightQuery = () => `term=${term}&terms=1&perTerm=4&exclude=${9000 + ++n}`;
  const alone: number[] = [];
  const behind: number[] = [];
  const exact: Record<string, number> = {};
  for (let round = 0; round < 3; round++) {
    alone.push((await ask(light, lightQuery())).ms);
    const heavies = [ask(heavy, heavyQuery()), ask(heavy, heavyQuery())];
    await new Promise((resolve) => setTimeout(resolve, 200));
    behind.push((await ask(light, lightQuery())).ms);
    for (const h of await Promise.all(heavies)) {
      const key = h.status !== 200 ? String(h.status) : h.exact === false ? "best found" : "exact";
      exact[key] = (exact[key] ?? 0) + 1;
    }
  }
  // The heavy plan alone: its CPU (ended threads included) and the server's memory at its peak.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rss = residentMb(entry.pid);
  let peak = rss;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, residentMb(entry.pid));
    } catch { /* gone */ }
  }, 20);
  const cpu = processCpuMs(entry.pid);
  const one = await ask(heavy, heavyQuery());
  clearInterval(sampler);
  const median = (list: number[]) => latencies(list).p50;
  return {
    lightAlone: median(alone),
    lightBehind: median(behind),
    heavyMs: one.ms,
    heavyCpuMs: processCpuMs(entry.pid) - cpu,
    heavyMemoryMb: peak - rss,
    heavyExact: Object.entries(exact).map(([k, c]) => `${c} × ${k}`).join(", "),
  };
}

/** What the route cases ask about: a course with many reviews, one with sections, a professor, a week, students. */
export type RouteContext = {
  course: number;
  sectionsCourse: number;
  professor: string;
  /** A week of courses in the latest term with a schedule: its code and the query of /api/schedules/view. */
  week: { term: number; query: string };
  /** A new student, and one with 8 completed courses. */
  tokens: { fresh: string; eight: string };
  /** Courses to compare, to save, and a review to vote on. */
  compare: number[];
  review: number;
};

/** Every route of the site, as a student or a visitor asks it: each page, each read, the writes that cost most. */
export function routeCases(c: RouteContext): RouteCase[] {
  const student = { Authorization: `Bearer ${c.tokens.fresh}` };
  const eight = { Authorization: `Bearer ${c.tokens.eight}` };
  const words = ["writing", "calculus", "ethics", "biology", "history", "music", "design", "policy"];
  const word = (n: number) => `${words[n % words.length]}${n}`;
  const transcript = Array.from(
    { length: 60 },
    (_, i) => `CAS ${["CS", "MA", "WR", "PH", "EC"][i % 5]} ${101 + (i % 40)} Intro course ${"ABC"[i % 3]} 4.00`,
  ).join("\n");
  const adversarial = Array.from({ length: 1400 }, (_, i) => `${["CAS", "CS", "111", "MA", "123", "WR"][i % 6]}`)
    .join(" ").slice(0, 12_000);
  const g = (name: string, path: (n: number) => string, headers?: Record<string, string>): RouteCase => ({
    name,
    path,
    headers,
  });
  return [
    g("GET /healthz", () => "/healthz"),
    g("GET /readyz", () => "/readyz"),
    g("GET / (visitor)", (n) => `/?n=${n}`),
    g("GET /search", (n) => `/search?n=${n}`),
    g("GET /search?q=", (n) => `/search?q=${word(n)}`),
    g("GET /course/:id (most reviews)", (n) => `/course/${c.course}?n=${n}`),
    g("GET /course/:id (with sections)", (n) => `/course/${c.sectionsCourse}?n=${n}`),
    g("GET /course/:id/review", () => `/course/${c.course}/review`, student),
    g("GET /professor/:slug", (n) => `/professor/${c.professor}?n=${n}`),
    g("GET /professor/:slug (unknown name)", (n) => `/professor/no-such-name-${n}`),
    g("GET /compare?ids=", (n) => `/compare?ids=${c.compare.join(",")}&n=${n}`),
    g("GET /schedule (visitor)", (n) => `/schedule?term=${c.week.term}&n=${n}`),
    g("GET /schedule (student)", () => `/schedule?term=${c.week.term}`, student),
    g("GET /dashboard", () => "/dashboard", eight),
    g("GET /hub-progress", () => "/hub-progress", eight),
    g("GET /my-courses", () => "/my-courses", eight),
    g("GET /saved-courses", () => "/saved-courses", eight),
    g("GET /my-reviews", () => "/my-reviews", eight),
    g("GET /account", () => "/account", eight),
    g("GET /login", (n) => `/login?n=${n}`),
    g("GET /register", (n) => `/register?n=${n}`),
    g("GET /contact", (n) => `/contact?n=${n}`),
    g("GET /privacy", (n) => `/privacy?n=${n}`),
    g("GET /sitemap.xml", (n) => `/sitemap.xml?n=${n}`),
    g("GET /robots.txt", () => "/robots.txt"),
    g("GET /api/docs", (n) => `/api/docs?n=${n}`),
    g("GET /api/openapi.json", (n) => `/api/openapi.json?n=${n}`),
    g("GET /api/courses/search", (n) => `/api/courses/search?q=${word(n)}`),
    g("GET /api/courses/search (filters)", (n) => `/api/courses/search?colleges=CAS&hubReqs=SO1&page=${n % 5}`),
    g("GET /api/courses/suggest", (n) => `/api/courses/suggest?q=${word(n).slice(0, 4)}${n}`),
    g("GET /api/suggest", (n) => `/api/suggest?q=${word(n).slice(0, 4)}${n}`),
    g("GET /api/courses/compare", (n) => `/api/courses/compare?ids=${c.compare.join(",")}&n=${n}`),
    g("GET /api/courses/colleges", () => "/api/courses/colleges"),
    g("GET /api/courses/departments/:college", () => "/api/courses/departments/CAS"),
    g("GET /api/courses/:id", (n) => `/api/courses/${c.course}?n=${n}`),
    g("GET /api/courses/:id/summary", (n) => `/api/courses/${c.course}/summary?n=${n}`),
    g("GET /api/courses/:id/sections", (n) => `/api/courses/${c.sectionsCourse}/sections?n=${n}`),
    g("GET /api/reviews/course/:id", (n) => `/api/reviews/course/${c.course}?page=${n % 10}`),
    g("GET /api/professors/:slug", (n) => `/api/professors/${c.professor}?n=${n}`),
    g("GET /api/auth/me", () => "/api/auth/me", student),
    g("GET /api/auth/majors", () => "/api/auth/majors?college=CAS"),
    g("GET /api/users/dashboard", () => "/api/users/dashboard", eight),
    g("GET /api/users/hub-progress", () => "/api/users/hub-progress", eight),
    g("GET /api/users/hub-plan (one term)", (n) => `/api/users/hub-plan?exclude=${n}`, student),
    g(
      "GET /api/users/hub-plan (3 terms of 4)",
      (n) => `/api/users/hub-plan?term=${c.week.term}&terms=3&perTerm=4&exclude=${n}`,
      student,
    ),
    g(
      "GET /api/users/hub-plan (6 terms of 6)",
      (n) => `/api/users/hub-plan?term=${c.week.term}&terms=6&perTerm=6&exclude=${n}`,
      student,
    ),
    g("GET /api/schedules/view", (n) => `/api/schedules/view?${c.week.query}&n=${n}`),
    g("GET /api/schedules/calendar.ics", (n) => `/api/schedules/calendar.ics?${c.week.query}&n=${n}`),
    {
      name: "POST /api/courses/match (a transcript)",
      method: "POST",
      path: () => "/api/courses/match",
      body: () => ({ text: transcript }),
    },
    {
      name: "POST /api/courses/match (12,000 code-like characters)",
      method: "POST",
      path: () => "/api/courses/match",
      body: () => ({ text: adversarial }),
    },
    {
      name: "POST /api/users/saved-courses/:id",
      method: "POST",
      path: (n) => `/api/users/saved-courses/${c.compare[n % c.compare.length]}`,
      headers: eight,
    },
    {
      name: "POST /api/votes/review/:id",
      method: "POST",
      path: (n) => `/api/votes/review/${c.review}?voteType=${n % 2 ? "UPVOTE" : "DOWNVOTE"}`,
      headers: student,
    },
    {
      name: "POST /api/auth/login (a wrong password)",
      method: "POST",
      path: () => "/api/auth/login",
      body: (n) => ({ email: `nobody-${n}@bu.edu`, password: "not the password" }),
    },
  ];
}
