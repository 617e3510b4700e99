import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import { IslandCollector, IslandContext } from "../client/island.tsx";
import { AppLayout } from "../components/AppLayout.tsx";
import { PublicLayout } from "../components/PublicLayout.tsx";
import type { AppContext, PageMeta } from "./context.ts";
import { Document } from "./document.tsx";

function requestUrl(c: AppContext): string {
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

/**
 * Streams a page inside the layout for the visitor or the signed-in user.
 * Pages load their data before rendering and use no Suspense, so the island
 * scripts at the end of the body know every island above them.
 */
export async function renderPage(c: AppContext, meta: PageMeta, page: ReactNode, status = meta.status ?? 200): Promise<Response> {
  const { config, assets } = c.var.deps;
  const user = c.var.user;
  const url = requestUrl(c);
  const path = new URL(c.req.url).pathname;
  const body = user?.enabled ? <AppLayout user={user} path={path}>{page}</AppLayout> : <PublicLayout path={path}>{page}</PublicLayout>;
  const tree = (
    <IslandContext.Provider value={new IslandCollector()}>
      <Document meta={meta} url={url} origin={config.origin} nonce={c.var.nonce} assets={assets}>{body}</Document>
    </IslandContext.Provider>
  );
  let failed: unknown;
  const stream = await renderToReadableStream(tree, {
    nonce: c.var.nonce,
    onError(error) {
      failed ??= error;
      console.error("[render]", error);
    },
  });
  // Crawlers and link previews get the complete document in one piece.
  if (/bot|crawl|spider|preview|slurp/i.test(c.req.header("user-agent") ?? "")) await stream.allReady;
  if (failed) throw failed;
  if (user) c.header("Cache-Control", "no-store");
  return c.body(stream, status as 200, { "Content-Type": "text/html; charset=utf-8" });
}
