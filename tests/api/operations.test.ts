import { copyFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backupDatabase, verifyBackup } from "../../db/backup.ts";
import { contactMessages } from "../../db/schema.ts";
import type { LogLine } from "../../src/server/context.ts";
import { createApp } from "../../src/app.ts";
import { jsonRequest, makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe("operations", () => {
  test("GET /readyz answers ready once migrations are applied, 503 when the database is gone", async () => {
    const response = await t.app.request("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
    const broken = await makeTestApp({ env: { DEMO_CATALOG: "off" } });
    broken.deps.database.close();
    expect((await broken.app.request("/readyz")).status).toBe(503);
    await Deno.remove(broken.dir, { recursive: true });
  });

  test("request logs are JSON lines with id, status and duration, and never carry passwords, codes, tokens or query strings", async () => {
    const lines: LogLine[] = [];
    const app = await createApp({ ...t.deps, requestLog: (line) => lines.push(line) });
    const password = "a secret passphrase 123";
    await app.request("/api/auth/login", jsonRequest("POST", { email: "who@bu.edu", password }));
    await app.request("/api/auth/forgot-password?email=someone%40bu.edu", jsonRequest("POST"));
    const page = await app.request("/search?q=secret-query");
    expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const text = JSON.stringify(lines);
    expect(lines.map((l) => [l.method, l.path, l.status])).toEqual([
      ["POST", "/api/auth/login", 401],
      ["POST", "/api/auth/forgot-password", 200],
      ["GET", "/search", 200],
    ]);
    for (const line of lines) {
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.ms).toBeGreaterThanOrEqual(0);
    }
    expect(lines[0].level).toBe("warn");
    for (const secret of [password, "someone", "secret-query", "who@bu.edu"]) expect(text).not.toContain(secret);
  });

  test("a backup taken while writes go on opens, passes integrity_check, and restores", async () => {
    const before = await t.deps.database.db.$count(contactMessages);
    const writes = Promise.all(
      Array.from(
        { length: 50 },
        (_, i) =>
          t.deps.database.write((tx) =>
            tx.insert(contactMessages).values({ email: `w${i}@bu.edu`, subject: "s", message: "m" })
          ),
      ),
    );
    const path = `${t.dir}/backups/one.db`;
    const result = await backupDatabase(t.deps.database, path);
    await writes;
    expect(result.courses).toBe(316);
    expect(result.reviews).toBeGreaterThan(100);
    expect(result.bytes).toBeGreaterThan(100_000);
    await expect(backupDatabase(t.deps.database, path)).rejects.toThrow(/exists already/);

    // Restore: a server started on a copy of the backup serves the same catalog.
    const restoredPath = `${t.dir}/restored.db`;
    await copyFile(path, restoredPath);
    const restored = await makeTestApp({ env: { DATABASE_URL: `file:${restoredPath}` } });
    try {
      const search = await (await restored.app.request("/api/courses/search?allCourses=true")).json();
      expect(search.totalElements).toBe(316);
      expect(await verifyBackup(restoredPath)).toEqual({ courses: 316, reviews: result.reviews });
      // The copy is a snapshot of some moment during the writes: whole rows, none torn.
      const copied = await restored.deps.database.db.$count(contactMessages);
      expect(copied).toBeGreaterThanOrEqual(before);
      expect(copied).toBeLessThanOrEqual(before + 50);
    } finally {
      await restored.close();
    }
  });

  test("a damaged backup is refused", async () => {
    const path = `${t.dir}/damaged.db`;
    await backupDatabase(t.deps.database, path);
    const file = await Deno.open(path, { write: true });
    await file.seek(8192, Deno.SeekMode.Start);
    await file.write(new Uint8Array(4096).fill(0x5a));
    file.close();
    await expect(verifyBackup(path)).rejects.toThrow();
  });
});
