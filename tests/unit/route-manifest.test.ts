/** The static route map that deploy.ts serves from must list exactly the files in routes/. */
import { describe, expect, test } from "vitest";
import { importRoutes } from "../../src/server/routes.ts";
import { renderRouteManifest, ROUTE_MANIFEST } from "../../src/server/route-manifest.ts";
import { routeFiles } from "../../src/server/routes.ts";
import { routeModules } from "../../src/server/routes.gen.ts";

describe("route manifest", () => {
  test(`${ROUTE_MANIFEST} is current (run 'deno task build' after adding or removing a route)`, async () => {
    expect(await Deno.readTextFile(ROUTE_MANIFEST)).toBe(renderRouteManifest(await routeFiles()));
  });

  test("it maps each route file to the same module the folder walk imports", async () => {
    const walked = await importRoutes();
    expect(Object.keys(routeModules).sort()).toEqual(Object.keys(walked).sort());
    for (const [file, module] of Object.entries(walked)) expect(routeModules[file].default, file).toBe(module.default);
  });
});
