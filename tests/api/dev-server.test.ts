/**
 * `deno task dev` (src/dev/dev-server.ts): the pages it passes on get the live-reload script, its channel tells them what
 * changed, a change to server code is served by a new server without the site going down, and a stylesheet change
 * rebuilds without a new server. Production has neither the channel nor the script, nor an error page with a stack.
 */
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { join } from "node:path";
import { type DevServer, startDevServer } from "../../src/dev/dev-server.ts";
import { DEV_EVENTS_PATH } from "../../src/dev/live-reload.ts";
import { handleError } from "../../src/middleware/error-handler.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { freePort } from "../helpers/processes.ts";

let dev: DevServer;
let dir: string;
beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hubrate-dev-" });
  dev = await startDevServer({
    root: Deno.cwd(),
    port: freePort(),
    host: "127.0.0.1",
    buildDir: join(dir, "build"),
    env: { DATABASE_URL: `file:${dir}/dev.db`, RATE_LIMITS: "off" },
    watch: false,
    log: () => {},
  });
  await dev.ready;
}, 120_000);
afterAll(async () => {
  await dev?.close();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
});

/** Reads the channel's events until `count` have come (or the time is up). */
async function events(count: number, during: () => Promise<unknown>): Promise<string[]> {
  const controller = new AbortController();
  const response = await fetch(dev.url + DEV_EVENTS_PATH, { signal: controller.signal });
  expect(response.headers.get("content-type")).toBe("text/event-stream");
  const seen: string[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of response.body!) {
      for (const match of decoder.decode(chunk).matchAll(/^event: (.+)$/gm)) seen.push(match[1]);
      if (seen.length >= count) break;
    }
  })().catch(() => {});
  await during();
  await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  controller.abort();
  return seen;
}

describe("deno task dev", () => {
  test("a page comes with the live-reload script under the page's own CSP nonce; its bundles are served from the dev build", async () => {
    const response = await fetch(`${dev.url}/contact`);
    const html = await response.text();
    expect(response.status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1];
    expect(html).toContain(`<script nonce="${nonce}" data-hubrate-dev>`);
    expect(html).toContain(DEV_EVENTS_PATH);
    // Readable bundles under stable names, so a rebuild needs no new server.
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1];
    expect(css).toBe("/static/build/styles.css");
    const island = /"(\/static\/build\/ContactForm\.js)"/.exec(html)![1];
    const bundle = await fetch(dev.url + island);
    expect(bundle.headers.get("cache-control")).toBe("no-cache");
    // Unminified: esbuild names each source file above its code.
    expect(await bundle.text()).toContain("// islands/ContactForm.tsx");
  });

  test("a form posted through the dev server is from the site's own origin", async () => {
    const response = await fetch(`${dev.url}/api/auth/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: dev.url },
      body: JSON.stringify({ email: "dev@bu.edu", subject: "Hello", message: "Through the dev server." }),
    });
    expect(response.status).toBe(200);
    const foreign = await fetch(`${dev.url}/api/auth/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ email: "dev@bu.edu", subject: "Hello", message: "From elsewhere." }),
    });
    expect(foreign.status).toBe(403);
  });

  test("the stylesheet changed: rebuilt, no new server, the pages fetch the stylesheet again", async () => {
    let outcome: Awaited<ReturnType<DevServer["changed"]>> | undefined;
    const seen = await events(2, async () => outcome = await dev.changed([join(Deno.cwd(), "static/styles.css")]));
    expect(outcome).toMatchObject({ told: "css", rebuilt: { ok: true } });
    expect(outcome!.restartedMs).toBeUndefined();
    expect(seen).toEqual(["hello", "css"]);
  });

  test("a route changed: a new server answers, the site answered all along, the pages reload", async () => {
    let outcome: Awaited<ReturnType<DevServer["changed"]>> | undefined;
    const statuses: number[] = [];
    let restarting = true;
    const seen = await events(2, async () => {
      const change = dev.changed([join(Deno.cwd(), "routes/contact.tsx")]).then((
        result,
      ) => (outcome = result, restarting = false));
      while (restarting) {
        statuses.push(await fetch(`${dev.url}/contact`).then(async (r) => (await r.body?.cancel(), r.status)));
      }
      await change;
    });
    expect(outcome).toMatchObject({ told: "reload" });
    expect(outcome!.restartedMs).toBeGreaterThan(0);
    expect(outcome!.rebuilt).toBeUndefined();
    expect(seen).toEqual(["hello", "reload"]);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await fetch(`${dev.url}/contact`)).status).toBe(200);
  });

  test("files that are not the site's (tests, docs) change nothing", async () => {
    expect(await dev.changed([join(Deno.cwd(), "tests/api/dev-server.test.ts"), join(Deno.cwd(), "README.md")]))
      .toEqual({ told: null });
  });
});

describe("production has no dev loop", () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await makeTestApp({ env: { APP_ENV: "production", APP_ORIGIN: "http://localhost:8000" } });
  });
  afterAll(() => production.close());

  test("no live-reload channel and no dev script on any page", async () => {
    const channel = await production.app.request(DEV_EVENTS_PATH);
    expect(channel.headers.get("content-type")).not.toBe("text/event-stream");
    expect(channel.status).toBe(404);
    for (const path of ["/", "/contact", "/search", "/no-such-page"]) {
      expect(await (await production.app.request(path)).text(), path).not.toContain("data-hubrate-dev");
    }
  });

  test("an unexpected error's page shows its stack in development only", async () => {
    const pageOf = async (env: "development" | "production" | "test") => {
      const app = new Hono<AppEnv>();
      app.use("*", async (c, next) => {
        c.set("deps", { config: { env } } as AppEnv["Variables"]["deps"]);
        await next();
      });
      app.get("/boom", () => {
        throw new Error("the planted failure");
      });
      app.onError(
        handleError((c, status, message, detail) =>
          c.html(`<p>${message}</p>${detail ? `<pre>${detail}</pre>` : ""}`, status as 500)
        ),
      );
      const response = await app.request("/boom");
      expect(response.status).toBe(500);
      return await response.text();
    };
    const original = console.error;
    console.error = () => {};
    try {
      expect(await pageOf("development")).toMatch(/<pre>Error: the planted failure\n\s+at /);
      expect(await pageOf("production")).not.toContain("the planted failure");
      expect(await pageOf("test")).not.toContain("the planted failure");
    } finally {
      console.error = original;
    }
  });
});
