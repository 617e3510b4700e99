/** The configuration the tests' apps run with, and the prepared databases they start from. */
import { join } from "node:path";
import { type Config, loadConfig } from "../../src/config.ts";
import { TEST_BUILD_DIR } from "./build-dir.ts";

export const TEST_SECRET = "test-secret-that-is-long-enough-0123456789";

/**
 * A test app answers thousands of requests a minute from one address (every `app.request` is "unknown"), which the
 * per-address limits exist to refuse: they are off unless a test turns them on (tests/api/request-limits.test.ts).
 */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    APP_ENV: "test",
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: TEST_SECRET,
    APP_ORIGIN: "http://localhost:8000",
    DEMO_CATALOG: "on",
    RATE_LIMITS: "off",
    // Plans are exact in tests, however busy the machine: a plan's two-second budget is for a server's fairness.
    PLAN_BUDGET_MS: "60000",
    ...env,
  });
}

/**
 * Where the run keeps databases prepared once (migrated, reference data, the demo catalog and its reviews, or none):
 * a test app starts on a copy instead of preparing its own, which its start then finds done (tests/setup/test-databases.ts).
 */
export const TEST_DATABASES_DIR = `${TEST_BUILD_DIR}-databases`;

export function preparedDatabase(demoCatalog: string): string {
  return join(TEST_DATABASES_DIR, `demo-${demoCatalog}.db`);
}
