// JSON Schemas of the files an owner edits in data/, generated from the zod schemas the build validates with, so an
// editor checks and completes what the build will accept.
import { Business } from "./business.ts";
import { objectJsonSchema } from "./object-json-schema.ts";
import { ReviewInput } from "./review.ts";
import { SuppressedEntry } from "./suppressed.ts";

/** The repository folder the schemas are published in, and each schema's file there. */
export const SCHEMAS_DIR = "schemas";
const FILES = {
  "business.schema.json": { schema: Business, title: "data/business.json", dollarSchema: true },
  "review.schema.json": { schema: ReviewInput, title: "One line of data/reviews.jsonl", dollarSchema: false },
  "suppressed.schema.json": {
    schema: SuppressedEntry,
    title: "One line of data/suppressed.jsonl",
    dollarSchema: false,
  },
} as const;

/** Each schema file's name and its text (pretty-printed, newline-terminated). */
export function dataFileSchemas(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, { schema, title, dollarSchema }] of Object.entries(FILES)) {
    // The input side: what an owner writes.
    const json: { properties?: Record<string, unknown>; [k: string]: unknown } = objectJsonSchema(schema, "input");
    // business.json names its schema with "$schema", which the build ignores; it must not be an unknown key here.
    const properties = dollarSchema
      ? { $schema: { type: "string", description: "This schema's location, for editors" }, ...json.properties }
      : json.properties;
    const { $schema, ...rest } = json;
    out.set(name, JSON.stringify({ $schema, title, ...rest, properties }, null, 2) + "\n");
  }
  return out;
}
