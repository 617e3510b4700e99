/** The static route map that deploy.ts serves from must list exactly the files in routes/. */
import { describe, expect, test } from "vitest";
import { importRoutes } from "../../src/server/route-loader.ts";
import { renderRouteMap, ROUTE_MAP } from "../../src/server/route-map-writer.ts";
import { routeFiles } from "../../src/server/route-loader.ts";
import { routeModules } from "../../src/route-map.gen.ts";

describe("route manifest", () => {
  test(`${ROUTE_MAP} is current (run 'deno task build' after adding or removing a route)`, async () => {
    expect(await Deno.readTextFile(ROUTE_MAP)).toBe(renderRouteMap(await routeFiles()));
  });

  test("it maps each route file to the same module the folder walk imports", async () => {
    const walked = await importRoutes();
    expect(Object.keys(routeModules).sort()).toEqual(Object.keys(walked).sort());
    for (const [file, module] of Object.entries(walked)) expect(routeModules[file].default, file).toBe(module.default);
  });
});
