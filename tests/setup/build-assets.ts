import { buildAssets } from "../../src/server/assets.ts";

/** Builds the island bundles once for the whole run; app and browser tests serve them. */
export default async function setup() {
  await buildAssets();
}
