/**
 * deno task test: makes sure Chromium is there for the browser tests, then
 * runs every vitest project. Arguments pass through to vitest.
 */
import { CHROMIUM_PATH } from "./helpers/browser.ts";

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

async function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  const child = new Deno.Command(command, { args, env, stdin: "null", stdout: "inherit", stderr: "inherit" }).spawn();
  return (await child.status).code;
}

if (!(await exists(CHROMIUM_PATH))) {
  const isRoot = Deno.uid?.() === 0;
  if (!isRoot) {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM_PATH}, and it is missing.\n` +
        "Install it as root with:  apt-get update && apt-get install -y chromium\n" +
        "then run 'deno task test' again.",
    );
    Deno.exit(1);
  }
  console.log(`Chromium is missing; installing Debian's chromium package (apt-get) for the browser tests...`);
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  if (
    await run("apt-get", ["update", "-qq"], env) !== 0 || await run("apt-get", ["install", "-y", "-qq", "chromium"], env) !== 0 ||
    !(await exists(CHROMIUM_PATH))
  ) {
    console.error("Installing Chromium failed. Install it by hand with: apt-get update && apt-get install -y chromium");
    Deno.exit(1);
  }
}

const code = await run(Deno.execPath(), ["run", "-A", "npm:vitest@5.1.1", "run", ...Deno.args], { NODE_ENV: "test" });
Deno.exit(code);
