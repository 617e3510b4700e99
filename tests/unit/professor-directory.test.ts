/**
 * The professor directory (`professor_spellings`) is kept by triggers on `reviews`: whatever SQL hides, shows, renames,
 * deletes or inserts reviews, or deletes their authors, it must equal the count of visible reviews per spelling.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { createStudents, type Student } from "../helpers/accounts.ts";
import { mulberry32, pick, randomInt, weighted } from "../helpers/random.ts";

let t: TestApp;
let students: Student[];
let courseIds: number[];
beforeAll(async () => {
  t = await makeTestApp();
  students = await createStudents(t, "directory", 12);
  const rows = await t.deps.database.db.all<{ id: number }>(sql`SELECT id FROM courses ORDER BY id LIMIT 8`);
  courseIds = rows.map((r) => r.id);
});
afterAll(() => t.close());

const SPELLINGS = [
  ["marchetti", "Marchetti"],
  ["marchetti", "Prof. Marchetti"],
  ["marchetti", "Marchetti, Elena"],
  ["smith", "Smith"],
  ["smith", "Dr. Smith"],
  ["lee-kim", "Lee-Kim"],
] as const;

type Spelling = { key: string; name: string; uses: number };

async function directory(): Promise<Spelling[]> {
  return await t.deps.database.db.all<Spelling>(
    sql`SELECT teacher_key AS key, teacher_name AS name, uses FROM professor_spellings ORDER BY 1, 2`,
  );
}

async function expected(): Promise<Spelling[]> {
  return await t.deps.database.db.all<Spelling>(
    sql`SELECT teacher_key AS key, teacher_name AS name, count(*) AS uses FROM reviews WHERE hidden = 0 GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}

describe("professor directory", () => {
  test("equals the visible reviews' spellings after any sequence of SQL changes", async () => {
    const db = t.deps.database.db;
    const rng = mulberry32(3113);
    let alive = [...students];
    const kinds = new Map<string, number>();
    for (let step = 0; step < 400; step++) {
      const kind = weighted(
        rng,
        [["insert", 5], ["hide", 2], ["show", 2], ["rename", 2], ["delete", 1], ["bulk", 1], ["account", 0.3]] as const,
      );
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      const [key, name] = pick(rng, SPELLINGS);
      if (kind === "insert" && alive.length) {
        await db.run(
          sql`INSERT OR IGNORE INTO reviews (course_id, user_id, overall_rating, usefulness_rating, difficulty_rating, workload_rating,
          interest_rating, teacher_rating, teacher_name, teacher_key, semester, hours_per_week, assignment_types, review_text, hidden)
          VALUES (${pick(rng, courseIds)}, ${
            pick(rng, alive).id
          }, 3, 3, 3, 3, 3, 3, ${name}, ${key}, 'Fall 2024', 5, 'Essays', 'Fine.',
          ${rng() < 0.2 ? 1 : 0})`,
        );
      } else if (kind === "hide" || kind === "show") {
        await db.run(sql`UPDATE reviews SET hidden = ${kind === "hide" ? 1 : 0}
          WHERE id = (SELECT id FROM reviews ORDER BY id LIMIT 1 OFFSET ${randomInt(rng, 0, 30)})`);
      } else if (kind === "rename") {
        await db.run(sql`UPDATE reviews SET teacher_key = ${key}, teacher_name = ${name}
          WHERE id = (SELECT id FROM reviews ORDER BY id DESC LIMIT 1 OFFSET ${randomInt(rng, 0, 30)})`);
      } else if (kind === "delete") {
        await db.run(sql`DELETE FROM reviews WHERE id = (SELECT id FROM reviews ORDER BY random() LIMIT 1)`);
      } else if (kind === "bulk") {
        await db.run(sql`UPDATE reviews SET hidden = NOT hidden WHERE teacher_key = ${key}`);
      } else if (kind === "account" && alive.length > 2) {
        const gone = pick(rng, alive);
        alive = alive.filter((s) => s !== gone);
        await db.run(sql`DELETE FROM users WHERE id = ${gone.id}`);
      }
      if (step % 20 === 19) expect(await directory(), `after step ${step} (${kind})`).toEqual(await expected());
    }
    expect(await directory()).toEqual(await expected());
    // The sequence really exercised every kind of change and left spellings both visible and hidden.
    expect([...kinds.keys()].sort()).toEqual(["account", "bulk", "delete", "hide", "insert", "rename", "show"]);
    const [{ shown, hidden }] = await db.all<{ shown: number; hidden: number }>(
      sql`SELECT sum(hidden = 0) AS shown, sum(hidden = 1) AS hidden FROM reviews`,
    );
    expect(shown).toBeGreaterThan(10);
    expect(hidden).toBeGreaterThan(0);
    expect((await directory()).every((s) => s.uses > 0)).toBe(true);
  });
});
