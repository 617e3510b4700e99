/**
 * What a new version of the API document breaks for a client written against
 * the old one: an operation, a status or a field of an answer gone, or an
 * input newly required. Additions break nothing. `deno task openapi` refuses
 * to write a document that breaks something, and asks for a higher version
 * when anything changed.
 */
type Json = Record<string, unknown>;
export type ApiDocument = {
  info: { version: string };
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
};

function resolve(document: ApiDocument, schema: unknown): Json {
  const ref = (schema as Json | undefined)?.$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    return resolve(document, document.components?.schemas?.[ref.slice("#/components/schemas/".length)]);
  }
  return (schema ?? {}) as Json;
}

/** The fields an answer's schema promises, as paths ("content[].title"). */
function answerFields(document: ApiDocument, schema: unknown, at = "", seen = new Set<unknown>()): Set<string> {
  const fields = new Set<string>();
  const resolved = resolve(document, schema);
  if (seen.has(resolved)) return fields;
  seen.add(resolved);
  const properties = (resolved.properties ?? {}) as Record<string, unknown>;
  for (const [name, property] of Object.entries(properties)) {
    const path = at ? `${at}.${name}` : name;
    fields.add(path);
    for (const inner of answerFields(document, property, path, seen)) fields.add(inner);
  }
  if (resolved.items) {
    for (const inner of answerFields(document, resolved.items, `${at}[]`, seen)) fields.add(inner);
  }
  // Only a schema within itself is cut short; the same schema under another field is walked again.
  seen.delete(resolved);
  return fields;
}

function requiredInputs(document: ApiDocument, operation: Json): Set<string> {
  const inputs = new Set<string>();
  for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
    if (parameter.required) inputs.add(`${parameter.in} ${parameter.name}`);
  }
  const body = resolve(
    document,
    ((operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.["application/json"]
      ?.schema,
  );
  for (const name of (body.required as string[] | undefined) ?? []) inputs.add(`body ${name}`);
  return inputs;
}

/** Each change from `before` to `after` that a client of `before` would notice, in words. */
export function breakingChanges(before: ApiDocument, after: ApiDocument): string[] {
  const problems: string[] = [];
  for (const [path, operations] of Object.entries(before.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const call = `${method.toUpperCase()} ${path}`;
      const next = after.paths[path]?.[method];
      if (!next) {
        problems.push(`${call} is gone`);
        continue;
      }
      const was = requiredInputs(before, operation);
      for (const input of requiredInputs(after, next)) {
        if (!was.has(input)) problems.push(`${call} now requires ${input}`);
      }
      const responses = operation.responses as Record<string, Json>;
      const nextResponses = next.responses as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        if (!nextResponses[status]) {
          problems.push(`${call} no longer answers ${status}`);
          continue;
        }
        const schemaOf = (r: Json) => ((r.content as Record<string, Json> | undefined)?.["application/json"])?.schema;
        const kept = answerFields(after, schemaOf(nextResponses[status]));
        for (const field of answerFields(before, schemaOf(response))) {
          if (!kept.has(field)) problems.push(`${call} ${status} lost ${field}`);
        }
      }
    }
  }
  return problems;
}

/** Whether `after` is a higher version than `before` (major.minor.patch, compared as numbers). */
export function versionRaised(before: string, after: string): boolean {
  const a = before.split(".").map(Number);
  const b = after.split(".").map(Number);
  for (let i = 0; i < 3; i++) if ((b[i] ?? 0) !== (a[i] ?? 0)) return (b[i] ?? 0) > (a[i] ?? 0);
  return false;
}
