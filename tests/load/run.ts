/**
 * deno task test:load
 * Three runs against the server as its own production process on loopback, each followed by checks against the database:
 *  1. load/soak: demo catalog, LOAD_STUDENTS students, LOAD_CLIENTS clients for LOAD_SECONDS mixing searches, pages, logins, reviews and votes;
 *  2. SIGKILL: concurrent review/vote writes for KILL_SECONDS, the server killed halfway and restarted on the same database;
 *  3. locked database: another connection holds BEGIN IMMEDIATE for LOCK_SECONDS (and once for longer than the busy timeout) while clients write.
 * Prints tables and exits 1 when any check fails.
 */
import { openDatabase } from "../../db/client.ts";
import { backupDatabase } from "../../db/backup.ts";
import { buildAssets } from "../../src/server/asset-build.ts";
import { freePort, residentMb } from "../helpers/processes.ts";
import {
  call,
  type Check,
  checksTable,
  createStudents,
  Ledger,
  openRaw,
  PASSWORD,
  rng,
  type Server,
  startServer,
  Stats,
  statsTable,
  stopServer,
  type Student,
  table,
  verify,
} from "./harness.ts";

const env = (name: string, fallback: number) => Number(Deno.env.get(name) ?? fallback);
const LOAD_SECONDS = env("LOAD_SECONDS", 60);
const LOAD_CLIENTS = env("LOAD_CLIENTS", 200);
const LOAD_STUDENTS = env("LOAD_STUDENTS", 300);
const LOAD_LOGINS = env("LOAD_LOGINS", 30);
const KILL_SECONDS = env("KILL_SECONDS", 30);
const LOCK_SECONDS = env("LOCK_SECONDS", 2);
/** Longer than the server's 5 s busy timeout, so the 503 path is taken too; 0 skips it. */
const LONG_LOCK_SECONDS = env("LONG_LOCK_SECONDS", 7);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const allChecks: { run: string; check: Check }[] = [];
const report = (run: string, checks: Check[]) => {
  for (const check of checks) allChecks.push({ run, check });
  console.log(`\n${checksTable(checks)}`);
};

const dir = await Deno.makeTempDir({ prefix: "hubrate-load-" });
const url = `file:${dir}/load.db`;
const port = await freePort();
let server: Server | null = null;

async function catalog(): Promise<{ courses: number[]; reviews: number[] }> {
  const client = openRaw(url);
  try {
    const courses = (await client.execute("SELECT id FROM courses ORDER BY id")).rows.map((r) => Number(r.id));
    const reviews = (await client.execute("SELECT id FROM reviews WHERE hidden = 0 ORDER BY id")).rows.map((r) =>
      Number(r.id)
    );
    return { courses, reviews };
  } finally {
    client.close();
  }
}

/** A review another student may vote on: from the shared pool, not the voter's own. */
function voteTarget(pool: number[], ledger: Ledger, student: Student, random: () => number): number | null {
  for (let tries = 0; tries < 5 && pool.length; tries++) {
    const id = pool[Math.floor(random() * pool.length)];
    if (ledger.reviews.get(id)?.userId !== student.id) return id;
  }
  return null;
}

// ------------------------------------------------------------------ 1. load/soak

