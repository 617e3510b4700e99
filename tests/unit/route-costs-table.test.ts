/**
 * docs/security.md's table of what each route costs (measured by `deno task bench`) and the limits the code installs
 * agree: every route above 20 ms of CPU names a limit, every route named with `pages` or `paste` is one of
 * COSTLY_ROUTES (which src/app.ts installs), and each of COSTLY_ROUTES is in the table with its limit.
 */
import { describe, expect, test } from "vitest";
import { COSTLY_ROUTES, requestLimits } from "../../src/services/platform/request-limits.ts";

const SECURITY = new URL("../../docs/security.md", import.meta.url);

type Row = { route: string; path: string; p50: number; p95: number; limit: string };

async function costTable(): Promise<Row[]> {
  const text = await Deno.readTextFile(SECURITY);
  const section = text.slice(text.indexOf("## What each route costs"));
  return section.split("\n").filter((line) => /^\| (GET|POST|PUT|DELETE) /.test(line)).map((line) => {
    const [route, p50, p95, limit] = line.split("|").slice(1, -1).map((cell) => cell.trim());
    // "GET /course/:id (most reviews)" → "/course/:id"; "GET /compare?ids=" → "/compare".
    const path = route.split(" ")[1].replace(/\?.*$/, "");
    return { route, path, p50: Number(p50), p95: Number(p95), limit };
  });
}

describe("the routes' costs and their limits", () => {
  test("the table lists the routes with their measured CPU", async () => {
    const rows = await costTable();
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      expect(Number.isFinite(row.p50) && Number.isFinite(row.p95), row.route).toBe(true);
    }
  });

  test("every route above 20 ms names a limit the code has", async () => {
    const kinds = new Set([...Object.keys(requestLimits(true)), "login (database)"]);
    for (const row of await costTable()) {
      if (row.p95 <= 20 && row.p50 <= 20) continue;
      expect(kinds.has(row.limit), `${row.route} costs ${row.p50}/${row.p95} ms: its limit`).toBe(true);
    }
  });

  test("the table's per-client limits are the routes src/app.ts limits, and those are in the table", async () => {
    const rows = await costTable();
    const installed = new Map(COSTLY_ROUTES.map((route) => [route.path, route.limit]));
    for (const row of rows.filter((row) => row.limit === "pages" || row.limit === "paste")) {
      expect(installed.get(row.path), row.route).toBe(row.limit);
    }
    for (const [path, limit] of installed) {
      expect(rows.some((row) => row.path === path && row.limit === limit), path).toBe(true);
    }
  });
});
