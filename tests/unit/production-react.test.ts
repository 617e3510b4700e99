/**
 * main.ts renders with React's production build whatever NODE_ENV says: started
 * with NODE_ENV=development, the server's pages load no `*.development.js`
 * module (src/server/production-react.ts). The modules are read from the
 * process itself, through its V8 inspector. deploy.ts is checked the same way
 * in tests/unit/deploy-entry.test.ts.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Server, startServer, stopServer } from "../load/harness.ts";
import { TEST_BUILD_DIR } from "../helpers/build-dir.ts";
import { loadedScripts } from "../helpers/loaded-scripts.ts";
import { freePort } from "../helpers/processes.ts";
import { preparedDatabase } from "../helpers/test-config.ts";

let dir: string;
let server: Server;
const inspector = freePort();

beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hubrate-production-react-" });
  await Deno.copyFile(preparedDatabase("on"), `${dir}/hubrate.db`);
  server = await startServer(`file:${dir}/hubrate.db`, freePort(), "on", {
    NODE_ENV: "development",
    ASSETS_DIR: TEST_BUILD_DIR,
  }, [
    `--inspect=127.0.0.1:${inspector}`,
  ]);
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  await Deno.remove(dir, { recursive: true }).catch(() => {});
});

test("main.ts started with NODE_ENV=development serves pages with React's production build", async () => {
  for (const path of ["/", "/search?q=intro", "/course/1", "/login"]) {
    const response = await fetch(server.base + path);
    await response.arrayBuffer();
    expect(response.status, path).toBeLessThan(500);
  }
  const scripts = await loadedScripts(inspector);
  const react = scripts.filter((url) => /\/react(-dom)?@/.test(url));
  expect(react.filter((url) => url.endsWith(".production.js")), "React's production modules are loaded").not.toEqual(
    [],
  );
  expect(scripts.filter((url) => url.endsWith(".development.js"))).toEqual([]);
});
