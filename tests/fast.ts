/**
 * deno task test:fast [--watch] [vitest arguments]
 * The tier to run while working: the unit, API and island tests that need no libSQL server (sqld), start no process of
 * their own and do no long fuzzing or hashing runs. `deno task test` runs everything, these included.
 */

/** What the fast tier leaves to `deno task test`, and why. */
export const SLOW_FILES: Record<string, string> = {
  "tests/api/security-review.test.ts": "adversarial runs, backups and tasks under a umask in subprocesses",
  "tests/unit/long-urls.test.ts": "thousands of URLs against a running server's memory",
  "tests/unit/passwords.test.ts": "argon2 hashing runs and worker fallbacks",
  "tests/unit/database-targets.test.ts": "a libSQL server (sqld)",
  "tests/unit/export-import.test.ts": "a libSQL server (sqld)",
  "tests/api/round-trip-budgets.test.ts": "a libSQL server (sqld)",
  "tests/api/shared-server.test.ts": "a libSQL server (sqld) and a task process",
  "tests/unit/deploy-entry.test.ts": "starts deploy.ts as a process",
  "tests/unit/production-react.test.ts": "starts main.ts as a process",
  "tests/unit/catalog-sync.test.ts": "runs the sync task as a process",
  "tests/api/review-reminders.test.ts": "runs the reminder task as a process, with an SMTP server",
  "tests/api/prerequisites.test.ts": "runs the catalog import as a process",
  "tests/unit/moderation.test.ts": "runs the moderation task as a process",
  "tests/unit/schedule-import-task.test.ts": "runs the schedule import as a process",
  "tests/api/live-import.test.ts": "imports a whole term as a process while the app serves reads and writes",
  "tests/unit/schedule-import-broken-files.test.ts": "runs the schedule import as a process on broken files",
  "tests/api/dev-server.test.ts": "starts deno task dev's server and its child",
};

if (import.meta.main) {
  const watch = Deno.args.includes("--watch");
  const rest = Deno.args.filter((arg) => arg !== "--watch");
  const args = [
    "run",
    "-A",
    "npm:vitest@5.1.1",
    ...(watch ? [] : ["run"]),
    "--project",
    "unit",
    "--project",
    "islands",
  ];
  for (const file of Object.keys(SLOW_FILES)) args.push("--exclude", file);
  const child = new Deno.Command(Deno.execPath(), {
    args: [...args, ...rest],
    env: { NODE_ENV: "test" },
    stdin: "inherit",
  }).spawn();
  Deno.exit((await child.status).code);
}
