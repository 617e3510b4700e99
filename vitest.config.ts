import { defineConfig } from "vitest/config";

export default defineConfig({
  // JSX compiles to the calls both React builds have (`jsx`, not the development build's `jsxDEV`), so each project
  // can choose its build with NODE_ENV: the server-rendering projects run React's production build, as `deno task
  // start` does (a third less CPU per page than the development build); the islands keep the development build, whose
  // warnings their tests see.
  oxc: { jsx: { development: false } },
  test: {
    globalSetup: ["tests/setup/build-assets.ts", "tests/setup/test-databases.ts"],
    // Vitest's default on two cores is one worker; two files side by side keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          env: { NODE_ENV: "production" },
          setupFiles: ["tests/setup/plan-budget.ts"],
          include: ["tests/{unit,api}/**/*.test.{ts,tsx}"],
          testTimeout: 30_000,
          // Some files load the whole BU catalog before their tests; give that room on a busy machine.
          hookTimeout: 120_000,
          // The files of a worker share its modules: the app, its libraries and the API's compiled contract are
          // loaded and warmed once per worker instead of once per file, a fifth of the project's CPU time. Each
          // file still builds its own app on its own database; module state is per database (WeakMaps keyed by it).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The islands in happy-dom, each file in a fresh module graph: a window's timers and listeners
          // must not outlive the file that made them.
          name: "islands",
          include: ["tests/islands/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup/island-roots.ts"],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          env: { NODE_ENV: "production" },
          include: ["tests/browser/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file has its own server and database, so files run side by side; a worker's files share its Chromium.
          // They share their worker's modules, as tests/unit and tests/api do: each file's stack starts on a
          // warm app instead of importing and compiling it again, a few seconds of CPU per file.
          isolate: false,
        },
      },
    ],
  },
});
