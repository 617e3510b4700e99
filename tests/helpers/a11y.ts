/**
 * Accessibility checks shared by the browser tests: axe's serious and critical
 * violations, and an explicit check, from Chromium's own accessibility tree,
 * that every control on screen has an accessible name.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** The rules whose outcome depends on colours: all a second colour scheme can change on the same page. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Serious and critical violations, each with the rule and where it fired. `within`
 * limits the check to a part of the page (a form showing its errors, an open
 * menu): faster on big pages, and page-level rules are left to the page's own check.
 * `rules` runs only those rules.
 */
export async function axeViolations(page: Page, within?: string, rules?: string[]): Promise<string[]> {
  // Legacy mode runs axe in the page itself instead of finishing in a fresh page per run: three times
  // faster here, and the same results, since HubRate's pages have no frames.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  builder = rules ? builder.withRules(rules) : builder.withTags(AXE_TAGS);
  if (within) builder = builder.include(within);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`));
}

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
    const unnamed = nodes.filter((node) => !node.ignored && CONTROL_ROLES.has(node.role?.value ?? "") && !(node.name?.value ?? "").trim());
    const described: string[] = [];
    for (const node of unnamed) {
      let markup = "?";
      if (node.backendDOMNodeId) {
        const { outerHTML } = await cdp.send("DOM.getOuterHTML", { backendNodeId: node.backendDOMNodeId }) as { outerHTML: string };
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
