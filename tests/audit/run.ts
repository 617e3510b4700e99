/**
 * deno task audit
 * Lighthouse (mobile emulation, simulated slow 4G) on the landing, search,
 * course (a quiet one and one with 500 reviews), professor and dashboard pages of a server started in production mode on a
 * fresh demo database, driving Debian's Chromium. Prints the four category
 * scores, largest contentful paint, total blocking time, layout shift and the
 * JavaScript each page ships.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { courses, reviews, schedules, scheduleSections, terms, users } from "../../db/schema.ts";
import { overallRating } from "../../src/lib/schemas.ts";
import { seededRandom } from "../../src/lib/random.ts";
import { recomputeCourseStats } from "../../src/services/courses/course-stats.ts";
import { reviewKeys } from "../../src/services/courses/course-summary.ts";
import { buildAssets } from "../../src/server/asset-build.ts";
import { issueToken } from "../../src/services/accounts/sessions.ts";
import { CHROMIUM_PATH } from "../helpers/browser.ts";

const SECRET = "audit-secret-0123456789-0123456789-0123456789";
const dir = await Deno.makeTempDir({ prefix: "hubrate-audit-" });
const url = `file:${dir}/audit.db`;
const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
const port = (listener.addr as Deno.NetAddr).port;
listener.close();
const base = `http://127.0.0.1:${port}`;

await buildAssets();
const v8Flags = /--v8-flags=(\S+)/.exec(
  JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url))).tasks.start,
)?.[1];
const server = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", ...(v8Flags ? [`--v8-flags=${v8Flags}`] : []), "main.ts"],
  env: {
    DATABASE_URL: url,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    APP_ENV: "production",
    APP_ORIGIN: base,
    SESSION_SECRET: SECRET,
  },
  stdout: "null",
  stderr: "inherit",
}).spawn();

/** A course with `n` reviews over six semesters by two professors (one written three ways): the heaviest course page. */
async function withManyReviews(database: Awaited<ReturnType<typeof openDatabase>>, n: number): Promise<number> {
  const next = seededRandom(500);
  const [course] = await database.db.select().from(courses).where(eq(courses.department, "MA")).orderBy(
    courses.numReviews,
  ).limit(1);
  const people = await database.db.insert(users).values(Array.from({ length: n }, (_, i) => ({
    email: `audit-${i}@demo.invalid`,
    passwordHash: "!",
    enabled: true,
    college: "CAS",
    major: "Undecided",
    expectedGrad: 2027,
    isDemo: true,
  }))).returning({ id: users.id });
  const teachers = ["Dana Whitlock", "Prof. Dana Whitlock", "dana whitlock", "Lee Park"];
  const semesters = ["Fall 2023", "spring 24", "F24", "Spring 2025", "fall 25", "SP26"];
  const rating = () => 1 + Math.floor(next() * 5);
  const rows = people.map(({ id }, i) => {
    const r = {
      usefulnessRating: rating(),
      difficultyRating: rating(),
      workloadRating: rating(),
      interestRating: rating(),
      teacherRating: rating(),
    };
    const teacherName = teachers[i % 2 ? 3 : Math.floor(next() * 3)];
    const semester = semesters[Math.floor(next() * semesters.length)];
    return {
      courseId: course.id,
      userId: id,
      ...r,
      overallRating: overallRating(r),
      teacherName,
      semester,
      ...reviewKeys(course.id, { teacherName, semester }),
      hoursPerWeek: Math.floor(next() * 20),
      attendanceRequired: next() < 0.4,
      assignmentTypes: "Problem sets and two exams",
      reviewText:
        "Lectures were clear and the problem sets took most of the week; office hours helped a lot before the exams.",
    };
  });
  await database.write(async (tx) => {
    for (let i = 0; i < rows.length; i += 100) await tx.insert(reviews).values(rows.slice(i, i + 100));
    await recomputeCourseStats(tx, [course.id]);
  });
  return course.id;
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});
try {
  for (let i = 0; i < 120 && !(await fetch(base + "/healthz").then((r) => r.ok, () => false)); i++) {
    await new Promise((r) => setTimeout(r, 250));
  }
  const database = await openDatabase(url);
  const [student] = await database.db.insert(users).values({
    email: "audit@bu.edu",
    passwordHash: "!",
    enabled: true,
    college: "CAS",
    major: "Physics",
    expectedGrad: 2027,
  })
    .returning();
  const [course] = await database.db.select().from(courses).where(eq(courses.department, "CS")).orderBy(
    courses.numReviews,
  ).limit(1);
  const busy = await withManyReviews(database, 500);
  // A week of four courses of the demo schedule's first term for the student, shared: the schedule pages' case.
  const [term] = await database.db.select({ code: terms.code }).from(terms).orderBy(terms.code).limit(1);
  const lectures = await database.db.all<{ course: number; id: number }>(
    sql`SELECT s.course_id AS course, min(s.id) AS id
    FROM sections s WHERE s.term_code = ${term.code} AND s.enrollment = 1 AND s.status = 'active'
      AND NOT EXISTS (SELECT 1 FROM sections c WHERE c.course_id = s.course_id AND c.term_code = s.term_code
        AND c.enrollment = 0)
    GROUP BY s.course_id ORDER BY s.course_id LIMIT 4`,
  );
  const [plan] = await database.db.insert(schedules).values({
    userId: student.id,
    termCode: term.code,
    name: "Plan A",
    shareToken: "auditauditauditauditau",
  }).returning();
  await database.db.insert(scheduleSections).values(
    lectures.map((l) => ({ scheduleId: plan.id, sectionId: Number(l.id), courseId: Number(l.course) })),
  );
  database.close();
  const cookie = `__Host-hubrate_session=${await issueToken(SECRET, student)}`;

  const pages: [string, string, Record<string, string>?][] = [
    ["landing", "/"],
    ["search", "/search"],
    ["course", `/course/${course.id}`],
    ["course (500 reviews)", `/course/${busy}`],
    ["professor (250 reviews)", "/professor/dana-whitlock"],
    ["dashboard (signed in)", "/dashboard", { Cookie: cookie }],
    ["schedule (visitor)", "/schedule"],
    ["schedule (signed in, 4 courses)", "/schedule", { Cookie: cookie }],
    ["schedule (shared, 4 courses)", "/schedule/shared/auditauditauditauditau"],
  ];
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const rows: string[] = [];
  for (const [name, path, headers] of pages) {
    const result = await lighthouse(base + path, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      extraHeaders: headers,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (key: string) => String(Math.round((categories[key]?.score ?? 0) * 100));
    const scripts = (audits["network-requests"]?.details as
      | { items?: { resourceType?: string; transferSize?: number }[] }
      | undefined)?.items ?? [];
    const jsBytes = scripts.filter((r) => r.resourceType === "Script").reduce(
      (sum, r) => sum + (r.transferSize ?? 0),
      0,
    );
    rows.push(line([
      name,
      score("performance"),
      score("accessibility"),
      score("best-practices"),
      score("seo"),
      audits["largest-contentful-paint"].displayValue ?? "",
      audits["total-blocking-time"].displayValue ?? "",
      audits["cumulative-layout-shift"].displayValue ?? "",
      `${(jsBytes / 1024).toFixed(1)} KB`,
    ]));
  }
  console.log("\nLighthouse, mobile emulation with simulated throttling; production build and server\n");
  console.log(
    line([
      "page",
      "performance",
      "accessibility",
      "best practices",
      "SEO",
      "LCP",
      "TBT",
      "CLS",
      "JavaScript (transferred)",
    ]),
  );
  console.log(line(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]));
  for (const row of rows) console.log(row);
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
  await server.status;
  await Deno.remove(dir, { recursive: true });
}
