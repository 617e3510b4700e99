/**
 * deno task dev
 * Serves HubRate for development at http://localhost:8000 (PORT and HOST as
 * for `deno task start`): browser code and the stylesheet rebuild in place,
 * server code restarts the server without closing the port, and open pages
 * reload by themselves. See src/dev/dev-server.ts.
 */
import { startDevServer } from "../dev/dev-server.ts";

const port = Number(Deno.env.get("PORT") ?? 8000);
const host = Deno.env.get("HOST") ?? "0.0.0.0";
const dev = await startDevServer({
  root: Deno.cwd(),
  port,
  host,
  buildDir: Deno.env.get("DEV_BUILD_DIR") ?? "static/build-dev",
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    await dev.close();
    Deno.exit(0);
  });
}
await dev.ready;
