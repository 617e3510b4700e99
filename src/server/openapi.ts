/**
 * The public API's contract. Each endpoint in routes/api/ declares itself with
 * `apiRead` or `apiWrite` (what it answers, with an example of each answer,
 * and every error status it can give), and its inputs with `validate()`
 * (src/server/validation.ts): the same zod schemas the forms share. From
 * those, hono-openapi writes the OpenAPI 3.1 document served at
 * /api/openapi.json and kept in docs/openapi.json.
 *
 * `apiRead` also opens a read that needs no session to other sites' pages:
 * `Access-Control-Allow-Origin: *` (the session middleware ignores the cookie
 * of a request from another origin, so such a read is always anonymous).
 */
import { Hono, type MiddlewareHandler } from "hono";
import { describeRoute, generateSpecs, resolver, uniqueSymbol } from "hono-openapi";
import * as z from "zod/mini";
import { errorSchema } from "../lib/api-schemas.ts";

/**
 * The document's version. Changes are additive (new endpoints, fields, optional
 * parameters or statuses): each one raises the minor number. Removing or
 * renaming anything, or requiring a new input, would raise the major number;
 * `deno task openapi` refuses such a change unless told it is meant.
 */
export const API_VERSION = "2.12.0";

export const API_TAGS = [
  {
    name: "Courses",
    description: "Search the catalog, read a course with its figures, compare courses. No session needed.",
  },
  {
    name: "Reviews",
    description:
      "Read a course's reviews and teachers; a signed-in student writes, edits, deletes and reports reviews.",
  },
  { name: "Votes", description: "A review's score; a signed-in student votes." },
  { name: "Professors", description: "A professor's courses and reviews, as reviews name them." },
  {
    name: "Schedules",
    description:
      "A week of a term's sections with the figures to choose by and its calendar file, for anyone; a signed-in " +
      "student's worksheet versions, kept on the server, and their read-only share links.",
  },
  {
    name: "Accounts",
    description:
      "Sign-up, verification, login (which gives the token), passwords, contact, and the lists the sign-up form needs.",
  },
  {
    name: "Student",
    description: "The signed-in student's account, dashboard, Hub progress and plan, and course lists.",
  },
  { name: "Reference", description: "This document and its reference page." },
] as const;

export type ApiTag = (typeof API_TAGS)[number]["name"];

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 429 | 500 | 503;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400:
    "The request is not valid: `message` says why, and a refused body or query names each field's message under `fields`.",
  401: "No valid session: log in (POST /api/auth/login) and send the token as `Authorization: Bearer <token>`.",
  403: "Refused.",
  404: "Not found.",
  409: "In conflict with what is already there.",
  413: "The body is larger than 16 KiB.",
  414: "The path and query string are longer than 8,192 characters.",
  415: "The body is not JSON: send it with `Content-Type: application/json`.",
  429: "Too many requests: wait the number of seconds in `Retry-After`, then try again.",
  500: "Something failed on HubRate's side (it is logged); nothing about the request is wrong.",
  503: "The database is busy: try again after the seconds in `Retry-After`.",
};

const BUSY = "HubRate is busy right now. Please try again in a moment.";
const FAILED = "Something went wrong on our side. Please try again.";
const CROSS_SITE = "Cross-site requests are not allowed.";
const URL_TOO_LONG = "The URL is too long: its path and query string may have at most 8,192 characters.";

/** An answer's body: its schema, an example taken from the demo catalog, and what it means. */
export type Answer = { description: string; schema: z.core.$ZodType; example: unknown };

/** An error's example message, or its own description with the message. */
type ErrorAnswer = string | { description: string; message: string };

/** A path or query parameter that no zod validator describes (a path id, a query parsed by hand). */
export type ParameterSpec = {
  in: "path" | "query";
  name: string;
  description: string;
  schema: z.core.$ZodType;
  required?: boolean;
  example?: unknown;
};

