/**
 * deploy.ts as Deno Deploy runs it: a separate process allowed to read files,
 * reach the network and read its environment, and nothing else (no file
 * writes, no native libraries, no subprocesses, no system information),
 * against a real libSQL server through the web client and a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verifyPassword } from "../../src/services/accounts/passwords.ts";
import { TEST_BUILD_DIR } from "../helpers/build-dir.ts";
import { type SmtpInbox, startSmtpServer } from "../helpers/smtp.ts";
import { type Sqld, startSqld } from "../helpers/sqld.ts";
import { freePort } from "../helpers/processes.ts";
import { loadedScripts } from "../helpers/loaded-scripts.ts";

const PERMISSIONS = ["--allow-read", "--allow-net", "--allow-env", "--no-prompt"];
const SECRET = "deploy-entry-test-secret-0123456789abcdef";

type Entry = { origin: string; output: () => string; stop(): Promise<void> };

async function startEntry(env: Record<string, string>, flags: string[] = []): Promise<Entry> {
  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...PERMISSIONS, ...flags, "deploy.ts"],
    env: {
      APP_ORIGIN: origin,
      PORT: String(port),
      HOST: "127.0.0.1",
      SESSION_SECRET: SECRET,
      ASSETS_DIR: TEST_BUILD_DIR,
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let output = "";
  const collect = async (stream: ReadableStream<Uint8Array<ArrayBuffer>>) => {
    for await (const text of stream.pipeThrough(new TextDecoderStream())) output += text;
  };
  const done = Promise.all([collect(child.stdout), collect(child.stderr)]);
  const started = Date.now();
  while (!output.includes("is serving at")) {
    if (Date.now() - started > 60_000) break;
    const exited = await Promise.race([
      child.status.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 50)),
    ]);
    if (exited) break;
  }
  return {
    origin,
    output: () => output,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch {
        // already gone
      }
      await child.status;
      await done;
    },
  };
}

let sqld: Sqld;
let inbox: SmtpInbox;
let entry: Entry;
/** The entry's V8 inspector, through which a test reads which modules it loaded. */
const inspector = freePort();
beforeAll(async () => {
  sqld = await startSqld();
  inbox = await startSmtpServer();
  // NODE_ENV as a developer's shell might have it: the entry renders with React's production build anyway.
  entry = await startEntry(
    {
      DATABASE_URL: sqld.url,
      DATABASE_AUTH_TOKEN: sqld.token,
      SMTP_URL: inbox.url,
      DEMO_CATALOG: "on",
      NODE_ENV: "development",
    },
    [`--inspect=127.0.0.1:${inspector}`],
  );
  if (!entry.output().includes("is serving at")) throw new Error(`deploy.ts did not start:\n${entry.output()}`);
});
afterAll(async () => {
  await entry?.stop();
  await inbox?.close();
  await sqld?.stop();
});

