/**
 * Server-Timing: every response says how long its request waited for the
 * database and in how many round trips, counted per request even when
 * requests overlap.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { countingInto, newUsage } from "../../db/round-trips.ts";
import { createStudent } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

/** A visitor's GET also says whether the response cache answered it (src/middleware/response-cache.ts). */
const TIMING = /^(?:cache;desc=(hit|miss), )?db;dur=(\d+\.\d), db-rt;desc="(\d+)"$/;

function timing(response: Response): { ms: number; roundTrips: number; cache?: string } {
  const header = response.headers.get("server-timing") ?? "";
  const match = TIMING.exec(header);
  expect(match, `Server-Timing: ${header}`).not.toBeNull();
  return { cache: match![1], ms: Number(match![2]), roundTrips: Number(match![3]) };
}

describe("Server-Timing", () => {
  test("pages, API answers, errors and static files all carry db;dur and db-rt", async () => {
    const { token } = await createStudent(t, "timed@bu.edu");
    const responses = [
      await t.app.request("/"),
      await t.app.request("/search?q=writing"),
      await t.app.request("/api/courses/search?q=data"),
      await t.app.request("/api/courses/999999"),
      await t.app.request("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } }),
      await t.app.request("/no/such/page"),
      await t.app.request("/static/favicon.svg"),
    ];
    for (const response of responses) timing(response);
    expect(timing(responses[6]).roundTrips).toBe(0);
    expect(timing(responses[1]).roundTrips).toBeGreaterThan(0);
  });

  test("the count is each request's own: calls to the client, a batch as one, while other requests run beside it", async () => {
    const { client } = t.deps.database;
    const usage = newUsage();
    const other = newUsage();
    await Promise.all([
      countingInto(usage, async () => {
        await client.execute("SELECT 1");
        await client.batch(["SELECT 1", "SELECT 2", "SELECT 3"], "read");
        await Promise.all([client.execute("SELECT 4"), client.execute("SELECT 5")]);
      }),
      countingInto(other, () => client.execute("SELECT 6")),
    ]);
    expect({ roundTrips: usage.roundTrips, statements: usage.statements }).toEqual({ roundTrips: 4, statements: 6 });
    expect({ roundTrips: other.roundTrips, statements: other.statements }).toEqual({ roundTrips: 1, statements: 1 });
    // A write transaction on the file: the call that takes the write lock (its BEGIN rides with it, then the pragma,
    // and the deferred BEGIN traded for an immediate one by exec), the statement, and the commit.
    const write = newUsage();
    await countingInto(write, () => t.deps.database.write((tx) => tx.run(sql`SELECT 1`)));
    expect({ roundTrips: write.roundTrips, statements: write.statements }).toEqual({ roundTrips: 3, statements: 5 });
  });

  test("the header agrees with what the request did: a student's page asked twice costs the same trips; a visitor's copy one", async () => {
    const { token } = await createStudent(t, "timed-twice@bu.edu");
    const headers = { Authorization: `Bearer ${token}` };
    const first = timing(await t.app.request("/api/courses/1", { headers }));
    const second = timing(await t.app.request("/api/courses/1", { headers }));
    expect(second.roundTrips).toBe(first.roundTrips);
    expect(first.roundTrips).toBeGreaterThan(1);
    expect(first.cache).toBeUndefined();
    const made = timing(await t.app.request("/api/courses/1"));
    const copy = timing(await t.app.request("/api/courses/1"));
    expect([made.cache, copy.cache, copy.roundTrips]).toEqual(["miss", "hit", 1]);
    expect(made.roundTrips).toBeGreaterThan(1);
  });
});
