import { Hono } from "hono";
import * as z from "zod/mini";
import type { AppEnv } from "../../src/server/context.ts";
import { API_VERSION, apiRead } from "../../src/server/openapi.ts";

/** /api/openapi.json: the OpenAPI 3.1 document of this API, made from the route files' own declarations (src/server/openapi.ts). */
export default new Hono<AppEnv>().get(
  "/",
  apiRead({
    operationId: "openApiDocument",
    tag: "Reference",
    summary: "This document",
    access: "anyone",
    database: false,
    answer: {
      description: "The OpenAPI 3.1 document; `info.version` rises with every change, and changes are additive.",
      schema: z.looseObject({
        openapi: z.string(),
        info: z.looseObject({ title: z.string(), version: z.string() }),
        paths: z.record(z.string(), z.unknown()),
      }),
      example: { openapi: "3.1.0", info: { title: "HubRate API", version: API_VERSION }, paths: {} },
    },
  }),
  async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(await c.var.apiDocument());
  },
);
