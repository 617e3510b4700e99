import { type ReactNode, useContext } from "react";
import { IslandContext } from "../client/island.tsx";
import { type AssetManifest, BUILD_URL, chunksOf } from "./asset-manifest.ts";
import type { PageMeta } from "./context.ts";

type DocumentProps = {
  meta: PageMeta;
  url: string;
  origin: string;
  nonce: string;
  assets: AssetManifest;
  children: ReactNode;
};

export function Document({ meta, url, origin, nonce, assets, children }: DocumentProps) {
  const title = meta.title === "HubRate" ? meta.title : `${meta.title} | HubRate`;
  const description = meta.description ??
    "Find your next Boston University course: search by BU Hub requirement, prerequisites and ratings, and read honest reviews from past students.";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {meta.noindex
          ? <meta name="robots" content="noindex" />
          : <link rel="canonical" href={origin + url.split("?")[0]} />}
        <meta property="og:site_name" content="HubRate" />
        <meta property="og:type" content="website" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={origin + url} />
        <meta name="twitter:card" content="summary" />
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={`${BUILD_URL}/${assets.css}`} />
      </head>
      <body>
        {children}
        <IslandScripts nonce={nonce} assets={assets} />
      </body>
    </html>
  );
}

/**
 * Rendered last, after every island on the page has registered itself, so it
 * knows which bundles to load. Pages without islands get no script at all.
 * Islands that hydrate when they come into view or when the page's data
 * changes are neither imported nor preloaded with the page: boot gets a
 * function that imports them then.
 */
function IslandScripts({ nonce, assets }: { nonce: string; assets: AssetManifest }) {
  const collector = useContext(IslandContext);
  if (!collector || collector.used.size === 0) return null;
  const names = [...collector.used].sort();
  const eager = names.filter((name) => collector.eager.has(name));
  const entries = [assets.boot, ...eager.map((name) => assets.islands[name])];
  const preload = [...new Set(entries.flatMap((entry) => chunksOf(assets, entry)))];
  const url = (name: string) => `${BUILD_URL}/${assets.islands[name]}`;
  const code = `import{bootIslands}from"${BUILD_URL}/${assets.boot}";` +
    eager.map((name) => `import i${names.indexOf(name)} from"${url(name)}";`).join("") +
    `bootIslands({${
      names.map((name, i) =>
        `${JSON.stringify(name)}:${
          collector.eager.has(name) ? `i${i}` : `()=>import("${url(name)}").then(m=>m.default)`
        }`
      ).join(",")
    }});`;
  return (
    <>
      {preload.map((file) => <link key={file} rel="modulepreload" href={`${BUILD_URL}/${file}`} />)}
      <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />
    </>
  );
}
