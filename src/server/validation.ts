import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type * as z from "zod/mini";
import { fieldErrors } from "../lib/schemas.ts";

/**
 * zod validation with the project's error body: 400 `{ message, fields }`,
 * the first field's message on top (or `fallback` where docs/product.md shows no
 * message for a field). The same schema describes the parameter or body in
 * the OpenAPI document (GET /api/openapi.json).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.core.$ZodType>(
  target: Target,
  schema: Schema,
  fallback = "Invalid request.",
) {
  return validator(target, schema, (result, c) => {
    if (!result.success) {
      const fields = fieldErrors({ issues: result.error as z.core.$ZodIssue[] });
      return c.json({ message: Object.values(fields).find(Boolean) ?? fallback, fields }, 400);
    }
  });
}
