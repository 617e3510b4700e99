/**
 * deno task bench [catalog.json]
 * Loads the real BU catalog into a fresh database, adds 200,000 synthetic
 * reviews from 20,000 users (popular courses get hundreds), starts the server
 * as its own process, and measures requests per second and p50/p99 latency
 * for the search API, the rendered pages and /healthz, in one run, with each
 * figure also as a ratio to /healthz and to the unfiltered search (text
 * search, relevance and typeahead included), and the database round trips each
 * request costs (from its Server-Timing header). Also prints the server's memory
 * and the gzipped JavaScript each page ships.
 *
 * BENCH_TARGET=server serves the data from a libSQL server (sqld) through the
 * web client, as on Turso; BENCH_RTT_MS=20 puts a 20 ms round trip between the
 * app and that server (a delaying proxy, 10 ms each way), as between Deno
 * Deploy and Turso in one region. BENCH_DB keeps the prepared database.
 */
import { gzipSync } from "node:zlib";
import { createClient } from "@libsql/client";
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { referenceData as reference } from "../../db/seeds/reference.ts";
import { overallRating } from "../../src/lib/schemas.ts";
import { reviewKeys } from "../../src/services/courses/course-summary.ts";
import { seededRandom } from "../../src/lib/random.ts";
import { ensureReferenceData, importCourses } from "../../src/services/catalog/catalog.ts";
import { buildAssets } from "../../src/server/asset-build.ts";
import { issueToken } from "../../src/services/accounts/sessions.ts";
import { type Sqld, startSqld } from "../helpers/sqld.ts";
import { benchScheduleImport } from "./schedule-import.ts";
import { importUnderLoad, pasteFlood, plannerFairness, routeCases, routeCosts } from "./operation.ts";
import { benchHtmlText } from "./html-text.ts";
import { type DelayProxy, startDelayProxy } from "../helpers/delay-proxy.ts";
import { freePort, residentMb } from "../helpers/processes.ts";
import { prepareDatabase } from "../../src/startup.ts";
import { loadConfig } from "../../src/config.ts";
import { hashPassword } from "../../src/services/accounts/passwords.ts";
import {
  benchStudents,
  coldStart,
  type Contention,
  memoryUnderLoad,
  plannerInFlight,
  SECRET,
  spawnEntry,
  typeaheadBurst,
  waitUntilServing,
} from "./edge.ts";

const CATALOG = Deno.args[0] ?? new URL("../../../shared/data/bu/bu_courses.json", import.meta.url).pathname;
const REVIEWS = Number(Deno.env.get("BENCH_REVIEWS") ?? 200_000);
const USERS = Number(Deno.env.get("BENCH_USERS") ?? 20_000);
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 4);
const CONCURRENCY = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 8);
/** The server runs with the V8 flags of `deno task start` (or BENCH_V8_FLAGS), so the memory figure is the one production sees. */
const V8_FLAGS = Deno.env.get("BENCH_V8_FLAGS") ??
  /--v8-flags=(\S+)/.exec(JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url))).tasks.start)
    ?.[1] ??
  "";

/** The heap settings the README gives for deploy.ts (Deno reads DENO_V8_FLAGS at start, for its workers too). */
const DEPLOY_V8_FLAGS = "--max-semi-space-size=2,--max-old-space-size=160";

