/**
 * The API's contract, checked on every answer the tests receive: each test
 * app's `request` (tests/helpers/app.ts) hands the answers to `checkAnswer`,
 * which finds the operation for the method and path in the app's own
 * /api/openapi.json and checks that the status is declared and that a JSON
 * body fits the declared schema. A drift fails the test that saw it, naming
 * the call, the status and what does not fit.
 *
 * The check is stricter than the document: an object may hold no property
 * the document does not name (the published document leaves objects open, so
 * clients accept fields added later).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Json }> }> };
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json> };
};

const METHODS = new Set(["get", "put", "post", "delete", "patch"]);

/** A document and what is compiled from it: a matcher per path template, and a validator per answer. */
export type Contract = {
  document: OpenApiDocument;
  routes: { template: string; pattern: RegExp; literal: number }[];
  validators: Map<string, ValidateFunction | null>;
  ajv: Ajv2020;
};

/** Every object that lists its properties allows no others; references point into the whole document. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== "object") return schema;
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === "example" || key === "examples") continue;
    copy[key] = key === "$ref" && typeof value === "string" ? value.replace(/^#\//, "openapi.json#/") : strict(value);
  }
  if (copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

const contracts = new Map<string, Contract>();

/** The JSON schema of one answer (`get /api/x/{id} 200`), or null when it declares no JSON body. */
function answerSchema(document: OpenApiDocument, key: string): Json | null {
  const [method, template, status] = key.split(" ");
  return document.paths[template]?.[method]?.responses[status]?.content?.["application/json"]?.schema ?? null;
}

/** The validator of one answer, compiled the first time it is needed. */
function validatorFor(contract: Contract, key: string): ValidateFunction | null {
  if (!contract.validators.has(key)) {
    const schema = answerSchema(contract.document, key);
    contract.validators.set(key, schema ? contract.ajv.compile(strict(schema) as Json) : null);
  }
  return contract.validators.get(key)!;
}

/**
 * The contract of a document. `eager` compiles every validator now, not on the
 * first answer of its kind: a test that times its calls must not time a
 * compilation. Without it, each is compiled when an answer first needs it,
 * which is all a browser test's server needs, since it times no call.
 */
export function contractOf(document: OpenApiDocument, { eager = true }: { eager?: boolean } = {}): Contract {
  const key = JSON.stringify(document.paths) + JSON.stringify(document.components ?? {});
  let contract = contracts.get(key);
  if (!contract) {
    // Ajv's optimisation passes only tidy the code it generates (the checks are the same) and take
    // more than half of its compile time; the tests' answers are small, so the tidier code saves nothing.
    const ajv = new Ajv2020({ strict: false, allErrors: true, code: { optimize: false } });
    addFormats.default(ajv);
    ajv.addSchema({ $id: "openapi.json", components: strict(document.components ?? {}) });
    const routes = Object.keys(document.paths).map((template) => ({
      template,
      pattern: new RegExp("^" + template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+") + "$"),
      literal: template.split("/").filter((part) => part && !part.startsWith("{")).length,
    }))
      // Hono tries fixed paths before parameters (/api/courses/search before /api/courses/{id}).
      .sort((a, b) => b.literal - a.literal);
    contract = { document, routes, validators: new Map(), ajv };
    contracts.set(key, contract);
  }
  if (eager) {
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of Object.keys(operation.responses)) {
          validatorFor(contract, `${method} ${template} ${status}`);
        }
      }
    }
  }
  return contract;
}

/** The operation a request reaches, by method and path, or null when the document has none. */
export function operationFor(
  contract: Contract,
  method: string,
  path: string,
): { template: string; operation: Operation } | null {
  for (const { template, pattern } of contract.routes) {
    if (!pattern.test(path)) continue;
    const operation = contract.document.paths[template][method.toLowerCase()];
    if (operation) return { template, operation };
  }
  return null;
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).slice(0, 6).map((e) =>
    `${e.instancePath || "(body)"} ${e.message}${e.params ? " " + JSON.stringify(e.params) : ""}`
  ).join("; ");
}

/** What is wrong with an answer, as sentences naming the call and the status; empty when it keeps the contract. */
export function answerProblems(
  contract: Contract,
  method: string,
  path: string,
  status: number,
  contentType: string,
  body: unknown,
): string[] {
  const call = `${method} ${path} → ${status}`;
  const found = operationFor(contract, method, path);
  if (!found) {
    // A path the document does not have must be the API's plain 404: any other answer is an endpoint it forgot.
    if (status === 404 && contentType.includes("json") && typeof (body as Json)?.message === "string") return [];
    if (status === 403 && typeof (body as Json)?.message === "string") return []; // refused before routing: a cross-site write to an unknown path
    if ((status === 413 || status === 414 || status === 415) && typeof (body as Json)?.message === "string") return [];
    return [`${call}: the OpenAPI document has no ${method} ${path}`];
  }
  const { template, operation } = found;
  const response = operation.responses[String(status)];
  if (!response) {
    return [
      `${call}: status ${status} is not declared for ${method.toUpperCase()} ${template} (declared: ${
        Object.keys(operation.responses).join(", ")
      })`,
    ];
  }
  const mediaType = contentType.split(";")[0].trim();
  const declared = response.content ?? {};
  if (!mediaType) {
    return Object.keys(declared).length ? [`${call}: declared ${Object.keys(declared).join(", ")}, got no body`] : [];
  }
  const media = declared[mediaType];
  if (!media) return [`${call}: answered ${mediaType}, declared ${Object.keys(declared).join(", ") || "no body"}`];
  if (!mediaType.includes("json") || !media.schema) return [];
  const validate = validatorFor(contract, `${method.toLowerCase()} ${template} ${status}`);
  if (validate && !validate(body)) {
    return [
      `${call}: the body does not fit the schema declared for ${method.toUpperCase()} ${template} ${status}: ${
        describeErrors(validate.errors)
      }`,
    ];
  }
  return [];
}

/** Throws, naming the call and every mismatch, when an answer breaks the contract. */
export async function checkAnswer(contract: Contract, method: string, path: string, response: Response): Promise<void> {
  if (!path.startsWith("/api/") || method === "OPTIONS" || method === "HEAD") return;
  const contentType = response.headers.get("content-type") ?? "";
  const encoding = response.headers.get("content-encoding");
  let body: unknown = undefined;
  if (encoding && encoding !== "gzip" && encoding !== "deflate") {
    // A coding the runtime cannot undo here: the status still counts, the body is left unchecked.
    const problems = answerProblems(contract, method, path, response.status, "", undefined).filter((p) =>
      !p.includes("got no body")
    );
    if (problems.length) {
      throw new Error(`The answer breaks the API's contract (docs/openapi.json):\n${problems.join("\n")}`);
    }
    return;
  }
  if (contentType.includes("json")) {
    const copy = response.clone();
    const stream = encoding
      ? copy.body!.pipeThrough(new DecompressionStream(encoding as "gzip" | "deflate"))
      : copy.body;
    const text = await new Response(stream).text();
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path} → ${response.status}: the body is not JSON: ${text.slice(0, 200)}`);
    }
  }
  const problems = answerProblems(contract, method, path, response.status, contentType, body);
  if (problems.length) {
    throw new Error(`The answer breaks the API's contract (docs/openapi.json):\n${problems.join("\n")}`);
  }
}

export const isMethod = (method: string) => METHODS.has(method.toLowerCase());
