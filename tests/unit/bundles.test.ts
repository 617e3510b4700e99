import { describe, expect, test } from "vitest";
import { type AssetManifest, readAsset, readManifest } from "../../src/server/asset-manifest.ts";
import { islandNames } from "../../src/server/asset-build.ts";
import { TEST_BUILD_DIR } from "../helpers/build-dir.ts";

const SERVER_ONLY = [
  /(^|\/)db\//,
  /src\/services\//,
  /src\/server\//,
  /src\/api\//,
  /src\/middleware\//,
  /libsql/,
  /drizzle/,
  /argon2/,
  /jose/,
  /nodemailer/,
  /node_modules\/.*hono/,
  /src\/config\.ts/,
];

describe("browser bundles", () => {
  test("every island in islands/ is built and registered under its file name", async () => {
    const manifest = await readManifest(TEST_BUILD_DIR);
    const names = await islandNames();
    expect(Object.keys(manifest.islands).sort()).toEqual(names);
    for (const name of names) {
      const module = await import(`../../islands/${name}.tsx`);
      expect(module.default.islandName).toBe(name);
    }
  });

  test("contain no server-only module", async () => {
    const inputs: Record<string, string[]> = JSON.parse(await Deno.readTextFile(`${TEST_BUILD_DIR}/inputs.json`));
    const offenders = Object.entries(inputs).flatMap(([output, files]) =>
      files.filter((file) => SERVER_ONLY.some((pattern) => pattern.test(file))).map((file) => `${output} ← ${file}`)
    );
    expect(offenders).toEqual([]);
    expect(Object.keys(inputs).length).toBeGreaterThan(2);
  });

  test("use production React", async () => {
    const manifest = await readManifest(TEST_BUILD_DIR);
    const boot = await Deno.readTextFile(`${TEST_BUILD_DIR}/${manifest.boot}`);
    expect(boot).not.toContain("react-dom.development");
    expect(boot).not.toMatch(/Warning: /);
  });
});

describe("serving the built files", () => {
  test("each file is read from disk once, in each encoding; a name that is not there is looked for again", async () => {
    const dir = await Deno.makeTempDir();
    try {
      const manifest: AssetManifest = {
        dir,
        css: "",
        boot: "",
        islands: {},
        imports: {},
        apiReference: { js: "", css: "" },
      };
      await Deno.writeTextFile(`${dir}/boot-A.js`, "plain");
      await Deno.writeTextFile(`${dir}/boot-A.js.br`, "brotli");
      const text = async (name: string, accept = "") => {
        const asset = await readAsset(manifest, name, accept);
        return asset && `${asset.encoding ?? "identity"}:${new TextDecoder().decode(asset.body)}`;
      };
      expect(await text("boot-A.js")).toBe("identity:plain");
      expect(await text("boot-A.js", "br")).toBe("br:brotli");
      expect(await text("later-B.js")).toBeNull();
      // Hashed names never change content: what was read is answered from memory, even once the file is gone.
      await Deno.remove(`${dir}/boot-A.js`);
      await Deno.remove(`${dir}/boot-A.js.br`);
      expect(await text("boot-A.js")).toBe("identity:plain");
      expect(await text("boot-A.js", "br")).toBe("br:brotli");
      // Nothing is kept for a name that was missing (no memory for made-up names); once built, it is found.
      await Deno.writeTextFile(`${dir}/later-B.js`, "built later");
      expect(await text("later-B.js", "gzip")).toBe("identity:built later");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});