async function prepare(url: string): Promise<void> {
  const database = await openDatabase(url);
  await migrateDatabase(database);
  await ensureReferenceData(database, reference);
  const started = performance.now();
  const report = await importCourses(database, JSON.parse(await Deno.readTextFile(CATALOG)));
  console.log(`catalog: ${report.loaded} courses in ${report.milliseconds} ms (${report.skipped.length} skipped)`);
  const ids = (await database.client.execute("SELECT id FROM courses ORDER BY id")).rows.map((r) => Number(r.id));
  database.close();

  // One raw connection for the bulk load: a single transaction, prepared statements, no per-row overhead.
  const client = createClient({ url });
  const next = seededRandom(42);
  const tx = await client.transaction("write");
  for (let start = 0; start < USERS; start += 500) {
    const batch = Array.from({ length: Math.min(500, USERS - start) }, (_, i) => start + i);
    await tx.execute({
      sql: `INSERT INTO users (email, password_hash, enabled, college, major, expected_grad, is_demo) VALUES ${
        batch.map(() => "(?, '!', 1, 'CAS', 'Undecided', 2027, 1)").join(",")
      }`,
      args: batch.map((i) => `bench-${i}@bench.invalid`),
    });
  }
  const firstUser = Number((await tx.execute("SELECT MIN(id) AS id FROM users WHERE email LIKE 'bench-%'")).rows[0].id);
  // Popularity: a few hundred courses draw most reviews (Zipf-like), the long tail gets a few or none.
  const shuffled = [...ids].sort(() => next() - 0.5);
  const weightOf = (rank: number) => 1 / (rank + 50);
  const weights = shuffled.map((_, rank) => weightOf(rank));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  weights.reduce((sum, w, i) => (cumulative[i] = sum + w / total), 0);
  const pickCourse = () => {
    const r = next();
    let lo = 0, hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return shuffled[lo];
  };
  const pairs = new Set<string>();
  const sums = new Map<number, number[]>();
  let written = 0;
  // 2,500 professors (50 first names × 50 last names), two or three per course, each teaching about a dozen courses;
  // some reviews spell the name with a title or in lower case.
  const first = [
    "Avery",
    "Morgan",
    "Jordan",
    "Riley",
    "Casey",
    "Sam",
    "Dana",
    "Lee",
    "Rhea",
    "Ivo",
    "Mara",
    "Nell",
    "Uma",
    "Ola",
    "Tess",
    "Ravi",
    "Jun",
    "Aisha",
    "Omar",
    "Lena",
    "Kofi",
    "Ines",
    "Theo",
    "Yara",
    "Hugo",
    "Noor",
    "Emil",
    "Sade",
    "Kai",
    "Mina",
    "Paz",
    "Ben",
    "Zoe",
    "Ari",
    "Liv",
    "Max",
    "Eva",
    "Tom",
    "Ana",
    "Raj",
    "Lou",
    "Ada",
    "Ian",
    "Amy",
    "Ned",
    "Ida",
    "Gus",
    "Fay",
    "Cal",
    "Bea",
  ];
  const last = [
    "Quill",
    "Tessaro",
    "Baptiste",
    "Okafor",
    "Lindqvist",
    "Varga",
    "Whitlock",
    "Park",
    "Castellanos",
    "Brandt",
    "Quint",
    "Ortiz",
    "Lind",
    "Berg",
    "Nakamura",
    "Ferreira",
    "Adeyemi",
    "Hollis",
    "Moreau",
    "Kowalski",
    "Haddad",
    "Silva",
    "Novak",
    "Reyes",
    "Fischer",
    "Mensah",
    "Rossi",
    "Dubois",
    "Yilmaz",
    "Kim",
    "Larsen",
    "Costa",
    "Byrne",
    "Sato",
    "Weber",
    "Patel",
    "Nguyen",
    "Grant",
    "Abara",
    "Voss",
    "Ruiz",
    "Holt",
    "Banerjee",
    "Cruz",
    "Marsh",
    "Oduya",
    "Hale",
    "Ito",
    "Sousa",
    "Price",
  ];
  const professorOf = (courseId: number, k: number) => {
    const n = (courseId * 7 + k * 1_031) % (first.length * last.length);
    return `${first[n % first.length]} ${last[Math.floor(n / first.length)]}`;
  };
  const spell = (name: string, r: number) => r < 0.1 ? `Prof. ${name}` : r < 0.15 ? name.toLowerCase() : name;
  // Semesters as students type them, over three years.
  const semesters = [
    "Fall 2023",
    "spring 24",
    "F24",
    "Spring 2025",
    "Summer 1 2025",
    "fall 2025",
    "SP26",
    "Fall 2026",
    "last year",
  ];
  while (written < REVIEWS) {
    const rows: unknown[][] = [];
    while (rows.length < 400 && written + rows.length < REVIEWS) {
      const courseId = pickCourse();
      const userId = firstUser + Math.floor(next() * USERS);
      const key = `${userId}:${courseId}`;
      if (pairs.has(key)) continue;
      pairs.add(key);
      const r = () => 1 + Math.floor(next() * 5);
      const ratings = {
        usefulnessRating: r(),
        difficultyRating: r(),
        workloadRating: r(),
        interestRating: r(),
        teacherRating: r(),
      };
      const s = sums.get(courseId) ?? [0, 0, 0, 0, 0, 0, 0];
      s[0]++;
      s[1] += 12 - ratings.difficultyRating - ratings.workloadRating + ratings.interestRating +
        ratings.usefulnessRating + ratings.teacherRating;
      s[2] += ratings.usefulnessRating;
      s[3] += ratings.difficultyRating;
      s[4] += ratings.workloadRating;
      s[5] += ratings.interestRating;
      s[6] += ratings.teacherRating;
      sums.set(courseId, s);
      rows.push([
        courseId,
        userId,
        overallRating(ratings),
        ratings.usefulnessRating,
        ratings.difficultyRating,
        ratings.workloadRating,
        ratings.interestRating,
        ratings.teacherRating,
        ...(() => {
          // Two or three professors per course, the same ones for a course across runs.
          const teacherName = spell(professorOf(courseId, Math.floor(next() * 3)), next());
          const semester = semesters[Math.floor(next() * semesters.length)];
          // No schedule yet: a name's professor is its own slug until a schedule import matches it.
          const keys = reviewKeys(courseId, { teacherName, semester });
          return [teacherName, semester, keys.nameKey, keys.nameKey, keys.term];
        })(),
        Math.floor(next() * 20),
        next() < 0.5 ? 1 : 0,
        "Problem sets and exams",
        "A synthetic review written for the benchmark, about as long as a real one tends to be: workload, teaching and exams.",
        Date.now() - Math.floor(next() * 700) * 86_400_000,
        Math.floor(next() * 30),
        Math.floor(next() * 8),
      ]);
    }
    await tx.execute({
      sql:
        `INSERT INTO reviews (course_id, user_id, overall_rating, usefulness_rating, difficulty_rating, workload_rating, interest_rating, teacher_rating,
        teacher_name, semester, name_key, teacher_key, term, hours_per_week, attendance_required, assignment_types, review_text, created_at, upvotes, downvotes) VALUES ${
          rows.map(() => "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)").join(",")
        }`,
      args: rows.flat(2) as never[],
    });
    written += rows.length;
  }
  for (const [courseId, s] of sums) {
    await tx.execute({
      sql:
        `UPDATE courses SET num_reviews = ?, avg_overall = ?, avg_usefulness = ?, avg_difficulty = ?, avg_workload = ?, avg_interest = ?, avg_teacher = ? WHERE id = ?`,
      args: [s[0], s[1] / (5 * s[0]), s[2] / s[0], s[3] / s[0], s[4] / s[0], s[5] / s[0], s[6] / s[0], courseId],
    });
  }
  await tx.commit();
  await client.execute("ANALYZE");
  client.close();

  console.log(
    `reviews: ${written} from ${USERS} users over ${sums.size} courses in ${
      Math.round(performance.now() - started)
    } ms; most reviewed course has ${Math.max(...[...sums.values()].map((s) => s[0]))}`,
  );
}

