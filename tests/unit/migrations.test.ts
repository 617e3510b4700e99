import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { professorSlug } from "../../src/lib/professor-names.ts";
import { ensureReviewKeys } from "../../src/services/courses/course-summary.ts";
import { ensureProfessorMatching } from "../../src/services/schedule/professor-matching.ts";

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

describe("professor names in every script", () => {
  test("reviews stored under 'unnamed' and lossy slugs get their own professors at the next start", async () => {
    const dir = await Deno.makeTempDir({ prefix: "hubrate-test-" });
    const old = await firstMigrations(21);
    const database = await openDatabase(`file:${dir}/db.sqlite`);
    try {
      await migrate(database.db, { migrationsFolder: old });
      await database.db.run(sql`INSERT INTO users (email, password_hash, college, major, expected_grad)
        VALUES ('a@bu.edu', 'x', 'CAS', 'CS', 2027), ('b@bu.edu', 'x', 'CAS', 'CS', 2027),
          ('c@bu.edu', 'x', 'CAS', 'CS', 2027), ('d@bu.edu', 'x', 'CAS', 'CS', 2027), ('e@bu.edu', 'x', 'CAS', 'CS', 2027)`);
      await database.db.run(sql`INSERT INTO courses (college, department, number, number_value, title, no_prereqs)
        VALUES ('CAS', 'CS', '111', 111, 'Intro', 1), ('CAS', 'CS', '112', 112, 'Next', 1)`);
      // As the slug made them before: a name without Latin letters was 'unnamed', 'ø' was dropped.
      const stored = [
        [1, 1, "Иван Петров", "unnamed"],
        [2, 1, "王伟", "unnamed"],
        [3, 1, "🙂", "unnamed"],
        [4, 1, "Søren Kierkegaard", "s-ren-kierkegaard"],
        [5, 2, "José Núñez", "jose-nunez"],
        [1, 2, "Смирнов", "unnamed"],
      ] as const;
      for (const [user, course, name, key] of stored) {
        await database.db.run(sql`INSERT INTO reviews (course_id, user_id, overall_rating, usefulness_rating,
            difficulty_rating, workload_rating, interest_rating, teacher_rating, teacher_name, semester, name_key,
            teacher_key, hours_per_week, assignment_types, review_text)
          VALUES (${course}, ${user}, 3, 3, 3, 3, 3, 3, ${name}, 'Fall 2024', ${key}, ${key}, 5, 'Essays', 'Fine.')`);
      }
      // The schedule names a Cyrillic instructor of course 2, whose surname alone a review typed.
      await database.db.run(
        sql`INSERT INTO terms (code, name, source, imported_at) VALUES (2248, 'Fall 2024', 'registrar', 0)`,
      );
      await database.db.run(sql`INSERT INTO sections (term_code, course_id, section, enrollment, status)
        VALUES (2248, 2, 'A1', 1, 'active')`);
      await database.db.run(sql`INSERT INTO section_instructors (section_id, position, last_name, first_name)
        VALUES (1, 0, 'Смирнов', 'Олег')`);
      await database.db.run(sql`INSERT INTO instructor_names (course_id, name_key, teacher_key)
        VALUES (2, 'unnamed', 'unnamed')`);

      await migrateDatabase(database);
      await ensureReviewKeys(database);
      await ensureProfessorMatching(database);

      const keys = await database.db.all<{ name: string; nameKey: string; teacherKey: string }>(
        sql`SELECT teacher_name AS name, name_key AS nameKey, teacher_key AS teacherKey FROM reviews ORDER BY id`,
      );
      expect(keys.map((k) => [k.name, k.nameKey, k.teacherKey])).toEqual([
        ["Иван Петров", "иван-петров", "иван-петров"],
        ["王伟", "王伟", "王伟"],
        ["🙂", professorSlug("🙂"), professorSlug("🙂")],
        ["Søren Kierkegaard", "soren-kierkegaard", "soren-kierkegaard"],
        ["José Núñez", "jose-nunez", "jose-nunez"],
        ["Смирнов", "смирнов", "олег-смирнов"],
      ]);
      expect(professorSlug("🙂")).not.toBe("unnamed");
      const directory = await database.db.all<{ key: string }>(
        sql`SELECT teacher_key AS key FROM professor_spellings ORDER BY 1`,
      );
      expect(directory.map((d) => d.key)).not.toContain("unnamed");
      expect(await database.db.all(sql`SELECT key, first_name AS firstName FROM instructors`)).toEqual([
        { key: "олег-смирнов", firstName: "Олег" },
      ]);
    } finally {
      database.close();
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(old, { recursive: true });
    }
  });
});
