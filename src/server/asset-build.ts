/**
 * Builds the browser assets with esbuild: one entry per island plus the boot
 * module, split into shared chunks, minified, production React, hashed names;
 * and the stylesheet with open-props. The manifest maps names to files.
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

/**
 * Builds into `outDir`. Files of earlier builds stay unless `clean` is set, so
 * a server still running on an older manifest keeps serving its files while
 * another process (a restart under `deno task dev`, say) builds.
 */
export async function buildAssets(root = Deno.cwd(), outDir = join(root, BUILD_DIR), { clean = false } = {}): Promise<AssetManifest> {
  const names = await islandNames(root);
  if (clean) await Deno.remove(outDir, { recursive: true }).catch(() => {});
  try {
    const result = await esbuild.build({
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
      minify: true,
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
      entryNames: "[name]-[hash]",
      chunkNames: "chunk-[hash]",
      assetNames: "[name]-[hash]",
      metafile: true,
      legalComments: "none",
      logLevel: "silent",
    });
    const manifest: AssetManifest = { dir: outDir, css: "", boot: "", islands: {}, imports: {}, apiReference: { js: "", css: "" } };
    for (const [path, output] of Object.entries(result.metafile.outputs)) {
      const file = relative(outDir, join(root, path));
      if (output.entryPoint === "static/styles.css") manifest.css = file;
      else if (output.entryPoint === "src/client/boot.ts") manifest.boot = file;
      else if (output.entryPoint === "src/client/api-reference.ts") manifest.apiReference.js = file;
      else if (output.entryPoint === "static/api-reference.css") manifest.apiReference.css = file;
      else if (output.entryPoint?.startsWith("islands/")) manifest.islands[basename(output.entryPoint, ".tsx")] = file;
      if (file.endsWith(".js")) {
        manifest.imports[file] = output.imports.filter((i) => i.kind === "import-statement").map((i) => relative(outDir, join(root, i.path)));
      }
    }
    // Compressed once here, so serving a bundle costs no CPU: brotli for browsers that take it, gzip for the rest.
    for (const file of Object.keys(result.metafile.outputs).map((path) => join(root, path))) {
      const data = await Deno.readFile(file);
      // The API reference's viewer is over a megabyte: a lower quality builds it in a fraction of the time, a few percent larger.
      const quality = data.length > 512 * 1024 ? 9 : 11;
      await Deno.writeFile(`${file}.br`, brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } }));
      await Deno.writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
    await Deno.writeTextFile(join(outDir, "manifest.json"), JSON.stringify({ ...manifest, dir: undefined }, null, 2));
    // Which source files went into which bundle: a test checks that no server-only module reaches the browser.
    await Deno.writeTextFile(
      join(outDir, "inputs.json"),
      JSON.stringify(
        Object.fromEntries(Object.entries(result.metafile.outputs).map(([path, output]) => [relative(outDir, join(root, path)), Object.keys(output.inputs)])),
        null,
        2,
      ),
    );
    return manifest;
  } finally {
    await esbuild.stop();
  }
}

if (import.meta.main) {
  const started = performance.now();
  const manifest = await buildAssets(Deno.cwd(), join(Deno.cwd(), BUILD_DIR), { clean: true });
  console.log(`Built ${Object.keys(manifest.islands).length} islands and the stylesheet into ${BUILD_DIR} in ${Math.round(performance.now() - started)} ms`);
}