type OperationSpec = {
  operationId: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  /** "anyone": no session needed (a session may add the viewer's own fields); "student": a signed-in, verified student only. */
  access: "anyone" | "student";
  parameters?: ParameterSpec[];
  /** The success answer (200 unless `status` says otherwise). */
  answer: Answer & { status?: 200 | 201 | 204; contentType?: string };
  /** Other answers that are not errors of the usual shape (login's 403 for an unverified account, say). */
  otherAnswers?: Partial<Record<number, Answer>>;
  /** When the resource can have moved for good: what a 301 to its new URL (in `Location`) means. */
  moved?: string;
  /** The errors this endpoint can answer besides those every endpoint of its kind can (see `standardErrors`). */
  errors?: Partial<Record<ErrorStatus, ErrorAnswer>>;
  /** false for the endpoints that never touch the database (this document and its page). */
  database?: boolean;
};

const RETRY_AFTER = {
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 1 } },
};

/** A read anyone may make is cacheable when asked without a session: it says how, and answers a still-current ETag with 304. */
const CACHEABLE = {
  ETag: {
    description: "The answer's version, for `If-None-Match` (answers to calls without a session only).",
    schema: { type: "string" },
  },
  "Cache-Control": {
    description:
      "`public, no-cache` for a call without a session (keep it, but ask again with `If-None-Match` before using it); `no-store` with one.",
    schema: { type: "string" },
  },
};

/** Errors that follow from the kind of endpoint: any request's URL length, a session needed, a change of state, a busy database. */
function standardErrors(spec: OperationSpec, write: boolean): Partial<Record<ErrorStatus, ErrorAnswer>> {
  // Every request is refused when its URL is longer than any of the site's own (src/middleware/request-guards.ts).
  const errors: Partial<Record<ErrorStatus, ErrorAnswer>> = { 414: URL_TOO_LONG };
  if (spec.access === "student") errors[401] = "Please log in to continue.";
  if (write) {
    errors[403] = {
      description: "A request from another site's page, which may not change anything.",
      message: CROSS_SITE,
    };
    errors[413] = "The request body is too large (16 KiB at most).";
    errors[415] = "Send the request body as JSON (Content-Type: application/json).";
  }
  if (spec.database !== false) {
    // The database can fail or be busy under any call that uses it.
    errors[500] = FAILED;
    errors[503] = BUSY;
  }
  return errors;
}

function parameterObject(parameter: ParameterSpec) {
  const { $schema: _, ...schema } = z.toJSONSchema(parameter.schema, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return {
    in: parameter.in,
    name: parameter.name,
    description: parameter.description,
    required: parameter.in === "path" ? true : parameter.required ?? false,
    schema,
    ...(parameter.example === undefined ? {} : { example: parameter.example }),
  };
}

function describe(spec: OperationSpec, write: boolean) {
  const errors: Partial<Record<ErrorStatus, ErrorAnswer>> = { ...standardErrors(spec, write), ...spec.errors };
  const cacheable = !write && spec.access === "anyone";
  const responses: Record<string, unknown> = {
    [spec.answer.status ?? 200]: {
      description: spec.answer.description,
      ...(cacheable ? { headers: CACHEABLE } : {}),
      content: {
        [spec.answer.contentType ?? "application/json"]: {
          schema: resolver(spec.answer.schema),
          example: spec.answer.example,
        },
      },
    },
  };
  if (cacheable) {
    responses[304] = {
      description:
        "Not modified: the ETag sent in `If-None-Match` is still the answer's (calls without a session only). No body.",
      headers: { ETag: CACHEABLE.ETag },
    };
  }
  if (spec.moved) {
    responses[301] = {
      description: spec.moved,
      headers: { Location: { description: "The new URL, with the same query.", schema: { type: "string" } } },
    };
  }
  for (const [status, answer] of Object.entries(spec.otherAnswers ?? {})) {
    if (!answer) continue;
    responses[status] = {
      description: answer.description,
      content: { "application/json": { schema: resolver(answer.schema), example: answer.example } },
    };
  }
  for (const [key, error] of Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b))) {
    if (!error || key in responses) continue;
    const status = Number(key) as ErrorStatus;
    const { description, message } = typeof error === "string"
      ? { description: ERROR_DESCRIPTIONS[status], message: error }
      : error;
    responses[status] = {
      description,
      ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
      content: { "application/json": { schema: resolver(errorSchema), example: { message } } },
    };
  }
  return describeRoute({
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.access === "student" ? { security: [{ bearerAuth: [] }] } : { security: [{}, { bearerAuth: [] }] }),
    ...(spec.parameters?.length ? { parameters: spec.parameters.map(parameterObject) } : {}),
    // deno-lint-ignore no-explicit-any
    responses: responses as any,
  });
}

