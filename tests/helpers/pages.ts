/**
 * Shared pieces of the browser tests: one app on a temporary database, its
 * server and an in-process SMTP server per test file, and the worker's Chromium; the
 * console and page errors of a page; waiting for an island to hydrate; and
 * logging in through the /login form.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { makeTestApp, type TestApp } from "./app.ts";
export { courseId } from "./catalog.ts";
import { type RunningServer, serve, sharedBrowser } from "./browser.ts";
import { type SmtpInbox, startSmtpServer } from "./smtp.ts";

export type Stack = { smtp: SmtpInbox; t: TestApp; server: RunningServer; browser: Browser; url: string };

/** The app with the real mailer pointed at an in-process SMTP server, served on a free port, and Chromium. */
export async function startStack(env?: Record<string, string>): Promise<Stack> {
  const smtp = await startSmtpServer();
  // The browser tests time no call, so the API's contract compiles only the answers they get.
  const t = await makeTestApp({ env, smtpUrl: smtp.url, lazyContract: true });
  const server = await serve(t);
  const browser = await sharedBrowser();
  return { smtp, t, server, browser, url: server.url };
}

/**
 * The stack of one test file: started before its tests, stopped after them.
 * The returned object is filled in once the stack is up, so tests read
 * `stack.url`, `stack.t`, … when they run.
 */
export function stackForThisFile(env?: Record<string, string>): Stack {
  const stack = {} as Stack;
  beforeAll(async () => void Object.assign(stack, await startStack(env)));
  afterAll(() => stopStack(stack));
  return stack;
}

/** Stops the file's server, app and SMTP server; the worker's browser stays for its next file. */
export async function stopStack(stack: Partial<Stack> | undefined): Promise<void> {
  await stack?.server?.close();
  await stack?.t?.close();
  await stack?.smtp?.close();
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

/** A screen the flows run on: a desktop with a mouse, or a touch phone. */
export type Device = { name: "desktop" | "phone"; options: BrowserContextOptions; touch: boolean };

/**
 * The two screens every flow runs on. The desktop is in light mode and the
 * phone in dark mode, so each state a flow reaches is also seen in both
 * colour schemes.
 */
export const DEVICES: Device[] = [
  { name: "desktop", options: { ...DESKTOP, colorScheme: "light" }, touch: false },
  { name: "phone", options: { ...PHONE, colorScheme: "dark" }, touch: true },
];

/**
 * `test` on the screen named, and nothing on the other: for a path whose steps, requests and answers are the same on
 * both screens (a redirect, a form's messages, an account flow), which runs once. A file shares such paths out between
 * the desktop (light) and the phone (dark), so both screens and both schemes still see each kind of page; what a phone
 * draws or handles differently (menus, the filter panel, cards, charts, the review form, the compare tray, the planner)
 * runs on both.
 */
export function testOn(
  device: Device,
  screen: Device["name"],
): (name: string, body: () => Promise<void>, timeout?: number) => void {
  return device.name === screen ? (name, body, timeout) => test(name, body, timeout) : () => {};
}

/** Clicks on the desktop, taps on the phone. */
export function press(device: Device, target: Locator, options: { force?: boolean } = {}): Promise<void> {
  return device.touch ? target.tap(options) : target.click(options);
}

/**
 * The signed-in navigation as the device shows it: the sidebar on the
 * desktop; on the phone the slide-in menu, opened with a tap first.
 */
export async function accountNav(page: Page, device: Device): Promise<Locator> {
  if (!device.touch) return page.getByRole("complementary", { name: "Account navigation" });
  const menu = page.locator("header.app-topbar details.slide-menu");
  if (!(await menu.evaluate((details) => (details as HTMLDetailsElement).open))) await menu.locator("summary").tap();
  const nav = menu.getByRole("navigation", { name: "Main (menu)" });
  await nav.waitFor({ state: "visible" });
  return nav;
}

/** A console error or an uncaught exception, with the URL the console named (the resource, for failed loads). */
export type Problem = { text: string; url: string };

/** Records the page's console errors and uncaught exceptions. */
export function watchProblems(page: Page): Problem[] {
  const problems: Problem[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push({ text: message.text(), url: message.location().url });
  });
  page.on("pageerror", (error) => problems.push({ text: `uncaught: ${error.message}`, url: page.url() }));
  return problems;
}

