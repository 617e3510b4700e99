/**
 * deno task test: makes sure Chromium (and its headless build) is there for the browser tests, then
 * runs every vitest project. Arguments pass through to vitest.
 */
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from "./helpers/browser.ts";

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

/** Debian's packages the browser tests run on: Chromium itself, and its headless build that the tests prefer. */
const PACKAGES = [
  { name: "chromium", path: CHROMIUM_PATH, required: true },
  { name: "chromium-headless-shell", path: HEADLESS_SHELL_PATH, required: false },
];
const missing = [];
for (const p of PACKAGES) if (!(await exists(p.path))) missing.push(p);
if (missing.length) {
  const names = missing.map((p) => p.name).join(" ");
  const isRoot = Deno.uid?.() === 0;
  if (!isRoot) {
    if (missing.some((p) => p.required)) {
      console.error(
        `The browser tests need Chromium at ${CHROMIUM_PATH}, and it is missing.\n` +
          `Install it as root with:  apt-get update && apt-get install -y ${names}\n` +
          "then run 'deno task test' again.",
      );
      Deno.exit(1);
    }
    console.log(
      `Running the browser tests in ${CHROMIUM_PATH}; 'apt-get install -y ${names}' (as root) makes them faster.`,
    );
  } else {
    console.log(`Installing Debian's ${names} (apt-get) for the browser tests...`);
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    const installed = await run("apt-get", ["update", "-qq"], env) === 0 &&
      await run("apt-get", ["install", "-y", "-qq", ...missing.map((p) => p.name)], env) === 0;
    if (!(await exists(CHROMIUM_PATH))) {
      console.error(
        `Installing Chromium failed. Install it by hand with: apt-get update && apt-get install -y ${names}`,
      );
      Deno.exit(1);
    }
    if (!installed) console.log(`Installing ${names} failed; the browser tests run in ${CHROMIUM_PATH}.`);
  }
}

const code = await run(Deno.execPath(), ["run", "-A", "npm:vitest@5.1.1", "run", ...Deno.args], { NODE_ENV: "test" });
Deno.exit(code);