type Result = {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  roundTrips: number | null;
  cache: string;
};

/** The database round trips a response says its request cost (Server-Timing's db-rt). */
function roundTripsOf(response: Response): number | null {
  const match = /db-rt;desc="(\d+)"/.exec(response.headers.get("server-timing") ?? "");
  return match ? Number(match[1]) : null;
}

/** A path, or one per request (`fresh` puts a new query string on each, so no response cache has it). */
type BenchPath = string | { fresh: string } | { each: (n: number) => string };
let freshCount = 0;
const pathOf = (path: BenchPath) =>
  typeof path === "string"
    ? path
    : "each" in path
    ? path.each(++freshCount)
    : `${path.fresh}${path.fresh.includes("?") ? "&" : "?"}fresh=${++freshCount}`;

/** Whether the response cache answered (Server-Timing's cache entry), or "-" where it has no say. */
function cacheOf(response: Response): string {
  return /cache;desc=(\w+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? "-";
}

/** Warms up, then runs `clients` clients for SECONDS, each sending its next request when the last one is answered. */
async function measure(
  base: string,
  name: string,
  path: BenchPath,
  clients: number,
  headers: Record<string, string> = {},
): Promise<Result> {
  let roundTrips: number | null = null;
  let cache = "-";
  for (let i = 0; i < 20; i++) {
    const response = await fetch(base + pathOf(path), { headers });
    await response.arrayBuffer();
    roundTrips = roundTripsOf(response);
    cache = cacheOf(response);
  }
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const response = await fetch(base + pathOf(path), { headers });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!response.ok) errors++;
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    name,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors,
    roundTrips,
    cache,
  };
}

async function pageJavaScript(base: string, path: string): Promise<{ files: number; gzipBytes: number }> {
  const html = await (await fetch(base + path)).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/from"(\/static\/build\/[^"]+)"/g)) urls.add(match[1]);
  let gzipBytes = 0;
  for (const url of urls) {
    gzipBytes += gzipSync(new Uint8Array(await (await fetch(base + url)).arrayBuffer()), { level: 9 }).length;
  }
  return { files: urls.size, gzipBytes };
}

/** The professor whose review count is closest to 500, for the professor page case. */
async function professorPageCase(url: string): Promise<{ slug: string; reviews: number }> {
  const client = createClient({ url });
  const row = (await client.execute(
    "SELECT teacher_key, COUNT(*) AS n FROM reviews GROUP BY teacher_key ORDER BY ABS(COUNT(*) - 500) LIMIT 1",
  )).rows[0];
  client.close();
  return { slug: String(row.teacher_key), reviews: Number(row.n) };
}

/** The course whose review count is closest to 500, for the course page case. */
async function coursePageCase(url: string): Promise<{ id: number; reviews: number }> {
  const client = createClient({ url });
  const row =
    (await client.execute("SELECT id, num_reviews FROM courses ORDER BY ABS(num_reviews - 500) LIMIT 1")).rows[0];
  client.close();
  return { id: Number(row.id), reviews: Number(row.num_reviews) };
}

/** CAS CS 111, which the sample's Fall 2026 sections are of, and a course of about as many reviews with no section. */
async function sectionPageCases(url: string): Promise<{ with: CasePage; without: CasePage }> {
  const client = createClient({ url });
  const row = async (where: string) => {
    const r = (await client.execute(
      `SELECT c.id, c.num_reviews, (SELECT count(*) FROM sections s WHERE s.course_id = c.id AND NOT s.gone) AS sections
       FROM courses c WHERE ${where} LIMIT 1`,
    )).rows[0];
    return { id: Number(r.id), reviews: Number(r.num_reviews), sections: Number(r.sections) };
  };
  const withSections = await row("c.college = 'CAS' AND c.department = 'CS' AND c.number = '111'");
  const without = await row(
    `NOT EXISTS (SELECT 1 FROM sections s WHERE s.course_id = c.id) ORDER BY ABS(c.num_reviews - ${withSections.reviews})`,
  );
  client.close();
  return { with: withSections, without };
}
type CasePage = { id: number; reviews: number; sections: number };

// BENCH_DB=path keeps the prepared database between runs (it is made on the first).
const kept = Deno.env.get("BENCH_DB");
const dir = kept ? null : await Deno.makeTempDir({ prefix: "hubrate-bench-" });
const url = `file:${kept ?? `${dir}/bench.db`}`;
if (!kept || !(await Deno.stat(kept).then(() => true, () => false))) await prepare(url);
// As a start would: every migration, the reference data, the descriptions' search index. The cold starts below find it done.
{
  const { database } = await prepareDatabase(
    loadConfig({ DATABASE_URL: url, DEMO_CATALOG: "off", APP_ENV: "development", SESSION_SECRET: SECRET }),
  );
  await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  database.close();
}
// A whole term's class schedule, the size of BU's, from the real sample's shapes; then a course page with sections and
// one without, measured below in the same run.
const schedule = await benchScheduleImport(url);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `Schedule import: ${schedule.rows.toLocaleString("en-US")} rows, ${schedule.sections.toLocaleString("en-US")} ` +
    `sections of ${schedule.courses.toLocaleString("en-US")} courses (${schedule.skipped} skipped): read in ` +
    `${seconds(schedule.parseMs)}, stored in ${seconds(schedule.storeMs)}; the same file again ${
      seconds(schedule.againMs)
    }.`,
);
// Notes and bulletin pages to text, tags that never close included: the time should double with the input.
for (const line of benchHtmlText()) console.log(line);
const sectionPages = await sectionPageCases(url);
const { id: popular, reviews: popularReviews } = await coursePageCase(url);
const { slug: professor, reviews: professorReviews } = await professorPageCase(url);
await buildAssets();
/**
 * Two students for the Hub planner: a new one, and one with 8 completed
 * courses that carry Hub units. Made afresh each run; their sessions are
 * signed with the server's secret.
 */