/**
 * A failed resource load that the test caused on purpose: Chromium logs every
 * non-2xx fetch as a console error, naming the status and the resource's URL.
 */
export function failedLoad(status: number, path: string | RegExp): (problem: Problem) => boolean {
  return (problem) => {
    if (!problem.text.includes(`status of ${status}`)) return false;
    const pathname = new URL(problem.url, "http://x").pathname;
    return typeof path === "string" ? pathname === path : path.test(pathname);
  };
}

/** The problems that none of `allowed` explains, as text for a readable failure. */
export function unexpected(problems: Problem[], ...allowed: ((problem: Problem) => boolean)[]): string[] {
  return problems.filter((p) => !allowed.some((allow) => allow(p))).map((p) => `${p.text} (${p.url})`);
}

/** A context and its one page, as openPage hands them out; the worker's next test may get them back. */
type Kept = { context: BrowserContext; page: Page };

/** FRESH_CONTEXTS=1 gives every test a new context, to rule the kept pages out when a test misbehaves. */
const FRESH_CONTEXTS = Deno.env.get("FRESH_CONTEXTS") === "1";

/** At most this many kept contexts per browser and set of options: a test with two students at once needs two. */
const KEPT_PER_OPTIONS = 2;

/**
 * The contexts tests handed back, per browser (the worker's, which its files share) and per set of context options:
 * a file's first test may get a context the worker's last file handed back, emptied as for any other test.
 */
const shelves = new WeakMap<Browser, Map<string, Kept[]>>();

function shelfFor(browser: Browser, key: string): Kept[] {
  if (!shelves.has(browser)) shelves.set(browser, new Map());
  const byOptions = shelves.get(browser)!;
  if (!byOptions.has(key)) byOptions.set(key, []);
  return byOptions.get(key)!;
}

/** Calls whose effect on a context or page cannot be undone: a context that had one is closed, not kept. */
const LASTING = {
  context: [
    "addInitScript",
    "exposeBinding",
    "exposeFunction",
    "setExtraHTTPHeaders",
    "setOffline",
    "setGeolocation",
    "grantPermissions",
    "setHTTPCredentials",
    "routeFromHAR",
    "routeWebSocket",
    "setDefaultTimeout",
    "setDefaultNavigationTimeout",
  ],
  page: [
    "addInitScript",
    "exposeBinding",
    "exposeFunction",
    "setExtraHTTPHeaders",
    "routeFromHAR",
    "routeWebSocket",
    "emulateMedia",
    "setViewportSize",
    "setDefaultTimeout",
    "setDefaultNavigationTimeout",
  ],
} as const;
const PAGE_EVENTS = [
  "console",
  "pageerror",
  "request",
  "response",
  "requestfinished",
  "requestfailed",
  "dialog",
  "popup",
  "download",
  "filechooser",
  "framenavigated",
  "load",
  "domcontentloaded",
  "websocket",
  "worker",
  "close",
  "crash",
];
const CONTEXT_EVENTS = [
  "page",
  "request",
  "response",
  "requestfinished",
  "requestfailed",
  "console",
  "dialog",
  "weberror",
  "close",
];

type Emitter = {
  listeners(event: string): ((...args: never[]) => unknown)[];
  off(event: string, listener: (...args: never[]) => unknown): unknown;
};

/** The listeners on `target` now; the returned function removes the ones added since. */
function listenersAddedFrom(target: Emitter, events: string[]): () => void {
  const before = new Map(events.map((event) => [event, new Set(target.listeners(event))]));
  return () => {
    for (const event of events) {
      for (const listener of target.listeners(event)) {
        if (!before.get(event)!.has(listener)) target.off(event, listener);
      }
    }
  };
}

