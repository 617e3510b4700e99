/**
 * The project's import graph, read from the source text, and the layer rules
 * of ARCHITECTURE.md checked against it: which folder may import which, and
 * no import cycles (type-only imports count too).
 */
import { dirname, join, normalize, relative } from "node:path";

export type Import = { from: string; to: string; line: number; typeOnly: boolean };
export type Violation = { file: string; line: number; target: string; rule: string };

/** The layers, top to bottom, each with the layers it may import. A file's layer is the first whose pattern matches its path. */
export const LAYERS: { name: string; pattern: RegExp; may: string[] }[] = [
  {
    name: "entry",
    pattern: /^(main\.ts|deploy\.ts|src\/tasks\/)/,
    may: ["app", "dev", "server", "middleware", "services", "lib", "config", "db"],
  },
  // `deno task dev`'s own process: it runs the server as a child and builds the bundles, importing no part of the app.
  { name: "dev", pattern: /^src\/dev\//, may: ["dev", "server", "lib", "config"] },
  {
    name: "app",
    pattern: /^src\/(app\.ts|startup\.ts|route-map\.gen\.ts)$/,
    may: ["app", "routes", "middleware", "server", "services", "lib", "config", "db"],
  },
  {
    name: "routes",
    pattern: /^routes\//,
    may: ["routes", "islands", "components", "middleware", "server", "services", "lib"],
  },
  { name: "middleware", pattern: /^src\/middleware\//, may: ["middleware", "server", "services", "lib"] },
  // The renderer never names an island: the top bar's search box comes from routes/_top-bar-search.tsx.
  {
    name: "server",
    pattern: /^src\/server\//,
    may: ["server", "components", "client", "services", "lib", "config", "db"],
  },
  { name: "islands", pattern: /^islands\//, may: ["components", "client", "lib"] },
  { name: "components", pattern: /^src\/components\//, may: ["components", "client", "lib"] },
  { name: "client", pattern: /^src\/client\//, may: ["client", "lib"] },
  { name: "services", pattern: /^src\/services\//, may: ["services", "lib", "db"] },
  { name: "lib", pattern: /^src\/lib\//, may: ["lib"] },
  { name: "config", pattern: /^src\/config\.ts$/, may: [] },
  { name: "db", pattern: /^db\//, may: ["db"] },
];

export function layerOf(file: string): string | undefined {
  return LAYERS.find((layer) => layer.pattern.test(file))?.name;
}

const SPECIFIER =
  /(?:^|[\s;])(import|export)(\s+type)?\b[^'";]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s+["']([^"']+)["']/gm;

/** The relative imports of one file, resolved to project paths. */
export function importsOf(file: string, source: string): Import[] {
  const found: Import[] = [];
  for (const match of source.matchAll(SPECIFIER)) {
    const specifier = match[3] ?? match[4] ?? match[5];
    if (!specifier?.startsWith(".")) continue;
    const start = match.index + match[0].length - match[0].trimStart().length;
    const line = source.slice(0, start).split("\n").length;
    const to = normalize(join(dirname(file), specifier)).split("\\").join("/");
    found.push({ from: file, to, line, typeOnly: Boolean(match[2]) });
  }
  return found;
}

/** Every import that breaks a layer rule, naming the file, the line and the rule. */
export function layerViolations(imports: Import[]): Violation[] {
  const violations: Violation[] = [];
  for (const edge of imports) {
    const from = layerOf(edge.from);
    const to = layerOf(edge.to);
    if (!from) {
      violations.push({ file: edge.from, line: edge.line, target: edge.to, rule: "the file belongs to no layer" });
      continue;
    }
    // JSON data and other non-code files belong to the folder that holds them.
    if (!to) {
      violations.push({ file: edge.from, line: edge.line, target: edge.to, rule: `${edge.to} belongs to no layer` });
      continue;
    }
    const may = LAYERS.find((layer) => layer.name === from)!.may;
    if (!may.includes(to)) {
      violations.push({
        file: edge.from,
        line: edge.line,
        target: edge.to,
        rule: `${from} may not import ${to} (${from} may import ${may.join(", ") || "nothing"})`,
      });
    }
  }
  return violations;
}

/** The import cycles among files, each as the list of files around it (type-only imports count). */
export function importCycles(imports: Import[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)!.add(to);
  }
  // Tarjan's strongly connected components: every component of two or more files is a cycle.
  let index = 0;
  const indices = new Map<string, number>();
  const lowlink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    lowlink.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlink.set(node, Math.min(lowlink.get(node)!, lowlink.get(next)!));
      } else if (onStack.has(next)) {
        lowlink.set(node, Math.min(lowlink.get(node)!, indices.get(next)!));
      }
    }
    if (lowlink.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.get(node)?.has(node)) cycles.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

/** The project's source files (not tests, migrations or build output), as paths relative to `root`. */
export async function sourceFiles(root = Deno.cwd()): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const skip = /^(node_modules|tests|static|data|db\/migrations|\.git)(\/|$)/;
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(join(root, dir))) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (skip.test(path) || entry.name.startsWith(".")) continue;
      if (entry.isDirectory) await walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.config\.ts$/.test(entry.name)) {
        files.set(relative(root, join(root, path)), await Deno.readTextFile(join(root, path)));
      }
    }
  };
  await walk("");
  return files;
}
