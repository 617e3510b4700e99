/**
 * No token reaches a log (docs/security.md, What is logged): a run of requests that issues and uses real tokens (a
 * share link, a verification link, a reset code, an unsubscribe link), in the paths the site answers, the 404s a
 * mistyped link gets, and a token route whose database read fails, with every log line and everything written to the
 * console captured; then the whole text is searched for each token.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createApp } from "../../src/app.ts";
import { holdsToken } from "../../src/lib/log-text.ts";
import type { LogLine } from "../../src/server/context.ts";
import { unsubscribeToken } from "../../src/services/accounts/unsubscribe-tokens.ts";
import { api, createStudent, type Student } from "../helpers/accounts.ts";
import { makeTestApp, TEST_SECRET, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let student: Student;
beforeAll(async () => {
  t = await makeTestApp();
  student = await createStudent(t, "log-secrets@bu.edu");
});
afterAll(() => t.close());

/** What the app wrote while `run` ran: its request log lines and everything it wrote to the console. */
async function captured(run: (app: TestApp["app"]) => Promise<void>): Promise<{ lines: LogLine[]; text: string }> {
  const lines: LogLine[] = [];
  const written: string[] = [];
  const keep = (...args: unknown[]) =>
    void written.push(args.map((arg) => typeof arg === "string" ? arg : Deno.inspect(arg, { depth: 10 })).join(" "));
  const spies = (["log", "error", "warn", "info", "debug"] as const).map((name) =>
    vi.spyOn(console, name).mockImplementation(keep)
  );
  try {
    await run(await createApp({ ...t.deps, requestLog: (line) => lines.push(line) }));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return { lines, text: [...lines.map((line) => JSON.stringify(line)), ...written].join("\n") };
}

let requests = 0;
const request = (app: TestApp["app"], path: string, init: RequestInit = {}) => {
  requests++;
  return app.request(path, { ...init, headers: { Origin: "http://localhost:8000", ...init.headers } });
};

const asStudent = (init: RequestInit = {}) => ({
  ...init,
  headers: { Authorization: `Bearer ${student.token}`, "Content-Type": "application/json" },
});

async function sharedVersion(name: string): Promise<{ id: number; token: string }> {
  const made = await api(t, "/api/schedules/mine", {
    method: "POST",
    token: student.token,
    body: {
      term: (await t.deps.database.db.all<{ code: number }>(sql`SELECT min(code) AS code FROM terms`))[0].code,
      name,
    },
  });
  expect(made.status).toBe(201);
  const { id } = await made.json();
  const shared = await api(t, `/api/schedules/mine/${id}`, {
    method: "PATCH",
    token: student.token,
    body: { shared: true },
  });
  expect(shared.status).toBe(200);
  const { shareToken } = await shared.json();
  expect(shareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return { id, token: shareToken };
}

describe("no token reaches a log", () => {
  test("share, verification and unsubscribe links and a reset code, used and mistyped: none is in any log line", async () => {
    const share = await sharedVersion("Logged plan");
    const email = "log-secrets-new@bu.edu";
    const unsubscribe = unsubscribeToken(TEST_SECRET, student.user);
    const secrets: Record<string, string> = {
      share: share.token,
      unsubscribe,
      unsubscribeMac: unsubscribe.split(".")[1],
    };

    requests = 0;
    const { lines, text } = await captured(async (app) => {
      // The share link, as its page, its API and its calendar file, and as people mistype or mangle it.
      const shown = await request(app, `/schedule/shared/${share.token}`);
      expect(shown.status).toBe(200);
      expect((await request(app, `/api/schedules/shared/${share.token}`)).status).toBe(200);
      expect((await request(app, `/api/schedules/shared/${share.token}/calendar.ics`)).status).toBe(200);
      const encoded = `%${share.token.charCodeAt(0).toString(16).toUpperCase()}${share.token.slice(1)}`;
      expect((await request(app, `/schedule/shared/${encoded}`)).status).toBe(200);
      for (
        const path of [
          `/schedule/shared/${share.token}x`,
          `/schedule/shared/${share.token}/more`,
          `/schedule/share/${share.token}`,
          `/${share.token}`,
          `/api/schedules/shared/${share.token}/calendar`,
          `/schedule/shared/${share.token}.ics`,
        ]
      ) expect((await request(app, path)).status, path).toBe(404);

      // Sign-up: the mail's verification link, opened and pressed.
      const registered = await request(app, "/api/auth/register", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          email,
          college: "CAS",
          major: "Physics",
          expectedGrad: 2027,
          password: "a sturdy passphrase",
        }),
      });
      expect(registered.status).toBe(201);
      await t.deps.outbox.idle();
      const mail = t.sent.findLast((m) => m.to === email)!;
      secrets.link = /\/verify\/link\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
      secrets.verificationCode = /\b(\d{6})\b/.exec(mail.subject)![1];
      expect((await request(app, `/verify/link?token=${secrets.link}`)).status).toBe(200);
      const verified = await request(app, "/api/auth/verify-link", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: secrets.link }),
      });
      expect(verified.status).toBe(200);

      // A password reset by its code.
      expect(
        (await request(app, `/api/auth/forgot-password?email=${encodeURIComponent(email)}`, { method: "POST" }))
          .status,
      ).toBe(200);
      await t.deps.outbox.idle();
      secrets.resetCode = /\b(\d{6})\b/.exec(t.sent.findLast((m) => m.to === email)!.subject)![1];
      const reset = await request(app, "/api/auth/reset-password", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, verificationCode: secrets.resetCode, newPassword: "another sturdy passphrase" }),
      });
      expect(reset.status).toBe(200);

      // The unsubscribe link of a reminder, opened and pressed.
      expect((await request(app, `/unsubscribe?token=${unsubscribe}`)).status).toBe(200);
      expect((await request(app, `/unsubscribe?token=${unsubscribe}`, { method: "POST" })).status).toBe(200);

      // The share link turned off, then opened again.
      expect(
        (await request(
          app,
          `/api/schedules/mine/${share.id}`,
          asStudent({ method: "PATCH", body: '{"shared":false}' }),
        ))
          .status,
      ).toBe(200);
      expect((await request(app, `/schedule/shared/${share.token}`)).status).toBe(404);
      expect((await request(app, `/api/schedules/shared/${share.token}`)).status).toBe(404);
    });

    // The run was logged: one line per request, the token routes among them.
    expect(lines).toHaveLength(requests);
    expect(lines.map((line) => line.path)).toContain("/schedule/shared/:token");
    expect(lines.map((line) => line.path)).toContain("/api/schedules/shared/:token/calendar.ics");
    for (const [name, secret] of Object.entries(secrets)) expect(text, name).not.toContain(secret);
  });

  test("a token route whose database read fails logs the failure, without the token its statement was given", async () => {
    const share = await sharedVersion("Failing plan");
    const client = t.deps.database.client;
    const { lines, text } = await captured(async (app) => {
      await client.execute("ALTER TABLE schedule_sections RENAME TO schedule_sections_away");
      try {
        expect((await request(app, `/schedule/shared/${share.token}`)).status).toBe(500);
        expect((await request(app, `/api/schedules/shared/${share.token}`)).status).toBe(500);
        expect((await request(app, `/api/schedules/shared/${share.token}/calendar.ics`)).status).toBe(500);
      } finally {
        await client.execute("ALTER TABLE schedule_sections_away RENAME TO schedule_sections");
      }
    });
    expect(lines.map((line) => [line.path, line.status])).toEqual([
      ["/schedule/shared/:token", 500],
      ["/api/schedules/shared/:token", 500],
      ["/api/schedules/shared/:token/calendar.ics", 500],
    ]);
    // The failures are in the log, with what failed…
    expect(text).toContain("[page] /schedule/shared/:token could not be loaded");
    expect(text).toContain("[error] GET /api/schedules/shared/:token");
    expect(text).toContain("no such table: schedule_sections");
    // …and not the token.
    expect(text).not.toContain(share.token);
  });

  test("the words of every path the app answers are written as they are", () => {
    const words = new Set(
      t.app.routes.flatMap(({ path }) =>
        path.split("/").filter((part) => !part.startsWith(":") && !part.includes("*"))
      ),
    );
    expect(words).toContain("resend-verification");
    for (const word of words) expect(holdsToken(word), word).toBe(false);
  });
});