/**
 * Follows what one test does to a kept context and its page. `undo()` takes back what the next test must not inherit
 * (the listeners and routes the test added, the page it left, its cookies, local and session storage, and the HTTP
 * cache when a visitor's page may be in it) and says whether the context is fit for another test: not when the test
 * made a call that cannot be undone, closed the page or opened another.
 */
function trackChanges({ context, page }: Kept): { undo(): Promise<boolean> } {
  const dropPageListeners = listenersAddedFrom(page as unknown as Emitter, PAGE_EVENTS);
  const dropContextListeners = listenersAddedFrom(context as unknown as Emitter, CONTEXT_EVENTS);
  let lasting = false;
  let routed = false;
  let visitorPageCached = false;
  const wrapped: [Record<string, unknown>, string][] = [];
  const noteCalls = (target: object, names: readonly string[], note: () => void) => {
    const methods = target as Record<string, unknown>;
    for (const name of names) {
      const method = methods[name] as (...args: unknown[]) => unknown;
      Object.defineProperty(target, name, {
        configurable: true,
        value: (...args: unknown[]) => (note(), method.apply(target, args)),
      });
      wrapped.push([methods, name]);
    }
  };
  noteCalls(context, LASTING.context, () => (lasting = true));
  noteCalls(page, LASTING.page, () => (lasting = true));
  noteCalls(context, ["route"], () => (routed = true));
  noteCalls(page, ["route"], () => (routed = true));
  // Visitors' pages and answers are public for a minute; the built assets never change and may stay.
  page.on("response", (response) => {
    if (/^public/.test(response.headers()["cache-control"] ?? "") && !response.url().includes("/static/build/")) {
      visitorPageCached = true;
    }
  });
  return {
    async undo() {
      for (const [target, name] of wrapped) delete target[name];
      dropPageListeners();
      dropContextListeners();
      if (lasting || page.isClosed() || context.pages().length !== 1) return false;
      if (routed) {
        await page.unrouteAll({ behavior: "ignoreErrors" });
        await context.unrouteAll({ behavior: "ignoreErrors" });
      }
      const url = page.url();
      if (/^https?:/.test(url)) {
        // A small page of the same site unloads the last one (its timers, its requests) and keeps the renderer process.
        await page.goto(new URL("/robots.txt", url).href);
        await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
      }
      await context.clearCookies();
      if (visitorPageCached) {
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.clearBrowserCache").finally(() => cdp.detach());
      }
      return true;
    },
  };
}

/**
 * A context (cookies and storage of its own) with one page, watched for problems. Its `close()` hands it back: the
 * worker's next test with the same options (in this file or the next) gets it, with nothing of this test left
 * (`trackChanges`), or, when that cannot be promised, it is closed. A kept context saves the next test a renderer
 * process started cold and a first page without cached code: a third of a second of CPU per test.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; problems: Problem[] }> {
  const shelf = shelfFor(browser, JSON.stringify(options));
  let kept = FRESH_CONTEXTS ? undefined : shelf.pop();
  if (!kept || kept.page.isClosed()) {
    const context = await browser.newContext(options);
    context.setDefaultTimeout(10_000);
    kept = { context, page: await context.newPage() };
  }
  const { context, page } = kept;
  const changes = trackChanges(kept);
  const reallyClose = Object.getPrototypeOf(context).close.bind(context) as BrowserContext["close"];
  const setClose = (close: BrowserContext["close"]) =>
    Object.defineProperty(context, "close", { configurable: true, value: close });
  setClose(async (closeOptions) => {
    // Closing twice is harmless, as Playwright's own close is: the second call finds the context handed back.
    setClose(() => Promise.resolve());
    const reusable = await changes.undo().catch(() => false);
    if (reusable && shelf.length < KEPT_PER_OPTIONS && browser.isConnected()) shelf.push(kept);
    else await reallyClose(closeOptions);
  });
  return { context, page, problems: watchProblems(page) };
}

/** Where screenshots for a reviewer go (git-ignored). */
export const SHOTS = "tests/artifacts/screenshots";

