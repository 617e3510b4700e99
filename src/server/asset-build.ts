/**
 * Builds the browser assets with esbuild: one entry per island plus the boot
 * module, split into shared chunks, and the stylesheet with open-props. For
 * production: minified, production React, hashed names, compressed ahead of
 * time. `deno task dev` uses the same options in development mode, rebuilt
 * incrementally (src/dev/dev-assets.ts). The manifest maps names to files.
 */
import * as esbuild from "esbuild";
import { basename, join, relative } from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { type AssetManifest, BUILD_DIR } from "./asset-manifest.ts";

export async function islandNames(root = Deno.cwd()): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(join(root, "islands"))) {
    if (entry.isFile && entry.name.endsWith(".tsx")) names.push(basename(entry.name, ".tsx"));
  }
  return names.sort();
}

/** Production bundles are minified with production React and hashed names; development ones are readable, with React's warnings, and keep their names. */
export type BuildMode = "production" | "development";

/** The esbuild options of a build of the islands, the boot module and the stylesheets into `outDir`. */
export async function buildOptions(
  root: string,
  outDir: string,
  mode: BuildMode,
): Promise<esbuild.BuildOptions & { metafile: true }> {
  const names = await islandNames(root);
  const production = mode === "production";
  return {
    absWorkingDir: root,
    entryPoints: [
      { in: "src/client/boot.ts", out: "boot" },
      { in: "static/styles.css", out: "styles" },
      // The API reference page's viewer and its stylesheet: entries of their own, loaded by /api/docs only.
      { in: "src/client/api-reference.ts", out: "api-reference" },
      { in: "static/api-reference.css", out: "api-reference" },
      ...names.map((name) => ({ in: `islands/${name}.tsx`, out: name })),
    ],
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome111", "safari16.4", "firefox115"],
    minify: production,
    jsx: "automatic",
    define: { "process.env.NODE_ENV": production ? '"production"' : '"development"' },
    // A development page names the same entry files after every rebuild, so the running server never needs a new manifest.
    entryNames: production ? "[name]-[hash]" : "[name]",
    chunkNames: "chunk-[hash]",
    assetNames: "[name]-[hash]",
    sourcemap: production ? false : "linked",
    metafile: true,
    legalComments: "none",
    logLevel: "silent",
  };
}

/** The manifest of a build, from esbuild's metafile. */
export function manifestOf(metafile: esbuild.Metafile, root: string, outDir: string): AssetManifest {
  const manifest: AssetManifest = {
    dir: outDir,
    css: "",
    boot: "",
    islands: {},
    imports: {},
    apiReference: { js: "", css: "" },
  };
  for (const [path, output] of Object.entries(metafile.outputs)) {
    const file = relative(outDir, join(root, path));
    if (output.entryPoint === "static/styles.css") manifest.css = file;
    else if (output.entryPoint === "src/client/boot.ts") manifest.boot = file;
    else if (output.entryPoint === "src/client/api-reference.ts") manifest.apiReference.js = file;
    else if (output.entryPoint === "static/api-reference.css") manifest.apiReference.css = file;
    else if (output.entryPoint?.startsWith("islands/")) manifest.islands[basename(output.entryPoint, ".tsx")] = file;
    if (file.endsWith(".js")) {
      manifest.imports[file] = output.imports.filter((i) => i.kind === "import-statement").map((i) =>
        relative(outDir, join(root, i.path))
      );
    }
  }
  return manifest;
}

/** Writes the manifest, and which source files went into which bundle (a test checks that no server-only module reaches the browser). */
export async function writeManifest(
  manifest: AssetManifest,
  metafile: esbuild.Metafile,
  root: string,
  outDir: string,
): Promise<void> {
  await Deno.writeTextFile(join(outDir, "manifest.json"), JSON.stringify({ ...manifest, dir: undefined }, null, 2));
  await Deno.writeTextFile(
    join(outDir, "inputs.json"),
    JSON.stringify(
      Object.fromEntries(
        Object.entries(metafile.outputs).map((
          [path, output],
        ) => [relative(outDir, join(root, path)), Object.keys(output.inputs)]),
      ),
      null,
      2,
    ),
  );
}

/**
 * Builds into `outDir` for production. Files of earlier builds stay unless `clean` is set, so
 * a server still running on an older manifest keeps serving its files while
 * another process builds.
 */
export async function buildAssets(
  root = Deno.cwd(),
  outDir = join(root, BUILD_DIR),
  { clean = false } = {},
): Promise<AssetManifest> {
  if (clean) await Deno.remove(outDir, { recursive: true }).catch(() => {});
  try {
    const result = await esbuild.build(await buildOptions(root, outDir, "production"));
    const manifest = manifestOf(result.metafile, root, outDir);
    // Compressed once here, so serving a bundle costs no CPU: brotli for browsers that take it, gzip for the rest.
    for (const file of Object.keys(result.metafile.outputs).map((path) => join(root, path))) {
      const data = await Deno.readFile(file);
      // The API reference's viewer is over a megabyte: a lower quality builds it in a fraction of the time, a few percent larger.
      const quality = data.length > 512 * 1024 ? 9 : 11;
      await Deno.writeFile(
        `${file}.br`,
        brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } }),
      );
      await Deno.writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
    await writeManifest(manifest, result.metafile, root, outDir);
    return manifest;
  } finally {
    await esbuild.stop();
  }
}

if (import.meta.main) {
  const started = performance.now();
  const manifest = await buildAssets(Deno.cwd(), join(Deno.cwd(), BUILD_DIR), { clean: true });
  console.log(
    `Built ${Object.keys(manifest.islands).length} islands and the stylesheet into ${BUILD_DIR} in ${
      Math.round(performance.now() - started)
    } ms`,
  );
}
