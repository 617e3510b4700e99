/**
 * Everything a start needs before it serves: the database opened and
 * migrated, reference data present, the demo catalog on an empty database,
 * the browser assets built, and the mailer.
 */
import { readMigrationFiles } from "drizzle-orm/migrator";
import {
  type Database,
  DatabaseUnavailableError,
  migrateDatabase,
  MIGRATIONS_DIR,
  openDatabase,
} from "../db/client.ts";
import demoCatalog from "../db/seeds/demo-catalog.json" with { type: "json" };
import { referenceData as reference } from "../db/seeds/reference.ts";
import { loadDemoReviews } from "./services/catalog/demo-reviews.ts";
import { loadDemoScheduleIfEmpty } from "./services/schedule/demo-schedule.ts";
import { type Config, ConfigError } from "./config.ts";
import { type AssetManifest, readManifest } from "./server/asset-manifest.ts";
import type { AppDeps } from "./server/context.ts";
import {
  catalogSource,
  ensureReferenceData,
  loadDemoCatalogIfEmpty,
  REFERENCE_DATA_KEY,
  referenceDataHash,
} from "./services/catalog/catalog.ts";
import { createMailer, type Mailer } from "./services/mail/mail.ts";
import { createOutbox } from "./services/mail/outbox.ts";
import { requestLimits } from "./services/platform/request-limits.ts";
import {
  ensurePrerequisitesLinked,
  PREREQUISITE_PARSER_KEY,
  PREREQUISITE_PARSER_VERSION,
} from "./services/courses/course-prerequisites.ts";
import { ensureReviewKeys } from "./services/courses/course-summary.ts";
import { catalogIndex } from "./services/search/search-index.ts";
import { catalogSnapshotCurrent, currentCatalog, ensureCatalogSnapshot } from "./services/catalog/catalog-cache.ts";
import { type LoopWatch, watchEventLoop } from "./server/loop-watch.ts";
import { ensureSearchPostings, searchPostingsCurrent } from "./services/search/search-descriptions.ts";
import { parseTermEnds, type TermEnd, TermEndsError } from "./lib/term-ends.ts";
import { remindForToday } from "./services/reviews/review-reminders.ts";
import { ensureProfessorMatching } from "./services/schedule/professor-matching.ts";
import { setPlanBudget } from "./services/hub/hub-plan-solver.ts";

/** The database the configuration names: an embedded file, a libSQL server, or an embedded replica of one. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase(config.databaseUrl, {
    authToken: config.databaseAuthToken,
    syncUrl: config.databaseSyncUrl,
    syncIntervalSeconds: config.databaseSyncInterval,
    busyTimeoutMs: config.databaseBusyTimeout,
  });
}

export async function prepareDatabase(config: Config) {
  const database = await openConfiguredDatabase(config);
  // A start on a database already prepared by an earlier one asks one question and writes nothing: a cold instance on Deno Deploy serves sooner.
  if (await alreadyPrepared(database, config)) return { database, demoCoursesLoaded: 0, demoReviewsLoaded: 0 };
  await migrateDatabase(database);
  await ensureReferenceData(database, reference);
  const loaded = config.demoCatalog ? await loadDemoCatalogIfEmpty(database, demoCatalog) : 0;
  // A catalog imported before prerequisites were read as data (or by an older reader) is read again, once.
  await ensurePrerequisitesLinked(database);
  // Reviews stored before professors and terms were read from them (or copied in by an import) get them now.
  await ensureReviewKeys(database);
  // Demo reviews come only with the demo catalog, from demo accounts that cannot log in.
  const demoReviews = loaded > 0 ? await loadDemoReviews(database) : 0;
  // The demo schedule comes with the demo catalog too, after its reviews (its instructors are their professors); a demo
  // database made before schedules existed gets it once.
  if (config.demoCatalog && (await catalogSource(database.db)) === "demo") await loadDemoScheduleIfEmpty(database);
  // A schedule imported before professors were matched to its instructors is matched now, once.
  await ensureProfessorMatching(database);
  // What cold processes load instead of the rows, when the sources changed since it was made (by hand, or a database import).
  await ensureSearchPostings(database);
  await ensureCatalogSnapshot(database.db);
  return { database, demoCoursesLoaded: loaded, demoReviewsLoaded: demoReviews };
}

/**
 * Whether every step of a start is already done, read in one batch (one
 * round trip on a server): the newest migration applied, this build's
 * reference data stored (by its hash), a catalog present when the demo one
 * would be loaded, the prerequisite texts read by this reader, no review
 * without its professor and term, the schedule's instructors matched to the
 * reviews' professors, and the catalog's snapshot and the
 * descriptions' search index made from the data as it is. Any failure (a new database has no
 * tables) means the steps run.
 */
async function alreadyPrepared(database: Database, config: Config): Promise<boolean> {
  try {
    const [[migrated], [stored], [courses], [parser], [unkeyed], postings, snapshot] = await Promise.all([
      database.client.execute("SELECT MAX(created_at) AS at FROM __drizzle_migrations").then((r) => r.rows),
      database.client.execute({ sql: "SELECT value FROM app_settings WHERE key = ?", args: [REFERENCE_DATA_KEY] }).then(
        (r) => r.rows,
      ),
      database.client.execute("SELECT EXISTS (SELECT 1 FROM courses) AS any").then((r) => r.rows),
      database.client.execute({ sql: "SELECT value FROM app_settings WHERE key = ?", args: [PREREQUISITE_PARSER_KEY] })
        .then((r) => r.rows),
      database.client.execute(
        `SELECT EXISTS (SELECT 1 FROM reviews WHERE teacher_key = '' OR name_key = '')
          OR (EXISTS (SELECT 1 FROM section_instructors) AND NOT EXISTS (SELECT 1 FROM instructor_names)) AS any`,
      ).then((r) => r.rows),
      searchPostingsCurrent(database.db),
      catalogSnapshotCurrent(database.db),
    ]);
    return Number(migrated?.at ?? 0) >= newestMigration() &&
      stored?.value === referenceDataHash(reference) &&
      (!config.demoCatalog || Number(courses?.any) === 1) &&
      parser?.value === PREREQUISITE_PARSER_VERSION &&
      Number(unkeyed?.any) === 0 && postings && snapshot;
  } catch {
    return false;
  }
}

