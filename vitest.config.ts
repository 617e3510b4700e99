import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["tests/setup/build-assets.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/{unit,api,islands}/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup/island-roots.ts"],
          testTimeout: 30_000,
          // Some files load the whole BU catalog before their tests; give that room on a busy machine.
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time on a two-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
