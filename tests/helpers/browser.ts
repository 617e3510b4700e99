/** Debian's Chromium driven by playwright-core, and a HubRate server on a free loopback port. */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import type { TestApp } from "./app.ts";
import { AXE_SCRIPT_PATH, axeScript } from "./axe-script.ts";

/** Debian's Chromium (package `chromium`): the browser the audit runs Lighthouse in, and the tests' fallback. */
export const CHROMIUM_PATH = "/usr/bin/chromium";
/**
 * Debian's headless build of the same Chromium (package `chromium-headless-shell`): the same
 * engine without the desktop browser around it, which the browser tests spend about a fifth
 * less time in. The tests use it when it is installed.
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

export function browserPath(): string {
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: browserPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-quic",
      "--disable-sync",
      // V8 without its optimizing compilers (Maglev, TurboFan); the interpreter and the baseline compiler remain.
      // A test's page lives a few seconds, and every page compiled the same hot functions (axe's above all) again on
      // background threads: the browser files spent a sixth less CPU without them, in pages that behave the same.
      "--js-flags=--no-maglev,--no-turbofan",
    ],
  });
}

export type RunningServer = { url: string; close(): Promise<void> };

/** The app on a free loopback port; the test server also answers with axe-core's script, for the accessibility checks. */
export function serve(test: TestApp): Promise<RunningServer> {
  return new Promise((resolve) => {
    const server = Deno.serve(
      {
        port: 0,
        hostname: "127.0.0.1",
        onListen: ({ port }) => resolve({ url: `http://127.0.0.1:${port}`, close: () => server.shutdown() }),
      },
      (request, info) =>
        new URL(request.url).pathname === AXE_SCRIPT_PATH ? axeScript() : test.app.fetch(request, info),
    );
  });
}
