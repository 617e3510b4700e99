import { describe, expect, test } from "vitest";

async function sources(dir: string): Promise<[string, string][]> {
  const files: [string, string][] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && /\.tsx?$/.test(entry.name)) {
      files.push([`${dir}/${entry.name}`, await Deno.readTextFile(`${dir}/${entry.name}`)]);
    }
  }
  return files;
}

describe("island rules", () => {
  test("islands and the components they use never call useId: its ids depend on where the server rendered the island", async () => {
    const offenders = [...await sources("islands"), ...await sources("src/components")].filter(([, text]) =>
      /\buseId\s*\(/.test(text)
    ).map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
