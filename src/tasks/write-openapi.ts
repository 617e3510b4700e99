/**
 * deno task openapi [--check] [--breaking]: writes docs/openapi.json, the API's
 * document as the route files declare it, with http://localhost:8000 as its
 * server (a running HubRate serves its own, with APP_ORIGIN, at
 * /api/openapi.json). A test fails while the committed copy differs from what
 * the code declares, so every change to the contract shows in review.
 *
 * It refuses a change that breaks clients (an endpoint, status or answer field
 * gone, an input newly required) unless given --breaking with a new major
 * version, and any change unless API_VERSION in src/server/openapi.ts is raised.
 * --check only says whether the copy is up to date.
 */
import { join } from "node:path";
import { collectRoutes, importRoutes } from "../server/route-loader.ts";
import { type ApiDocument, breakingChanges, versionRaised } from "../server/openapi-changes.ts";
import { openApiDocument } from "../server/openapi.ts";

export const COMMITTED_DOCUMENT = "docs/openapi.json";
export const DOCUMENT_ORIGIN = "http://localhost:8000";

/** The document the route files declare, as docs/openapi.json holds it. */
export async function declaredDocument(root = Deno.cwd()): Promise<string> {
  const { handlers } = collectRoutes(await importRoutes(root));
  const document = await openApiDocument(
    handlers.map(({ path, module }) => ({ path, app: module.default })),
    DOCUMENT_ORIGIN,
  );
  return JSON.stringify(document, null, 2) + "\n";
}

if (import.meta.main) {
  const path = join(Deno.cwd(), COMMITTED_DOCUMENT);
  const text = await declaredDocument();
  const committed = await Deno.readTextFile(path).catch(() => null);
  if (committed === text) {
    console.log(`${COMMITTED_DOCUMENT} is up to date.`);
    Deno.exit(0);
  }
  if (Deno.args.includes("--check")) {
    console.error(`${COMMITTED_DOCUMENT} differs from what the route files declare: run 'deno task openapi'.`);
    Deno.exit(1);
  }
  if (committed !== null) {
    const before = JSON.parse(committed) as ApiDocument;
    const after = JSON.parse(text) as ApiDocument;
    const breaking = breakingChanges(before, after);
    const major = (v: string) => Number(v.split(".")[0]);
    if (
      breaking.length && !(Deno.args.includes("--breaking") && major(after.info.version) > major(before.info.version))
    ) {
      console.error(`This change breaks clients of version ${before.info.version}:\n  ${breaking.join("\n  ")}`);
      console.error("Keep the API additive, or raise the major version of API_VERSION and run with --breaking.");
      Deno.exit(1);
    }
    if (!versionRaised(before.info.version, after.info.version)) {
      console.error(
        `The API changed but its version is still ${after.info.version}: raise API_VERSION in src/server/openapi.ts (the minor number for additions).`,
      );
      Deno.exit(1);
    }
  }
  await Deno.writeTextFile(path, text);
  console.log(`Wrote ${COMMITTED_DOCUMENT} (version ${(JSON.parse(text) as ApiDocument).info.version}).`);
}
