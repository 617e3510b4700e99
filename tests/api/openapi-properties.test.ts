/**
 * Property-based: for every operation of /api/openapi.json, fast-check sends
 * requests built from what the document declares, with each parameter and the
 * body valid (generated from its schema), invalid (other types, hostile text,
 * huge numbers) or left out, signed in where the operation wants a student.
 * Every answer must have a status the operation declares, never 500, and a
 * body that fits its schema (the contract check of tests/helpers/app.ts runs
 * on each). Seeded, so a failure reproduces; the counterexample names the request.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, createStudent, fromAddress, ORIGIN, type Student } from "../helpers/accounts.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

type Schema = Record<string, unknown>;
type Parameter = { in: "path" | "query"; name: string; required?: boolean; schema: Schema; example?: unknown };
type Operation = {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: Record<string, unknown>[];
  responses: Record<string, unknown>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Parameter> };
};

/** PROPERTY_SEED and PROPERTY_RUNS run it longer or otherwise, e.g. PROPERTY_RUNS=200 to hunt; the suite's run is seed 18, 24 runs each. */
const SEED = Number(Deno.env.get("PROPERTY_SEED") ?? 18);
const RUNS = Number(Deno.env.get("PROPERTY_RUNS") ?? 24);

let t: TestApp;
let document: Document;
let student: Student;
let students = 0;

beforeAll(async () => {
  t = await makeTestApp();
  document = await (await t.app.request("/api/openapi.json")).json();
  student = await createStudent(t, "properties@bu.edu");
});
afterAll(() => t.close());

function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  return typeof ref === "string" ? resolve(document.components.schemas[ref.split("/").pop()!]) : schema;
}

/** Values that the schema allows. */
function valid(raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map((s) => valid(s, depth)));
  if (Array.isArray(schema.oneOf)) return fc.oneof(...(schema.oneOf as Schema[]).map((s) => valid(s, depth)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if ("const" in schema) return fc.constant(schema.const);
  const types = Array.isArray(schema.type) ? schema.type as string[] : [schema.type as string | undefined];
  if (types.length > 1) return fc.oneof(...types.map((type) => valid({ ...schema, type }, depth)));
  const min = (key: string, fallback: number) => typeof schema[key] === "number" ? schema[key] as number : fallback;
  switch (types[0]) {
    case "string": {
      if (schema.format === "email") return fc.emailAddress();
      // JSON Schema's patterns are ECMA-262 with Unicode semantics (a slug's \p{L} is any letter).
      if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern as string, "u"));
      const maxLength = Math.min(min("maxLength", 40), 60);
      return fc.string({
        minLength: Math.min(min("minLength", 0), maxLength),
        maxLength,
        unit: fc.constantFrom("a", "Z", "é", " ", "7", "-", "👩‍👩‍👧", "\u200F"),
      });
    }
    case "integer":
      return fc.integer({
        min: Math.max(min("minimum", -1e6), -Number.MAX_SAFE_INTEGER),
        max: Math.min(min("maximum", 1e6), Number.MAX_SAFE_INTEGER),
      });
    case "number": {
      const step = schema.multipleOf as number | undefined;
      if (step) {
        // Whole steps, written as a person would write them (0.3, not 0.30000000000000004).
        const steps = fc.integer({
          min: Math.ceil(min("minimum", -1e6) / step),
          max: Math.floor(min("maximum", 1e6) / step),
        });
        return steps.map((n) => Number((n * step).toFixed(6)));
      }
      return fc.double({ min: min("minimum", -1e6), max: min("maximum", 1e6), noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(valid((schema.items ?? {}) as Schema, depth + 1), {
        minLength: min("minItems", 0),
        maxLength: Math.min(min("maxItems", 4), 4),
      });
    case "object": {
      if (depth > 3 || !schema.properties) return fc.constant({});
      const properties = schema.properties as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return fc.record(Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, valid(s, depth + 1)])), {
        requiredKeys: required,
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Text that has broken servers before: control characters, prototype names, SQL and FTS syntax, huge and odd numbers. */
const HOSTILE = [
  "",
  " ",
  "\u0000",
  "a\nb",
  "__proto__",
  "constructor",
  "toString",
  "-1",
  "0",
  "NaN",
  "1e309",
  "-0",
  "9".repeat(40),
  "' OR 1=1--",
  '"quoted"',
  "%_%",
  "intro* NEAR(a b)",
  "<script>alert(1)</script>",
  "x".repeat(5000),
  "👩‍👩‍👧‍👦".repeat(300),
];

/** Values that are likely not allowed: other types, hostile text, numbers out of range. */
const invalid: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.constantFrom(
    null,
    true,
    false,
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    [],
    {},
    [null],
    JSON.parse('{"__proto__": 1, "constructor": "x"}'),
  ),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 30 }),
  fc.integer(),
);

function parametersOf(operation: Operation): Parameter[] {
  return (operation.parameters ?? []).map((p) =>
    "$ref" in p ? document.components.parameters![p.$ref.split("/").pop()!] : p
  );
}

/** A parameter's value as it travels: a list repeats its parameter, anything else is text. */
function queryValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => typeof v === "string" ? v : JSON.stringify(v));
  return [typeof value === "string" ? value : JSON.stringify(value)];
}