/** The middleware that carries a description into the document, with `run` as what it does on a request. */
function withDescription<M extends MiddlewareHandler>(description: ReturnType<typeof describeRoute>, run: M): M {
  return Object.assign(run, { [uniqueSymbol]: (description as unknown as Record<symbol, unknown>)[uniqueSymbol] });
}

/**
 * A GET endpoint. One that anyone may call is open to other sites' pages:
 * they may read it, without credentials (the cookie of a cross-origin request
 * is ignored, so its answer never holds a student's own fields).
 */
export function apiRead(spec: OperationSpec): MiddlewareHandler {
  const description = describe(spec, false);
  if (spec.access === "student") return description;
  const openToOtherSites: MiddlewareHandler = async (c, next) => {
    await next();
    c.header("Access-Control-Allow-Origin", "*");
    // Whether the session cookie counts depends on the Origin, so a cache must keep the answers apart.
    c.header("Vary", "Origin", { append: true });
  };
  return withDescription(description, openToOtherSites);
}

/** An endpoint that changes something (POST, PUT, DELETE): same-origin only, JSON bodies. */
export function apiWrite(spec: OperationSpec): MiddlewareHandler {
  return describe(spec, true);
}

/** A course or review id in a path: one that cannot name a row is answered 404, like a missing row. */
export function idParameter(name: string, description: string, example: number): ParameterSpec {
  return { in: "path", name, description, schema: z.int().check(z.gte(1), z.lte(2 ** 31 - 1)), example };
}

/** A handler file's app and the URL it is mounted at. */
// deno-lint-ignore no-explicit-any
export type MountedApi = { path: string; app: Hono<any> };

/** The OpenAPI 3.1 document of the handler files under /api, with `origin` as the server. */
export async function openApiDocument(handlers: MountedApi[], origin: string): Promise<Record<string, unknown>> {
  const api = new Hono();
  for (const { path, app } of handlers) if (path.startsWith("/api/")) api.route(path, app);
  const document = await generateSpecs(api, {
    defaultValidationErrorResponse: false,
    // /api/openapi.json is an endpoint like any other, not a file to leave out.
    excludeStaticFile: false,
    documentation: {
      info: {
        title: "HubRate API",
        version: API_VERSION,
        description: [
          "The JSON API behind HubRate, the course rating and review site for Boston University students: the same calls its own pages make.",
          "",
          "Reads that need no session (search, courses, reviews, professors) may be called from any site's page without credentials. " +
          "Everything else (a student's data, and anything that changes something) needs a session token from `POST /api/auth/login`, sent as " +
          "`Authorization: Bearer <token>`; a call that changes something from another site's page is refused.",
          "",
          "Errors answer `{ message }` with their status. Rate-limited calls answer 429 with `Retry-After`. " +
          "Changes to this API are additive: new endpoints, fields and optional parameters raise the minor version. " +
          "2.0.0 made one change that is not: `POST /api/auth/verify-link` verifies only and no longer answers a session token " +
          "(a link someone else made must not sign the visitor into their account); log in with the password next.",
        ].join("\n"),
        license: { name: "Course data from Boston University's public bulletin; reviews by HubRate's students." },
      },
      servers: [{ url: origin, description: "This HubRate" }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description:
              "The token from POST /api/auth/login (or /api/auth/verify-link), valid 30 days or until the student signs out.",
          },
        },
      },
    },
  });
  return JSON.parse(JSON.stringify(document));
}