async function plannerStudents(url: string): Promise<{ fresh: string; eight: string }> {
  const client = createClient({ url });
  await client.execute(
    "DELETE FROM users WHERE email IN ('bench-plan-new@bench.invalid', 'bench-plan-8@bench.invalid')",
  );
  const make = async (email: string) => {
    const row = (await client.execute({
      sql:
        "INSERT INTO users (email, password_hash, enabled, college, major, expected_grad, session_key) VALUES (?, '!', 1, 'CAS', 'Undecided', 2028, lower(hex(randomblob(16)))) RETURNING id, session_version, session_key",
      args: [email],
    })).rows[0];
    return { id: Number(row.id), sessionVersion: Number(row.session_version), sessionKey: String(row.session_key) };
  };
  const fresh = await make("bench-plan-new@bench.invalid");
  const eight = await make("bench-plan-8@bench.invalid");
  await client.execute({
    sql: `INSERT INTO completed_courses (user_id, course_id)
      SELECT ?, id FROM courses WHERE current = 1 AND number_value < 300 AND id IN (SELECT course_id FROM course_hub_units) ORDER BY id LIMIT 8 OFFSET 40`,
    args: [eight.id],
  });
  client.close();
  return { fresh: await issueToken(SECRET, fresh), eight: await issueToken(SECRET, eight) };
}
// Made in the file before a server target copies it, so both targets know them.
const students = await plannerStudents(url);

/**
 * A week of 6 courses in the latest term with a schedule: each course's first section to register for and, when it
 * needs one, its first discussion or lab (linked to it, else one linked to none). Kept as the new planner student's
 * version too, so the signed-in page shows it.
 */
async function schedulePlan(url: string): Promise<{ term: number; query: string }> {
  const client = createClient({ url });
  const term = Number((await client.execute("SELECT max(code) AS code FROM terms")).rows[0].code);
  const lectures = (await client.execute({
    sql:
      `SELECT s.course_id AS course, min(s.id) AS lecture FROM sections s JOIN section_meetings m ON m.section_id = s.id
      WHERE s.term_code = ? AND s.enrollment = 1 AND s.status = 'active' AND s.gone = 0 AND m.start_minute IS NOT NULL
      GROUP BY s.course_id ORDER BY s.course_id LIMIT 6`,
    args: [term],
  })).rows.map((r) => ({ course: Number(r.course), lecture: Number(r.lecture) }));
  const chosen: { course: number; sections: number[] }[] = [];
  for (const { course, lecture } of lectures) {
    const [companion] = (await client.execute({
      sql: `SELECT c.id FROM sections c WHERE c.course_id = ? AND c.term_code = ? AND c.enrollment = 0
          AND c.status <> 'cancelled' AND c.gone = 0
          AND (c.id IN (SELECT companion_id FROM section_links WHERE section_id = ?)
            OR (NOT EXISTS (SELECT 1 FROM section_links l JOIN sections x ON x.id = l.companion_id
                  WHERE l.section_id = ?)
                AND NOT EXISTS (SELECT 1 FROM section_links WHERE companion_id = c.id)))
        ORDER BY c.id LIMIT 1`,
      args: [course, term, lecture, lecture],
    })).rows;
    chosen.push({ course, sections: companion ? [lecture, Number(companion.id)] : [lecture] });
  }
  const [user] = (await client.execute("SELECT id FROM users WHERE email = 'bench-plan-new@bench.invalid'")).rows;
  const version = (await client.execute({
    sql: "INSERT INTO schedules (user_id, term_code, name) VALUES (?, ?, 'Bench week') RETURNING id",
    args: [Number(user.id), term],
  })).rows[0];
  for (const c of chosen) {
    for (const section of c.sections) {
      await client.execute({
        sql: "INSERT INTO schedule_sections (schedule_id, section_id, course_id) VALUES (?, ?, ?)",
        args: [Number(version.id), section, c.course],
      });
    }
  }
  client.close();
  const courses = chosen.map((c) => c.course).join(",");
  const sections = chosen.flatMap((c) => c.sections).join(",");
  return { term, query: `term=${term}&courses=${courses}&sections=${sections}` };
}
const plan = await schedulePlan(url);
// BENCH_TARGET=server serves the same data from a libSQL server (sqld on loopback) through the web client, as on Turso.
const target = Deno.env.get("BENCH_TARGET") ?? "file";
if (target !== "file" && target !== "server") throw new Error(`BENCH_TARGET must be file or server, not ${target}`);
let sqld: Sqld | null = null;
// BENCH_RTT_MS puts that round trip between the app and sqld (half each way), as between Deno Deploy and Turso.
const RTT_MS = Number(Deno.env.get("BENCH_RTT_MS") ?? 0);
if (!(RTT_MS >= 0) || (RTT_MS > 0 && target !== "server")) {
  throw new Error("BENCH_RTT_MS takes a number of ms, with BENCH_TARGET=server");
}
let proxy: DelayProxy | null = null;
let databaseUrl = url;
if (target === "server") {
  const checkpoint = createClient({ url });
  await checkpoint.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  checkpoint.close();
  sqld = await startSqld({ from: url.slice("file:".length) });
  databaseUrl = sqld.url;
  if (RTT_MS > 0) {
    proxy = startDelayProxy(Number(new URL(sqld.url).port), RTT_MS / 2);
    databaseUrl = `http://127.0.0.1:${proxy.port}`;
  }
}

