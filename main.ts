/** Starts HubRate: reads the configuration, prepares the database and assets, and serves. */
// First: React reads NODE_ENV when it is first imported (src/server/production-react.ts).
import "./src/server/production-react.ts";
import { createApp } from "./src/app.ts";
import { loadConfig } from "./src/config.ts";
import { stopPlanner } from "./src/services/hub/hub-plan-solver.ts";
import { stopPasswordWorker } from "./src/services/accounts/passwords.ts";
import { exitOnStartupError, prepareApp, startupConfig, warmSearchIndex } from "./src/startup.ts";

const config = startupConfig(() => loadConfig());

const deps = await prepareApp(config).catch(exitOnStartupError);
if (deps.demoCoursesLoaded) {
  console.log(
    `Loaded the demo catalog: ${deps.demoCoursesLoaded} courses and ${deps.demoReviewsLoaded} demo reviews (set DEMO_CATALOG=off to start empty).`,
  );
}
// The catalog and the search index are read while the routes load; how long that holds the event loop at a time once
// the server listens is said when the index is ready.
let listening = () => {};
warmSearchIndex(deps.database, new Promise((resolve) => listening = resolve));
const app = await createApp(deps);
// Delivers mail left waiting by an earlier process at once, then sweeps for retries.
deps.outbox.start();

const controller = new AbortController();
const server = Deno.serve({
  port: config.port,
  hostname: config.host,
  signal: controller.signal,
  onListen: ({ hostname, port }) => {
    listening();
    const shown = hostname === "0.0.0.0" ? "localhost" : hostname;
    console.log(`HubRate (${config.env}) is serving at http://${shown}:${port}`);
  },
}, app.fetch);

/** Open requests get this long to finish after SIGTERM or SIGINT; then the process stops anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    if (controller.signal.aborted) return;
    console.log(
      `Received ${signal}: no new connections; finishing open requests (at most ${SHUTDOWN_GRACE_MS / 1000} s).`,
    );
    controller.abort();
    setTimeout(() => {
      console.error("Open requests did not finish in time; stopping now.");
      deps.database.close();
      Deno.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  });
}
await server.finished;
stopPlanner();
stopPasswordWorker();
await deps.outbox.stop();
deps.database.close();
