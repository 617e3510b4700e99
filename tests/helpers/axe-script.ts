/** axe-core's script served over HTTP by the browser tests' servers (tests/helpers/browser.ts), for tests/helpers/a11y.ts. */
import axe from "axe-core";

/** Where the browser tests' servers answer with axe-core's script (`serve` in tests/helpers/browser.ts), beside the app's own paths. */
export const AXE_SCRIPT_PATH = "/__tests/axe.js";

/** axe-core's script as a server sends it: kept in the browser's cache for later pages, never marked public. */
export function axeScript(): Response {
  return new Response(axe.source, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "private, max-age=86400, immutable" },
  });
}
