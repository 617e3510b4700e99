/**
 * The layers of ARCHITECTURE.md, held against every import of the source:
 * entries → app → routes → islands, components, client → lib, and routes →
 * middleware → server → services → db, with no import cycles.
 */
import { describe, expect, test } from "vitest";
import { importCycles, importsOf, layerOf, layerViolations, sourceFiles } from "../helpers/import-graph.ts";

const files = await sourceFiles();
const imports = [...files].flatMap(([file, source]) => importsOf(file, source));
const shown = (violations: ReturnType<typeof layerViolations>) =>
  violations.map((v) => `${v.file}:${v.line} imports ${v.target}: ${v.rule}`);

describe("layers", () => {
  test("the graph is read: every source file has a layer, and the imports are there", () => {
    expect(files.size).toBeGreaterThan(120);
    expect(imports.length).toBeGreaterThan(400);
    expect([...files.keys()].filter((file) => !layerOf(file))).toEqual([]);
  });

  test("every import points down (or stays in its layer)", () => {
    expect(shown(layerViolations(imports))).toEqual([]);
  });

  test("no two source files share a base name (course-search.ts and CourseSearch.tsx count as one)", () => {
    const byName = new Map<string, string[]>();
    for (const file of files.keys()) {
      const name = file.split("/").at(-1)!.replace(/(\.gen)?\.tsx?$/, "").toLowerCase().replace(/[^a-z0-9]/g, "");
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    expect([...byName.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  test("no import cycles, type-only imports included", () => {
    expect(importCycles(imports)).toEqual([]);
  });

  test("a planted upward import is named with its file, line and rule", () => {
    const planted = [
      ...importsOf("src/lib/planted.ts", '// a helper\nimport { signOut } from "../services/accounts.ts";\n'),
      ...importsOf("src/components/Planted.tsx", 'import type { SessionUser } from "../services/sessions.ts";\n'),
      ...importsOf("db/planted.ts", '\n\nexport { loadConfig } from "../src/config.ts";\n'),
      ...importsOf("src/server/planted.ts", 'const m = await import("../middleware/session.ts");\n'),
      ...importsOf("src/server/planted-box.tsx", 'import SearchBox from "../../islands/SearchBox.tsx";\n'),
    ];
    expect(shown(layerViolations(planted))).toEqual([
      "src/lib/planted.ts:2 imports src/services/accounts.ts: lib may not import services (lib may import lib)",
      "src/components/Planted.tsx:1 imports src/services/sessions.ts: components may not import services (components may import components, client, lib)",
      "db/planted.ts:3 imports src/config.ts: db may not import config (db may import db)",
      "src/server/planted.ts:1 imports src/middleware/session.ts: server may not import middleware " +
      "(server may import server, components, client, services, lib, config, db)",
      "src/server/planted-box.tsx:1 imports islands/SearchBox.tsx: server may not import islands " +
      "(server may import server, components, client, services, lib, config, db)",
    ]);
  });

  test("a planted cycle is found, type-only imports included", () => {
    const planted = [
      ...importsOf("src/server/a.ts", 'import type { B } from "./b.ts";\n'),
      ...importsOf("src/server/b.ts", 'import { c } from "./c.ts";\n'),
      ...importsOf("src/server/c.ts", 'import type { A } from "./a.ts";\n'),
    ];
    expect(importCycles(planted)).toEqual([["src/server/a.ts", "src/server/b.ts", "src/server/c.ts"]]);
  });
});
