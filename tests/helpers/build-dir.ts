import { join, resolve } from "node:path";

/**
 * Where the test run builds the browser assets. TEST_BUILD_DIR moves it, so two
 * test runs in one checkout do not clean each other's bundles away.
 */
export const TEST_BUILD_DIR = Deno.env.get("TEST_BUILD_DIR")
  ? resolve(Deno.env.get("TEST_BUILD_DIR")!)
  : join(Deno.cwd(), "tests/.build");
