/**
 * The /api/docs page's viewer: Swagger UI reading /api/openapi.json. Bundled
 * on its own by the asset build, and loaded by that page only.
 */
import SwaggerUIBundle from "swagger-ui-dist/swagger-ui-es-bundle.js";

/**
 * Swagger UI leaves some of its controls without an accessible name (the
 * server choice, each parameter's field): each gets the name it shows next to
 * it, as the viewer draws them.
 */
function nameControls(root: HTMLElement): void {
  const servers = root.querySelector<HTMLSelectElement>("select#servers:not([aria-label])");
  servers?.setAttribute("aria-label", "Server");
  for (const row of root.querySelectorAll<HTMLElement>("tr[data-param-name]")) {
    const name = `${row.dataset.paramName} (${row.dataset.paramIn ?? "parameter"})`;
    for (
      const control of row.querySelectorAll(
        "input:not([aria-label]), select:not([aria-label]), textarea:not([aria-label])",
      )
    ) {
      control.setAttribute("aria-label", name);
    }
  }
  for (const control of root.querySelectorAll(".body-param textarea:not([aria-label])")) {
    control.setAttribute("aria-label", "Request body");
  }
  for (
    const select of root.querySelectorAll(
      ".content-type-wrapper select:not([aria-label]), .response-control-media-type select:not([aria-label])",
    )
  ) {
    select.setAttribute("aria-label", "Media type");
  }
}

const root = document.getElementById("api-reference");
if (root) {
  new MutationObserver(() => nameControls(root)).observe(root, { childList: true, subtree: true });
  SwaggerUIBundle({
    domNode: root,
    url: root.dataset.url,
    // Deep links put a link inside each operation's toggle button, which a screen reader cannot reach on its own.
    deepLinking: false,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
    // Its own syntax highlighting sets colours through style attributes; the page's palette keeps the contrast.
    syntaxHighlight: { activated: false },
    // No validator badge: it would send the document to an outside service.
    validatorUrl: null,
  });
}
