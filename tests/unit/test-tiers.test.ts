/** The fast tier (tests/fast.ts) leaves out exactly the files that need sqld or start processes, and names only files that exist. */
import { expect, test } from "vitest";
import { SLOW_FILES } from "../fast.ts";

async function testFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && /\.test\.tsx?$/.test(entry.name)) files.push(`${dir}/${entry.name}`);
  }
  return files.sort();
}

test("every file the fast tier leaves out exists, and every file that starts sqld or a process is left out", async () => {
  const all = [...await testFiles("tests/unit"), ...await testFiles("tests/api"), ...await testFiles("tests/islands")];
  expect(Object.keys(SLOW_FILES).filter((file) => !all.includes(file))).toEqual([]);
  const heavy: string[] = [];
  for (const file of all.filter((file) => !file.endsWith("/test-tiers.test.ts"))) {
    const source = await Deno.readTextFile(file);
    if (/startSqld|new Deno\.Command|startDevServer|helpers\/processes\.ts/.test(source)) heavy.push(file);
  }
  expect(heavy.length).toBeGreaterThan(5);
  expect(heavy.filter((file) => !(file in SLOW_FILES))).toEqual([]);
});