/** A path parameter's segment. An empty one, "." or ".." would make another path (URLs resolve dot segments): those are sent as a space. */
function pathSegment(text: string): string {
  return text === "" || text === "." || text === ".." ? "%20" : encodeURIComponent(text);
}

type Choice = { kind: "valid" | "invalid" | "absent"; value?: unknown };

function choice(parameter: Parameter): fc.Arbitrary<Choice> {
  const validValues = parameter.example === undefined
    ? valid(parameter.schema)
    : fc.oneof(fc.constant(parameter.example), valid(parameter.schema));
  const options = [
    { weight: 3, arbitrary: validValues.map((value): Choice => ({ kind: "valid", value })) },
    { weight: 2, arbitrary: invalid.map((value): Choice => ({ kind: "invalid", value })) },
  ];
  // A path without its segment is another path, not this operation: path parameters are always sent.
  if (parameter.in === "query") options.push({ weight: 1, arbitrary: fc.constant<Choice>({ kind: "absent" }) });
  return fc.oneof(...options);
}

/** A body: valid, valid with one field replaced by something else, anything at all, or text that is not JSON. */
function bodyChoice(schema: Schema): fc.Arbitrary<Choice & { raw?: string }> {
  const whole = valid(schema);
  const fields = Object.keys((resolve(schema).properties ?? {}) as object);
  return fc.oneof(
    { weight: 3, arbitrary: whole.map((value): Choice => ({ kind: "valid", value })) },
    {
      weight: 3,
      arbitrary: fields.length
        ? fc.tuple(whole, fc.constantFrom(...fields), invalid).map(([value, field, bad]): Choice => ({
          kind: "invalid",
          value: { ...(value as object), [field]: bad },
        }))
        : invalid.map((value): Choice => ({ kind: "invalid", value })),
    },
    { weight: 1, arbitrary: invalid.map((value): Choice => ({ kind: "invalid", value })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("{", "{not json", "[1,", "\u0000").map((raw) => ({ kind: "invalid" as const, raw })),
    },
  );
}

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation }))
  );

/** What each operation's runs sent, so the test can show every parameter and body went out valid and invalid. */
const sent = new Map<string, Set<string>>();
const note = (operationId: string, what: string) => {
  if (!sent.has(operationId)) sent.set(operationId, new Set());
  sent.get(operationId)!.add(what);
};

/** Signing out, changing the password and deleting the account end the session: those runs get a student of their own. */
const ENDS_SESSION = new Set(["logout", "changePassword", "deleteAccount"]);

