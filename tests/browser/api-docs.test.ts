/**
 * /api/docs in Chromium: Swagger UI draws the API reference from
 * /api/openapi.json, loaded from this site only, under the site's CSP (no
 * violation reported), with no console error, and axe finds nothing serious,
 * in light mode and then, with the colour rules, in dark mode. A reference for
 * developers, checked at desktop size; its palette is checked in both schemes.
 */
import { describe, expect } from "vitest";
import { darkColourViolations, expectAccessible } from "../helpers/a11y.ts";
import { browserFile, DEVICES, press, unexpected } from "../helpers/pages.ts";

const { stack, test } = browserFile();

/** What the page records of the CSP violations it sees. */
type Watched = { cspViolations: string[] };

describe("/api/docs", () => {
  test(
    "renders the reference with no console error, no CSP violation, nothing from elsewhere, and axe clean in light and dark mode",
    async ({ page, problems }) => {
      const device = DEVICES[0];
      await page.addInitScript(() => {
        const watched = globalThis as unknown as Watched;
        watched.cspViolations = [];
        document.addEventListener(
          "securitypolicyviolation",
          (event) => watched.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      const elsewhere: string[] = [];
      page.on("request", (request) => {
        if (!request.url().startsWith(stack.url) && !request.url().startsWith("data:")) elsewhere.push(request.url());
      });
      const response = await page.goto(`${stack.url}/api/docs`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);

      await expect.poll(() => page.locator(".opblock").count(), { timeout: 20_000 }).toBeGreaterThan(50);
      await expect.poll(() => page.locator(".info .title").textContent(), { timeout: 10_000 }).toContain(
        "HubRate API",
      );

      // One operation opened: its parameters and its example answer from the demo catalog.
      const search = page.locator(".opblock").filter({ has: page.locator('[data-path="/api/courses/search"]') })
        .first();
      await press(device, search.locator(".opblock-summary-control"));
      await expect.poll(() => search.locator(".parameters").textContent(), { timeout: 10_000 }).toContain("hubReqs");
      await expect.poll(() => search.locator(".responses-wrapper").textContent(), { timeout: 10_000 }).toContain(
        "Introduction to Computer Science 1",
      );

      // A write with a body, opened and tried out: its body example, the fields that become editable, the Schema tab.
      const login = page.locator(".opblock").filter({ has: page.locator('[data-path="/api/auth/login"]') }).first();
      await press(device, login.locator(".opblock-summary-control"));
      await expect.poll(() => login.locator(".opblock-section-request-body").textContent(), { timeout: 10_000 })
        .toContain("password");
      await press(device, login.getByRole("button", { name: "Try it out" }));
      await expect.poll(() => login.locator("textarea.body-param__text").count(), { timeout: 10_000 }).toBe(1);
      await press(device, search.getByRole("tab", { name: "Schema" }).first());
      await expect.poll(() => search.locator(".model-box").count(), { timeout: 10_000 }).toBeGreaterThan(0);

      expect(await page.evaluate(() => (globalThis as unknown as Watched).cspViolations)).toEqual([]);
      expect(unexpected(problems)).toEqual([]);
      expect(elsewhere).toEqual([]);
      await expectAccessible(page, "/api/docs (light)");
      expect(await darkColourViolations(page), "/api/docs (dark)").toEqual([]);
      // Axe over a page of some sixty operations takes its time on a busy machine.
    },
    150_000,
  );
});
