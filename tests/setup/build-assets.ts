import { buildAssets } from "../../src/server/asset-build.ts";
import { TEST_BUILD_DIR } from "../helpers/build-dir.ts";

/** Builds the island bundles once for the whole run, into a folder of their own so a running dev server keeps its files. */
export default async function setup() {
  await buildAssets(Deno.cwd(), TEST_BUILD_DIR, { clean: true });
}