describe("every operation of the API document, with generated inputs", () => {
  test("the document lists the operations to try", async () => {
    // The list is read inside each test below; this one fails first and clearly if the document is empty.
    expect(operations().length).toBeGreaterThan(50);
  });

  // vitest collects tests before beforeAll runs, so the operations are read from the committed copy to name the tests.
  const committed = JSON.parse(Deno.readTextFileSync("docs/openapi.json")) as Document;
  const names = Object.entries(committed.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)
  );

  test.each(names)("%s answers only declared statuses, never 500", async (name) => {
    const [method, path] = name.split(" ");
    const operation = document.paths[path]?.[method.toLowerCase()];
    expect(operation, `${name} is in the served document`).toBeDefined();
    const parameters = parametersOf(operation);
    const bodySchema = operation.requestBody?.content["application/json"]?.schema;
    const needsStudent = JSON.stringify(operation.security) === JSON.stringify([{ bearerAuth: [] }]);
    const declared = Object.keys(operation.responses).map(Number);

    const request = fc.record({
      values: fc.tuple(...parameters.map(choice)),
      body: bodySchema ? bodyChoice(bodySchema) : fc.constant(undefined),
      // Mostly signed in where a student is needed (else it is all 401s), half the time elsewhere.
      signedIn: needsStudent
        ? fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) })
        : fc.boolean(),
      address: fc.integer({ min: 1, max: 250 }),
      // Mostly as the site's own pages call; sometimes from another site's page, with a body that is not JSON, or asking for gzip.
      manner: fc.oneof(
        { weight: 6, arbitrary: fc.constant("own page" as const) },
        { weight: 1, arbitrary: fc.constantFrom("another site" as const, "text body" as const, "gzip" as const) },
      ),
    });

    await fc.assert(
      fc.asyncProperty(request, async ({ values, body, signedIn, address, manner }) => {
        let url = path;
        const query = new URLSearchParams();
        parameters.forEach((parameter, i) => {
          const { kind, value } = values[i];
          note(operation.operationId, `${parameter.in} ${parameter.name} ${kind}`);
          if (kind === "absent") return;
          if (parameter.in === "path") url = url.replace(`{${parameter.name}}`, pathSegment(queryValues(value)[0]));
          else for (const text of queryValues(value)) query.append(parameter.name, text);
        });
        if (query.size) url += `?${query}`;
        let token: string | undefined;
        if (signedIn) {
          token = ENDS_SESSION.has(operation.operationId)
            ? (await createStudent(t, `properties-${++students}@bu.edu`)).token
            : student.token;
        }
        const headers: Record<string, string> = {
          Origin: manner === "another site" ? "https://elsewhere.example" : ORIGIN,
        };
        if (token) headers.Authorization = `Bearer ${token}`;
        if (manner === "gzip") headers["Accept-Encoding"] = "gzip";
        let payload: string | undefined;
        if (body) {
          note(operation.operationId, `body ${body.kind}`);
          headers["Content-Type"] = manner === "text body" ? "text/plain" : "application/json";
          payload = body.raw ?? JSON.stringify(body.value);
        }
        // A different address per run, so the rate limits answer 429 only some of the time.
        const response = await t.app.request(
          url,
          { method, headers, body: payload },
          fromAddress(`198.51.100.${address}`),
        );
        expect(response.status, `${method} ${url}`).not.toBe(500);
        expect(declared, `${method} ${url} answered ${response.status}`).toContain(response.status);
        await response.body?.cancel();
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );

    for (const parameter of parameters) {
      for (const kind of ["valid", "invalid"]) {
        expect(sent.get(operation.operationId), `${name}: ${parameter.in} ${parameter.name} sent ${kind}`).toContain(
          `${parameter.in} ${parameter.name} ${kind}`,
        );
      }
    }
    if (bodySchema) {
      for (const kind of ["valid", "invalid"]) expect(sent.get(operation.operationId)).toContain(`body ${kind}`);
    }
  });
});

// The signed-in student is still signed in after the runs (no run ended the shared session).
test("the shared student's session outlived the runs", async () => {
  expect((await api(t, "/api/auth/me", { token: student.token })).status).toBe(200);
});

/**
 * The search and the Hub plan read their queries by hand (src/lib/search-filter.ts, src/lib/hub-plan.ts), and the document describes those
 * queries on its own: any query the document calls valid must be taken, never refused with 400.
 */
describe("queries read by hand take everything the document calls valid", () => {
  test.each(["/api/courses/search", "/api/users/hub-plan"])("GET %s", async (path) => {
    const parameters = parametersOf(document.paths[path].get);
    // The terms `offered` takes are the class schedule's, which the database holds and the document cannot list.
    const terms = (await t.deps.database.client.execute("SELECT code FROM terms")).rows.map((row) => String(row.code));
    const values = (parameter: Parameter) =>
      parameter.name === "offered" ? fc.constantFrom(...terms) : valid(parameter.schema);
    const query = fc.tuple(...parameters.map((parameter) => fc.option(values(parameter), { nil: undefined })));
    await fc.assert(
      fc.asyncProperty(query, async (values) => {
        const search = new URLSearchParams();
        parameters.forEach((parameter, i) => {
          if (values[i] !== undefined) {
            for (const text of queryValues(values[i])) search.append(parameter.name, text);
          }
        });
        const response = await api(t, `${path}?${search}`, { token: student.token });
        const answer = await response.json();
        expect(response.status, `${path}?${search}: ${answer.message}`).toBe(200);
      }),
      { seed: SEED, numRuns: RUNS * 2, endOnFailure: true },
    );
  });
});
