import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { migrateDatabase, openDatabase } from "../../db/client.ts";

const MIGRATIONS = join(Deno.cwd(), "db/migrations");

/** A copy of the migrations folder holding only the first `count` migrations. */
async function firstMigrations(count: number): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "hubrate-migrations-" });
  const journal = JSON.parse(await Deno.readTextFile(join(MIGRATIONS, "meta/_journal.json")));
  journal.entries = journal.entries.slice(0, count);
  await Deno.mkdir(join(dir, "meta"));
  await Deno.writeTextFile(join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) {
    await Deno.copyFile(join(MIGRATIONS, `${entry.tag}.sql`), join(dir, `${entry.tag}.sql`));
  }
  return dir;
}

describe("migrations", () => {
  test("moving course texts to their own table keeps every description and prerequisite", async () => {
    const dir = await Deno.makeTempDir({ prefix: "hubrate-test-" });
    const old = await firstMigrations(1);
    const database = await openDatabase(`file:${dir}/db.sqlite`);
    try {
      await migrate(database.db, { migrationsFolder: old });
      await database.db.run(
        sql`INSERT INTO courses (college, department, number, number_value, title, description, prerequisites, no_prereqs, search_text)
        VALUES ('CAS', 'CS', '111', 111, 'Intro', 'Learn to program.', NULL, 1, 'cas cs 111'), ('CAS', 'CS', '112', 112, 'Next', NULL, 'CAS CS 111', 0, 'cas cs 112')`,
      );
      await migrateDatabase(database);
      const rows = await database.db.all(
        sql`SELECT c.number, t.description, t.prerequisites FROM courses c JOIN course_texts t ON t.course_id = c.id ORDER BY c.number`,
      );
      expect(rows).toEqual([
        { number: "111", description: "Learn to program.", prerequisites: null },
        { number: "112", description: null, prerequisites: "CAS CS 111" },
      ]);
      const columns = (await database.db.all<{ name: string }>(sql`PRAGMA table_info(courses)`)).map((c) => c.name);
      expect(columns).not.toContain("description");
    } finally {
      database.close();
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(old, { recursive: true });
    }
  });
});

describe("catalog names and the current flag", () => {
  test("a database from before keeps its courses, marks them current, and loses the word tables", async () => {
    const dir = await Deno.makeTempDir({ prefix: "hubrate-test-" });
    const old = await firstMigrations(4);
    const database = await openDatabase(`file:${dir}/db.sqlite`);
    try {
      await migrate(database.db, { migrationsFolder: old });
      await database.db.run(
        sql`INSERT INTO courses (college, department, number, number_value, title, no_prereqs, search_text)
        VALUES ('CAS', 'PS', '101', 101, 'Intro Psych', 1, 'cas ps 101 ps101 intro psych')`,
      );
      await migrateDatabase(database);
      expect(await database.db.all(sql`SELECT college, department, number, title, current FROM courses`)).toEqual([
        { college: "CAS", department: "PS", number: "101", title: "Intro Psych", current: 1 },
      ]);
      const columns = (await database.db.all<{ name: string }>(sql`PRAGMA table_info(courses)`)).map((c) => c.name);
      expect(columns).not.toContain("search_text");
      const tables = (await database.db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table'`))
        .map((t) => t.name);
      expect(tables).toContain("departments");
      expect(tables).not.toContain("course_words");
    } finally {
      database.close();
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(old, { recursive: true });
    }
  });
});
