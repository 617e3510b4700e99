/**
 * Shared pieces of the browser tests: one app on a temporary database, its
 * server and an in-process SMTP server per test file, and the worker's Chromium; the
 * console and page errors of a page; waiting for an island to hydrate; and
 * logging in through the /login form.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { expect, test as base, type TestAPI, type TestFunction } from "vitest";
import { createStudent } from "./accounts.ts";
import { makeTestApp, type TestApp } from "./app.ts";
export { courseId } from "./catalog.ts";
import { launchBrowser, type RunningServer, serve } from "./browser.ts";
import { type SmtpInbox, startSmtpServer } from "./smtp.ts";

export type Stack = { smtp: SmtpInbox; t: TestApp; server: RunningServer; browser: Browser; url: string };

/** The app with the real mailer pointed at an in-process SMTP server, served on a free port, and Chromium. */
export async function startStack(browser: Browser, env?: Record<string, string>): Promise<Stack> {
  const smtp = await startSmtpServer();
  // The browser tests time no call, so the API's contract compiles only the answers they get.
  const t = await makeTestApp({ env, smtpUrl: smtp.url, lazyContract: true });
  const server = await serve(t);
  return { smtp, t, server, browser, url: server.url };
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

/** A context (cookies and storage of its own) with its one page, and the problems that page logs. */
export type Opened = { context: BrowserContext; page: Page; problems: Problem[] };

/** Opens another context with its page, on the test's device unless `options` say otherwise; closed after the test. */
export type OpenPage = (options?: BrowserContextOptions) => Promise<Opened>;

/** A new context with one page, watched for problems. Whoever opens it closes it; the fixtures below do that. */
export async function openContext(browser: Browser, options: BrowserContextOptions = DESKTOP): Promise<Opened> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

/** The worker's Chromium, launched for its first browser file and closed when the worker ends. */
// deno-lint-ignore no-empty-pattern -- vitest reads a fixture's dependencies from an object pattern, here empty.
const withBrowser = base.extend("browser", { scope: "worker" }, async ({}, { onCleanup }) => {
  const browser = await launchBrowser();
  onCleanup(() => browser.close());
  return browser;
});

/**
 * The `test` of one browser file and its stack (app, server, SMTP server), started before the file's tests and
 * stopped after them. Its fixtures:
 * - `browser`: the worker's Chromium, which the worker's files share;
 * - `stack`: the file's stack;
 * - `device`: the screen a test runs on, the desktop unless its suite says `test.override({ device })`;
 * - `context`, `page`, `problems`: a new context on the device with its one page, closed after the test;
 * - `openPage(options?)`: another such context (a second student, another screen), closed after the test too;
 * - `student`: a new verified student, signed in on `context`.
 * The returned stack is filled in once the file's tests run, so tests read `stack.url`, `stack.t`, … then.
 */
export function browserFile(env?: Record<string, string>) {
  const stack = {} as Stack;
  const test = withBrowser
    .extend("stack", { scope: "file" }, stack)
    .extend("device", DEVICES[0])
    .extend("openPage", async ({ browser, device }, { onCleanup }) => {
      const opened: BrowserContext[] = [];
      onCleanup(() => Promise.all(opened.map((context) => context.close())).then(() => {}));
      const openPage: OpenPage = async (options = device.options) => {
        const tab = await openContext(browser, options);
        opened.push(tab.context);
        return tab;
      };
      return openPage;
    })
    .extend("tab", async ({ openPage }) => await openPage())
    .extend("context", ({ tab }) => tab.context)
    .extend("page", ({ tab }) => tab.page)
    .extend("problems", ({ tab }) => tab.problems)
    .extend("student", async ({ stack, context }) => {
      const student = await createStudent(stack.t, uniqueEmail("student"));
      await signIn(context, student.token, stack.url);
      return student;
    });
  test.beforeAll(async ({ browser }) => void Object.assign(stack, await startStack(browser, env)));
  test.afterAll(() => stopStack(stack));
  /**
   * `test` on the screen named, and nothing on the other: for a path whose steps, requests and answers are the same
   * on both screens (a redirect, a form's messages, an account flow), which runs once. A file shares such paths out
   * between the desktop (light) and the phone (dark), so both screens and both schemes still see each kind of page;
   * what a phone draws or handles differently (menus, the filter panel, cards, charts, the review form, the compare
   * tray, the planner) runs on both.
   */
  type Fixtures = typeof test extends TestAPI<infer F> ? F : never;
  const testOn =
    (device: Device, screen: Device["name"]) => (name: string, body: TestFunction<Fixtures>, timeout?: number) => {
      if (device.name === screen) test(name, body, timeout);
    };
  return { stack, test, testOn };
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

/** Confirms in the site's own dialog (src/components/ConfirmDialog.tsx) titled `title`, with its confirm button. */
export async function confirmInDialog(
  device: Device,
  page: Page,
  title: string | RegExp,
  button: string,
): Promise<void> {
  const dialog = page.getByRole("alertdialog", { name: title });
  await dialog.waitFor();
  await press(device, dialog.getByRole("button", { name: button }));
}
