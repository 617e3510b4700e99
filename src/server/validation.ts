import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type * as z from "zod/mini";
import { fieldErrors } from "../lib/schemas.ts";

/**
 * zod validation with the project's error body: 400 `{ message, fields }`,
 * the first field's message on top (or `fallback` where docs/product.md shows no
 * message for a field).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.core.$ZodType>(
  target: Target,
  schema: Schema,
  fallback = "Invalid request.",
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const fields = fieldErrors(result.error as z.core.$ZodError);
      return c.json({ message: Object.values(fields).find(Boolean) ?? fallback, fields }, 400);
    }
  });
}
