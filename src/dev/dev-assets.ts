/**
 * `deno task dev`'s bundles: the production build's options in development
 * mode (readable, React's warnings, the same file names after every build),
 * kept in an esbuild context so a change rebuilds only what it touched.
 */
import * as esbuild from "esbuild";
import { buildOptions, islandNames, manifestOf, writeManifest } from "../server/asset-build.ts";

export type DevBuild = { ok: true; ms: number } | { ok: false; ms: number; errors: string };

export type DevAssets = {
  dir: string;
  /** Builds again; a new or removed island makes a new context, since the entries changed. */
  rebuild(): Promise<DevBuild>;
  /** The source files of the last good build, relative to the root (`islands/ContactForm.tsx`, `static/styles.css`). */
  inputs(): ReadonlySet<string>;
  close(): Promise<void>;
};

async function describeFailure(error: unknown): Promise<string> {
  const messages = (error as { errors?: esbuild.Message[] })?.errors;
  if (messages?.length) {
    return (await esbuild.formatMessages(messages, { kind: "error", color: false })).join("\n").trim();
  }
  return error instanceof Error ? error.stack ?? error.message : String(error);
}

/** Starts with an empty `dir` and a first build. */
export async function devAssets(root: string, dir: string): Promise<{ assets: DevAssets; first: DevBuild }> {
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  await Deno.mkdir(dir, { recursive: true });
  let islands = "";
  let context: esbuild.BuildContext<esbuild.BuildOptions & { metafile: true }> | undefined;
  let inputs: ReadonlySet<string> = new Set();

  async function rebuild(): Promise<DevBuild> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const now = (await islandNames(root)).join(",");
      if (!context || now !== islands) {
        await context?.dispose();
        context = await esbuild.context(await buildOptions(root, dir, "development"));
        islands = now;
      }
      const result = await context.rebuild();
      await writeManifest(manifestOf(result.metafile, root, dir), result.metafile, root, dir);
      inputs = new Set(Object.keys(result.metafile.inputs));
      return { ok: true, ms: ms() };
    } catch (error) {
      return { ok: false, ms: ms(), errors: await describeFailure(error) };
    }
  }

  const first = await rebuild();
  return {
    first,
    assets: {
      dir,
      rebuild,
      inputs: () => inputs,
      async close() {
        await context?.dispose();
        await esbuild.stop();
      },
    },
  };
}
