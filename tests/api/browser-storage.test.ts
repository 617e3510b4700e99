/**
 * The server's half of what the browser keeps (docs/security.md, What the browser keeps): every page names whose it
 * is, so a student's keys are kept per account.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, createStudent, ORIGIN } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const withCookie = (token: string, init: RequestInit = {}) => ({
  ...init,
  headers: { Cookie: `hubrate_session=${token}`, Origin: ORIGIN, ...init.headers },
});
/** Whose page it is, as its layout says (src/client/storage.ts reads it): null when the page does not say. */
const accountOf = (html: string) => /<div class="(?:app|public)-shell" data-account="([^"]*)"/.exec(html)?.[1] ?? null;

describe("every page names whose it is", () => {
  test("a student's pages carry the account's tag: the same on every page, another for another account", async () => {
    const alice = await createStudent(t, "storage-alice@bu.edu");
    const bob = await createStudent(t, "storage-bob@bu.edu");
    const tags = async (token: string) =>
      await Promise.all(
        ["/dashboard", "/schedule", "/search", "/privacy"].map(async (path) =>
          accountOf(await (await t.app.request(path, withCookie(token))).text())
        ),
      );
    const aliceTags = await tags(alice.token);
    const [tag] = aliceTags;
    expect(tag).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(aliceTags).toEqual(aliceTags.map(() => tag));
    // The same after signing out and in again.
    await api(t, "/api/auth/logout", { method: "POST", token: alice.token });
    const login = await api(t, "/api/auth/login", {
      method: "POST",
      body: { email: alice.email, password: alice.password },
    });
    const { token: again } = await login.json() as { token: string };
    expect(again).not.toBe(alice.token);
    expect(accountOf(await (await t.app.request("/dashboard", withCookie(again))).text())).toBe(tag);
    const [bobTag] = await tags(bob.token);
    expect(bobTag).not.toBe(tag);
    // Opaque: neither the email nor the id.
    for (const { user } of [alice, bob]) {
      const own = user.id === alice.id ? tag : bobTag;
      expect(own).not.toContain(String(user.id));
      expect(own).not.toContain(user.email.split("@")[0]);
    }
  });

  test("a visitor's pages say they are a visitor's", async () => {
    for (const path of ["/", "/login", "/search", "/schedule"]) {
      expect(accountOf(await (await t.app.request(path)).text()), path).toBe("");
    }
  });
});
