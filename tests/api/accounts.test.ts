import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  authCodes,
  completedCourses,
  contactMessages,
  courses,
  rateLimits,
  reviews,
  reviewVotes,
  savedCourses,
  users,
} from "../../db/schema.ts";
import { overallRating } from "../../src/lib/schemas.ts";
import { MESSAGES } from "../../src/services/accounts/accounts.ts";
import { api, codeMailedTo, createStudent, userByEmail } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { type SmtpInbox, startSmtpServer } from "../helpers/smtp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  college: "CAS",
  major: "Physics",
  expectedGrad: 2027,
  password: "a sturdy passphrase",
  ...extra,
});

/** Forgets every rate-limit counter, for tests about something else. */
const resetLimits = () => t.deps.database.db.delete(rateLimits);

async function registerAndVerify(email: string, password = "a sturdy passphrase") {
  expect((await api(t, "/api/auth/register", { method: "POST", body: registration(email, { password }) })).status).toBe(
    201,
  );
  const code = await codeMailedTo(t, email);
  expect((await api(t, "/api/auth/verify", { method: "POST", body: { email, verificationCode: code } })).status).toBe(
    200,
  );
}

async function loginToken(email: string, password: string): Promise<string> {
  const response = await api(t, "/api/auth/login", { method: "POST", body: { email, password } });
  expect(response.status).toBe(200);
  return (await response.json()).token;
}

