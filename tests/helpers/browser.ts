/** Debian's Chromium driven by playwright-core, and a HubRate server on a free loopback port. */
import { type Browser, chromium } from "playwright-core";
import type { TestApp } from "./app.ts";

export const CHROMIUM_PATH = "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
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
