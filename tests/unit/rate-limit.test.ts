import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rateLimits } from "../../db/schema.ts";
import { DomainError } from "../../src/services/errors.ts";
import { countHit, enforceLimit, peekLimit, pruneExpiredLimits } from "../../src/services/rate-limit.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
});
afterAll(() => t.close());

describe("rate limits", () => {
  test("count within a window, refuse past the limit with Retry-After, and start over when the window ends", async () => {
    const db = t.deps.database.db;
    const limit = { limit: 2, windowMs: 60_000 };
    const start = 1_000_000;
    await enforceLimit(db, "k", limit, "slow down", start);
    await enforceLimit(db, "k", limit, "slow down", start + 1000);
    const refused = await enforceLimit(db, "k", limit, "slow down", start + 2000).catch((e) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused.status).toBe(429);
    expect(refused.headers["Retry-After"]).toBe("58");
    expect(await peekLimit(db, "k", limit, start + 3000)).toBe(57);
    // A new window: the count starts again from one.
    expect(await countHit(db, "k", limit.windowMs, start + 61_000)).toEqual({ count: 1, resetAt: start + 121_000 });
    expect(await peekLimit(db, "k", limit, start + 61_000)).toBeNull();
  });

  test("parallel hits are all counted", async () => {
    const counts = await Promise.all(Array.from({ length: 25 }, () => countHit(t.deps.database.db, "parallel", 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  test("pruning drops only the expired windows", async () => {
    const db = t.deps.database.db;
    await countHit(db, "old", 1000, 0);
    await countHit(db, "live", 60_000, Date.now());
    await pruneExpiredLimits(db);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain("old");
    expect(keys).toContain("live");
  });
});
