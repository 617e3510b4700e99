import { describe, expect, test } from "vitest";
import { readManifest } from "../../src/server/asset-manifest.ts";
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
