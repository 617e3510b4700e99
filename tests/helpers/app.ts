/** Builds a HubRate app on a fresh temporary database, as main.ts would, for one test file. */
import type { Hono } from "hono";
import { createApp } from "../../src/app.ts";
import type { Config } from "../../src/config.ts";
import { readManifest } from "../../src/server/asset-manifest.ts";
import { TEST_BUILD_DIR } from "./build-dir.ts";
import { preparedDatabase, testConfig } from "./test-config.ts";
import type { AppDeps, AppEnv } from "../../src/server/context.ts";
import { createMailer, type Mail, type Mailer } from "../../src/services/mail/mail.ts";
import { prepareApp } from "../../src/startup.ts";
import { checkAnswer, type Contract, contractOf, type OpenApiDocument } from "./contract.ts";

export type TestApp = {
  app: Hono<AppEnv>;
  deps: AppDeps;
  config: Config;
  dir: string;
  /** Mail the app sent, when the test did not pass its own mailer. */
  sent: Mail[];
  close(): Promise<void>;
};

export { TEST_SECRET } from "./test-config.ts";

/**
 * `smtpUrl` sends the app's mail through the real SMTP mailer to that server;
 * `mailer` replaces the mailer; by default mail is kept in `sent`.
 * `lazyContract` compiles each answer's schema when an answer first needs it
 * (see checkContractOf), for an app whose test times no call.
 */
export async function makeTestApp(
  options: { env?: Record<string, string>; mailer?: Mailer; smtpUrl?: string; lazyContract?: boolean } = {},
): Promise<TestApp> {
  const dir = await Deno.makeTempDir({ prefix: "hubrate-test-" });
  const config = testConfig(`file:${dir}/test.db`, options.env);
  // A copy of the run's prepared database, when the app uses its own file: its start then has nothing left to do.
  // Without one (a run that skipped tests/setup/test-databases.ts), the app prepares its file itself, as before.
  if (!options.env?.DATABASE_URL) {
    await Deno.copyFile(preparedDatabase(config.demoCatalog ? "on" : "off"), `${dir}/test.db`).catch((error) => {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    });
  }
  const sent: Mail[] = [];
  const mailer: Mailer = options.mailer ??
    (options.smtpUrl
      ? createMailer({ smtpUrl: options.smtpUrl, from: "HubRate <no-reply@hubrate.test>" })
      : { send: (mail) => Promise.resolve(void sent.push(mail)) });
  const deps = await prepareApp(config, { mailer, assets: await readManifest(TEST_BUILD_DIR) });
  const app = await createApp(deps);
  await checkContractOf(app, { eager: !options.lazyContract });
  return {
    app,
    deps,
    config,
    dir,
    sent,
    async close() {
      await deps.outbox.stop();
      deps.database.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/**
 * Every answer `app.request` gives a test is checked against the app's own
 * OpenAPI document (tests/helpers/contract.ts): an undeclared status, or a
 * body that does not fit its declared schema, fails the test that received it.
 * The document is read, and by default every schema compiled, before the first
 * test's request, so no test times it; `eager: false` leaves each schema to the
 * first answer that needs it, which saves a browser test's server the second it
 * takes to compile them all when it answers only a few kinds.
 */
export async function checkContractOf(app: Hono<AppEnv>, { eager = true }: { eager?: boolean } = {}): Promise<void> {
  const request = app.request;
  const contract: Contract = contractOf(await (await request("/api/openapi.json")).json() as OpenApiDocument, {
    eager,
  });
  app.request = (async (input: RequestInfo | URL, init?: RequestInit, ...rest: unknown[]) => {
    const response = await request(input as string, init, ...rest as []);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const path = new URL(input instanceof Request ? input.url : String(input), "http://localhost").pathname;
    await checkAnswer(contract, method, path, response);
    return response;
  }) as typeof app.request;
}

/** A JSON request as the site's own pages send it. */
export function jsonRequest(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { "Content-Type": "application/json", Origin: "http://localhost:8000", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}
