import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { IslandCollector, IslandContext } from "../client/island.tsx";
import { AppLayout } from "../components/AppLayout.tsx";
import { PublicLayout } from "../components/PublicLayout.tsx";
import type { AppContext, PageMeta } from "./context.ts";
import { Document } from "./document.tsx";
import { browserAccountTag } from "./session-cookie.ts";

/**
 * Renders a page inside the layout for the visitor or the signed-in user.
 * Pages load their data before rendering and use no Suspense, so the whole
 * document is ready at once and the island scripts at the end of the body
 * know every island above them. renderToString is used rather than React's
 * stream: with nothing to stream it is twice as fast here, and the streaming
 * renderer retained about 10 KB per request under Deno (measured with
 * `deno task bench`), which a long-running server cannot afford.
 */
export function renderPage(c: AppContext, meta: PageMeta, page: ReactNode, status = meta.status ?? 200): Response {
  const { config, assets } = c.var.deps;
  const user = c.var.user;
  const { pathname: path, search } = new URL(c.req.url);
  const url = path + search;
  // Every page's top bar has the course search box, with suggestions as the student types, unless the page leads with its own.
  const searchBox = meta.ownSearchBox ? null : c.var.topBarSearch;
  const body = user?.enabled
    ? (
      <AppLayout
        user={user}
        account={browserAccountTag(config.sessionSecret, user.id)}
        path={path}
        searchBox={searchBox}
      >
        {page}
      </AppLayout>
    )
    : <PublicLayout path={path} searchBox={searchBox}>{page}</PublicLayout>;
  const html = renderToString(
    <IslandContext.Provider value={new IslandCollector()}>
      <Document meta={meta} url={url} origin={config.origin} nonce={c.var.nonce} assets={assets}>{body}</Document>
    </IslandContext.Provider>,
  );
  return c.html(`<!DOCTYPE html>${html}`, status as 200);
}
