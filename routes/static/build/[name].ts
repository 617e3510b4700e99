import { Hono } from "hono";
import type { AppEnv } from "../../../src/server/context.ts";
import { readAsset } from "../../../src/server/asset-manifest.ts";

/** /static/build/<name>: the hashed bundles and stylesheet, precompressed, cached for a year. */
export default new Hono<AppEnv>().get("/", async (c) => {
  const asset = await readAsset(c.var.deps.assets, c.req.param("name") ?? "", c.req.header("accept-encoding"));
  if (!asset) return c.text("Not found", 404);
  const headers: Record<string, string> = {
    "Content-Type": asset.type,
    "Cache-Control": "public, max-age=31536000, immutable",
    Vary: "Accept-Encoding",
  };
  if (asset.encoding) headers["Content-Encoding"] = asset.encoding;
  return c.body(asset.body, 200, headers);
});
