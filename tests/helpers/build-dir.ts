import { join } from "node:path";

/** Where the test run builds the browser assets. */
export const TEST_BUILD_DIR = join(Deno.cwd(), "tests/.build");
