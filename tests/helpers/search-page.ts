/** The search page in the browser tests: what the API answers for a query, and waiting for the page to show it. */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { SearchPage } from "../../src/lib/api-types.ts";
import { plural } from "../../src/lib/text.ts";
import type { TestApp } from "./app.ts";

/** What the API answers for these query parameters: what the page must show. */
export async function apiSearch(t: TestApp, query: string): Promise<SearchPage> {
  const response = await t.app.request(`/api/courses/search?${query}`);
  expect(response.status).toBe(200);
  return await response.json();
}

/** "Found N courses", as the page says it. */
export const foundText = (total: number) => `Found ${plural(total, "course")}`;

/** Waits until the page says it found `total` courses and has finished loading them. */
export async function waitForFound(page: Page, total: number): Promise<void> {
  await page.locator("#search-found", { hasText: new RegExp(`^${foundText(total)}$`) }).waitFor();
  await page.locator("section.search-results[aria-busy=false]").waitFor();
}
