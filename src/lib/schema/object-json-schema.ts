// A zod object schema as a JSON Schema document: for MCP tool definitions and for the data files' published schemas.
import { z } from "zod";

/**
 * JSON Schema draft-07 of an object schema, its root inlined: the draft the MCP SDK's own McpServer publishes zod schemas
 * in (its clients validate with Ajv's default draft) and editors validate JSON files with most widely.
 */
export function objectJsonSchema(schema: z.ZodType, io: "input" | "output"): { type: "object"; [k: string]: unknown } {
  let out = z.toJSONSchema(schema, { target: "draft-07", io, unrepresentable: "any" }) as Record<string, unknown>;
  out = inlineRoot(out);
  if (out["type"] !== "object") throw new Error(`an ${io} schema must be an object schema`);
  return out as { type: "object"; [k: string]: unknown };
}

/** A schema registered with an id (e.g. SearchResult) comes out as a bare $ref; MCP wants the object schema at the root. */
function inlineRoot(out: Record<string, unknown>): Record<string, unknown> {
  const ref = out["$ref"];
  const defs = out["definitions"] as Record<string, Record<string, unknown>> | undefined;
  if (typeof ref !== "string" || !defs || !ref.startsWith("#/definitions/")) return out;
  const name = ref.slice("#/definitions/".length);
  const { [name]: root, ...rest } = defs;
  if (!root || JSON.stringify(rest).includes(`"${ref}"`)) return out;
  return { $schema: out["$schema"], ...root, ...(Object.keys(rest).length ? { definitions: rest } : {}) };
}
