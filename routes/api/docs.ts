import { Hono } from "hono";
import * as z from "zod/mini";
import { BUILD_URL } from "../../src/server/asset-manifest.ts";
import type { AppEnv } from "../../src/server/context.ts";
import { apiRead } from "../../src/server/openapi.ts";

/**
 * /api/docs: the API's reference page, drawn by Swagger UI from
 * /api/openapi.json. A page of its own, outside the site's layout, so the
 * viewer's bundle and stylesheet are loaded here and on no other page. It runs
 * under the site's CSP unchanged: the one script carries the request's nonce.
 */
export default new Hono<AppEnv>().get(
  "/",
  apiRead({
    operationId: "apiReference",
    tag: "Reference",
    summary: "This document as a reference page",
    access: "anyone",
    database: false,
    answer: { description: "An HTML page.", contentType: "text/html", schema: z.string(), example: "<!DOCTYPE html>…" },
  }),
  (c) => {
    const { js, css } = c.var.deps.assets.apiReference;
    return c.html(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference | HubRate</title>
<meta name="description" content="HubRate's JSON API: search, courses, reviews and professors, and a student's own data with a token.">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${BUILD_URL}/${css}">
</head>
<body>
<header class="api-header"><h1>HubRate API reference</h1><a href="/">Back to HubRate</a><a href="/api/openapi.json">OpenAPI document (JSON)</a></header>
<main id="api-reference" data-url="/api/openapi.json"></main>
<script type="module" nonce="${c.var.nonce}" src="${BUILD_URL}/${js}"></script>
</body>
</html>`);
  },
);