const port = await freePort();
const server = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", `--v8-flags=${V8_FLAGS}`, "main.ts"],
  // Run as in production: assets built ahead, production React, no build step in the server process.
  env: {
    DATABASE_URL: databaseUrl,
    DATABASE_AUTH_TOKEN: sqld ? sqld.token : "",
    PORT: String(port),
    HOST: "127.0.0.1",
    DEMO_CATALOG: "off",
    NODE_ENV: "production",
    APP_ENV: "production",
    APP_ORIGIN: `http://127.0.0.1:${port}`,
    SESSION_SECRET: SECRET,
    // Eight clients on this machine are one address: the per-address limits would answer most of them 429.
    RATE_LIMITS: "off",
  },
  stdout: "null",
  stderr: "inherit",
}).spawn();
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(base + "/healthz")).ok) break;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  const cases: [string, BenchPath, Record<string, string>?][] = [
    ["GET /healthz", "/healthz"],
    ["search: no filter", "/api/courses/search"],
    ["search: q=QR2 (a Hub code, read as the Hub filter)", "/api/courses/search?q=QR2"],
    ["search: q=easy (a sort word, read as Easiest)", "/api/courses/search?q=easy"],
    ["search: q=easy QR2", "/api/courses/search?q=easy%20QR2"],
    ["search: q=ethics hub (the area, ranked by ethics)", "/api/courses/search?q=ethics%20hub"],
    ["search: no filter, a new URL each time", { fresh: "/api/courses/search" }],
    ["search: q=QR2, a new URL each time", { fresh: "/api/courses/search?q=QR2" }],
    ["search: q=easy, a new URL each time", { fresh: "/api/courses/search?q=easy" }],
    ["search: q=ethics hub, a new URL each time", { fresh: "/api/courses/search?q=ethics%20hub" }],
    ["search: college + Hub", "/api/courses/search?colleges=CAS&hubReqs=SO1"],
    ["search: college + Hub, a new URL each time", { fresh: "/api/courses/search?colleges=CAS&hubReqs=SO1" }],
    ["search: rating sliders", "/api/courses/search?minRating=3&minTeacher=2.5&maxWorkload=4"],
    ["search: q=intro psych", "/api/courses/search?q=intro%20psych"],
    ["search: q=writing (relevance)", "/api/courses/search?q=writing"],
    ["search: q=calculus (relevance)", "/api/courses/search?q=calculus"],
    ["search: q=calclus (a typo)", "/api/courses/search?q=calclus"],
    ["search: q=cs111 (a code)", "/api/courses/search?q=cs111"],
    ["search: q=in (a stop word)", "/api/courses/search?q=in"],
    ["search: q=history + CAS + level 100", "/api/courses/search?q=history&colleges=CAS&levels=100"],
    ["suggest: c", "/api/courses/suggest?q=c"],
    ["suggest: cs1", "/api/courses/suggest?q=cs1"],
    ["suggest: calc", "/api/courses/suggest?q=calc"],
    ["suggest: intro psy", "/api/courses/suggest?q=intro%20psy"],
    ["suggest: organic chem", "/api/courses/suggest?q=organic%20chem"],
    ["search: sorted by rating", "/api/courses/search?sortBy=byRating"],
    ["search: deep page (300)", "/api/courses/search?page=300"],
    ["page: /search", "/search"],
    ["page: / (visitor, three live lists)", "/"],
    ["page: / (visitor), a new URL each time", { fresh: "/" }],
    ["page: /search?q=writing", "/search?q=writing"],
    [`page: /course/{id} (${popularReviews} reviews)`, `/course/${popular}`],
    [`page: /course/{id} (${popularReviews} reviews), a new URL each time`, { fresh: `/course/${popular}` }],
    [
      `page: /course/{id} with ${sectionPages.with.sections} sections (CAS CS 111, ${sectionPages.with.reviews} reviews)`,
      `/course/${sectionPages.with.id}`,
    ],
    [
      `page: /course/{id} without sections (${sectionPages.without.reviews} reviews)`,
      `/course/${sectionPages.without.id}`,
    ],
    [
      `page: /course/{id} with ${sectionPages.with.sections} sections, a new URL each time`,
      { fresh: `/course/${sectionPages.with.id}` },
    ],
    [`page: /course/{id} without sections, a new URL each time`, { fresh: `/course/${sectionPages.without.id}` }],
    ["search: q=snyder (a professor's name)", "/api/courses/search?q=snyder"],
    ["search: q=snyder, a new URL each time", { fresh: "/api/courses/search?q=snyder" }],
    [`api: /api/courses/{id}/summary (${popularReviews} reviews)`, `/api/courses/${popular}/summary`],
    [`page: /professor/{slug} (${professorReviews} reviews)`, `/professor/${professor}`],
    [`api: /api/professors/{slug} (${professorReviews} reviews)`, `/api/professors/${professor}`],
    ["suggest: professors and courses (quill)", "/api/suggest?q=quill"],
    ["schedule api: a week of 6 courses", `/api/schedules/view?${plan.query}`],
    ["schedule api: a week of 6 courses, a new URL each time", { fresh: `/api/schedules/view?${plan.query}` }],
    ["schedule: the calendar file of 6 courses", `/api/schedules/calendar.ics?${plan.query}`],
    ["page: /schedule (visitor)", `/schedule?term=${plan.term}`],
    ["page: /schedule (signed in, 6 courses)", `/schedule?term=${plan.term}`, {
      Authorization: `Bearer ${students.fresh}`,
    }],
    ["page: /dashboard (signed in, 8 courses)", "/dashboard", { Authorization: `Bearer ${students.eight}` }],
    ["hub plan: a new student", "/api/users/hub-plan", { Authorization: `Bearer ${students.fresh}` }],
    ["hub plan: 8 courses completed", "/api/users/hub-plan", { Authorization: `Bearer ${students.eight}` }],
    ["hub plan: 8 completed, every course", "/api/users/hub-plan?eligibleOnly=false", {
      Authorization: `Bearer ${students.eight}`,
    }],
    // Plans are kept for the same inputs: a course set aside (Swap) makes each a new plan, solved in the planner's worker.
    ["hub plan: a new plan each time (Swap)", { each: (n) => `/api/users/hub-plan?exclude=${n}` }, {
      Authorization: `Bearer ${students.fresh}`,
    }],
    // Laid over terms, prerequisites across them, offerings of the known term: a new plan each time.
    ["hub plan: a new student, 3 terms of 4 (Swap)", {
      each: (n) => `/api/users/hub-plan?term=${plan.term}&terms=3&perTerm=4&exclude=${n}`,
    }, { Authorization: `Bearer ${students.fresh}` }],
    // Sections picked to fit the student's week of 6 courses in the known term, and a second term: a new plan each time.
    ["hub plan: a new student, 2 terms, fits the week (Swap)", {
      each: (n) => `/api/users/hub-plan?term=${plan.term}&terms=2&perTerm=4&fitsWeek=true&exclude=${n}`,
    }, { Authorization: `Bearer ${students.fresh}` }],
  ];
  // Latency with one client at a time (the time a request takes), throughput with CONCURRENCY clients (how many the server answers).
  const latency: Result[] = [];
  const throughput: Result[] = [];
  let peak = residentMb(server.pid);
  for (const [name, path, headers] of cases) {
    latency.push(await measure(base, name, path, 1, headers));
    throughput.push(await measure(base, name, path, CONCURRENCY, headers));
    peak = Math.max(peak, residentMb(server.pid));
  }
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const where = sqld
    ? `a libSQL server (sqld) through the web client${
      RTT_MS ? `, ${RTT_MS} ms round trip away (a delaying proxy)` : ""
    }`
    : "the embedded file";
  console.log(
    `\n${SECONDS}s per case and mode, database: ${where}, loopback, ${navigator.hardwareConcurrency} cores shared by server and client\n`,
  );
  console.log(
    line([
      "case",
      "p50 ms (1 client)",
      "p95 ms (1 client)",
      "p99 ms (1 client)",
      `req/s (${CONCURRENCY} clients)`,
      `p99 ms (${CONCURRENCY} clients)`,
      "p50 vs healthz",
      "p50 vs unfiltered search",
      "req/s vs healthz",
      "db round trips",
      "response cache",
      "errors",
    ]),
  );
  console.log(line(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---", "---:"]));
  const unfiltered = latency[cases.findIndex(([name]) => name === "search: no filter")].p50;
  latency.forEach((l, i) => {
    const t = throughput[i];
    console.log(line([
      l.name,
      l.p50.toFixed(2),
      l.p95.toFixed(2),
      l.p99.toFixed(2),
      t.rps.toFixed(0),
      t.p99.toFixed(1),
      (l.p50 / latency[0].p50).toFixed(1),
      (l.p50 / unfiltered).toFixed(2),
      (t.rps / throughput[0].rps).toFixed(2),
      String(l.roundTrips ?? "?"),
      l.cache,
      String(l.errors + t.errors),
    ]));
  });
  console.log(`\nserver memory: ${residentMb(server.pid).toFixed(0)} MB resident now, ${peak.toFixed(0)} MB peak seen`);
  for (const path of ["/", "/search", "/privacy", `/course/${popular}`, "/contact"]) {
    const js = await pageJavaScript(base, path);
    console.log(`JavaScript on ${path}: ${js.files} files, ${(js.gzipBytes / 1024).toFixed(1)} KB gzipped`);
  }
  server.kill("SIGTERM");
  await server.status;
  const edge = Deno.env.get("BENCH_EDGE") ?? "cold,contention,memory,operation";
  if (edge !== "off") await edgeCases(latency[0], new Set(edge.split(",")));
} finally {
  try {
    server.kill("SIGTERM");
  } catch { /* stopped already */ }
  await server.status;
  proxy?.close();
  await sqld?.stop();
  if (dir) await Deno.remove(dir, { recursive: true });
}

/**
 * The edge: cold starts on the prepared database (the embedded file, and
 * deploy.ts with sqld 20 ms away), what other visitors see while plans or a
 * burst of typeahead requests run (main.ts with its per-address limits on),
 * and deploy.ts's memory under mixed load. BENCH_EDGE=off leaves them out.
 */
async function edgeCases(healthz: Result, parts: Set<string>) {
  const root = new URL("../../", import.meta.url).pathname;
  const file = url.slice("file:".length);
  const paths = { course: `/course/${popular}`, search: "/search?q=calculus" };
  const checkpoint = createClient({ url });
  await checkpoint.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  checkpoint.close();
  const edgeSqld = await startSqld({ from: file });
  const far = startDelayProxy(Number(new URL(edgeSqld.url).port), 10);
  const remote = { DATABASE_URL: `http://127.0.0.1:${far.port}`, DATABASE_AUTH_TOKEN: edgeSqld.token };
  const line = (cells: (string | number)[]) => console.log(`| ${cells.join(" | ")} |`);
  try {
    const runs = Number(Deno.env.get("BENCH_COLD_RUNS") ?? 3);
    const cold = !parts.has("cold") ? [] : [
      await coldStart("main", "main.ts, embedded file", root, { DATABASE_URL: url }, V8_FLAGS, paths, runs),
      await coldStart("deploy", "deploy.ts, sqld 20 ms away", root, remote, V8_FLAGS, paths, runs),
    ];
    if (cold.length) {
      console.log(
        `\nCold starts on the prepared database (ms from the process's start; median of ${runs} starts each, a start per request)\n`,
      );
      line([
        "entry",
        "listens",
        "/healthz after it listens",
        "first course page",
        "first search (/search?q=calculus)",
        "longest warm-up hold",
      ]);
      line(["---", "---:", "---:", "---:", "---:", "---:"]);
    }
    for (const c of cold) {
      line([
        c.target,
        c.listen.toFixed(0),
        c.healthzAfterListen.toFixed(0),
        c.firstCoursePage.toFixed(0),
        c.firstSearch.toFixed(0),
        c.longestHold ?? "?",
      ]);
    }

    // A server with the limits on, as students meet it.
    const limited = parts.has("contention") ? spawnEntry("main", root, { DATABASE_URL: url }, V8_FLAGS) : null;
    if (limited) {
      try {
        await waitUntilServing(limited.base);
        const tokens = await benchStudents({ url }, 64);
        const seconds = Number(Deno.env.get("BENCH_CONTENTION_SECONDS") ?? 4);
        const rows: Contention[] = [];
        for (const plans of [0, 2, 4, 8]) {
          rows.push(await plannerInFlight(limited.base, tokens, plans, paths.course, seconds));
        }
        rows.push(await typeaheadBurst(limited.base, 200, paths.course, seconds));
        console.log(
          `\nOther visitors while the planner or a typeahead burst runs (main.ts, limits on, ${seconds} s each; ms; /healthz p50 alone above: ${
            healthz.p50.toFixed(2)
          })\n`,
        );
        line(["load", "/healthz p50", "p95", "p99", "course page (new URL) p50", "p95", "p99", "the load's answers"]);
        line(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---"]);
        for (const r of rows) {
          const answers = Object.entries(r.answered).map(([status, n]) => `${n} × ${status}`).join(", ") || "-";
          line([
            r.load,
            r.healthz.p50.toFixed(1),
            r.healthz.p95.toFixed(1),
            r.healthz.p99.toFixed(1),
            r.coursePage.p50.toFixed(1),
            r.coursePage.p95.toFixed(1),
            r.coursePage.p99.toFixed(1),
            answers,
          ]);
        }
      } finally {
        await limited.stop();
      }
    }

    if (parts.has("operation")) await operation(root, file);

    if (!parts.has("memory")) return;
    // deploy.ts as on Deno Deploy: the server's permissions only; logins, plans, pages and searches at once. Without V8 flags and
    // with the heap settings the README gives for Deploy.
    const client = createClient({ url: edgeSqld.url, authToken: edgeSqld.token });
    const email = "bench-login@bench.invalid";
    const password = "a bench login passphrase";
    await client.execute({
      sql:
        `INSERT INTO users (email, password_hash, enabled, college, major, expected_grad) VALUES (?, ?, 1, 'CAS', 'Undecided', 2027)
        ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash`,
      args: [email, await hashPassword(password)],
    });
    const courseIds = (await client.execute("SELECT id FROM courses WHERE num_reviews > 0 ORDER BY random() LIMIT 300"))
      .rows.map((r) => Number(r.id));
    const professors = (await client.execute("SELECT DISTINCT teacher_key AS k FROM reviews LIMIT 200")).rows.map((r) =>
      String(r.k)
    );
    client.close();
    const tokens = await benchStudents({ url: edgeSqld.url, authToken: edgeSqld.token }, 32, "bench-memory");
    const seconds = Number(Deno.env.get("BENCH_MEMORY_SECONDS") ?? 60);
    console.log(
      `\ndeploy.ts's memory under mixed load (sqld on loopback, 16 clients, ${seconds} s each; Deno Deploy's limit: 512 MB)\n`,
    );
    line(["V8 heap settings (DENO_V8_FLAGS)", "resident at peak (MB)", "at the end (MB)", "requests", "errors"]);
    line(["---", "---:", "---:", "---:", "---:"]);
    for (const flags of ["", DEPLOY_V8_FLAGS]) {
      const env: Record<string, string> = {
        DATABASE_URL: edgeSqld.url,
        DATABASE_AUTH_TOKEN: edgeSqld.token,
        RATE_LIMITS: "off",
      };
      if (flags) env.DENO_V8_FLAGS = flags;
      const deploy = spawnEntry("deploy", root, env, "");
      try {
        await waitUntilServing(deploy.base);
        const run = await memoryUnderLoad(deploy, "deploy.ts", seconds, 16, {
          courseIds,
          professors,
          tokens,
          login: { email, password },
        });
        line([flags || "none (V8's defaults)", run.peakMb.toFixed(0), run.endMb.toFixed(0), run.requests, run.errors]);
      } finally {
        await deploy.stop();
      }
    }
  } finally {
    far.close();
    await edgeSqld.stop();
  }
}

/**
 * Safe under real operation (tests/bench/operation.ts), on this checkout and, with BENCH_BEFORE=<another checkout of
 * HubRate>, on that one too, in the same run: each route's CPU cost, a whole term imported while students write, floods
 * from one address, and the planner's fairness.
 */
async function operation(root: string, file: string) {
  const line = (cells: (string | number)[]) => console.log(`| ${cells.join(" | ")} |`);
  const before = Deno.env.get("BENCH_BEFORE");
  const roots: [string, string][] = [["now", root]];
  if (before) {
    // The other checkout serves its own bundles, built once.
    if (!(await Deno.stat(`${before}/static/build/manifest.json`).then(() => true, () => false))) {
      await new Deno.Command(Deno.execPath(), { args: ["task", "build"], cwd: before, stdout: "null" }).output();
    }
    roots.push(["before", before]);
  }
  const client = createClient({ url });
  const compare = (await client.execute("SELECT id FROM courses ORDER BY num_reviews DESC LIMIT 4")).rows.map((r) =>
    Number(r.id)
  );
  const [review] = (await client.execute(`SELECT id FROM reviews WHERE course_id = ${popular} LIMIT 1`)).rows;
  client.close();
  // BENCH_OPERATION names the parts to run (all by default).
  const parts = new Set((Deno.env.get("BENCH_OPERATION") ?? "costs,import,floods,planner").split(","));
  const context = {
    course: popular,
    sectionsCourse: sectionPages.with.id,
    professor,
    week: plan,
    tokens: students,
    compare,
    review: Number(review.id),
  };

  // What each route costs: a server with the response cache and the limits off, one request at a time.
  const costs = new Map<string, Awaited<ReturnType<typeof routeCosts>>>();
  for (const [label, at] of parts.has("costs") ? roots : []) {
    const server = spawnEntry("main", at, { DATABASE_URL: url, RATE_LIMITS: "off", RESPONSE_CACHE: "off" }, V8_FLAGS);
    try {
      await waitUntilServing(server.base);
      costs.set(label, await routeCosts(server, routeCases(context)));
    } finally {
      await server.stop();
    }
  }
  console.log(
    `\nWhat each route costs the server: CPU ms per request (all its threads), one request at a time, 15 requests after 2 to warm up; response cache off${
      before ? "; before: " + before : ""
    }\n`,
  );
  line(["route", "p50", "p95", ...(before ? ["p50 before", "p95 before"] : []), "answers"]);
  line(["---", "---:", "---:", ...(before ? ["---:", "---:"] : []), "---"]);
  for (const [i, cost] of (costs.get("now") ?? []).entries()) {
    const old = costs.get("before")?.[i];
    line([
      cost.name,
      cost.p50.toFixed(1),
      cost.p95.toFixed(1),
      ...(old ? [old.p50.toFixed(1), old.p95.toFixed(1)] : []),
      cost.statuses,
    ]);
  }

  // A whole term's import into the database a server serves while students write.
  console.log(
    "\nA whole term (30,000 rows) imported by schedule:import while 6 students save courses and 2 visitors search\n",
  );
  line([
    "code",
    "import s",
    "writes refused during",
    "writes refused after",
    "longest write ms",
    "search p50 / p95 / p99 ms",
    "new term served after ms",
  ]);
  line(["---", "---:", "---:", "---:", "---:", "---:", "---:"]);
  for (const [label, at] of parts.has("import") ? roots : []) {
    const run = await importUnderLoad(at, file, V8_FLAGS);
    const refused = (answers: Record<string, number>) => {
      const all = Object.values(answers).reduce((a, b) => a + b, 0);
      return `${all - (answers[200] ?? 0)} of ${all}`;
    };
    line([
      label,
      run.importSeconds.toFixed(1),
      refused(run.writes.during),
      refused(run.writes.after),
      run.longestWriteMs.toFixed(0),
      `${run.reads.p50.toFixed(0)} / ${run.reads.p95.toFixed(0)} / ${run.reads.p99.toFixed(0)}`,
      run.newTermAfterMs === null ? "not in 30 s" : run.newTermAfterMs.toFixed(0),
    ]);
  }

  // Floods from one address and the planner, on a server with its limits on.
  const seconds = Number(Deno.env.get("BENCH_CONTENTION_SECONDS") ?? 4);
  console.log(
    `\nOne address flooding, with the limits on (${seconds} s each): other visitors' /healthz in ms, and the flood's answers\n`,
  );
  line(["code", "load", "/healthz p50", "p95", "p99", "the load's answers"]);
  line(["---", "---", "---:", "---:", "---:", "---"]);
  const fairness: [string, Awaited<ReturnType<typeof plannerFairness>>][] = [];
  for (const [label, at] of parts.has("floods") || parts.has("planner") ? roots : []) {
    const server = spawnEntry("main", at, { DATABASE_URL: url }, V8_FLAGS);
    try {
      await waitUntilServing(server.base);
      const floods = !parts.has("floods") ? [] : [
        await pasteFlood(server.base, 6, seconds),
        await typeaheadBurst(server.base, 200, `/course/${popular}`, seconds),
      ];
      for (const flood of floods) {
        const answers = Object.entries(flood.answered).map(([status, n]) => `${n} × ${status}`).join(", ");
        line([
          label,
          flood.load,
          flood.healthz.p50.toFixed(1),
          flood.healthz.p95.toFixed(1),
          flood.healthz.p99.toFixed(1),
          answers,
        ]);
      }
      if (parts.has("planner")) {
        fairness.push([label, await plannerFairness(server, students.eight, students.fresh, plan.term)]);
      }
    } finally {
      await server.stop();
    }
  }
  console.log(
    "\nThe planner: one student's light plan (one term) alone and asked 200 ms after another's two heavy plans (six terms of six), median of 3; the heavy plan alone\n",
  );
  line(["code", "light alone ms", "light behind ms", "heavy ms", "heavy CPU ms", "memory growth MB", "heavy plans"]);
  line(["---", "---:", "---:", "---:", "---:", "---:", "---"]);
  for (const [label, f] of fairness) {
    line([
      label,
      f.lightAlone.toFixed(0),
      f.lightBehind.toFixed(0),
      f.heavyMs.toFixed(0),
      f.heavyCpuMs.toFixed(0),
      f.heavyMemoryMb.toFixed(0),
      f.heavyExact,
    ]);
  }
}