/** When the newest migration of this build was made: what drizzle records as its `created_at` once applied. */
function newestMigration(): number {
  return Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis));
}

/**
 * Production serves assets built ahead of time (`deno task build`), and so
 * does any mode given ASSETS_DIR (`deno task dev` builds them itself, and
 * rebuilds them as files change); other starts build them. The bundler is
 * loaded only to build.
 */
export async function prepareAssets(config: Config): Promise<AssetManifest> {
  if (config.env === "production" || config.assetsGiven) return await readManifest(config.assetsDir);
  const { buildAssets } = await import("./server/asset-build.ts");
  return await buildAssets();
}

export async function prepareApp(
  config: Config,
  options: { mailer?: Mailer; assets?: AssetManifest } = {},
): Promise<AppDeps & { demoCoursesLoaded: number; demoReviewsLoaded: number }> {
  const { database, demoCoursesLoaded, demoReviewsLoaded } = await prepareDatabase(config);
  const assets = options.assets ?? await prepareAssets(config);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  // Entry points start the outbox's periodic sweep; requests wake it whenever they put mail in.
  const outbox = createOutbox(database, mailer);
  // The process's planner is shared by its apps: the last one prepared sets its budget.
  setPlanBudget(config.planBudgetMs);
  return {
    config,
    database,
    mailer,
    outbox,
    assets,
    limits: requestLimits(config.rateLimits),
    demoCoursesLoaded,
    demoReviewsLoaded,
  };
}

/** For entry points: a bad setting or an unreachable database ends the start with one line; anything else is a bug and keeps its trace. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    console.error(`HubRate cannot start. ${error.message}`);
    Deno.exit(1);
  }
  throw error;
}

/** Reads the configuration (or a setting made from it) with `read`, or ends the start with one line when it is wrong. */
export function startupConfig<T = Config>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    exitOnStartupError(error);
  }
}

/**
 * Reads the catalog and builds its search index in the background as the
 * server starts, so the first student to search does not wait for them; both
 * are done in slices of the event loop, so requests are answered meanwhile.
 * Says how long each took and, from when the server listens (`listening`),
 * the longest the event loop was held at a time until the index was ready. A
 * failure is only logged: the first request that needs them tries again.
 */
export function warmSearchIndex(database: Database, listening?: Promise<void>): void {
  const started = performance.now();
  const since = () => `${Math.round(performance.now() - started)} ms`;
  let watch: LoopWatch | undefined;
  listening?.then(() => watch = watchEventLoop());
  currentCatalog(database.db).then(
    (catalog) => console.log(`Catalog ready: ${catalog.courses.size} courses in ${since()}.`),
    () => {/* said below */},
  );
  catalogIndex(database.db).then(
    (index) => {
      const held = watch
        ? `; the event loop was held at most ${Math.round(watch.longest())} ms at a time since the server listens`
        : "";
      console.log(`Search index ready: ${index.courses.size} courses in ${since()}${held}.`);
    },
    (error) => console.error("[search] could not build the search index at startup:", error),
  ).finally(() => watch?.stop());
}

/** The term end dates of the configuration, or a ConfigError naming REVIEW_REMINDER_DATES. */
export function reminderTermEnds(config: Config): TermEnd[] {
  try {
    return parseTermEnds(config.reviewReminderDates);
  } catch (error) {
    if (error instanceof TermEndsError) throw new ConfigError(error.message);
    throw error;
  }
}

/** The part of Deno.cron's signature the reminders use. */
export type CronRegistrar = (name: string, schedule: string, handler: () => Promise<void>) => unknown;

/** Once a day at 15:00 UTC (10 or 11 in the morning in Boston), a friendly hour for mail. */
export const REVIEW_REMINDER_SCHEDULE = "0 15 * * *";

/**
 * Registers the daily end-of-term review reminders with Deno.cron, which
 * Deno Deploy provides; elsewhere (a plain `deno run`, where it needs
 * --unstable-cron) it is missing and nothing is scheduled: there, run
 * `deno task reviews:remind` daily instead. Each run sends only for a term
 * that ended in the last 14 days and only to students not yet reminded, so
 * daily runs and several instances are safe. Returns whether it scheduled.
 */
export function scheduleReviewReminders(
  ready: Promise<AppDeps>,
  ends: TermEnd[],
  cron: CronRegistrar | undefined = (Deno as unknown as { cron?: CronRegistrar }).cron,
  now: () => Date = () => new Date(),
): boolean {
  if (typeof cron !== "function") return false;
  cron("HubRate end-of-term review reminders", REVIEW_REMINDER_SCHEDULE, async () => {
    const { database, outbox, config } = await ready;
    const run = await remindForToday(
      { database, outbox, secret: config.sessionSecret, origin: config.origin },
      ends,
      now(),
    );
    if (run.term) {
      console.log(
        `[reminders] ${run.term.label} ended ${run.term.endDate}: ${run.reminded.length} reminded on ${run.today}.`,
      );
    }
  });
  return true;
}