function call(path: string, options: { method?: string; body?: unknown; token?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { Origin: entry.origin };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return fetch(`${entry.origin}${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

describe("deploy.ts without write, FFI, subprocess or system permissions", () => {
  test("migrates the server's database and serves pages, island bundles and health checks", async () => {
    // The log says what the cold start cost (a first start migrates and loads the demo catalog: many trips).
    expect(entry.output()).toMatch(/started in \d+ ms with [1-9]\d* database round trips \(\d+ statements\)/);
    expect(await (await call("/readyz")).json()).toEqual({ status: "ready" });
    const courses = Number((await sqld.client.execute("SELECT COUNT(*) AS n FROM courses")).rows[0].n);
    expect(courses).toBeGreaterThan(300);

    const page = await call("/search?q=intro");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1");
    const bundle = /rel="modulepreload" href="(\/static\/build\/[\w.-]+\.js)"/.exec(html)?.[1];
    expect(bundle, "the page loads its island bundle").toBeTruthy();
    const script = await call(bundle!);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    await script.body?.cancel();
    expect((await call("/")).status).toBe(200);
    // The API's document is made from the static route map, and its reference page loads its own bundle.
    const document = await (await call("/api/openapi.json")).json();
    expect(document.info.title).toBe("HubRate API");
    expect(Object.keys(document.paths)).toContain("/api/courses/search");
    const docs = await (await call("/api/docs")).text();
    const viewer = /src="(\/static\/build\/api-reference-[\w]+\.js)"/.exec(docs)?.[1];
    expect(viewer).toBeTruthy();
    const viewerScript = await call(viewer!);
    expect(viewerScript.status).toBe(200);
    await viewerScript.body?.cancel();
  });

  test("a student registers, verifies with the mailed code, signs in and reviews", async () => {
    const email = "deploy.student@bu.edu";
    const password = "a sturdy deploy passphrase";
    const registered = await call("/api/auth/register", {
      method: "POST",
      body: { email, college: "CAS", major: "Physics", expectedGrad: 2027, password },
    });
    expect(registered.status).toBe(201);
    const mail = await inbox.next(email, 15_000);
    const code = /\b(\d{6})\b/.exec(mail.text ?? "")![1];
    expect((await call("/api/auth/verify", { method: "POST", body: { email, verificationCode: code } })).status).toBe(
      200,
    );
    const login = await call("/api/auth/login", { method: "POST", body: { email, password } });
    expect(login.status).toBe(200);
    const { token } = await login.json();

    const [course] =
      (await sqld.client.execute("SELECT id FROM courses WHERE num_reviews = 0 ORDER BY id LIMIT 1")).rows;
    const review = await call(`/api/reviews/course/${course.id}`, {
      method: "POST",
      token,
      body: {
        usefulnessRating: 4,
        difficultyRating: 2,
        workloadRating: 3,
        interestRating: 5,
        teacherRating: 4,
        teacherName: "Professor Deploy",
        semester: "Fall 2025",
        hoursPerWeek: 6,
        attendanceRequired: true,
        assignmentTypes: "Weekly problem sets",
        reviewText: "Reviewed through the deploy entry.",
      },
    });
    expect(review.status).toBe(201);
    expect(await (await call(`/course/${course.id}`)).text()).toContain("Reviewed through the deploy entry.");

    // The portable argon2id engine wrote the same format and parameters, and the native engine reads it.
    const stored = String(
      (await sqld.client.execute({ sql: "SELECT password_hash FROM users WHERE email = ?", args: [email] })).rows[0]
        .password_hash,
    );
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, password)).toBe(true);
    expect(await verifyPassword(stored, "not the password")).toBe(false);
  });

  test("a later start on the same database, as each new instance on Deploy does, costs at most 3 round trips and writes nothing", async () => {
    const settings = async () =>
      JSON.stringify((await sqld.client.execute("SELECT key, value FROM app_settings ORDER BY key")).rows);
    const before = await settings();
    const again = await startEntry({
      DATABASE_URL: sqld.url,
      DATABASE_AUTH_TOKEN: sqld.token,
      SMTP_URL: inbox.url,
      DEMO_CATALOG: "on",
    });
    try {
      const trips = Number(/started in \d+ ms with (\d+) database round trips/.exec(again.output())?.[1]);
      expect(trips, again.output()).toBeLessThanOrEqual(3);
      expect(trips).toBeGreaterThan(0);
      // Nothing was written: the catalog version (and so every other instance's copy of the catalog) is as it was.
      expect(await settings()).toBe(before);
      expect((await fetch(`${again.origin}/api/courses/search?q=intro`)).status).toBe(200);
    } finally {
      await again.stop();
    }
  });

  test("renders with React's production build whatever NODE_ENV says: no *.development.js module is loaded", async () => {
    for (const path of ["/", "/search?q=intro", "/course/1", "/login"]) {
      const response = await call(path);
      await response.arrayBuffer();
      expect(response.status, path).toBeLessThan(500);
    }
    const scripts = await loadedScripts(inspector);
    expect(scripts.filter((url) => /\/react(-dom)?@/.test(url) && url.endsWith(".production.js"))).not.toEqual([]);
    expect(scripts.filter((url) => url.endsWith(".development.js"))).toEqual([]);
  });

  test("asked for nothing it was not given: no permission was refused", () => {
    expect(entry.output()).not.toMatch(/PermissionDenied|NotCapable|Requires (write|ffi|run|sys) access/i);
  });

  test("hashes passwords and solves Hub plans in worker threads with these permissions", async () => {
    // The student of the test above signed in (a hash in the password worker); a plan for a new student solves in the planner's.
    const login = await call("/api/auth/login", {
      method: "POST",
      body: { email: "deploy.student@bu.edu", password: "a sturdy deploy passphrase" },
    });
    expect(login.status).toBe(200);
    const { token } = await login.json();
    const plan = await call("/api/users/hub-plan", { token });
    expect(plan.status).toBe(200);
    expect((await plan.json()).courses.length).toBeGreaterThan(0);
    expect(entry.output()).not.toContain("[passwords] the hashing worker failed");
    expect(entry.output()).not.toContain("[planner]");
  });

  test("refuses to start on an embedded file, with one line saying why", async () => {
    const other = await startEntry({ DATABASE_URL: "file:data/never.db" });
    await other.stop();
    expect(other.output()).toContain("HubRate cannot start. Invalid DATABASE_URL");
    expect(other.output()).toContain("this entry needs a libSQL server");
  });
});
