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

type PrepareStackTrace = (error: Error, sites: NodeJS.CallSite[]) => unknown;
const LIGHT = Symbol("stacks of Playwright's own records");

/**
 * Playwright notes where each of its calls came from: a stack of up to 50 frames per call, taken in its own code.
 * Under the test runner every frame of such a stack went through the runner's source-map lookup, a few seconds of
 * CPU per browser file, although only the frames in our own files have a source map. Stacks taken in Playwright's
 * code map those frames alone and print the others as V8 does; every other stack is left to the runner.
 */
function lightenPlaywrightStacks(): void {
  const mapped = Error.prepareStackTrace as (PrepareStackTrace & { [LIGHT]?: true }) | undefined;
  if (!mapped || mapped[LIGHT]) return;
  const mapFrame = (site: NodeJS.CallSite) => String(mapped(new Error(), [site])).split("\n").slice(1).join("\n");
  const light: PrepareStackTrace & { [LIGHT]?: true } = (error, sites) => {
    if (!sites[0]?.getFileName()?.includes("/playwright-core")) return mapped(error, sites);
    const ours = (site: NodeJS.CallSite) => !!site.getFileName() && !site.getFileName()!.includes("/node_modules/");
    const frames = sites.map((site) => ours(site) ? mapFrame(site) : `    at ${site}`);
    return [`${error.name}: ${error.message}`, ...frames].join("\n");
  };
  light[LIGHT] = true;
  Error.prepareStackTrace = light;
}

export function launchBrowser(): Promise<Browser> {
  lightenPlaywrightStacks();
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

let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker. The browser files run one after another in a worker that keeps its modules
 * (`isolate: false`), so they share one browser instead of launching one each: each file still has its own server and
 * its own contexts (`openPage`). Playwright closes the browser when the worker ends; a browser that crashed or was
 * closed is launched again for the next file.
 */
export function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = launchBrowser();
    shared = launching;
    const forget = () => {
      if (shared === launching) shared = undefined;
    };
    launching.then((browser) => browser.on("disconnected", forget), forget);
  }
  return shared;
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
