/**
 * The /api/docs page's viewer: Swagger UI reading /api/openapi.json. Bundled
 * on its own by the asset build, and loaded by that page only.
 */
import SwaggerUIBundle from "swagger-ui-dist/swagger-ui-es-bundle.js";

const root = document.getElementById("api-reference");
if (root) {
  SwaggerUIBundle({
    domNode: root,
    url: root.dataset.url,
    deepLinking: true,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    displayOperationId: false,
    tryItOutEnabled: false,
    // Its own syntax highlighting sets colours through style attributes; the page's palette keeps the contrast.
    syntaxHighlight: { activated: false },
    // No validator badge: it would send the document to an outside service.
    validatorUrl: null,
  });
}
