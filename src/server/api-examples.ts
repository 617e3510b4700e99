/**
 * An example of each answer in the OpenAPI document, taken from the demo
 * catalog as a fresh start serves it (CAS CS 111 and its reviews), lists cut
 * to a few items. tests/api/openapi.test.ts checks each against its schema.
 */
import examples from "./openapi-examples.json" with { type: "json" };

export const EXAMPLES = examples;
