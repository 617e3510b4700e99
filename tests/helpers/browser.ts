/** Debian's Chromium driven by playwright-core, and a HubRate server on a free loopback port. */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import type { TestApp } from "./app.ts";

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
    ],
  });
}

export type RunningServer = { url: string; close(): Promise<void> };

export function serve(test: TestApp): Promise<RunningServer> {
  return new Promise((resolve) => {
    const server = Deno.serve({
      port: 0,
      hostname: "127.0.0.1",
      onListen: ({ port }) => resolve({ url: `http://127.0.0.1:${port}`, close: () => server.shutdown() }),
    }, test.app.fetch);
  });
}