describe("the whole journey, with mail through a real SMTP server", () => {
  let smtp: SmtpInbox;
  let s: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await makeTestApp({ env: { DEMO_CATALOG: "on" }, smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  test("register → code by SMTP → verify → log in → me → change password → reset → delete", async () => {
    const email = "journey@bu.edu";
    const call = (path: string, options: Parameters<typeof api>[2] = {}) => api(s, path, options);

    const registered = await call("/api/auth/register", { method: "POST", body: registration("Journey@BU.edu ") });
    expect(registered.status).toBe(201);
    expect(await registered.json()).toEqual({ message: expect.stringContaining("Check your email") });

    const verifyMail = await smtp.next(email);
    expect(verifyMail.subject).toMatch(/HubRate verification code: \d{6}/);
    expect(verifyMail.text).toContain("10 minutes");
    expect(verifyMail.html).toContain("HubRate");
    const code = /\b(\d{6})\b/.exec(verifyMail.text!)![1];

    // The right password before verification leads to /verify; the code mailed a moment ago still stands (one a minute).
    const early = await call("/api/auth/login", { method: "POST", body: { email, password: "a sturdy passphrase" } });
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({
      message:
        "Your email is not verified yet. Enter the code we sent to your email, or ask for a new one in a minute.",
      verificationRequired: true,
      email,
      codeSent: false,
    });

    expect((await call("/api/auth/verify", { method: "POST", body: { email, verificationCode: code } })).status).toBe(
      200,
    );

    const login = await call("/api/auth/login", { method: "POST", body: { email, password: "a sturdy passphrase" } });
    expect(login.status).toBe(200);
    expect(login.headers.get("set-cookie")).toMatch(
      /hubrate_session=.+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/,
    );
    const { token } = await login.json();

    const me = await call("/api/auth/me", { token });
    expect(await me.json()).toEqual({
      email,
      enabled: true,
      college: "CAS",
      major: "Physics",
      expectedGrad: 2027,
      reviewReminders: false,
      hubTrack: "first-year",
      kilachand: false,
    });

    const changed = await call("/api/auth/update-password", {
      method: "PUT",
      token,
      body: { oldPassword: "a sturdy passphrase", newPassword: "second passphrase" },
    });
    expect(changed.status).toBe(200);
    const { message, token: fresh } = await changed.json();
    expect(message).toBe("Password updated successfully!");
    expect((await call("/api/auth/me", { token })).status).toBe(401);
    expect((await call("/api/auth/me", { token: fresh })).status).toBe(200);

    expect((await call(`/api/auth/forgot-password?email=${encodeURIComponent(email)}`, { method: "POST" })).status)
      .toBe(200);
    const resetMessage = await smtp.next(email);
    expect(resetMessage.subject).toMatch(/password reset code/);
    const resetCode = /\b(\d{6})\b/.exec(resetMessage.text!)![1];
    const reset = await call("/api/auth/reset-password", {
      method: "POST",
      body: { email, verificationCode: resetCode, newPassword: "third passphrase" },
    });
    expect(reset.status).toBe(200);
    expect((await call("/api/auth/me", { token: fresh })).status).toBe(401);
    expect((await call("/api/auth/login", { method: "POST", body: { email, password: "second passphrase" } })).status)
      .toBe(401);

    const final =
      (await (await call("/api/auth/login", { method: "POST", body: { email, password: "third passphrase" } })).json())
        .token;
    const user = (await userByEmail(s, email))!;
    const [course] = await s.deps.database.db.select().from(courses).limit(1);
    await s.deps.database.db.insert(savedCourses).values({ userId: user.id, courseId: course.id });
    await s.deps.database.db.insert(completedCourses).values({ userId: user.id, courseId: course.id });

    const deleted = await call("/api/users/delete", { method: "DELETE", token: final });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("set-cookie")).toMatch(/hubrate_session=;/);
    expect((await call("/api/auth/me", { token: final })).status).toBe(401);
    expect(await userByEmail(s, email)).toBeUndefined();
    expect(await s.deps.database.db.$count(savedCourses, eq(savedCourses.userId, user.id))).toBe(0);
    expect(await s.deps.database.db.$count(completedCourses, eq(completedCourses.userId, user.id))).toBe(0);
    expect(await s.deps.database.db.$count(authCodes, eq(authCodes.userId, user.id))).toBe(0);
  });
});

describe("registration", () => {
  test("stores an argon2id hash with the required parameters, never the password", async () => {
    await api(t, "/api/auth/register", { method: "POST", body: registration("hash@bu.edu") });
    const user = (await userByEmail(t, "hash@bu.edu"))!;
    expect(user.passwordHash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$")).toBe(true);
    expect(user.passwordHash).not.toContain("a sturdy passphrase");
    expect(user.enabled).toBe(false);
  });

  test.each([
    [{ email: "bad" }, "email", "Invalid email address"],
    [{ college: "" }, "college", "Select a college"],
    [{ major: "" }, "major", "Select a major, can be undecided"],
    [{ expectedGrad: "" }, "expectedGrad", "Expected graduation year is required"],
    [{ expectedGrad: "soon" }, "expectedGrad", "Expected graduation year is required"],
    [{ expectedGrad: 2024 }, "expectedGrad", "Cannot be less than 2025"],
    [{ expectedGrad: 2033 }, "expectedGrad", "Expected graduation cannot be after 7+ years"],
    [{ password: "12345" }, "password", "Password must be at least 6 characters"],
    [{ password: "x".repeat(101) }, "password", "Password is too long"],
    [{ college: "XYZ" }, "college", "Select a college"],
    [{ major: "Basket Weaving" }, "major", "Select a major, can be undecided"],
    [{ password: "password1" }, "password", "This password is too common and easy to guess. Choose a different one."],
  ])("refuses %o with the spec's message", async (change, field, message) => {
    const response = await api(t, "/api/auth/register", {
      method: "POST",
      body: registration(`v${Math.random()}@bu.edu`, change),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fields[field]).toBe(message);
    expect(body.message).toBe(message);
  });

  test("a taken email gets 409, whatever its case", async () => {
    await resetLimits();
    await createStudent(t, "taken@bu.edu");
    const response = await api(t, "/api/auth/register", { method: "POST", body: registration("TAKEN@bu.edu") });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toMatch(/already exists/);
  });

  test("an emoji password of 6 characters works from registration to login", async () => {
    await resetLimits();
    const password = "🔒🔑🙂😀🎓📚";
    await registerAndVerify("emoji@bu.edu", password);
    await loginToken("emoji@bu.edu", password);
  });

  test("unknown body fields are ignored, never written", async () => {
    await resetLimits();
    await api(t, "/api/auth/register", {
      method: "POST",
      body: registration("extra@bu.edu", { enabled: true, isDemo: true, sessionVersion: 99, id: 1 }),
    });
    const user = (await userByEmail(t, "extra@bu.edu"))!;
    expect(user).toMatchObject({ enabled: false, isDemo: false, sessionVersion: 1 });
    expect(user.id).not.toBe(1);
  });
});

describe("codes", () => {
  test("five wrong tries burn the code: the right one no longer works", async () => {
    await resetLimits();
    await api(t, "/api/auth/register", { method: "POST", body: registration("brute@bu.edu") });
    const code = await codeMailedTo(t, "brute@bu.edu");
    const wrong = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await api(t, "/api/auth/verify", {
        method: "POST",
        body: { email: "brute@bu.edu", verificationCode: wrong },
      });
      expect(response.status).toBe(400);
      messages.push((await response.json()).message);
    }
    // One message for every refusal: it says nothing about the account.
    expect(new Set(messages)).toEqual(new Set([MESSAGES.codeRefused]));
    const right = await api(t, "/api/auth/verify", {
      method: "POST",
      body: { email: "brute@bu.edu", verificationCode: code },
    });
    expect(right.status).toBe(400);
    expect((await userByEmail(t, "brute@bu.edu"))!.enabled).toBe(false);
  });

  test("parallel verifies with the right code: exactly one wins", async () => {
    await resetLimits();
    await api(t, "/api/auth/register", { method: "POST", body: registration("race@bu.edu") });
    const code = await codeMailedTo(t, "race@bu.edu");
    const statuses = await Promise.all(
      Array.from(
        { length: 10 },
        () =>
          api(t, "/api/auth/verify", { method: "POST", body: { email: "race@bu.edu", verificationCode: code } }).then((
            r,
          ) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
  });

  test("an expired code is refused", async () => {
    await resetLimits();
    await api(t, "/api/auth/register", { method: "POST", body: registration("expired@bu.edu") });
    const code = await codeMailedTo(t, "expired@bu.edu");
    const user = (await userByEmail(t, "expired@bu.edu"))!;
    await t.deps.database.db.update(authCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(
      eq(authCodes.userId, user.id),
    );
    const response = await api(t, "/api/auth/verify", {
      method: "POST",
      body: { email: "expired@bu.edu", verificationCode: code },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(MESSAGES.codeRefused);
  });

  test("a resend replaces the old code", async () => {
    await resetLimits();
    await api(t, "/api/auth/register", { method: "POST", body: registration("replaced@bu.edu") });
    const first = await codeMailedTo(t, "replaced@bu.edu");
    await resetLimits();
    t.sent.length = 0;
    expect((await api(t, "/api/auth/resend-verification?email=replaced@bu.edu", { method: "POST" })).status).toBe(200);
    const second = await codeMailedTo(t, "replaced@bu.edu");
    if (first !== second) {
      expect(
        (await api(t, "/api/auth/verify", {
          method: "POST",
          body: { email: "replaced@bu.edu", verificationCode: first },
        })).status,
      ).toBe(400);
    }
    expect(
      (await api(t, "/api/auth/verify", {
        method: "POST",
        body: { email: "replaced@bu.edu", verificationCode: second },
      })).status,
    ).toBe(200);
  });

  test("a resend flood gets 429 with Retry-After: one a minute, five an hour", async () => {
    await resetLimits();
    await api(t, "/api/auth/register", { method: "POST", body: registration("flood@bu.edu") });
    const right = await api(t, "/api/auth/resend-verification?email=flood@bu.edu", { method: "POST" });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(right.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // Past the minute window, the hourly limit still stops the sixth.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await t.deps.database.db.delete(rateLimits).where(sql`key LIKE 'verify-mail-minute:%'`);
      statuses.push((await api(t, "/api/auth/resend-verification?email=flood@bu.edu", { method: "POST" })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test("resend with no or a bad email gets 400", async () => {
    expect((await api(t, "/api/auth/resend-verification", { method: "POST" })).status).toBe(400);
    expect((await api(t, "/api/auth/resend-verification?email=nope", { method: "POST" })).status).toBe(400);
  });
});

describe("password reset", () => {
  // That the timing gives nothing away either is shown in security-review.test.ts, for unknown, waiting and verified
  // accounts side by side, with a machine's pause left out of the averages.
  test("known and unknown emails get the same status and body", async () => {
    await resetLimits();
    for (let i = 0; i < 3; i++) await createStudent(t, `known${i}@bu.edu`);
    const answer = async (email: string) => {
      // Each try is the first from its address, so the per-address limit stays out of it.
      await resetLimits();
      const response = await api(t, `/api/auth/forgot-password?email=${email}`, { method: "POST" });
      return `${response.status} ${await response.text()}`;
    };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await answer(`known${i}@bu.edu`), await answer(`nobody${i}@bu.edu`));
    expect(new Set(answers).size).toBe(1);
  });

  test("the reset form's rules, and a wrong code changes nothing", async () => {
    await resetLimits();
    await createStudent(t, "resetme@bu.edu", "original passphrase");
    await api(t, "/api/auth/forgot-password?email=resetme@bu.edu", { method: "POST" });
    await codeMailedTo(t, "resetme@bu.edu");
    const short = await api(t, "/api/auth/reset-password", {
      method: "POST",
      body: { email: "resetme@bu.edu", verificationCode: "123", newPassword: "new passphrase" },
    });
    expect((await short.json()).fields.verificationCode).toBe("Reset code must be exactly 6 characters");
    const weak = await api(t, "/api/auth/reset-password", {
      method: "POST",
      body: { email: "resetme@bu.edu", verificationCode: "123456", newPassword: "abc" },
    });
    expect((await weak.json()).fields.newPassword).toBe("Password must be at least 6 characters");
    const wrong = await api(t, "/api/auth/reset-password", {
      method: "POST",
      body: { email: "resetme@bu.edu", verificationCode: "999999", newPassword: "new passphrase" },
    });
    expect(wrong.status).toBe(400);
    await loginToken("resetme@bu.edu", "original passphrase");
  });
});

describe("login and sessions", () => {
  test("wrong password and unknown email get the same 401 message", async () => {
    await resetLimits();
    await createStudent(t, "same@bu.edu", "real passphrase");
    const wrong = await api(t, "/api/auth/login", {
      method: "POST",
      body: { email: "same@bu.edu", password: "not it at all" },
    });
    const unknown = await api(t, "/api/auth/login", {
      method: "POST",
      body: { email: "ghost@bu.edu", password: "not it at all" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Incorrect email or password" });
    expect(await unknown.json()).toEqual({ message: "Incorrect email or password" });
  });

  test("ten failures from one address lock logins out for a while, even with a spoofed X-Forwarded-For", async () => {
    await resetLimits();
    await createStudent(t, "throttle@bu.edu", "real passphrase");
    for (let i = 0; i < 10; i++) {
      const response = await api(t, "/api/auth/login", {
        method: "POST",
        body: { email: "throttle@bu.edu", password: `wrong guess ${i}` },
        headers: { "X-Forwarded-For": `203.0.113.${i}` },
      });
      expect(response.status).toBe(401);
    }
    const locked = await api(t, "/api/auth/login", {
      method: "POST",
      body: { email: "throttle@bu.edu", password: "real passphrase" },
      headers: { "X-Forwarded-For": "198.51.100.7" },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    await resetLimits();
  });

  test("a 1 MB password is refused at once with 413, and a 101-character one with 400", async () => {
    const started = performance.now();
    const huge = await api(t, "/api/auth/login", {
      method: "POST",
      body: { email: "a@bu.edu", password: "x".repeat(1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(performance.now() - started).toBeLessThan(1000);
    const long = await api(t, "/api/auth/login", {
      method: "POST",
      body: { email: "a@bu.edu", password: "x".repeat(101) },
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ message: "Incorrect email or password" });
  });

  test("forged, tampered, expired and foreign tokens are refused", async () => {
    const { token, user } = await createStudent(t, "tokens@bu.edu");
    const [header, payload, signature] = token.split(".");
    const b64 = (value: unknown) =>
      btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = [
      `${b64({ alg: "none", typ: "JWT" })}.${payload}.`,
      `${header}.${b64({ ...claims, sub: String(user.id + 1) })}.${signature}`,
      `${header}.${b64({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })}.${signature}`,
      `${header}.${b64({ ...claims, aud: "someone-else" })}.${signature}`,
      "not-a-token",
    ];
    for (const bad of forged) expect((await api(t, "/api/auth/me", { token: bad })).status).toBe(401);
    const { issueToken } = await import("../../src/services/accounts/sessions.ts");
    const expired = await issueToken(
      "test-secret-that-is-long-enough-0123456789",
      user,
      Date.now() - 31 * 24 * 3600 * 1000,
    );
    expect((await api(t, "/api/auth/me", { token: expired })).status).toBe(401);
    const otherKey = await issueToken("another-secret-that-is-long-enough-987654321", user);
    expect((await api(t, "/api/auth/me", { token: otherKey })).status).toBe(401);
    expect((await api(t, "/api/auth/me", { token })).status).toBe(200);
  });

  test("logout ends the session on the server", async () => {
    const { token } = await createStudent(t, "logout@bu.edu");
    expect((await api(t, "/api/auth/logout", { method: "POST", token })).status).toBe(200);
    expect((await api(t, "/api/auth/me", { token })).status).toBe(401);
  });

  test("a cross-site POST carrying the cookie is refused, and so is text/plain JSON", async () => {
    const { token } = await createStudent(t, "csrf-api@bu.edu");
    const crossSite = await t.app.request("/api/users/delete", {
      method: "DELETE",
      headers: { Cookie: `hubrate_session=${token}`, Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const fetchSite = await t.app.request("/api/auth/update-password", {
      method: "PUT",
      headers: {
        Cookie: `hubrate_session=${token}`,
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ oldPassword: "correct horse battery", newPassword: "pwned passphrase" }),
    });
    expect(fetchSite.status).toBe(403);
    const plain = await t.app.request("/api/auth/update-password", {
      method: "PUT",
      headers: { Cookie: `hubrate_session=${token}`, "Content-Type": "text/plain" },
      body: JSON.stringify({ oldPassword: "correct horse battery", newPassword: "pwned passphrase" }),
    });
    expect(plain.status).toBe(415);
    expect((await api(t, "/api/auth/me", { token })).status).toBe(200);
  });
});

describe("account settings", () => {
  test("GET and PUT /api/users/account with the account rules", async () => {
    const { token } = await createStudent(t, "settings@bu.edu");
    expect(await (await api(t, "/api/users/account", { token })).json()).toEqual({
      email: "settings@bu.edu",
      college: "CAS",
      major: "Physics",
      expectedGrad: 2027,
      reviewReminders: false,
      hubTrack: "first-year",
      kilachand: false,
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ college: "", major: "Undecided", expectedGrad: 2030 }, "college", "Select a college"],
      [{ college: "ENG", major: "", expectedGrad: 2030 }, "major", "Select a major"],
      [
        { college: "ENG", major: "Undecided", expectedGrad: "x" },
        "expectedGrad",
        "Expected graduation year is required",
      ],
      [{ college: "ENG", major: "Undecided", expectedGrad: 2024 }, "expectedGrad", "Cannot be less than 2025"],
      [
        { college: "ENG", major: "Undecided", expectedGrad: 2036 },
        "expectedGrad",
        "Expected graduation cannot be after 2035",
      ],
      [{ college: "ENG", major: "Physics", expectedGrad: 2030 }, "major", "Select a major"],
      [
        { college: "ENG", major: "Undecided", expectedGrad: 2030, hubTrack: "senior" },
        "hubTrack",
        "Choose first-year entrant or transfer student",
      ],
      [
        { college: "ENG", major: "Undecided", expectedGrad: 2030, kilachand: "yes" },
        "kilachand",
        "kilachand must be true or false",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await api(t, "/api/users/account", { method: "PUT", token, body });
      expect(response.status).toBe(400);
      expect((await response.json()).fields[field]).toBe(message);
    }
    const ok = await api(t, "/api/users/account", {
      method: "PUT",
      token,
      body: { college: "ENG", major: "Undecided", expectedGrad: 2035, email: "hijack@bu.edu" },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      message: "Account updated successfully!",
      account: {
        email: "settings@bu.edu",
        college: "ENG",
        major: "Undecided",
        expectedGrad: 2035,
        reviewReminders: false,
        hubTrack: "first-year",
        kilachand: false,
      },
    });
    // The Hub rules and Kilachand: set when sent, kept when a later update leaves them out.
    const rules = await api(t, "/api/users/account", {
      method: "PUT",
      token,
      body: { college: "ENG", major: "Undecided", expectedGrad: 2035, hubTrack: "transfer", kilachand: true },
    });
    expect((await rules.json()).account).toMatchObject({ hubTrack: "transfer", kilachand: true });
    await api(t, "/api/users/account", {
      method: "PUT",
      token,
      body: { college: "CAS", major: "Physics", expectedGrad: 2030 },
    });
    expect(await (await api(t, "/api/users/account", { token })).json()).toMatchObject({
      college: "CAS",
      hubTrack: "transfer",
      kilachand: true,
    });
  });

  test("a wrong current password is refused with the spec's text and changes nothing", async () => {
    const { token } = await createStudent(t, "wrongcurrent@bu.edu", "the real one");
    const response = await api(t, "/api/auth/update-password", {
      method: "PUT",
      token,
      body: { oldPassword: "not the one", newPassword: "another passphrase" },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Incorrect current password");
    expect((await api(t, "/api/auth/me", { token })).status).toBe(200);
  });

  test("a new password equal to the current one is refused on its field, and the session goes on", async () => {
    const { token } = await createStudent(t, "samepassword@bu.edu", "the real one");
    const response = await api(t, "/api/auth/update-password", {
      method: "PUT",
      token,
      body: { oldPassword: "the real one", newPassword: "the real one" },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fields.newPassword).toBe("Choose a new password, not your current one");
    // Nothing changed: the token still works, and a real change still does.
    expect((await api(t, "/api/auth/me", { token })).status).toBe(200);
    const changed = await api(t, "/api/auth/update-password", {
      method: "PUT",
      token,
      body: { oldPassword: "the real one", newPassword: "a different one" },
    });
    expect(changed.status).toBe(200);
  });

  test("visitors get 401 from the account calls", async () => {
    for (
      const [method, path] of [
        ["GET", "/api/users/account"],
        ["PUT", "/api/users/account"],
        ["DELETE", "/api/users/delete"],
        ["GET", "/api/auth/me"],
        [
          "PUT",
          "/api/auth/update-password",
        ],
      ]
    ) {
      const response = await api(t, path, { method, body: method === "PUT" ? {} : undefined });
      expect(response.status).toBe(401);
      expect(await response.json()).toHaveProperty("message");
    }
  });

  test("deleting an account deletes the contact messages sent from its address, however it was typed, and no one else's", async () => {
    const student = await createStudent(t, "wrote-to-us@bu.edu");
    const send = (email: string, subject: string) =>
      api(t, "/api/auth/contact", {
        method: "POST",
        body: { email, subject, message: "Hello there." },
        ip: `203.0.113.${subject.length}`,
      });
    for (
      const [email, subject] of [["wrote-to-us@bu.edu", "First"], [" Wrote-To-Us@BU.edu ", "Second one"], [
        "someone-else@bu.edu",
        "Third message",
      ]]
    ) {
      expect((await send(email, subject)).status).toBe(200);
    }
    const subjects = async () => (await t.deps.database.db.select().from(contactMessages)).map((m) => m.subject).sort();
    expect(await subjects()).toEqual(expect.arrayContaining(["First", "Second one", "Third message"]));
    const deleted = await api(t, "/api/users/delete", {
      method: "DELETE",
      token: student.token,
      body: { password: student.password },
    });
    expect(deleted.status).toBe(200);
    const left = await subjects();
    expect(left).toContain("Third message");
    expect(left).not.toContain("First");
    expect(left).not.toContain("Second one");
  });

  test("deleting an account removes its reviews and votes and recomputes the course averages", async () => {
    const author = await createStudent(t, "author@bu.edu");
    const voter = await createStudent(t, "voter@bu.edu");
    const db = t.deps.database.db;
    const [course] = await db.select().from(courses).limit(1);
    const review = (userId: number, rating: number) => ({
      courseId: course.id,
      userId,
      overallRating: overallRating({
        usefulnessRating: rating,
        difficultyRating: 3,
        workloadRating: 3,
        interestRating: rating,
        teacherRating: rating,
      }),
      usefulnessRating: rating,
      difficultyRating: 3,
      workloadRating: 3,
      interestRating: rating,
      teacherRating: rating,
      teacherName: "Prof",
      semester: "Fall 2024",
      hoursPerWeek: 5,
      assignmentTypes: "Essays",
      reviewText: "Text",
    });
    const [mine] = await db.insert(reviews).values(review(author.user.id, 5)).returning();
    await db.insert(reviews).values(review(voter.user.id, 1));
    await db.insert(reviewVotes).values({ reviewId: mine.id, userId: voter.user.id, voteType: "UPVOTE" });
    await t.deps.database.write(async (tx) =>
      (await import("../../src/services/courses/course-stats.ts")).recomputeCourseStats(tx, [course.id])
    );
    expect((await db.select().from(courses).where(eq(courses.id, course.id)))[0]).toMatchObject({
      numReviews: 2,
      avgOverall: 3,
    });

    expect((await api(t, "/api/users/delete", { method: "DELETE", token: author.token })).status).toBe(200);
    expect(await db.$count(reviews, eq(reviews.userId, author.user.id))).toBe(0);
    expect(await db.$count(reviewVotes, eq(reviewVotes.reviewId, mine.id))).toBe(0);
    expect((await db.select().from(courses).where(eq(courses.id, course.id)))[0]).toMatchObject({
      numReviews: 1,
      avgOverall: 1.8,
      avgTeacher: 1,
    });
    expect(await db.$count(users, eq(users.id, author.user.id))).toBe(0);
  });
});
