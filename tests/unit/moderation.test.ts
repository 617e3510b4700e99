import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { courses, reviews } from "../../db/schema.ts";
import { api, createStudent } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "on" } });
});
afterAll(() => t.close());

/** Runs the moderation task against the test database, as an operator would. */
async function moderate(...args: string[]): Promise<{ code: number; out: string }> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "src/tasks/moderate-reviews.ts", ...args],
    env: { DATABASE_URL: t.config.databaseUrl, SESSION_SECRET: t.config.sessionSecret, APP_ENV: "test" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: output.code, out: new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr) };
}

describe("reviews:moderate", () => {
  test("lists reviews hidden by three reports, restores one and deletes another, recomputing ratings", async () => {
    const [course] = await t.deps.database.db.select().from(courses).where(eq(courses.numReviews, 0)).limit(1);
    const authors = [await createStudent(t, "mod-a@bu.edu"), await createStudent(t, "mod-b@bu.edu")];
    const reporters = await Promise.all([1, 2, 3].map((i) => createStudent(t, `reporter${i}@bu.edu`)));
    const ids: number[] = [];
    for (const author of authors) {
      const response = await api(t, `/api/reviews/course/${course.id}`, {
        method: "POST",
        token: author.token,
        body: {
          teacherName: "Prof Mod",
          semester: "Fall 2024",
          hoursPerWeek: 4,
          assignmentTypes: "Essays",
          reviewText: `Spam from ${author.user.email}`,
        },
      });
      ids.push((await response.json()).id);
    }
    for (const id of ids) {
      for (const reporter of reporters) {
        await api(t, `/api/reviews/${id}/report`, {
          method: "POST",
          token: reporter.token,
          body: { reason: "Spam or not about this course" },
        });
      }
    }
    const count = async () =>
      (await t.deps.database.db.select().from(courses).where(eq(courses.id, course.id)))[0].numReviews;
    expect(await count()).toBe(0);

    const listed = await moderate();
    expect(listed.code).toBe(0);
    for (const id of ids) expect(listed.out).toContain(`#${id}`);
    expect(listed.out).toContain("Spam or not about this course");

    expect((await moderate("restore", String(ids[0]))).code).toBe(0);
    expect(await count()).toBe(1);
    expect((await moderate("delete", String(ids[1]))).code).toBe(0);
    expect(await t.deps.database.db.$count(reviews, eq(reviews.id, ids[1]))).toBe(0);
    expect((await moderate()).out).toContain("No hidden reviews.");

    const missing = await moderate("restore", "999999");
    expect(missing.code).toBe(1);
    expect(missing.out).toContain("No review 999999");
    expect((await moderate("explode")).code).toBe(2);
  });
});
