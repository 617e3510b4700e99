/**
 * The server's half of what the browser keeps (docs/security.md, What the browser keeps): each sign-out answer that
 * ends a student's session asks the browser to clear the site's storage, one to a browser no longer signed in asks
 * nothing (a visitor's worksheet stays), and every page names whose it is, so a student's keys are kept per account.
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
const signOutForm = (headers: Record<string, string> = {}) =>
  t.app.request("/logout", {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "",
  });
/** Whose page it is, as its layout says (src/client/storage.ts reads it): null when the page does not say. */
const accountOf = (html: string) => /<div class="(?:app|public)-shell" data-account="([^"]*)"/.exec(html)?.[1] ?? null;

describe("signing out clears what the site stored in the browser", () => {
  test("the Sign Out form: the session ends, the cookie goes, and the storage is cleared", async () => {
    const { token } = await createStudent(t, "storage-form@bu.edu");
    const response = await signOutForm({ Cookie: `hubrate_session=${token}` });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("clear-site-data")).toBe('"storage"');
    expect(response.headers.get("set-cookie")).toMatch(/hubrate_session=;.*Max-Age=0/);
  });

  test("the API's logout, with the cookie or a Bearer token", async () => {
    const byCookie = await createStudent(t, "storage-api-cookie@bu.edu");
    const cookie = await t.app.request("/api/auth/logout", withCookie(byCookie.token, { method: "POST" }));
    expect(cookie.status).toBe(200);
    expect(cookie.headers.get("clear-site-data")).toBe('"storage"');
    const byBearer = await createStudent(t, "storage-api-bearer@bu.edu");
    const bearer = await api(t, "/api/auth/logout", { method: "POST", token: byBearer.token });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get("clear-site-data")).toBe('"storage"');
  });

  test("deleting the account", async () => {
    const { token } = await createStudent(t, "storage-delete@bu.edu");
    const response = await t.app.request("/api/users/delete", withCookie(token, { method: "DELETE" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("clear-site-data")).toBe('"storage"');
  });

  test("a browser no longer signed in is asked nothing: what it keeps since is a visitor's", async () => {
    const { token } = await createStudent(t, "storage-stale@bu.edu");
    expect((await signOutForm({ Cookie: `hubrate_session=${token}` })).status).toBe(303);
    for (const stale of [await signOutForm({ Cookie: `hubrate_session=${token}` }), await signOutForm()]) {
      expect(stale.status).toBe(303);
      expect(stale.headers.get("clear-site-data")).toBeNull();
    }
    const api = await t.app.request("/api/auth/logout", { method: "POST", headers: { Origin: ORIGIN } });
    expect(api.status).toBe(200);
    expect(api.headers.get("clear-site-data")).toBeNull();
  });

  test("no other answer clears anything", async () => {
    const { token } = await createStudent(t, "storage-others@bu.edu");
    for (const path of ["/", "/dashboard", "/schedule", "/account", "/api/auth/me"]) {
      const response = await t.app.request(path, withCookie(token));
      expect(response.status, path).toBe(200);
      expect(response.headers.get("clear-site-data"), path).toBeNull();
    }
  });
});

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
