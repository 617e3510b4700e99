/**
 * The built browser assets as the server sees them: the manifest written by
 * the build, and the files themselves in the best encoding a client accepts.
 * Reading only: a server that serves a build made ahead of time (Deno Deploy,
 * say) needs no bundler at all.
 */
import { join, resolve } from "node:path";

export const BUILD_DIR = "static/build";
export const BUILD_URL = "/static/build";

export type AssetManifest = {
  /** Absolute folder the files are served from (not stored in manifest.json). */
  dir: string;
  css: string;
  boot: string;
  /** Island name → its entry file. */
  islands: Record<string, string>;
  /** Entry file → the chunks it imports, for modulepreload links. */
  imports: Record<string, string[]>;
  /** The /api/docs page's viewer (Swagger UI) and its stylesheet; no other page loads them. */
  apiReference: { js: string; css: string };
};

/** The manifest of the build in `dir` (relative to the working directory unless absolute). */
export async function readManifest(dir: string = BUILD_DIR): Promise<AssetManifest> {
  const absolute = resolve(dir);
  let text: string;
  try {
    text = await Deno.readTextFile(join(absolute, "manifest.json"));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(`No built assets in ${absolute}: run 'deno task build' first`);
    }
    throw error;
  }
  return { ...JSON.parse(text), dir: absolute };
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
};

/** The codings an Accept-Encoding header allows (q=0 means refused). */
function acceptedCodings(header: string): Set<string> {
  const codings = new Set<string>();
  for (const part of header.toLowerCase().split(",")) {
    const [coding, ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (coding && !(q && Number(q.slice(2)) === 0)) codings.add(coding);
  }
  return codings;
}

export type Asset = { body: Uint8Array<ArrayBuffer>; type: string; encoding?: "br" | "gzip" };

/**
 * A built file by name, in the best encoding the client accepts, or null:
 * names are flat and hashed, so anything with a path separator is refused.
 */
export async function readAsset(manifest: AssetManifest, name: string, acceptEncoding = ""): Promise<Asset | null> {
  const type = TYPES[name.slice(name.lastIndexOf("."))];
  if (!type || !/^[\w.-]+$/.test(name) || name.startsWith(".")) return null;
  const accepted = acceptedCodings(acceptEncoding);
  const accepts = (coding: string) => accepted.has(coding);
  const candidates: [string, Asset["encoding"]][] = [
    ...(accepts("br") ? [[".br", "br"] as [string, "br"]] : []),
    ...(accepts("gzip") ? [[".gz", "gzip"] as [string, "gzip"]] : []),
    ["", undefined],
  ];
  const kept = keptFiles(manifest);
  for (const [suffix, encoding] of candidates) {
    const file = name + suffix;
    let body = kept.get(file);
    if (!body) {
      try {
        body = await Deno.readFile(join(manifest.dir, file));
      } catch {
        continue; // not built in that encoding: try the next
      }
      kept.set(file, body);
    }
    return { body, type, encoding };
  }
  return null;
}

/**
 * The files of a build already read, by name: a hashed name's content never changes, so each is read from disk
 * once. Only files that exist are kept, so the memory is at most the build folder's size, whatever is asked for.
 */
const KEPT = new WeakMap<AssetManifest, Map<string, Uint8Array<ArrayBuffer>>>();
function keptFiles(manifest: AssetManifest): Map<string, Uint8Array<ArrayBuffer>> {
  let kept = KEPT.get(manifest);
  if (!kept) KEPT.set(manifest, kept = new Map());
  return kept;
}

/** Every chunk an entry needs, itself included, each once. */
export function chunksOf(manifest: AssetManifest, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of manifest.imports[file] ?? []) visit(dep);
  };
  visit(entry);
  return [...seen];
}
