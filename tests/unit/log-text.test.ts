/**
 * What a log may say of a request's path and of an error (src/lib/log-text.ts): tokens out by their shape, whatever
 * route carries them, and by the route's secret parameters; the site's own words, ids, slugs and files kept; a failed
 * statement's values out of an error.
 */
import { Buffer } from "node:buffer";
import { describe, expect, test } from "vitest";
import { holdsToken, loggedError, loggedPath } from "../../src/lib/log-text.ts";
import { mulberry32 } from "../helpers/random.ts";

/** `bytes` seeded random bytes as base64url, as HubRate makes its tokens (randomBytes(n).toString("base64url")). */
function tokens(seed: number, bytes: number, count: number): string[] {
  const rng = mulberry32(seed);
  return Array.from(
    { length: count },
    () => Buffer.from(Array.from({ length: bytes }, () => Math.floor(rng() * 256))).toString("base64url"),
  );
}

describe("a path as the log writes it", () => {
  test("every share token (16 bytes), link token and MAC (32 bytes) is out by its shape alone, in any route", () => {
    const made = [...tokens(1, 16, 3000), ...tokens(2, 32, 3000)];
    for (const token of made) {
      expect(holdsToken(token), token).toBe(true);
      for (const path of [`/schedule/shared/${token}`, `/some/new/route/${token}/file.ics`, `/${token}`]) {
        const logged = loggedPath(path);
        expect(logged, path).not.toContain(token);
        expect(logged).toContain(":token");
      }
    }
    // An unsubscribe token: the account id, a dot, the MAC.
    expect(loggedPath(`/unsubscribe/12.${made[3000]}`)).toBe("/unsubscribe/:token");
  });

  test("a token with escaped letters, or inside a longer segment, is out too", () => {
    const [token] = tokens(3, 16, 1);
    const escaped = [...token].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
    expect(loggedPath(`/schedule/shared/${escaped}`)).toBe("/schedule/shared/:token");
    expect(loggedPath(`/schedule/shared/${token}.ics`)).toBe("/schedule/shared/:token");
    expect(loggedPath(`/schedule/shared/(${token})`)).toBe("/schedule/shared/:token");
  });

  test("a route parameter named as a secret is out whatever its shape", () => {
    expect(loggedPath("/schedule/shared/short", { token: "short" })).toBe("/schedule/shared/:token");
    expect(loggedPath("/a/b%20c/d", { apiKey: "b c", id: "d" })).toBe("/a/:apiKey/d");
    expect(loggedPath("/course/42", { id: "42" })).toBe("/course/42");
  });

  test("the site's own words, ids, slugs and files stay", () => {
    for (
      const path of [
        "/",
        "/course/42",
        "/course/42/review",
        "/professor/elena-marchetti",
        "/professor/ana-maria-reyes-gonzalez-2",
        "/api/auth/resend-verification",
        "/api/users/courses-in-progress",
        "/api/reviews/course/42/teacherScore",
        "/api/courses/departments/CAS",
        "/static/build/ScheduleBuilder-TOP4JGMX.js",
        "/static/build/chunk-4KO4K5G3.js",
        "/static/build/styles-WJ6VAT67.css",
        "/static/css/schedule.css",
        "/api/schedules/mine/7/courses/930",
        "/sitemap.xml",
      ]
    ) expect(loggedPath(path), path).toBe(path);
  });

  test("a long path is cut at 300 characters after its tokens are out, so no part of one is left", () => {
    const [token] = tokens(4, 32, 1);
    const path = `/${"a".repeat(280)}/${token}/${"b".repeat(5000)}`;
    const logged = loggedPath(path);
    expect(logged).toBe(`/${"a".repeat(280)}/:token/${"b".repeat(11)}… (${path.length} characters)`);
    expect(logged).not.toContain(token.slice(0, 6));
  });
});

describe("an error as the log writes it", () => {
  test("a failed statement's values are left out; its query, the stack and the cause stay", () => {
    const [token] = tokens(5, 16, 1);
    const cause = new Error("SQLITE_ERROR: no such table: schedule_sections");
    // As drizzle makes it: the values in the message, and again as a property.
    const error = Object.assign(
      new Error(`Failed query: SELECT 1 FROM schedules WHERE share_token = ?\nparams: ${token},2268\n  at spaced`, {
        cause,
      }),
      { params: [token, 2268] },
    );
    error.name = "DrizzleQueryError";
    const text = loggedError(error);
    expect(text).not.toContain(token);
    expect(text).not.toContain("at spaced");
    expect(text).toMatch(/^DrizzleQueryError: Failed query: SELECT 1 FROM schedules WHERE share_token = \?\n/);
    expect(text).toMatch(/\n\s+at .*log-text\.test\.ts/);
    expect(text).toContain("Caused by Error: SQLITE_ERROR: no such table: schedule_sections");
  });

  test("what is not an Error is written as text", () => {
    expect(loggedError("plain")).toBe("plain");
    expect(loggedError(42)).toBe("42");
  });
});