/**
 * A screenshot for a reviewer to look at, taken only when SCREENSHOTS=1 is set
 * (`SCREENSHOTS=1 deno task test:browser`): nothing asserts on them, and
 * full-page shots of every page in four modes cost the suite a minute.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean; scale?: "css" | "device" } = {},
): Promise<void> {
  if (Deno.env.get("SCREENSHOTS") !== "1") return;
  await Deno.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, ...options });
}

/**
 * Waits until every island of that name on the page has been hydrated (React
 * put its container key on the element). Islands that hydrate when visible
 * are scrolled into view first.
 */
export async function waitForIsland(page: Page, name: string): Promise<void> {
  const island = page.locator(`[data-island="${name}"]`).first();
  await island.waitFor({ state: "attached" });
  await island.scrollIntoViewIfNeeded();
  try {
    await page.waitForFunction((islandName) => {
      const elements = [...document.querySelectorAll(`[data-island="${islandName}"]`)];
      return elements.length > 0 &&
        elements.every((element) => Object.keys(element).some((key) => key.startsWith("__reactContainer")));
    }, name);
  } catch (error) {
    // Say why, as far as the page can tell: how the island asked to hydrate and the box it has to be seen in.
    const facts = await island.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return `data-hydrate=${(element as HTMLElement).dataset.hydrate}, display=${
        getComputedStyle(element).display
      }, box ${box.width}x${box.height}`;
    }).catch(() => "unknown");
    throw new Error(`island ${name} on ${page.url()} did not hydrate (${facts})`, { cause: error });
  }
}

/**
 * Holds the `method` calls to API paths matching `path` until `release()`, so a
 * test can look at the page while the call is in flight. `arrived` resolves
 * when the first such call reaches the hold.
 */
export async function holdApi(
  page: Page,
  method: string,
  path: RegExp,
): Promise<{ arrived: Promise<void>; release(): void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  await page.route((url) => path.test(url.pathname), async (route) => {
    if (route.request().method() !== method) return route.fallback();
    reached();
    await gate;
    // The page may have gone meanwhile; then there is nothing left to answer.
    await route.continue().catch(() => {});
  });
  return { arrived, release };
}

/**
 * Signs a browser context in as the student whose session token is given, on the test server at `url`: the session
 * cookie the site itself sets at login (development name, no __Host- prefix over plain http).
 */
export async function signIn(context: BrowserContext, token: string, url: string): Promise<void> {
  await context.addCookies([{ name: "hubrate_session", value: token, url }]);
}

/** Logs in through the /login form and waits for the page it leads to (the dashboard unless `landing` says otherwise). */
export async function logIn(
  page: Page,
  base: string,
  email: string,
  password: string,
  landing: RegExp = /\/dashboard$/,
  device: Device = DEVICES[0],
): Promise<void> {
  await page.goto(base + "/login");
  await fillLogin(page, email, password, device);
  await page.waitForURL(landing);
}

/** Fills and submits the login form already on screen (tapping Log In on the phone). */
export async function fillLogin(
  page: Page,
  email: string,
  password: string,
  device: Device = DEVICES[0],
): Promise<void> {
  await waitForIsland(page, "LoginForm");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await press(device, page.getByRole("button", { name: "Log In" }));
}

let counter = 0;
/** An email address no other test of the run uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${counter++}@example.com`;
}

/** The 6-digit code in a mail's text. */
export function codeIn(text: string | undefined): string {
  const match = /\b(\d{6})\b/.exec(text ?? "");
  if (!match) throw new Error(`no 6-digit code in mail: ${text}`);
  return match[1];
}

/** Nothing on the page is wider than `width` (the phone's screen by default); names the widest offenders when something is. */
export async function fitsWidth(page: Page, width = PHONE.viewport!.width): Promise<void> {
  const { scrollWidth, offenders } = await page.evaluate((max) => {
    const wide = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > max + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollWidth: document.documentElement.scrollWidth, offenders: wide };
  }, width);
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide: ${offenders.join(", ")}`).toBeLessThanOrEqual(width);
}
