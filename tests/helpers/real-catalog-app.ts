/**
 * A test app on the real BU catalog with the real Fall 2026 class-schedule sample, for the planner's API tests: the
 * sample's sections go to the first fall term from today on, so the tests keep working after Fall 2026.
 */
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { nextTerm, termOf } from "../../src/lib/term-codes.ts";
import { importCourses } from "../../src/services/catalog/catalog.ts";
import { parseRegistrarCsv } from "../../src/services/schedule/registrar-csv.ts";
import { importSchedule } from "../../src/services/schedule/schedule-import.ts";
import { makeTestApp, type TestApp } from "./app.ts";
import { type CatalogRow, readBuCatalog } from "./catalog.ts";

const SAMPLE = new URL("../../../shared/data/bu/raw/terrierbot/Fall2026Courses-sample.csv", import.meta.url);

/** The first fall term from today on: 2268 (Fall 2026) until the end of 2026. The sample's sections go there. */
export const SAMPLE_FALL = (() => {
  let code = termOf(new Date());
  while (code % 10 !== 8) code = nextTerm(code);
  return code;
})();

export type RealCatalogApp = {
  t: TestApp;
  rows: CatalogRow[];
  /** Course ids by code ("CAS WR 120"), and codes by id. */
  idOf: Map<string, number>;
  codeOf: Map<number, string>;
  /** The catalog file's rows by code. */
  rowOf: Map<string, CatalogRow>;
  /** A major of each college, for sign-ups in it. */
  majorOf: Map<string, string>;
  /** A course's id by code; fails the test when the catalog has none. */
  id(code: string): number;
};

/** `env` adds to the app's configuration (the demo catalog is always off). */
export async function realCatalogApp(env: Record<string, string> = {}): Promise<RealCatalogApp> {
  const t = await makeTestApp({ env: { ...env, DEMO_CATALOG: "off" } });
  const rows = await readBuCatalog();
  await importCourses(t.deps.database, rows);
  const parsed = parseRegistrarCsv(await Deno.readTextFile(SAMPLE));
  expect(parsed.sections.every((s) => s.term === 2268)).toBe(true);
  await importSchedule(t.deps.database, parsed.sections.map((s) => ({ ...s, term: SAMPLE_FALL })), {
    source: "registrar",
  });
  const idOf = new Map<string, number>();
  const codeOf = new Map<number, string>();
  for (
    const row of await t.deps.database.db.all<{ id: number; code: string }>(
      sql`SELECT id, college || ' ' || department || ' ' || number AS code FROM courses`,
    )
  ) {
    idOf.set(row.code, Number(row.id));
    codeOf.set(Number(row.id), row.code);
  }
  const rowOf = new Map(
    rows.map((row) => [`${row.college.trim()} ${row.department.trim()} ${row.number.trim()}`, row]),
  );
  const majorOf = new Map<string, string>();
  for (
    const row of await t.deps.database.db.all<{ college: string; name: string }>(
      sql`SELECT college, min(name) AS name FROM majors GROUP BY college`,
    )
  ) majorOf.set(row.college, row.name);
  const id = (code: string) => {
    const found = idOf.get(code);
    if (found === undefined) throw new Error(`${code} is not in the catalog`);
    return found;
  };
  return { t, rows, idOf, codeOf, rowOf, majorOf, id };
}
