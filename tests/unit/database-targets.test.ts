/**
 * The three database targets against a real libSQL server (sqld): the web
 * client for `http(s)://` and `libsql://` URLs, an embedded replica that reads
 * locally and writes through, and the embedded file they are compared with.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BUSY_TIMEOUT_MS, DatabaseUnavailableError, openDatabase } from "../../db/client.ts";
import { courses } from "../../db/schema.ts";
import { api, codeMailedTo, createStudent } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { createdReview, reviewBody } from "../helpers/reviews.ts";
import { type Sqld, startSqld } from "../helpers/sqld.ts";

let sqld: Sqld;
let local: TestApp;
let remote: TestApp;
beforeAll(async () => {
  sqld = await startSqld();
  local = await makeTestApp();
  remote = await makeTestApp({ env: { DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: sqld.token } });
});
afterAll(async () => {
  await remote?.close();
  await local?.close();
  await sqld?.stop();
});

const count = async (client: { execute(sql: string): Promise<{ rows: Record<string, unknown>[] }> }, table: string) =>
  Number((await client.execute(`SELECT COUNT(*) AS n FROM ${table}`)).rows[0].n);

const json = async (t: TestApp, path: string) => {
  const response = await api(t, path);
  expect(response.status, path).toBe(200);
  return await response.json();
};

describe("a libSQL server through the web client", () => {
  test("is migrated and filled exactly like the embedded file", async () => {
    expect(remote.deps.database.target).toBe("remote");
    expect(local.deps.database.target).toBe("file");
    const migrations = "SELECT hash FROM __drizzle_migrations ORDER BY created_at";
    expect((await sqld.client.execute(migrations)).rows.map((r) => r.hash)).toEqual(
      (await local.deps.database.client.execute(migrations)).rows.map((r) => r.hash),
    );
    for (const table of ["courses", "course_hub_units", "colleges", "departments", "majors", "hub_areas"]) {
      expect(await count(sqld.client, table), table).toBe(await count(local.deps.database.client, table));
      expect(await count(sqld.client, table), table).toBeGreaterThan(0);
    }
  });

  test("answers searches and course pages the same as the embedded file", async () => {
    const queries = [
      "",
      "?q=intro",
      "?colleges=CAS&hubReqs=SI1",
      "?sortBy=byRating&page=2",
      "?minRating=1&maxDifficulty=4",
      "?sortBy=byReviews",
    ];
    for (const query of queries) {
      const [a, b] = [
        await json(local, `/api/courses/search${query}`),
        await json(remote, `/api/courses/search${query}`),
      ];
      expect(b.totalElements, query).toBe(a.totalElements);
      expect(b.content.map((c: { code: string }) => c.code), query).toEqual(
        a.content.map((c: { code: string }) => c.code),
      );
    }
    const [first] = await local.deps.database.db.select({ id: courses.id }).from(courses).limit(1);
    const page = await api(remote, `/course/${first.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1");
  });

  test("keeps an account, a review and a vote made through the API", async () => {
    const email = "remote.student@bu.edu";
    const registered = await api(remote, "/api/auth/register", {
      method: "POST",
      body: { email, college: "CAS", major: "Physics", expectedGrad: 2027, password: "a sturdy passphrase" },
    });
    expect(registered.status).toBe(201);
    const code = await codeMailedTo(remote, email);
    expect((await api(remote, "/api/auth/verify", { method: "POST", body: { email, verificationCode: code } })).status)
      .toBe(200);
    const login = await api(remote, "/api/auth/login", {
      method: "POST",
      body: { email, password: "a sturdy passphrase" },
    });
    expect(login.status).toBe(200);
    const { token } = await login.json();

    const [course] =
      (await sqld.client.execute("SELECT id FROM courses WHERE num_reviews = 0 ORDER BY id LIMIT 1")).rows;
    const review = await createdReview(remote, token, Number(course.id));
    const voter = await createStudent(remote, "remote.voter@bu.edu");
    const vote = await api(remote, `/api/votes/review/${review.id}?voteType=UPVOTE`, {
      method: "POST",
      token: voter.token,
    });
    expect(vote.status).toBe(200);

    const stored =
      (await sqld.client.execute({ sql: "SELECT upvotes FROM reviews WHERE id = ?", args: [review.id] })).rows[0];
    expect(Number(stored.upvotes)).toBe(1);
    const courseRow =
      (await sqld.client.execute({ sql: "SELECT num_reviews FROM courses WHERE id = ?", args: [course.id] })).rows[0];
    expect(Number(courseRow.num_reviews)).toBe(1);
    const hash =
      (await sqld.client.execute({ sql: "SELECT password_hash FROM users WHERE email = ?", args: [email] })).rows[0];
    expect(String(hash.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  test("two instances sharing one server store one review of twenty identical ones", async () => {
    const second = await makeTestApp({ env: { DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: sqld.token } });
    try {
      const student = await createStudent(remote, "twins@bu.edu");
      const [course] =
        (await sqld.client.execute("SELECT id FROM courses WHERE num_reviews = 0 ORDER BY id DESC LIMIT 1")).rows;
      const statuses = await Promise.all(
        Array.from(
          { length: 20 },
          (_, i) =>
            api(i % 2 ? second : remote, `/api/reviews/course/${course.id}`, {
              method: "POST",
              token: student.token,
              body: reviewBody(),
            })
              .then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
      const rows = await sqld.client.execute({
        sql: "SELECT COUNT(*) AS n FROM reviews WHERE course_id = ?",
        args: [course.id],
      });
      expect(Number(rows.rows[0].n)).toBe(1);
    } finally {
      await second.close();
    }
  });

  test("a token the server refuses stops the start with the server's reason", { timeout: 60_000 }, async () => {
    const opening = openDatabase(sqld.url, { authToken: "not-a-valid-token" });
    await expect(opening).rejects.toThrow(DatabaseUnavailableError);
    await expect(opening).rejects.toThrow(new RegExp(`^Cannot open the database at ${sqld.url}: .*(401|Unauthorized)`));
    // The server says so in one line and stops, instead of a stack trace.
    const start = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts"],
      env: { DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: "not-a-valid-token", PORT: "0", HOST: "127.0.0.1" },
      stdin: "null",
    }).output();
    const stderr = new TextDecoder().decode(start.stderr).trim().split("\n").filter((line) =>
      !line.startsWith("npm warn")
    );
    expect(start.code).toBe(1);
    expect(stderr.at(-1)).toMatch(
      new RegExp(`^HubRate cannot start\\. Cannot open the database at ${sqld.url}: .*(401|Unauthorized)`),
    );
  });
});

describe("an embedded replica of the server", () => {
  let replica: TestApp;
  beforeAll(async () => {
    const dir = await Deno.makeTempDir({ prefix: "hubrate-replica-" });
    replica = await makeTestApp({
      env: { DATABASE_URL: `file:${dir}/replica.db`, DATABASE_SYNC_URL: sqld.url, DATABASE_AUTH_TOKEN: sqld.token },
    });
  });
  afterAll(() => replica?.close());

  test("starts with the primary's data and migrations", async () => {
    expect(replica.deps.database.target).toBe("replica");
    expect(await count(replica.deps.database.client, "courses")).toBe(await count(sqld.client, "courses"));
    expect(await count(replica.deps.database.client, "__drizzle_migrations")).toBe(
      await count(sqld.client, "__drizzle_migrations"),
    );
  });

  test("writes through to the primary and reads its own writes", async () => {
    const student = await createStudent(replica, "replica.student@bu.edu");
    const [course] =
      (await sqld.client.execute("SELECT id FROM courses WHERE num_reviews = 0 ORDER BY id LIMIT 1 OFFSET 5")).rows;
    const review = await createdReview(replica, student.token, Number(course.id), {
      reviewText: "Written through a replica.",
    });
    const onPrimary = await sqld.client.execute({
      sql: "SELECT review_text FROM reviews WHERE id = ?",
      args: [review.id],
    });
    expect(onPrimary.rows[0]?.review_text).toBe("Written through a replica.");
    const page = await (await api(replica, `/course/${course.id}`)).text();
    expect(page).toContain("Written through a replica.");
  });

  test("picks up a change made on the primary when it syncs", async () => {
    const [course] = (await sqld.client.execute("SELECT id FROM courses ORDER BY id LIMIT 1")).rows;
    // As an import does it: the change, and the catalog's version raised so that every process reads the catalog again.
    await sqld.client.batch([
      { sql: "UPDATE courses SET title = 'Renamed on the primary' WHERE id = ?", args: [course.id] },
      "UPDATE app_settings SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'catalog_version'",
    ], "write");
    await replica.deps.database.sync();
    const view = await json(replica, `/api/courses/${course.id}`);
    expect(view.title).toBe("Renamed on the primary");
  });
});

describe("writes on a busy embedded file", () => {
  test("a write queued behind one that timed out still gets the lock when it comes free", async () => {
    const t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    // Another process: this one's native driver waits for the lock synchronously, so a holder in this process could not let go.
    const holder = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "tests/helpers/hold-write-lock.ts",
        t.config.databaseUrl.slice("file:".length),
        String(BUSY_TIMEOUT_MS + 800),
      ],
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    try {
      const reader = holder.stdout.pipeThrough(new TextDecoderStream()).getReader();
      expect((await reader.read()).value).toContain("locked");
      const insert = (code: string) =>
        t.deps.database.write((tx) =>
          tx.insert(courses).values({
            college: "CAS",
            department: "XX",
            number: code,
            numberValue: Number(code),
            title: `Busy ${code}`,
            noPreReqs: true,
          }).returning()
        );
      const first = insert("101");
      const second = insert("102");
      const [a, b] = await Promise.allSettled([first, second]);
      // The first gave up after its wait; the second was still waiting when the lock came free.
      expect(a.status === "rejected" && String(a.reason)).toMatch(/SQLITE_BUSY|locked/);
      expect(b.status, b.status === "rejected" ? String(b.reason) : "").toBe("fulfilled");
      const rows = await t.deps.database.client.execute("SELECT number FROM courses WHERE department = 'XX'");
      expect(rows.rows.map((r) => r.number)).toEqual(["102"]);
      reader.releaseLock();
    } finally {
      await holder.status;
      await t.close();
    }
  }, 30_000);
});

describe("a request's statements on a libSQL server leave together", () => {
  const rt = (response: Response) =>
    Number(/db-rt;desc="(\d+)"/.exec(response.headers.get("server-timing") ?? "")?.[1]);

  test("reads started side by side are one round trip, each with its own answer; on the file they stay separate calls", async () => {
    const usageOf = async (t: TestApp) => {
      const { result, usage } = await t.deps.database.measure(() =>
        Promise.all([
          t.deps.database.client.execute("SELECT 1 AS n"),
          t.deps.database.client.execute({ sql: "SELECT ? AS n", args: [2] }),
          t.deps.database.db.select({ id: courses.id }).from(courses).limit(3),
        ])
      );
      expect(result[0].rows[0].n).toBe(1);
      expect(result[1].rows[0].n).toBe(2);
      expect(result[2]).toHaveLength(3);
      return usage;
    };
    expect((await usageOf(remote)).roundTrips).toBe(1);
    expect((await usageOf(remote)).statements).toBe(3);
    expect((await usageOf(local)).roundTrips).toBe(3);
  });

  test("a failing statement in a batch gets its own error; the others their answers", async () => {
    const { client } = remote.deps.database;
    const { result } = await remote.deps.database.measure(() =>
      Promise.allSettled([
        client.execute("SELECT 1 AS n"),
        client.execute("SELECT * FROM no_such_table"),
        client.execute("SELECT 3 AS n"),
      ])
    );
    expect(result.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const third = result[2];
    expect(third.status === "fulfilled" && third.value.rows[0].n).toBe(3);
    expect(String((result[1] as PromiseRejectedResult).reason)).toMatch(/no_such_table/);
  });

  test("reads and a write sent together wait for another connection's write and still leave as one round trip", async () => {
    const { client } = remote.deps.database;
    await sqld.client.execute("CREATE TABLE batch_beside_write (k TEXT PRIMARY KEY)");
    // Another connection's write, the way the outbox's delivery or a second server holds one for a few calls.
    const other = await sqld.client.transaction("write");
    await other.execute("INSERT INTO batch_beside_write VALUES ('theirs')");
    const mine = remote.deps.database.measure(() =>
      Promise.all([
        client.execute("SELECT COUNT(*) AS n FROM batch_beside_write"),
        client.execute("INSERT INTO batch_beside_write VALUES ('mine')"),
      ])
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await other.commit();
    const { result, usage } = await mine;
    // A batch that read first would have failed once the other write committed, and run again statement by statement.
    expect(usage.roundTrips).toBe(1);
    expect(result[0].rows[0].n).toBe(1);
    expect((await sqld.client.execute("SELECT k FROM batch_beside_write ORDER BY k")).rows.map((r) => r.k)).toEqual([
      "mine",
      "theirs",
    ]);
  });

  test("a course page costs fewer round trips on the server than statements, and the same page as on the file", async () => {
    // A course no test above renames on the server.
    const [course] = await remote.deps.database.db.select().from(courses).where(eq(courses.department, "WR")).limit(1);
    const onServer = await remote.app.request(`/course/${course.id}`);
    const onFile = await local.app.request(`/course/${course.id}`);
    expect(onServer.status).toBe(200);
    expect(rt(onServer)).toBeLessThan(rt(onFile));
    const strip = (html: string) => html.replace(/nonce-[^"']+|nonce="[^"]+"/g, "");
    expect(strip(await onServer.text())).toBe(strip(await onFile.text()));
  });
});