async function loadRun(): Promise<void> {
  console.log(`\n## 1. load/soak: ${LOAD_CLIENTS} clients, ${LOAD_STUDENTS} students, ${LOAD_SECONDS} s`);
  const startedAt = performance.now();
  server = await startServer(url, port, "on");
  console.log(`server up with the demo catalog in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  const { courses, reviews: demoReviews } = await catalog();
  const students = await createStudents(url, "load", LOAD_STUDENTS, courses, 1);
  console.log(`${courses.length} courses, ${demoReviews.length} demo reviews, ${students.length} students`);
  const base = server.base;
  const ledger = new Ledger();
  const pool = [...demoReviews];
  const stats = new Stats();
  let logins = 0;
  const searches = [
    "/api/courses/search",
    "/api/courses/search?colleges=CAS",
    "/api/courses/search?colleges=CAS&hubReqs=SO1",
    "/api/courses/search?minRating=3&minTeacher=2.5&maxWorkload=4",
    "/api/courses/search?q=intro",
    "/api/courses/search?q=data%20science",
    "/api/courses/search?sortBy=byRating",
    "/api/courses/search?page=2",
  ];
  const deadline = performance.now() + LOAD_SECONDS * 1000;
  // Halfway through, an online backup from another connection while the clients keep writing.
  const backup = (async () => {
    await sleep((LOAD_SECONDS / 2) * 1000);
    const database = await openDatabase(url);
    try {
      const reviewsBefore = Number((await database.client.execute("SELECT COUNT(*) AS n FROM reviews")).rows[0].n);
      const result = await backupDatabase(database, `${dir}/backup-during-load.db`);
      return { ...result, reviewsBefore };
    } finally {
      database.close();
    }
  })().catch((error: unknown) => error instanceof Error ? error : new Error(String(error)));
  // The server's resident memory every 5 s, to see whether it levels off or keeps growing under the load.
  const pid = server.proc.pid;
  const memory: number[] = [residentMb(pid)];
  const sampler = setInterval(() => memory.push(residentMb(pid)), 5000);
  await Promise.all(Array.from({ length: LOAD_CLIENTS }, async (_, c) => {
    // Each student belongs to one client, so its writes are sequential and its last acknowledged vote is its final state.
    const mine = students.filter((_, i) => i % LOAD_CLIENTS === c);
    const random = rng(1000 + c);
    while (performance.now() < deadline) {
      const student = mine.length ? mine[Math.floor(random() * mine.length)] : null;
      const roll = random();
      if (roll < 0.003 && student && logins < LOAD_LOGINS) {
        logins++;
        await call(stats, base, "login", "POST", "/api/auth/login", {
          body: { email: student.email, password: PASSWORD },
        });
      } else if (roll < 0.35) {
        await call(stats, base, "search", "GET", searches[Math.floor(random() * searches.length)]);
      } else if (roll < 0.5) {
        await call(stats, base, "course page", "GET", `/course/${courses[Math.floor(random() * courses.length)]}`);
      } else if (roll < 0.6) {
        await call(
          stats,
          base,
          "course reviews",
          "GET",
          `/api/reviews/course/${courses[Math.floor(random() * courses.length)]}?sort=helpful`,
        );
      } else if (roll < 0.75 && student) {
        const answer = await ledger.createReview(stats, base, student, random);
        if (answer?.status === 201) pool.push(Number((answer.body as { id: number }).id));
      } else if (student) {
        const target = voteTarget(pool, ledger, student, random);
        if (target !== null) await ledger.vote(stats, base, student, target, random() < 0.7 ? "UPVOTE" : "DOWNVOTE");
      }
    }
  }));
  stats.ended = performance.now();
  clearInterval(sampler);
  memory.push(residentMb(pid));
  await stopServer(server);
  server = null;
  console.log(`\n${statsTable(stats)}`);
  const half = memory.slice(Math.floor(memory.length / 2));
  console.log(
    `\nserver memory (MB resident, every 5 s): ${memory.map((m) => m.toFixed(0)).join(" ")}; ` +
      `peak ${Math.max(...memory).toFixed(0)}, second half ${Math.min(...half).toFixed(0)}-${
        Math.max(...half).toFixed(0)
      }`,
  );
  console.log(`\n${table(["kind", "requests"], [...stats.byKind].map(([k, n]) => [k, n]))}`);
  console.log(
    `\n${table(["status", "count"], [...stats.byStatus].sort((a, b) => a[0] - b[0]).map(([s, n]) => [s, n]))}`,
  );
  console.log(
    `\nacknowledged: ${ledger.reviews.size} reviews, ${ledger.votesAcknowledged} votes (${ledger.votes.size} user/review pairs), ${logins} logins`,
  );
  if (stats.serverErrors.length) console.log(`5xx seen: ${stats.serverErrors.join("; ")}`);
  const client = openRaw(url);
  const checks = await verify(client, ledger, students.map((s) => s.id));
  client.close();
  const loginOk = stats.byKind.get("login") ?? 0;
  const copy = await backup;
  const backupCheck: Check = copy instanceof Error
    ? { name: "a backup taken during the writes opens and passes integrity_check", ok: false, detail: copy.message }
    : {
      name: "a backup taken during the writes opens and passes integrity_check",
      ok: copy.reviews >= copy.reviewsBefore && copy.courses === courses.length,
      detail:
        `integrity_check ok; ${copy.courses} courses, ${copy.reviews} reviews (${copy.reviewsBefore} when it began), ` +
        `${(copy.bytes / 1e6).toFixed(1)} MB in ${copy.milliseconds} ms`,
    };
  report("load", [
    { name: "no 5xx", ok: stats.byClass["5xx"] === 0, detail: `${stats.byClass["5xx"]} 5xx` },
    {
      name: "every request answered",
      ok: stats.byClass["no answer"] === 0,
      detail: `${stats.byClass["no answer"]} without an answer`,
    },
    {
      name: "writes happened",
      ok: ledger.reviews.size > 0 && ledger.votesAcknowledged > 0,
      detail: `${ledger.reviews.size} reviews, ${loginOk} logins`,
    },
    backupCheck,
    ...checks,
  ]);
}

// ------------------------------------------------------------------ 2. SIGKILL

async function writers(
  base: () => string,
  students: Student[],
  clients: number,
  ledger: Ledger,
  pool: number[],
  statsNow: () => Stats,
  running: () => boolean,
  seed: number,
): Promise<void> {
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    const mine = students.filter((_, i) => i % clients === c);
    const random = rng(seed + c);
    while (running()) {
      const student = mine[Math.floor(random() * mine.length)];
      let answer;
      if (random() < 0.35) {
        answer = await ledger.createReview(statsNow(), base(), student, random);
        if (answer?.status === 201) pool.push(Number((answer.body as { id: number }).id));
      } else {
        const target = voteTarget(pool, ledger, student, random);
        if (target !== null) {
          answer = await ledger.vote(statsNow(), base(), student, target, random() < 0.6 ? "UPVOTE" : "DOWNVOTE");
        }
      }
      // While the server is down, do not spin.
      if (answer && answer.status === null) await sleep(100);
    }
  }));
}

async function killRun(): Promise<void> {
  console.log(`\n## 2. SIGKILL: 50 writing clients for ${KILL_SECONDS} s, the server killed at ${KILL_SECONDS / 2} s`);
  server = await startServer(url, port, "on");
  const { courses, reviews } = await catalog();
  const students = await createStudents(url, "kill", 100, courses, 2);
  const ledger = new Ledger();
  const pool = [...reviews];
  const before = new Stats(), after = new Stats();
  let phase = before;
  let running = true;
  const base = server.base;
  const work = writers(() => base, students, 50, ledger, pool, () => phase, () => running, 2000);
  await sleep((KILL_SECONDS / 2) * 1000);
  const killed = server;
  killed.proc.kill("SIGKILL");
  await killed.proc.status;
  before.ended = performance.now();
  phase = after;
  await sleep(300); // in-flight requests fail now
  const atKill = ledger.snapshot();
  // Checked with the server down: the file as the kill left it.
  const client = openRaw(url);
  const checksAtKill = await verify(client, atKill, students.map((s) => s.id));
  client.close();
  const restartedAt = performance.now();
  server = await startServer(url, port, "on");
  const restartMs = performance.now() - restartedAt;
  const health = await fetch(server.base + "/healthz");
  await health.body?.cancel();
  after.started = performance.now();
  await sleep((KILL_SECONDS / 2) * 1000);
  running = false;
  await work;
  after.ended = performance.now();
  await stopServer(server);
  server = null;
  const client2 = openRaw(url);
  const checksEnd = await verify(client2, ledger, students.map((s) => s.id));
  client2.close();
  const found = checksAtKill.find((c) => c.name === "acknowledged reviews present")!.detail;
  console.log(
    `\n${
      table(["", "requests", "2xx", "5xx", "no answer", "reviews acknowledged", "vote writes acknowledged"], [
        [
          "before the kill",
          before.latencies.length,
          before.byClass["2xx"],
          before.byClass["5xx"],
          before.byClass["no answer"],
          atKill.reviews.size,
          atKill.votesAcknowledged,
        ],
        [
          "after the restart",
          after.latencies.length,
          after.byClass["2xx"],
          after.byClass["5xx"],
          after.byClass["no answer"],
          ledger.reviews.size - atKill.reviews.size,
          ledger.votesAcknowledged - atKill.votesAcknowledged,
        ],
      ])
    }`,
  );
  console.log(
    `\nacknowledged before the kill vs found after it: reviews ${found}; restart took ${restartMs.toFixed(0)} ms`,
  );
  report("sigkill", [
    ...checksAtKill.map((c) => ({ ...c, name: `after kill: ${c.name}` })),
    { name: "restarted server answers /healthz", ok: health.ok, detail: `${health.status}` },
    {
      name: "no 5xx before the kill or after the restart",
      ok: before.byClass["5xx"] + after.byClass["5xx"] === 0,
      detail: `${before.byClass["5xx"] + after.byClass["5xx"]}`,
    },
    { name: "writes after the restart", ok: after.byClass["2xx"] > 0, detail: `${after.byClass["2xx"]} 2xx` },
    ...checksEnd.map((c) => ({ ...c, name: `at end: ${c.name}` })),
  ]);
}

// ------------------------------------------------------------------ 3. locked database

async function lockRun(): Promise<void> {
  console.log(
    `\n## 3. locked database: 40 writing clients; another connection holds BEGIN IMMEDIATE for ${LOCK_SECONDS} s, then for ${LONG_LOCK_SECONDS} s`,
  );
  server = await startServer(url, port, "on");
  const { courses, reviews } = await catalog();
  const students = await createStudents(url, "lock", 80, courses, 3);
  const ledger = new Ledger();
  const pool = [...reviews];
  const stats = new Stats();
  let running = true;
  const base = server.base;
  const work = writers(() => base, students, 40, ledger, pool, () => stats, () => running, 3000);
  const locker = openRaw(url);
  const probes: Check[] = [];
  const locks: { seconds: number; start: number; end: number }[] = [];
  for (const seconds of [LOCK_SECONDS, LONG_LOCK_SECONDS].filter((s) => s > 0)) {
    await sleep(1500);
    const tx = await locker.transaction("write"); // BEGIN IMMEDIATE
    await tx.execute("UPDATE app_settings SET key = key WHERE 0");
    const start = performance.now();
    await sleep(seconds * 1000);
    await tx.rollback();
    tx.close();
    locks.push({ seconds, start, end: performance.now() });
    // Writes succeed again once the lock is gone (queued writes may still be draining: allow 15 s of 503s).
    const probeStats = new Stats();
    const student = students[students.length - 1 - probes.length];
    const t0 = performance.now();
    let answer = await ledger.createReview(probeStats, base, student, rng(9));
    while (answer?.status === 503 && performance.now() - t0 < 15_000) {
      answer = await ledger.createReview(probeStats, base, student, rng(9));
    }
    probes.push({
      name: `a write succeeds after the ${seconds} s lock`,
      ok: answer?.status === 201,
      detail: `${answer?.status} after ${(performance.now() - t0).toFixed(0)} ms`,
    });
  }
  await sleep(1500);
  running = false;
  await work;
  stats.ended = performance.now();
  locker.close();
  await stopServer(server);
  server = null;
  type Sample = Stats["samples"][number];
  const windows: [string, (s: Sample) => boolean][] = [];
  let from = 0;
  for (const lock of locks) {
    const since = from;
    windows.push([`between locks (before the ${lock.seconds} s one)`, (s) => s.start >= since && s.end <= lock.start]);
    windows.push([`overlapping the ${lock.seconds} s lock`, (s) => s.start < lock.end && s.end > lock.start]);
    from = lock.end;
  }
  windows.push(["after the last lock", (s) => s.start >= from]);
  const rows = windows.map(([name, test]) => {
    const picked = stats.samples.filter(test);
    const ms = picked.map((s) => s.end - s.start).sort((a, b) => a - b);
    const count = (f: (s: Sample) => boolean) => picked.filter(f).length;
    const q = (x: number) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor(x * ms.length))].toFixed(0) : "-");
    return [
      name,
      picked.length,
      count((s) => s.status !== null && s.status < 300),
      count((s) => s.status !== null && s.status >= 400 && s.status < 500),
      count((s) => s.status === 503),
      count((s) => s.status !== null && s.status >= 500 && s.status !== 503),
      count((s) => s.status === null),
      q(0.5),
      q(0.99),
      ms.length ? ms[ms.length - 1].toFixed(0) : "-",
    ];
  });
  console.log(
    `\n${
      table(["requests", "count", "2xx", "4xx", "503", "other 5xx", "no answer", "p50 ms", "p99 ms", "max ms"], rows)
    }`,
  );
  const busy = stats.samples.filter((s) => s.status === 503);
  if (busy.length) {
    const at = (t: number) => {
      const lock = locks.findLast((l) => t >= l.start);
      return lock
        ? `${((t - lock.start) / 1000).toFixed(2)} s after the ${lock.seconds} s lock began (held until ${
          ((lock.end - lock.start) / 1000).toFixed(2)
        } s)`
        : "before any lock";
    };
    console.log(
      `\n503s (${busy.length}): ${
        busy.slice(0, 8).map((s) => `${s.kind} answered ${at(s.end)} after ${(s.end - s.start).toFixed(0)} ms`).join(
          "; ",
        )
      }`,
    );
  }
  const other = stats.samples.filter((s) => s.status === null || (s.status >= 300 && s.status !== 503)).length;
  const client = openRaw(url);
  const checks = await verify(client, ledger, students.map((s) => s.id));
  client.close();
  report("lock", [
    {
      name: "every answer 2xx or 503",
      ok: other === 0,
      detail: `${other} others ${stats.serverErrors.filter((e) => !e.startsWith("503")).slice(0, 5).join("; ")}`,
    },
    ...probes,
    ...checks,
  ]);
}

try {
  await buildAssets();
  await loadRun();
  await killRun();
  await lockRun();
} catch (error) {
  allChecks.push({ run: "harness", check: { name: "run completed", ok: false, detail: String(error) } });
  console.error(error);
} finally {
  if (server) await stopServer(server, "SIGKILL");
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}

const failed = allChecks.filter((c) => !c.check.ok);
console.log(`\n${allChecks.length - failed.length}/${allChecks.length} checks passed`);
for (const f of failed) console.log(`FAILED [${f.run}] ${f.check.name}: ${f.check.detail}`);
Deno.exit(failed.length ? 1 : 0);
