/**
 * Two HubRate processes on one libSQL server, as instances on Deno Deploy
 * share Turso: each keeps the catalog in memory (src/services/catalog/catalog-cache.ts)
 * and answers visitors with shareable pages (src/middleware/http-cache.ts).
 * What one process writes, and a catalog import run beside them, the other
 * shows at its next request; a visitor's page never carries a student's lists
 * or email.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hashPassword } from "../../src/services/accounts/passwords.ts";
import { SECRET, type Server, startServer, stopServer } from "../load/harness.ts";
import { issueToken } from "../../src/services/accounts/sessions.ts";
import { freePort } from "../helpers/processes.ts";
import { TEST_BUILD_DIR } from "../helpers/build-dir.ts";
import { reviewBody } from "../helpers/reviews.ts";
import { type Sqld, startSqld } from "../helpers/sqld.ts";

type Instance = Server;

/** A production main.ts on the shared server, its bundles from this run's build. */
function startInstance(sqld: Sqld): Promise<Instance> {
  return startServer(sqld.url, freePort(), "on", { DATABASE_AUTH_TOKEN: sqld.token, ASSETS_DIR: TEST_BUILD_DIR });
}

async function stop(instance: Instance | undefined): Promise<void> {
  if (instance) await stopServer(instance);
}

let sqld: Sqld;
let a: Instance;
let b: Instance;
let token: string;
const EMAIL = "shared-student@bu.edu";

async function get(instance: Instance, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(instance.base + path, { headers });
  return { response, text: await response.text() };
}

beforeAll(async () => {
  sqld = await startSqld();
  // The first migrates and loads the demo catalog; the second finds both done.
  a = await startInstance(sqld);
  b = await startInstance(sqld);
  const hash = await hashPassword("correct horse battery");
  const inserted = await sqld.client.execute({
    sql:
      "INSERT INTO users (email, password_hash, enabled, college, major, expected_grad, session_key) VALUES (?, ?, 1, 'CAS', 'Physics', 2027, lower(hex(randomblob(16)))) RETURNING id, session_version, session_key",
    args: [EMAIL, hash],
  });
  const row = inserted.rows[0];
  token = await issueToken(SECRET, {
    id: Number(row.id),
    sessionVersion: Number(row.session_version),
    sessionKey: String(row.session_key),
  });
}, 240_000);

afterAll(async () => {
  await stop(a);
  await stop(b);
  await sqld?.stop();
});

describe("two processes sharing one libSQL server", () => {
  test("a review written through one is on the other's course page, in its API and in its search, at the next request", async () => {
    const [course] =
      (await sqld.client.execute("SELECT id FROM courses WHERE num_reviews = 0 ORDER BY id LIMIT 1")).rows;
    const id = Number(course.id);
    // The other process reads the course first: its catalog is in memory from here on.
    const before = await get(b, `/api/courses/${id}`);
    expect((JSON.parse(before.text) as { numReviews: number }).numReviews).toBe(0);
    const text = "Shared between instances: weekly labs, a fair final, and patient teaching assistants.";
    const posted = await fetch(`${a.base}/api/reviews/course/${id}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Origin: a.base },
      body: JSON.stringify(reviewBody({ reviewText: text })),
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    await posted.body?.cancel();
    const after = await get(b, `/api/courses/${id}`);
    expect((JSON.parse(after.text) as { numReviews: number }).numReviews).toBe(1);
    expect(after.response.headers.get("etag")).not.toBe(before.response.headers.get("etag"));
    const page = await get(b, `/course/${id}`);
    expect(page.text).toContain("Shared between instances");
    const reviews = JSON.parse((await get(b, `/api/reviews/course/${id}`)).text) as { totalElements: number };
    expect(reviews.totalElements).toBe(1);
  });

  test("a catalog import run beside them is seen by both at their next request: a new course, and a renamed one under its new title", async () => {
    // Both have the catalog in memory.
    for (const instance of [a, b]) {
      expect((await get(instance, "/api/courses/search?q=zymurgy")).response.status).toBe(200);
    }
    const [existing] =
      (await sqld.client.execute("SELECT college, department, number FROM courses ORDER BY id LIMIT 1")).rows;
    const dir = await Deno.makeTempDir({ prefix: "hubrate-shared-" });
    const file = `${dir}/courses.json`;
    await Deno.writeTextFile(
      file,
      JSON.stringify([
        {
          college: "CAS",
          department: "XZ",
          number: "101",
          title: "Zymurgy and the Science of Brewing",
          description: "Fermentation, from yeast to kettle.",
          hub_units: [],
        },
        {
          college: existing.college,
          department: existing.department,
          number: existing.number,
          title: "Renamed Quixotic Course",
          hub_units: [],
        },
      ]),
    );
    const imported = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "src/tasks/import-catalog.ts", file],
      env: {
        DATABASE_URL: sqld.url,
        DATABASE_AUTH_TOKEN: sqld.token,
        SESSION_SECRET: SECRET,
        APP_ENV: "production",
        APP_ORIGIN: a.base,
      },
      stdin: "null",
    }).output();
    expect(imported.code, new TextDecoder().decode(imported.stderr)).toBe(0);
    for (const instance of [a, b]) {
      const found = JSON.parse((await get(instance, "/api/courses/search?q=zymurgy")).text) as {
        content: { code: string; title: string }[];
      };
      expect(found.content.map((c) => c.code)).toEqual(["CAS XZ 101"]);
      const renamed = JSON.parse((await get(instance, "/api/courses/search?q=quixotic")).text) as {
        content: { code: string }[];
      };
      expect(renamed.content.map((c) => c.code)).toEqual([
        `${existing.college} ${existing.department} ${existing.number}`,
      ]);
      const suggestions = JSON.parse((await get(instance, "/api/courses/suggest?q=zymurg")).text) as { code: string }[];
      expect(suggestions.map((s) => s.code)).toContain("CAS XZ 101");
    }
    await Deno.remove(dir, { recursive: true });
  });

  test("a student's pages are never stored for others: a visitor's copy of the same URL holds neither the student's lists nor their email", async () => {
    const [course] = (await sqld.client.execute("SELECT id FROM courses ORDER BY id LIMIT 1 OFFSET 3")).rows;
    const id = Number(course.id);
    const saved = await fetch(`${a.base}/api/users/saved-courses/${id}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Origin: a.base },
    });
    expect(saved.status).toBe(200);
    await saved.body?.cancel();
    const cookie = { Cookie: `__Host-hubrate_session=${token}` };
    for (const path of [`/course/${id}`, "/search?q=intro", "/"]) {
      const student = await get(b, path, cookie);
      expect(student.response.headers.get("cache-control"), path).toBe("no-store");
      const visitor = await get(b, path);
      expect(visitor.response.status, path).toBeLessThan(400);
      expect(visitor.response.headers.get("cache-control"), path).toMatch(/^public/);
      expect(visitor.text, path).not.toContain(EMAIL);
      // A course marked on a card or a course page is a pressed toggle; the view switch's pressed button is the same for everyone.
      expect(visitor.text, path).not.toMatch(/aria-pressed="true"[^>]*>(Saved|Completed|Future)/);
      expect(visitor.text, path).not.toContain("Sign Out");
    }
    // The student's own course page does carry their saved mark: the visitor's copy differs for that reason.
    const own = await get(b, `/course/${id}`, cookie);
    expect(own.text).toMatch(/aria-pressed="true"[^>]*>Saved/);
  });
});
