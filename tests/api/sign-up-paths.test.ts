/**
 * Sign-up without dead ends: a student who lost the /verify tab can log in
 * and land on /verify with a new code; the verification mail's one-click link
 * verifies once, with its button, and never signs in by itself; and after verifying, resetting a password or
 * deleting the account, the next page says what happened.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { authCodes, rateLimits } from "../../db/schema.ts";
import { MESSAGES } from "../../src/services/accounts/accounts.ts";
import { api, createStudent, ORIGIN, userByEmail } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import type { Mail } from "../../src/services/mail/mail.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.database.db.delete(rateLimits);
});

const PASSWORD = "a sturdy passphrase";

async function register(email: string) {
  const response = await api(t, "/api/auth/register", {
    method: "POST",
    body: { email, college: "CAS", major: "Physics", expectedGrad: 2027, password: PASSWORD },
  });
  expect(response.status).toBe(201);
}

/** The newest mail to `to`, once the outbox delivered it. */
async function mailTo(to: string): Promise<Mail> {
  await t.deps.outbox.idle();
  const mail = t.sent.findLast((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}
const codeIn = (mail: Mail) => /\b(\d{6})\b/.exec(mail.text)![1];
const linkIn = (mail: Mail) => new URL(/https?:\/\/\S+\/verify\/link\?token=\S+/.exec(mail.text)![0]);

/** The cookies a response sets, as one Cookie header for the next request. */
function cookiesOf(response: Response): string {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).filter((c) => !c.endsWith("=")).join("; ");
}

/** A page request the way a browser makes a top-level navigation. */
function navigate(path: string, cookie = "") {
  return t.app.request(path, {
    headers: {
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Dest": "document",
      "Sec-Fetch-Site": "none",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

describe("logging in before verifying leads to /verify", () => {
  test("the right password: 403 naming the email, a new code mailed, and /verify says so with the email filled in", async () => {
    await register("late@gmail.com");
    const first = codeIn(await mailTo("late@gmail.com"));
    await t.deps.database.db.delete(rateLimits);
    const login = await api(t, "/api/auth/login", {
      method: "POST",
      body: { email: "Late@Gmail.com", password: PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toEqual({
      message: MESSAGES.notVerifiedSent,
      verificationRequired: true,
      email: "late@gmail.com",
      codeSent: true,
    });
    expect(login.headers.get("set-cookie")).not.toMatch(/hubrate_session=[^;]/);
    const second = codeIn(await mailTo("late@gmail.com"));

    const page = await t.app.request("/verify", { headers: { Cookie: cookiesOf(login) } });
    const html = await page.text();
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(html).toContain("Your email is not verified yet. We sent you a new code");
    expect(html).toContain('"email":"late@gmail.com"');
    expect(page.headers.getSetCookie().join()).toMatch(/hubrate_notice=;/);

    // The new code verifies; the first no longer does (a new code replaces the old one).
    if (first !== second) {
      const old = await api(t, "/api/auth/verify", {
        method: "POST",
        body: { email: "late@gmail.com", verificationCode: first },
      });
      expect(old.status).toBe(400);
    }
    expect(
      (await api(t, "/api/auth/verify", {
        method: "POST",
        body: { email: "late@gmail.com", verificationCode: second },
      })).status,
    ).toBe(200);
  });

  test("within the resend limits: a second login a moment later sends no new code and says to wait", async () => {
    await register("twice@gmail.com");
    const login = await api(t, "/api/auth/login", {
      method: "POST",
      body: { email: "twice@gmail.com", password: PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({ codeSent: false, message: MESSAGES.notVerifiedWait });
    await t.deps.outbox.idle();
    expect(t.sent.filter((m) => m.to === "twice@gmail.com")).toHaveLength(1);
  });

  test("a wrong password on an unverified account answers like any wrong password", async () => {
    await register("quiet@gmail.com");
    const wrong = await api(t, "/api/auth/login", {
      method: "POST",
      body: { email: "quiet@gmail.com", password: "not the one" },
    });
    const unknown = await api(t, "/api/auth/login", {
      method: "POST",
      body: { email: "nobody@gmail.com", password: "not the one" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });
});

describe("the one-click link", () => {
  test("opening it, even as a person's click, only offers a button; the button verifies once and /login says so with the email filled in", async () => {
    await register("link@gmail.com");
    const link = linkIn(await mailTo("link@gmail.com"));
    expect(link.origin).toBe(ORIGIN);
    const opened = await navigate(link.pathname + link.search);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("no-store");
    const html = await opened.text();
    expect(html).toContain("Verify my email");
    expect(html).toContain('data-island="VerifyLinkButton"');
    expect(opened.headers.getSetCookie().join()).not.toMatch(/hubrate_session=[^;]/);
    expect((await userByEmail(t, "link@gmail.com"))!.enabled).toBe(false);

    const token = link.searchParams.get("token")!;
    const pressed = await api(t, "/api/auth/verify-link", { method: "POST", body: { token } });
    expect(pressed.status).toBe(200);
    expect(await pressed.json()).toEqual({ message: MESSAGES.verified });
    expect(pressed.headers.getSetCookie().join()).not.toMatch(/hubrate_session=[^;]/);
    expect((await userByEmail(t, "link@gmail.com"))!.enabled).toBe(true);
    const login = await t.app.request("/login", { headers: { Cookie: cookiesOf(pressed) } });
    const page = await login.text();
    expect(page).toContain("Your account is verified. Log in.");
    expect(page).toContain('value="link@gmail.com"');

    // The code went with the link, and the link works once.
    expect(
      await t.deps.database.db.$count(authCodes, eq(authCodes.userId, (await userByEmail(t, "link@gmail.com"))!.id)),
    ).toBe(0);
    expect((await api(t, "/api/auth/verify-link", { method: "POST", body: { token } })).status).toBe(400);
    const again = await navigate(link.pathname + link.search);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(MESSAGES.linkRefused);
    // And the student signs in with the password.
    expect(
      (await api(t, "/api/auth/login", { method: "POST", body: { email: "link@gmail.com", password: PASSWORD } }))
        .status,
    ).toBe(200);
  });

  test("burned like the code: a used code, five wrong codes, a resend or ten minutes end it", async () => {
    const cases: [string, (email: string, code: string) => Promise<unknown>][] = [
      [
        "used code",
        (email, code) => api(t, "/api/auth/verify", { method: "POST", body: { email, verificationCode: code } }),
      ],
      ["five wrong codes", async (email, code) => {
        const wrong = code === "000000" ? "111111" : "000000";
        for (let i = 0; i < 5; i++) {
          await api(t, "/api/auth/verify", { method: "POST", body: { email, verificationCode: wrong } });
        }
      }],
      ["a resend", async (email) => {
        await t.deps.database.db.delete(rateLimits);
        await api(t, `/api/auth/resend-verification?email=${email}`, { method: "POST" });
      }],
      ["ten minutes", async (email) => {
        const user = (await userByEmail(t, email))!;
        await t.deps.database.db.update(authCodes).set({ expiresAt: new Date(Date.now() - 1) }).where(
          eq(authCodes.userId, user.id),
        );
      }],
    ];
    for (const [name, end] of cases) {
      const email = `burn-${name.replace(/\W/g, "")}@gmail.com`;
      await register(email);
      const mail = await mailTo(email);
      await end(email, codeIn(mail));
      const token = linkIn(mail).searchParams.get("token")!;
      const response = await api(t, "/api/auth/verify-link", { method: "POST", body: { token } });
      expect(response.status, name).toBe(400);
      expect((await response.json()).message).toBe(MESSAGES.linkRefused);
    }
  });

  test("a made-up or malformed token gets 400 from the API and the refusal from the page", async () => {
    expect((await api(t, "/api/auth/verify-link", { method: "POST", body: { token: "x".repeat(43) } })).status).toBe(
      400,
    );
    expect((await api(t, "/api/auth/verify-link", { method: "POST", body: { token: "short" } })).status).toBe(400);
    expect((await api(t, "/api/auth/verify-link", { method: "POST", body: {} })).status).toBe(400);
    const page = await navigate("/verify/link?token=%3Cscript%3E");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(MESSAGES.linkRefused);
  });
});

describe("after success, the next page says what happened", () => {
  test("verifying: /login says 'Your account is verified. Log in.' with the email in the form, once", async () => {
    await register("said@gmail.com");
    const code = codeIn(await mailTo("said@gmail.com"));
    const verified = await api(t, "/api/auth/verify", {
      method: "POST",
      body: { email: "said@gmail.com", verificationCode: code },
    });
    expect(verified.status).toBe(200);
    const cookie = cookiesOf(verified);
    const login = await t.app.request("/login", { headers: { Cookie: cookie } });
    const html = await login.text();
    expect(html).toContain("Your account is verified. Log in.");
    expect(html).toContain('"email":"said@gmail.com"');
    expect(html).toContain('value="said@gmail.com"');
    // Shown once: the page deleted it.
    expect(login.headers.getSetCookie().join()).toMatch(/hubrate_notice=;/);
    expect(await (await t.app.request("/login")).text()).not.toContain("Your account is verified.");
  });

  test("a notice waits for its own page: opening another page first does not use it up", async () => {
    await register("waits@gmail.com");
    const code = codeIn(await mailTo("waits@gmail.com"));
    const cookie = cookiesOf(
      await api(t, "/api/auth/verify", { method: "POST", body: { email: "waits@gmail.com", verificationCode: code } }),
    );
    const elsewhere = await t.app.request("/search", { headers: { Cookie: cookie } });
    expect(elsewhere.headers.getSetCookie().join()).not.toMatch(/hubrate_notice/);
    expect(await (await t.app.request("/login", { headers: { Cookie: cookie } })).text()).toContain(
      "Your account is verified. Log in.",
    );
  });

  test("resetting the password: /login says so with the email filled in", async () => {
    await createStudent(t, "reset-said@gmail.com", "the old passphrase");
    await api(t, "/api/auth/forgot-password?email=reset-said@gmail.com", { method: "POST" });
    const code = codeIn(await mailTo("reset-said@gmail.com"));
    const reset = await api(t, "/api/auth/reset-password", {
      method: "POST",
      body: { email: "reset-said@gmail.com", verificationCode: code, newPassword: "the new passphrase" },
    });
    expect(reset.status).toBe(200);
    const html = await (await t.app.request("/login", { headers: { Cookie: cookiesOf(reset) } })).text();
    expect(html).toContain("Your password has been reset. Log in with your new password.");
    expect(html).toContain('value="reset-said@gmail.com"');
  });

  test("deleting the account: the landing page says everything is gone", async () => {
    const { token } = await createStudent(t, "gone@gmail.com");
    const deleted = await api(t, "/api/users/delete", { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    const landing = await t.app.request("/", { headers: { Cookie: cookiesOf(deleted) } });
    expect(await landing.text()).toContain("Your account and all its data have been deleted.");
  });

  test("a forged notice cookie shows nothing it was not meant to", async () => {
    const forged = btoa(JSON.stringify({ k: "__proto__", e: "<script>alert(1)</script>" }));
    const html = await (await t.app.request("/login", { headers: { Cookie: `hubrate_notice=${forged}` } })).text();
    expect(html).not.toContain("alert(1)");
    const odd = btoa(JSON.stringify({ k: "verified", e: "<img src=x onerror=alert(1)>@x.y" }));
    const page = await (await t.app.request("/login", { headers: { Cookie: `hubrate_notice=${odd}` } })).text();
    expect(page).toContain("Your account is verified. Log in.");
    expect(page).not.toContain("<img src=x");
  });
});
