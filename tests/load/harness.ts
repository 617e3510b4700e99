/** Shared pieces of the load run: the server process, students, a timed HTTP client, and a ledger of acknowledged writes. */
import { type Client, createClient } from "@libsql/client";
import { hashPassword } from "../../src/services/accounts/passwords.ts";
import { issueToken } from "../../src/services/accounts/sessions.ts";

export const SECRET = "load-secret-0123456789-0123456789-0123456789";
export const PASSWORD = "correct horse battery load";

/** The V8 flags of `deno task start`, so the server runs as production does. */
const V8_FLAGS =
  /--v8-flags=(\S+)/.exec(JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url))).tasks.start)
    ?.[1] ?? "";
const ROOT = new URL("../../", import.meta.url).pathname;

export type Server = { proc: Deno.ChildProcess; base: string; stderr: string[] };

/**
 * Starts main.ts as its own process in production mode and waits until /healthz answers; `env` adds to (or overrides)
 * its settings, `flags` go to `deno run` (an inspector port, say).
 */
export async function startServer(
  url: string,
  port: number,
  demoCatalog: "on" | "off" = "on",
  env: Record<string, string> = {},
  flags: string[] = [],
): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  const proc = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `--v8-flags=${V8_FLAGS}`, ...flags, "main.ts"],
    cwd: ROOT,
    env: {
      DATABASE_URL: url,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_CATALOG: demoCatalog,
      NODE_ENV: "production",
      APP_ENV: "production",
      APP_ORIGIN: base,
      SESSION_SECRET: SECRET,
      // Every client of a load test is on this machine: one address, which the per-address limits would hold back.
      RATE_LIMITS: "off",
      ...env,
    },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  // Keep the server's error output (stack traces of 500s) for the report, and echo it.
  const stderr: string[] = [];
  (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of proc.stderr) {
      const text = decoder.decode(chunk);
      stderr.push(text);
      await Deno.stderr.write(new TextEncoder().encode(`[server] ${text}`));
    }
  })().catch(() => {});
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(base + "/healthz", { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (response.ok) return { proc, base, stderr };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill("SIGKILL");
  throw new Error(`server on ${base} did not answer /healthz within 90 s`);
}

export async function stopServer(server: Server, signal: Deno.Signal = "SIGTERM"): Promise<void> {
  try {
    server.proc.kill(signal);
  } catch { /* already gone */ }
  await server.proc.status;
}

export function openRaw(url: string): Client {
  return createClient({ url, timeout: 10_000 } as Parameters<typeof createClient>[0]);
}

export type Student = { id: number; email: string; token: string; courses: number[]; next: number };

/** Creates `count` verified students directly in the database (one shared argon2 hash), each with a token and a shuffled list of courses to review. */
export async function createStudents(
  url: string,
  prefix: string,
  count: number,
  courseIds: number[],
  seed: number,
): Promise<Student[]> {
  const hash = await hashPassword(PASSWORD);
  const client = openRaw(url);
  try {
    await client.execute("PRAGMA busy_timeout=10000");
    const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@load.invalid`);
    const ids: { id: number; sessionKey: string }[] = [];
    const tx = await client.transaction("write");
    for (let start = 0; start < count; start += 200) {
      const batch = emails.slice(start, start + 200);
      const rows = await tx.execute({
        sql: `INSERT INTO users (email, password_hash, enabled, college, major, expected_grad, session_key) VALUES ${
          batch.map(() => "(?, ?, 1, 'CAS', 'Physics', 2027, lower(hex(randomblob(16))))").join(",")
        } RETURNING id, email, session_key`,
        args: batch.flatMap((e) => [e, hash]),
      });
      const byEmail = new Map(
        rows.rows.map((r) => [String(r.email), { id: Number(r.id), sessionKey: String(r.session_key) }]),
      );
      for (const e of batch) ids.push(byEmail.get(e)!);
    }
    await tx.commit();
    const random = rng(seed);
    return await Promise.all(ids.map(async ({ id, sessionKey }, i) => ({
      id,
      email: emails[i],
      token: await issueToken(SECRET, { id, sessionVersion: 1, sessionKey }),
      courses: shuffle([...courseIds], random),
      next: 0,
    })));
  } finally {
    client.close();
  }
}

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** Request statistics: latencies, statuses by class, and every 5xx with its path. */
export class Stats {
  latencies: number[] = [];
  byClass: Record<string, number> = { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, "no answer": 0 };
  byStatus = new Map<number, number>();
  byKind = new Map<string, number>();
  serverErrors: string[] = [];
  /** Start and end (performance.now()) and status of every request, for attributing them to time windows. */
  samples: { start: number; end: number; status: number | null; kind: string }[] = [];
  started = performance.now();
  ended = 0;

  record(kind: string, path: string, status: number | null, ms: number): void {
    this.latencies.push(ms);
    const end = performance.now();
    this.samples.push({ start: end - ms, end, status, kind });
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
    if (status === null) {
      this.byClass["no answer"]++;
      return;
    }
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    this.byClass[`${Math.floor(status / 100)}xx`]++;
    if (status >= 500 && this.serverErrors.length < 20) this.serverErrors.push(`${status} ${kind} ${path}`);
  }

  quantile(q: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
  }

  seconds(): number {
    return ((this.ended || performance.now()) - this.started) / 1000;
  }
}

export type Answer = { status: number | null; body: unknown };

/** One request with an Origin header equal to APP_ORIGIN, JSON body when given, and a Bearer token when given; network failures answer status null. */
export async function call(
  stats: Stats,
  base: string,
  kind: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Origin: base };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const t0 = performance.now();
  try {
    const response = await fetch(base + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    stats.record(kind, path, response.status, performance.now() - t0);
    let body: unknown = text;
    if ((response.headers.get("content-type") ?? "").includes("json")) {
      try {
        body = JSON.parse(text);
      } catch { /* keep text */ }
    }
    return { status: response.status, body };
  } catch {
    stats.record(kind, path, null, performance.now() - t0);
    return { status: null, body: null };
  }
}

export function reviewBody(random: () => number) {
  const r = () => 1 + Math.floor(random() * 5);
  return {
    usefulnessRating: r(),
    difficultyRating: r(),
    workloadRating: r(),
    interestRating: r(),
    teacherRating: r(),
    teacherName: ["Avery Quill", "Morgan Tessaro", "Jordan Baptiste", "Riley Okafor"][Math.floor(random() * 4)],
    semester: "Fall 2025",
    hoursPerWeek: Math.floor(random() * 20),
    attendanceRequired: random() < 0.5,
    assignmentTypes: "Problem sets and exams",
    reviewText: "Written by the load test: the workload was steady, the teaching clear and the exams fair.",
  };
}

/**
 * What the server acknowledged. A review is acknowledged by a 201 with its id; a vote by a 200 with the user's vote after it.
 * A write that got no answer, or a 5xx other than 503 (which rolls back), leaves its outcome unknown: such reviews may exist,
 * and such (user, review) vote pairs are not checked afterwards.
 */
export class Ledger {
  reviews = new Map<number, { userId: number; courseId: number }>();
  unknownReviews = new Set<string>();
  votes = new Map<string, "UPVOTE" | "DOWNVOTE" | null>();
  unknownVotes = new Set<string>();
  votesAcknowledged = 0;

  async createReview(
    stats: Stats,
    base: string,
    student: Student,
    random: () => number,
    kind = "review create",
  ): Promise<Answer | null> {
    if (student.next >= student.courses.length) return null;
    const courseId = student.courses[student.next++];
    const answer = await call(stats, base, kind, "POST", `/api/reviews/course/${courseId}`, {
      token: student.token,
      body: reviewBody(random),
    });
    if (answer.status === 201) {
      const id = Number((answer.body as { id: number }).id);
      if (this.reviews.has(id)) throw new Error(`review id ${id} acknowledged twice`);
      this.reviews.set(id, { userId: student.id, courseId });
    } else if (answer.status === null || (answer.status >= 500 && answer.status !== 503)) {
      this.unknownReviews.add(`${student.id}:${courseId}`);
    }
    return answer;
  }

  async vote(
    stats: Stats,
    base: string,
    student: Student,
    reviewId: number,
    type: "UPVOTE" | "DOWNVOTE",
    kind = "vote",
  ): Promise<Answer> {
    const key = `${student.id}:${reviewId}`;
    const answer = await call(stats, base, kind, "POST", `/api/votes/review/${reviewId}?voteType=${type}`, {
      token: student.token,
    });
    if (answer.status === 200) {
      this.votesAcknowledged++;
      // The answer states the pair's vote after this write, so an earlier unknown outcome no longer matters.
      this.unknownVotes.delete(key);
      this.votes.set(key, (answer.body as { userVote: "UPVOTE" | "DOWNVOTE" | null }).userVote);
    } else if (answer.status === null || (answer.status >= 500 && answer.status !== 503)) {
      this.unknownVotes.add(key);
    }
    return answer;
  }

  /** A copy as of now, for checks of what was acknowledged before some moment. */
  snapshot(): Ledger {
    const copy = new Ledger();
    copy.reviews = new Map(this.reviews);
    copy.unknownReviews = new Set(this.unknownReviews);
    copy.votes = new Map(this.votes);
    copy.unknownVotes = new Set(this.unknownVotes);
    copy.votesAcknowledged = this.votesAcknowledged;
    return copy;
  }
}

export type Check = { name: string; ok: boolean; detail: string };

/** Compares the database with the ledger for the given students; also checks the derived counters over all rows. */
export async function verify(client: Client, ledger: Ledger, studentIds: number[]): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const ids = new Set(studentIds);
  const rows = (await client.execute("SELECT id, user_id, course_id FROM reviews")).rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    courseId: Number(r.course_id),
  }));
  const byId = new Map(rows.map((r) => [r.id, r]));
  let missing = 0, mismatched = 0;
  for (const [id, want] of ledger.reviews) {
    const row = byId.get(id);
    if (!row) missing++;
    else if (row.userId !== want.userId || row.courseId !== want.courseId) mismatched++;
  }
  add(
    "acknowledged reviews present",
    missing === 0 && mismatched === 0,
    `${
      ledger.reviews.size - missing - mismatched
    }/${ledger.reviews.size} found (${missing} missing, ${mismatched} changed)`,
  );
  const ours = rows.filter((r) => ids.has(r.userId));
  const unacknowledged = ours.filter((r) =>
    !ledger.reviews.has(r.id) && !ledger.unknownReviews.has(`${r.userId}:${r.courseId}`)
  );
  add(
    "no unacknowledged reviews",
    unacknowledged.length === 0,
    `${unacknowledged.length} rows never acknowledged (${ours.length} rows by load students, ${ledger.unknownReviews.size} writes unanswered)`,
  );
  const duplicates = Number(
    (await client.execute(
      "SELECT COUNT(*) AS n FROM (SELECT 1 FROM reviews GROUP BY user_id, course_id HAVING COUNT(*) > 1)",
    )).rows[0].n,
  );
  add("no duplicate (user, course) reviews", duplicates === 0, `${duplicates} duplicated pairs`);
  const badCounts = Number(
    (await client.execute(`SELECT COUNT(*) AS n FROM reviews r WHERE
      r.upvotes != (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = r.id AND v.vote_type = 'UPVOTE') OR
      r.downvotes != (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = r.id AND v.vote_type = 'DOWNVOTE')`))
      .rows[0].n,
  );
  add("review vote counters = review_votes", badCounts === 0, `${badCounts} reviews differ`);
  const badCourses = Number(
    (await client.execute(
      `SELECT COUNT(*) AS n FROM courses c WHERE c.num_reviews != (SELECT COUNT(*) FROM reviews r WHERE r.course_id = c.id AND r.hidden = 0)`,
    ))
      .rows[0].n,
  );
  add("courses.num_reviews = visible reviews", badCourses === 0, `${badCourses} courses differ`);
  const voteRows = new Map(
    (await client.execute("SELECT review_id, user_id, vote_type FROM review_votes")).rows
      .filter((r) => ids.has(Number(r.user_id)))
      .map((r) => [`${r.user_id}:${r.review_id}`, String(r.vote_type)]),
  );
  let voteWrong = 0, checked = 0;
  for (const [key, want] of ledger.votes) {
    if (ledger.unknownVotes.has(key)) continue;
    checked++;
    if ((voteRows.get(key) ?? null) !== want) voteWrong++;
  }
  let strayVotes = 0;
  for (const key of voteRows.keys()) if (!ledger.votes.has(key) && !ledger.unknownVotes.has(key)) strayVotes++;
  add(
    "acknowledged votes = review_votes",
    voteWrong === 0 && strayVotes === 0,
    `${checked - voteWrong}/${checked} pairs match, ${strayVotes} unacknowledged vote rows`,
  );
  const integrity = String((await client.execute("PRAGMA integrity_check")).rows[0][0]);
  add("PRAGMA integrity_check", integrity === "ok", integrity);
  return checks;
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map((_, i) => (i === 0 ? "---" : "---:"))), ...rows.map(line)].join("\n");
}

export function statsTable(stats: Stats): string {
  const c = stats.byClass;
  return table(
    ["requests", "req/s", "p50 ms", "p99 ms", "2xx", "3xx", "4xx", "5xx", "no answer"],
    [[
      stats.latencies.length,
      (stats.latencies.length / stats.seconds()).toFixed(0),
      stats.quantile(0.5).toFixed(1),
      stats.quantile(0.99).toFixed(1),
      c["2xx"],
      c["3xx"],
      c["4xx"],
      c["5xx"],
      c["no answer"],
    ]],
  );
}

export function checksTable(checks: Check[]): string {
  return table(["check", "result", "detail"], checks.map((c) => [c.name, c.ok ? "ok" : "FAIL", c.detail]));
}
