/**
 * The entry point for hosts without native addons or a writable disk, such as
 * Deno Deploy: the database is a libSQL server (Turso) reached through the web
 * client, passwords are hashed by the portable argon2id engine with the same
 * parameters (in a worker thread, off the event loop; src/services/accounts/passwords.ts),
 * the island bundles come from `deno task build`, and pages
 * come from the static route map. Nothing here writes a file or loads a native
 * library; `tests/unit/deploy-entry.test.ts` runs it without those permissions.
 */
// First: React reads NODE_ENV when it is first imported (src/server/production-react.ts).
import "./src/server/production-react.ts";
import { databaseTarget } from "./db/client.ts";
import { countingInto, newUsage } from "./db/round-trips.ts";
import { createApp } from "./src/app.ts";
import { ConfigError, loadConfig } from "./src/config.ts";
import { routeModules } from "./src/route-map.gen.ts";
import { usePasswordEngine } from "./src/services/accounts/passwords.ts";
import {
  exitOnStartupError,
  prepareApp,
  reminderTermEnds,
  scheduleReviewReminders,
  startupConfig,
  warmSearchIndex,
} from "./src/startup.ts";

usePasswordEngine("portable");

function deployConfig() {
  // Production unless told otherwise; there is no disk to keep a generated session secret on.
  const env = { APP_ENV: "production", ...Deno.env.toObject() };
  const config = loadConfig(env, () => {
    throw new ConfigError("Missing SESSION_SECRET: set it to at least 32 random characters");
  });
  if (databaseTarget(config.databaseUrl, config.databaseSyncUrl) !== "remote") {
    throw new ConfigError(
      `Invalid DATABASE_URL=${
        JSON.stringify(config.databaseUrl)
      }: this entry needs a libSQL server (libsql:// or https://)`,
    );
  }
  if (config.env !== "production") {
    throw new ConfigError("Invalid APP_ENV: this entry serves the prebuilt assets and runs in production only");
  }
  return config;
}

const config = startupConfig(deployConfig);
// A bad REVIEW_REMINDER_DATES stops the start like any other setting.
const termEnds = startupConfig(() => reminderTermEnds(config));

const startedAt = performance.now();
const startUsage = newUsage();
const ready = countingInto(startUsage, () => prepareApp(config)).catch(exitOnStartupError);
// Deno Deploy picks up crons registered at the top level before the server starts; where Deno.cron is missing this does nothing.
scheduleReviewReminders(ready, termEnds);
const deps = await ready;
// The catalog and the search index are read while the app is made; how long that holds the event loop at a time once
// the server listens is said when the index is ready.
let listening = () => {};
warmSearchIndex(deps.database, new Promise((resolve) => listening = resolve));
const app = await createApp(deps, routeModules);
// Instances come and go; each delivers mail left waiting, then sweeps for retries.
deps.outbox.start();

Deno.serve({
  port: config.port,
  hostname: config.host,
  onListen: ({ hostname, port }) => {
    listening();
    // What a cold start cost: its time, and the database round trips of migrating and loading the reference data.
    console.log(
      `HubRate (deploy entry) started in ${
        Math.round(performance.now() - startedAt)
      } ms with ${startUsage.roundTrips} database round trips ` +
        `(${startUsage.statements} statements)`,
    );
    console.log(`HubRate (deploy entry) is serving at http://${hostname}:${port}`);
  },
}, app.fetch);
