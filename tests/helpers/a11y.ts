/**
 * Accessibility checks shared by the browser tests: axe's serious and critical
 * violations, and an explicit check, from Chromium's own accessibility tree,
 * that every control on screen has an accessible name.
 */
import axe from "axe-core";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { AXE_SCRIPT_PATH } from "./axe-script.ts";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** The rules whose outcome depends on colours: all a second colour scheme can change on the same page. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

type AxeWindow = {
  axe?: { run(context: unknown, options: RunOptions): Promise<AxeResults>; configure(spec: unknown): void };
};

/**
 * Puts axe into the page's document. A page of a test server loads it as a script from that server: after the first
 * page the browser has the script and its compiled code cached, where handing the half-megabyte source over the
 * DevTools protocol cost every page a copy through three processes and a compile, about a quarter of a second of
 * CPU. A page from elsewhere (`setContent`) gets the source through the protocol. The pages' CSP lets the script in:
 * under 'strict-dynamic' a script element added from script is allowed.
 */
async function injectAxe(page: Page): Promise<void> {
  if (/^https?:/.test(page.url())) {
    try {
      await page.addScriptTag({ url: AXE_SCRIPT_PATH });
      return;
    } catch {
      // A server that does not answer with axe: the test's problems name the failed load; the check still runs.
    }
  }
  await page.evaluate(axe.source);
}

/**
 * Runs axe-core in the page's own document, as `@axe-core/playwright` does in its legacy mode (HubRate's pages
 * have no frames), but puts axe into a document once instead of twice per run: the checks of one page (light,
 * then dark; a form before and after its errors) share it.
 */
async function runAxe(page: Page, within: string | undefined, options: RunOptions): Promise<AxeResults> {
  const present = await page.evaluate(() => typeof (globalThis as AxeWindow).axe?.run === "function");
  if (!present) {
    await injectAxe(page);
    await page.evaluate(() => (globalThis as AxeWindow).axe!.configure({ allowedOrigins: ["<same_origin>"] }));
  }
  return await page.evaluate(
    ({ within, options }) => (globalThis as AxeWindow).axe!.run(within ? { include: [within] } : document, options),
    { within, options },
  );
}

/**
 * Serious and critical violations, each with the rule and where it fired. `within`
 * limits the check to a part of the page (a form showing its errors, an open
 * menu): faster on big pages, and page-level rules are left to the page's own check.
 * `rules` runs only those rules.
 */
export async function axeViolations(page: Page, within?: string, rules?: string[]): Promise<string[]> {
  const options: RunOptions = {
    resultTypes: ["violations"],
    runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: AXE_TAGS },
  };
  const serious = (result: AxeResults) =>
    result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  // A CSS selector for every node axe looked at is most of a run on a big page, and only a violation needs one:
  // the run goes without them, and runs again with them when it found something to name.
  let found = serious(await runAxe(page, within, { ...options, selectors: false }));
  if (found.length) found = serious(await runAxe(page, within, options));
  return found.flatMap((v) =>
    v.nodes.slice(0, 3).map((n) =>
      `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`
    )
  );
}

/**
 * Switches the page to a colour scheme in place and returns what axe's colour rules find there (in `within`, when
 * given): the scheme changes only colours, never the markup, the names or the layout, so the other rules would find
 * what they found in the other scheme.
 */
export async function colourViolationsIn(page: Page, scheme: "light" | "dark", within?: string): Promise<string[]> {
  await page.emulateMedia({ colorScheme: scheme });
  // Colours that change with the scheme may be animated (a button's transition): check the colours they end on,
  // jumping each transition to its end rather than waiting for it to run.
  await page.evaluate(() =>
    document.getAnimations().filter((a) => a instanceof CSSTransition).forEach((a) => a.finish())
  );
  return await axeViolations(page, within, COLOUR_RULES);
}

/** `colourViolationsIn` dark mode: the pages are checked in light mode, then switched. */
export const darkColourViolations = (page: Page): Promise<string[]> => colourViolationsIn(page, "dark");

/** The roles of things a user operates, as Chromium's accessibility tree names them. */
const CONTROL_ROLES = new Set([
  "button",
  "link",
  "textbox",
  "searchbox",
  "combobox",
  "listbox",
  "option",
  "checkbox",
  "radio",
  "slider",
  "spinbutton",
  "switch",
  "menuitem",
  "tab",
  "DisclosureTriangle",
]);

type AXNode = {
  nodeId: string;
  ignored: boolean;
  role?: { value?: string };
  name?: { value?: string };
  backendDOMNodeId?: number;
};

/**
 * Every control the accessibility tree exposes (hidden ones are not exposed)
 * whose accessible name is empty, described by its role and markup.
 */
export async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree") as { nodes: AXNode[] };
    const unnamed = nodes.filter((node) =>
      !node.ignored && CONTROL_ROLES.has(node.role?.value ?? "") && !(node.name?.value ?? "").trim()
    );
    const described: string[] = [];
    for (const node of unnamed) {
      let markup = "?";
      if (node.backendDOMNodeId) {
        const { outerHTML } = await cdp.send("DOM.getOuterHTML", { backendNodeId: node.backendDOMNodeId }) as {
          outerHTML: string;
        };
        markup = outerHTML.slice(0, 160);
      }
      described.push(`${node.role?.value} without a name: ${markup}`);
    }
    return described;
  } finally {
    await cdp.detach();
  }
}

/**
 * Axe finds no serious or critical violation (in `within`, when given) and
 * every control on the page has an accessible name.
 */
export async function expectAccessible(page: Page, where: string, within?: string): Promise<void> {
  const problems = [...await axeViolations(page, within), ...await unnamedControls(page)];
  expect(problems, `${where} (${page.url()})`).toEqual([]);
}
