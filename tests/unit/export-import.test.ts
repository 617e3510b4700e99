/**
 * db:export and db:import: an embedded file moved to a libSQL server and back,
 * row for row, and every refusal leaving the target as it was.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Database, migrateDatabase, openDatabase } from "../../db/client.ts";
import { exportDatabase, fileLines, importDatabase, TransferError } from "../../db/transfer.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { createdReview } from "../helpers/reviews.ts";
import { type Sqld, startSqld } from "../helpers/sqld.ts";

let sqld: Sqld;
let source: TestApp;
let dir: string;
let exported: string;
let reviewText: string;
let courseId: number;
const PASSWORD = "moving day passphrase";

/**
 * The tables that hold data: all but the content version, which each database raises by itself as rows change, and
 * what is derived from the rest (the catalog's snapshot, the descriptions' index), which each database makes again.
 */
async function tables(database: Database): Promise<string[]> {
  const rows = await database.client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' AND name NOT IN ('content_version', 'derived_data') ORDER BY name",
  );
  return rows.rows.map((r) => String(r.name));
}

const versionOf = async (database: Database) =>
  Number((await database.client.execute("SELECT value FROM content_version")).rows[0].value);

/**
 * Every row of every table, in rowid order, as plain JSON. The professor directory is ordered by its key instead: its
 * triggers write its rows in the order reviews change (a schedule import moving spellings to a professor, say), which
 * an import of the reviews does not replay.
 */
async function snapshot(database: Database): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of await tables(database)) {
    const order = table === "professor_spellings" ? "teacher_key, teacher_name" : "rowid";
    const rows = await database.client.execute(`SELECT * FROM "${table}" ORDER BY ${order}`);
    result[table] = rows.rows.map((row) => rows.columns.map((_, i) => row[i]));
  }
  return result;
}

const counts = async (database: Database) =>
  Object.fromEntries(Object.entries(await snapshot(database)).map(([t, rows]) => [t, rows.length]));

async function exportTo(database: Database, path: string) {
  const file = await Deno.open(path, { write: true, createNew: true });
  const writer = file.writable.getWriter();
  const encoder = new TextEncoder();
  const report = await exportDatabase(database, (line) => writer.write(encoder.encode(line)));
  await writer.close();
  return report;
}

async function* linesOf(text: string) {
  yield* text.split("\n");
}

async function freshServerDatabase(): Promise<Database> {
  const database = await openDatabase(sqld.url, { authToken: sqld.token });
  await migrateDatabase(database);
  return database;
}

beforeAll(async () => {
  sqld = await startSqld();
  dir = await Deno.makeTempDir({ prefix: "hubrate-transfer-" });
  source = await makeTestApp();
  const student = await createStudent(source, "mover@bu.edu", PASSWORD);
  const voter = await createStudent(source, "voter@bu.edu");
  const [course] =
    (await source.deps.database.client.execute("SELECT id FROM courses WHERE num_reviews = 0 ORDER BY id LIMIT 1"))
      .rows;
  courseId = Number(course.id);
  reviewText = "Moved from one database to another without losing a word: “quotes”, émoji 🎓, and a \\ backslash.";
  const review = await createdReview(source, student.token, courseId, { reviewText });
  expect(
    (await api(source, `/api/votes/review/${review.id}?voteType=UPVOTE`, { method: "POST", token: voter.token }))
      .status,
  ).toBe(200);
  expect((await api(source, `/api/users/saved-courses/${courseId}`, { method: "POST", token: student.token })).status)
    .toBe(200);
  exported = `${dir}/export.ndjson`;
  await exportTo(source.deps.database, exported);
});
afterAll(async () => {
  await source?.close();
  await sqld?.stop();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
});

