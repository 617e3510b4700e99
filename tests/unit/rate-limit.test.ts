import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rateLimits } from "../../db/schema.ts";
import { DomainError } from "../../src/services/platform/domain-errors.ts";
import {
  addressSubject,
  countHit,
  enforceLimit,
  forgetSubject,
  limitKey,
  pruneExpiredLimits,
  refundAttempts,
} from "../../src/services/platform/rate-limit.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
});
afterAll(() => t.close());

const keys = async () => (await t.deps.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);

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
    // A new window: the count starts again from one.
    expect(await countHit(db, "k", limit.windowMs, start + 61_000)).toEqual({ count: 1, resetAt: start + 121_000 });
  });

  test("parallel attempts are all counted, so no more than the limit get through", async () => {
    const limit = { limit: 10, windowMs: 60_000 };
    const outcomes = await Promise.all(
      Array.from(
        { length: 25 },
        () => enforceLimit(t.deps.database.db, "parallel", limit, "slow down").then(() => "ok", (e) => e.status),
      ),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(10);
    expect(outcomes.filter((o) => o === 429)).toHaveLength(15);
  });

  test("a refunded attempt gives its try back, never below zero", async () => {
    const db = t.deps.database.db;
    await countHit(db, "refund", 60_000);
    await countHit(db, "refund", 60_000);
    await refundAttempts(db, ["refund"]);
    await refundAttempts(db, ["refund"]);
    await refundAttempts(db, ["refund"]);
    expect((await countHit(db, "refund", 60_000)).count).toBe(1);
  });

  test("pruning drops only the expired windows", async () => {
    const db = t.deps.database.db;
    await countHit(db, "old", 1000, 0);
    await countHit(db, "live", 60_000, Date.now());
    await pruneExpiredLimits(db);
    expect(await keys()).not.toContain("old");
    expect(await keys()).toContain("live");
  });

  test("keys hold a keyed hash of the subject, never the subject, and go when it is forgotten", async () => {
    const key = limitKey("secret-one", "login-account", "private@bu.edu");
    expect(key).toMatch(/^login-account:[A-Za-z0-9_-]{27}$/);
    expect(key).not.toContain("private");
    expect(limitKey("secret-two", "login-account", "private@bu.edu")).not.toBe(key);
    await countHit(t.deps.database.db, key, 60_000);
    await countHit(t.deps.database.db, limitKey("secret-one", "reset-mail-hour", "private@bu.edu"), 60_000);
    await countHit(t.deps.database.db, limitKey("secret-one", "login-account", "someone-else@bu.edu"), 60_000);
    await forgetSubject(t.deps.database.db, "secret-one", ["login-account", "reset-mail-hour"], "private@bu.edu");
    const left = await keys();
    expect(left).not.toContain(key);
    expect(left).toContain(limitKey("secret-one", "login-account", "someone-else@bu.edu"));
  });

  test("an IPv6 address is limited by its /64 network; IPv4 and mapped IPv4 by the address", () => {
    expect(addressSubject("203.0.113.9")).toBe("203.0.113.9");
    expect(addressSubject("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressSubject("2001:db8:0:12:aaaa::1")).toBe("2001:db8:0:12::/64");
    expect(addressSubject("2001:0db8:0000:0012:ffff:1:2:3")).toBe("2001:db8:0:12::/64");
    expect(addressSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressSubject("::1")).toBe("0:0:0:0::/64");
  });
});
