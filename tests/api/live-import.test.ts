/**
 * A whole BU term (30,000 rows of the registrar's download) imported by `deno task schedule:import` into the database
 * a running site serves, while students read and write: once the import ends no write is refused, every write is kept,
 * and the new term is served; an import of the same file again changes nothing a process keeps in memory.
 *
 * The app waits only 250 ms for another process's write lock (DATABASE_BUSY_TIMEOUT), so any of its writes that meets
 * the import's transactions is refused at once (503) instead of waiting: a failed write that left its connection
 * inside a transaction would show here as writes refused, or reads of old data, after the import.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { nextTerm } from "../../src/lib/term-codes.ts";
import { api, createStudents, type Student } from "../helpers/accounts.ts";
import { type RealCatalogApp, realCatalogApp, SAMPLE_FALL } from "../helpers/real-catalog-app.ts";
import { runScheduleImport } from "../helpers/schedule-import-task.ts";
import { syntheticTerm } from "../helpers/synthetic-term.ts";

/** The spring after the sample's fall: a term the database does not know yet. */
const SPRING = nextTerm(SAMPLE_FALL);

let r: RealCatalogApp;
let students: Student[];
let dir: string;
let file: string;
beforeAll(async () => {
  r = await realCatalogApp({ DATABASE_BUSY_TIMEOUT: "250" });
  students = await createStudents(r.t, "live-import-", 6);
  dir = await Deno.makeTempDir({ prefix: "hubrate-live-import-" });
  file = `${dir}/spring.csv`;
  await Deno.writeTextFile(file, await syntheticTerm(r.t.deps.database.client, 30_000, SPRING));
}, 240_000);
afterAll(async () => {
  await r?.t.close();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
});

const importFile = () => runScheduleImport(r.t, file);

type Phase = "during" | "after";

/**
 * Students saving courses, visitors searching and asking for the new term's week, and wrong passwords tried, until
 * stopped.
 */
function visitors(courseIds: number[]) {
  const answers: Record<Phase, Record<string, number>> = { during: {}, after: {} };
  let phase: Phase = "during";
  let stopped = false;
  const count = (what: string, status: number) => {
    const key = `${what} ${status}`;
    answers[phase][key] = (answers[phase][key] ?? 0) + 1;
  };
  const kept = new Map<number, Set<number>>();
  const writer = async (student: Student, i: number) => {
    for (let n = 0; !stopped; n++) {
      const courseId = courseIds[(i * 7 + n) % courseIds.length];
      const saved = await api(r.t, `/api/users/saved-courses/${courseId}`, { method: "POST", token: student.token });
      count("write", saved.status);
      await saved.body?.cancel();
      if (saved.status === 200) {
        if (!kept.has(student.id)) kept.set(student.id, new Set());
        kept.get(student.id)!.add(courseId);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const reader = async () => {
    for (let n = 0; !stopped; n++) {
      const search = await api(r.t, `/api/courses/search?q=${["intro", "writing", "ethics"][n % 3]}`);
      count("search", search.status);
      await search.body?.cancel();
      const week = await api(r.t, `/api/schedules/view?term=${SPRING}`);
      count("week", week.status);
      await week.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  // Wrong passwords, each from its own address: the login limits count every try in the database.
  const guesser = async () => {
    for (let n = 0; !stopped; n++) {
      const tried = await api(r.t, "/api/auth/login", {
        method: "POST",
        body: { email: `nobody-${n}@bu.edu`, password: "not the password" },
        ip: `10.44.${(n >> 8) & 255}.${n & 255}`,
      });
      count("login", tried.status);
      await tried.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const running = [...students.map(writer), reader(), reader(), guesser()];
  return {
    answers,
    kept,
    after() {
      phase = "after";
    },
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

async function catalogVersion(): Promise<number> {
  const [row] = await r.t.deps.database.db.all<{ value: string }>(
    sql`SELECT value FROM app_settings WHERE key = 'catalog_version'`,
  );
  return Number(row.value);
}

describe("a whole term imported into the live database", () => {
  test("no write refused after it ends, every write kept, the new term served within seconds", async () => {
    const courseIds = [...r.idOf.values()].slice(0, 200);
    expect((await api(r.t, `/api/schedules/view?term=${SPRING}`)).status).toBe(404);
    const load = visitors(courseIds);
    const imported = await importFile();
    load.after();
    expect(imported.code, imported.out).toBe(0);
    expect(imported.out).toMatch(/Spring \d{4} \(\d{4}\): [\d,]+ sections of [\d,]+ courses/);

    // The running app serves the new term within seconds of the import's end.
    const waitedFrom = Date.now();
    let week: Response;
    while ((week = await api(r.t, `/api/schedules/view?term=${SPRING}`)).status !== 200) {
      await week.body?.cancel();
      if (Date.now() - waitedFrom > 20_000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(week.status).toBe(200);
    await week.body?.cancel();
    // And search offers it.
    const offered = await api(r.t, `/api/courses/search?offered=${SPRING}`);
    expect(offered.status).toBe(200);
    expect((await offered.json() as { totalElements: number }).totalElements).toBeGreaterThan(1000);

    // Writes after the import all succeed.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await load.stop();
    const after = load.answers.after;
    expect(after["write 200"] ?? 0).toBeGreaterThan(0);
    // Every answer after the import is a 200 (a wrong password's 401), but the new term's week asked for before the
    // app saw it (404).
    const refused = Object.keys(after).filter((key) =>
      !key.endsWith(" 200") && key !== "week 404" && key !== "login 401"
    );
    expect(refused, JSON.stringify(load.answers)).toEqual([]);
    const last = await api(r.t, `/api/users/saved-courses/${courseIds[1]}`, {
      method: "POST",
      token: students[0].token,
    });
    expect(last.status).toBe(200);
    load.kept.get(students[0].id)?.add(courseIds[1]);

    // Every write answered 200 is stored, and another connection (another process) sees it.
    const other = (await import("@libsql/client/node")).createClient({ url: r.t.config.databaseUrl });
    try {
      for (const [userId, ids] of load.kept) {
        const { rows } = await other.execute({
          sql: "SELECT course_id FROM saved_courses WHERE user_id = ?",
          args: [userId],
        });
        const stored = new Set(rows.map((row) => Number(row.course_id)));
        for (const id of ids) expect(stored.has(id), `student ${userId}, course ${id}`).toBe(true);
      }
    } finally {
      other.close();
    }
  }, 300_000);

  test("importing the same file again changes no section and raises no catalog version", async () => {
    const before = await catalogVersion();
    const again = await importFile();
    expect(again.code, again.out).toBe(0);
    expect(again.out).toMatch(/; 0 new or changed, /);
    expect(await catalogVersion()).toBe(before);
  }, 300_000);
});