describe("db:export and db:import", () => {
  test("an embedded file moves to a libSQL server row for row, and the site runs on it", async () => {
    const target = await freshServerDatabase();
    try {
      const before = await versionOf(target);
      const report = await importDatabase(target, fileLines(exported));
      expect(report.rows).toBeGreaterThan(1000);
      expect(await snapshot(target)).toEqual(await snapshot(source.deps.database));
      // What visitors were shown from the target before is out of date: its content version rose with the rows.
      expect(await versionOf(target)).toBeGreaterThan(before);
      expect(await Deno.readTextFile(exported)).not.toContain("content_version");
    } finally {
      target.close();
    }
    const moved = await makeTestApp({ env: { DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: sqld.token } });
    try {
      expect(await (await api(moved, `/course/${courseId}`)).text()).toContain("backslash");
      const login = await api(moved, "/api/auth/login", {
        method: "POST",
        body: { email: "mover@bu.edu", password: PASSWORD },
      });
      expect(login.status).toBe(200);
    } finally {
      await moved.close();
    }
  });

  test("a target that already holds accounts is refused without --replace and left as it was", async () => {
    const target = await freshServerDatabase();
    try {
      const before = await snapshot(target);
      expect(before.users.length).toBeGreaterThan(0);
      await expect(importDatabase(target, fileLines(exported))).rejects.toThrow(/already holds users/);
      expect(await snapshot(target)).toEqual(before);
      await importDatabase(target, fileLines(exported), { replace: true });
      expect(await snapshot(target)).toEqual(await snapshot(source.deps.database));
    } finally {
      target.close();
    }
  });

  test("a cut-off export is refused after the deletes began, and the transaction gives everything back", async () => {
    const target = await freshServerDatabase();
    try {
      const before = await counts(target);
      const text = await Deno.readTextFile(exported);
      const cut = text.split("\n").slice(0, -3).join("\n");
      await expect(importDatabase(target, linesOf(cut), { replace: true })).rejects.toThrow(/cut off/);
      expect(await counts(target)).toEqual(before);
    } finally {
      target.close();
    }
  });

  test("an export from another schema version, a wrong row or a foreign file is refused with its reason", async () => {
    const database = await openDatabase(`file:${dir}/empty.db`);
    await migrateDatabase(database);
    try {
      const lines = (await Deno.readTextFile(exported)).split("\n");
      const header = JSON.parse(lines[0]);
      const older = [JSON.stringify({ ...header, migrations: header.migrations.slice(0, -1) }), ...lines.slice(1)].join(
        "\n",
      );
      await expect(importDatabase(database, linesOf(older))).rejects.toThrow(/another schema version/);
      const badRow = lines.map((line) => line.startsWith('{"row"') ? '{"row":[1]}' : line).join("\n");
      await expect(importDatabase(database, linesOf(badRow))).rejects.toThrow(/does not match its columns/);
      await expect(importDatabase(database, linesOf("id,title\n1,Physics"))).rejects.toThrow(TransferError);
      expect((await counts(database)).courses).toBe(0);
    } finally {
      database.close();
    }
  });

  test("the tasks move a database from the server back into a new file, and refuse to overwrite", async () => {
    const run = async (task: string, args: string[], env: Record<string, string>) => {
      const output = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", `src/tasks/${task}-database.ts`, ...args],
        env: { DEMO_CATALOG: "off", ...env },
        stdin: "null",
      }).output();
      const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
      return { code: output.code, out: decode(output.stdout), err: decode(output.stderr) };
    };
    const fromServer = `${dir}/from-server.ndjson`;
    const server = { DATABASE_URL: sqld.url, DATABASE_AUTH_TOKEN: sqld.token };
    const exportRun = await run("export", [fromServer], server);
    expect(exportRun.code, exportRun.err).toBe(0);
    expect(exportRun.out).toMatch(/Exported [\d,]+ rows/);
    expect((await run("export", [fromServer], server)).err).toContain("exists already");

    const file = { DATABASE_URL: `file:${dir}/back-home.db` };
    const importRun = await run("import", [fromServer], file);
    expect(importRun.code, importRun.err).toBe(0);
    expect(importRun.out).toMatch(/Imported [\d,]+ rows/);
    const again = await run("import", [fromServer], file);
    expect(again.code).toBe(1);
    expect(again.err).toContain("Nothing was imported: the target already holds users");

    const home = await openDatabase(file.DATABASE_URL);
    try {
      expect(await snapshot(home)).toEqual(await snapshot(source.deps.database));
    } finally {
      home.close();
    }
  }, 120_000);
});
