import { prepareDatabase } from "../../src/startup.ts";
import { preparedDatabase, TEST_DATABASES_DIR, testConfig } from "../helpers/test-config.ts";

/**
 * Prepares, once for the run, the databases the test apps start from: with the demo catalog and without. Preparing one
 * (the migrations, the reference data, the demo catalog and reviews) is most of what starting a test app costs; a copy
 * of a prepared file is a few milliseconds, and the app's start finds the work done, as a restart does.
 */
export async function setup() {
  await Deno.remove(TEST_DATABASES_DIR, { recursive: true }).catch(() => {});
  await Deno.mkdir(TEST_DATABASES_DIR, { recursive: true });
  for (const demo of ["on", "off"]) {
    const { database } = await prepareDatabase(testConfig(`file:${preparedDatabase(demo)}`, { DEMO_CATALOG: demo }));
    // Everything in the main file, so that copying it copies the database.
    await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    database.close();
  }
}

export async function teardown() {
  await Deno.remove(TEST_DATABASES_DIR, { recursive: true }).catch(() => {});
}
