/**
 * Everything a start needs before it serves: the database opened and
 * migrated, reference data present, the demo catalog on an empty database,
 * the browser assets built, and the mailer.
 */
import { migrateDatabase, openDatabase } from "../db/client.ts";
import demoCatalog from "../db/seeds/demo-catalog.json" with { type: "json" };
import reference from "../db/seeds/majors.json" with { type: "json" };
import { loadDemoReviews } from "../db/seeds/demo-reviews.ts";
import type { Config } from "./config.ts";
import { type AssetManifest, buildAssets, readManifest } from "./server/assets.ts";
import type { AppDeps } from "./server/context.ts";
import { ensureReferenceData, loadDemoCatalogIfEmpty } from "./services/catalog.ts";
import { createMailer, type Mailer } from "./services/mail.ts";

export async function prepareDatabase(config: Config) {
  const database = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  await migrateDatabase(database);
  await ensureReferenceData(database, reference);
  const loaded = config.demoCatalog ? await loadDemoCatalogIfEmpty(database, demoCatalog) : 0;
  // Demo reviews come only with the demo catalog, from demo accounts that cannot log in.
  const demoReviews = loaded > 0 ? await loadDemoReviews(database) : 0;
  return { database, demoCoursesLoaded: loaded, demoReviewsLoaded: demoReviews };
}

/** Production serves assets built ahead of time (`deno task build`); other modes build them at start. */
export async function prepareAssets(config: Config): Promise<AssetManifest> {
  if (config.env === "production") return await readManifest();
  return await buildAssets();
}

export async function prepareApp(
  config: Config,
  options: { mailer?: Mailer; assets?: AssetManifest } = {},
): Promise<AppDeps & { demoCoursesLoaded: number; demoReviewsLoaded: number }> {
  const { database, demoCoursesLoaded, demoReviewsLoaded } = await prepareDatabase(config);
  const assets = options.assets ?? await prepareAssets(config);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, database });
  return { config, database, mailer, assets, demoCoursesLoaded, demoReviewsLoaded };
}
