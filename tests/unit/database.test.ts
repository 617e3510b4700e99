import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contactMessages, courses } from "../../db/schema.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
});
afterAll(() => t.close());

async function pragma(name: string): Promise<unknown> {
  const row = await t.deps.database.db.get<Record<string, unknown>>(sql.raw(`PRAGMA ${name}`));
  return Object.values(row)[0];
}

describe("database", () => {
  test("migrations create every table of the schema", async () => {
    const rows = await t.deps.database.db.all<{ name: string }>(
      sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual([
      "app_settings",
      "auth_codes",
      "colleges",
      "completed_courses",
      "contact_messages",
      "content_version",
      "course_exclusions",
      "course_hub_units",
      "course_prerequisites",
      "course_texts",
      "courses",
      "departments",
      "derived_data",
      "future_courses",
      "hub_areas",
      "instructor_names",
      "instructors",
      "majors",
      "outbox",
      "professor_spellings",
      "rate_limits",
      "review_reminders_sent",
      "review_reports",
      "review_votes",
      "reviews",
      "saved_courses",
      "schedule_sections",
      "schedule_staging",
      "schedules",
      "section_instructors",
      "section_links",
      "section_meetings",
      "sections",
      "terms",
      "users",
    ]);
  });

  test("search filters and sorts have indexes", async () => {
    const rows = await t.deps.database.db.all<{ name: string }>(
      sql`SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'`,
    );
    const names = rows.map((r) => r.name);
    for (
      const index of [
        "courses_identity",
        "courses_code_order",
        "courses_best_rating",
        "courses_reviews_order",
        "courses_no_prereqs",
        "course_hub_units_by_hub",
        "reviews_one_per_user_course",
      ]
    ) {
      expect(names).toContain(index);
    }
  });

  test("WAL, foreign keys and the busy timeout hold on the connection used after a write transaction", async () => {
    await t.deps.database.write(async (tx) => {
      await tx.insert(contactMessages).values({ email: "a@b.co", subject: "s", message: "m" });
      // Inside the transaction too.
      expect(Object.values(await tx.get<Record<string, number>>(sql`PRAGMA foreign_keys`))[0]).toBe(1);
      expect(Object.values(await tx.get<Record<string, number>>(sql`PRAGMA secure_delete`))[0]).toBe(1);
    });
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("foreign_keys")).toBe(1);
    expect(await pragma("busy_timeout")).toBe(5000);
  });

  test("foreign keys are enforced", async () => {
    await expect(
      t.deps.database.write((tx) =>
        tx.run(sql`INSERT INTO course_hub_units (course_id, hub_code) VALUES (999999, 'AEX')`)
      ),
    ).rejects.toThrow();
  });

  test("a failed write transaction rolls back everything it did", async () => {
    const before = await t.deps.database.db.$count(contactMessages);
    await expect(t.deps.database.write(async (tx) => {
      await tx.insert(contactMessages).values({ email: "a@b.co", subject: "kept?", message: "no" });
      throw new Error("boom");
    })).rejects.toThrow("boom");
    expect(await t.deps.database.db.$count(contactMessages)).toBe(before);
  });

  test("parallel writes are serialised, none lost", async () => {
    const before = await t.deps.database.db.$count(contactMessages);
    await Promise.all(
      Array.from(
        { length: 40 },
        (_, i) =>
          t.deps.database.write((tx) =>
            tx.insert(contactMessages).values({ email: "p@b.co", subject: `n${i}`, message: "m" })
          ),
      ),
    );
    expect(await t.deps.database.db.$count(contactMessages)).toBe(before + 40);
  });

  test("course identity is unique", async () => {
    const row = {
      college: "CAS",
      department: "ZZ",
      number: "101",
      numberValue: 101,
      title: "T",
      noPreReqs: true,
      searchText: "x",
    };
    await t.deps.database.write((tx) => tx.insert(courses).values(row));
    await expect(t.deps.database.write((tx) => tx.insert(courses).values(row))).rejects.toThrow();
  });
});
