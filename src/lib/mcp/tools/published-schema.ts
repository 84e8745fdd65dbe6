// The JSON Schemas a tool publishes in tools/list, kept small: an agent reads every byte of them on every connection.
import type { z } from "zod";
import { objectJsonSchema } from "../../schema/object-json-schema.ts";

type Json = Record<string, unknown>;
export type ObjectSchema = { type: "object"; [k: string]: unknown };

/**
 * Depth of the published output schemas: the result's members and theirs. Deeper records (a review, the business) are
 * typed as objects; their fields are the OpenAPI document's schemas of the same names, and the tool description says
 * what they hold.
 */
const OUTPUT_DEPTH = 2;
const OUTPUT_KEYS = ["type", "format", "enum", "const", "minimum", "maximum", "required"] as const;

/** The arguments' schema: every rule kept, with `examples` from the release; minus what only repeats a rule. */
export function inputSchema(input: z.ZodType, examples: Readonly<Record<string, readonly unknown[]>>): ObjectSchema {
  const schema = lean(objectJsonSchema(input, "input")) as ObjectSchema;
  const properties = (schema["properties"] ?? {}) as Record<string, Json>;
  for (const [name, values] of Object.entries(examples)) {
    const property = properties[name];
    if (!property) throw new Error(`examples for ${name}, which is no argument of this tool`);
    if (values.length > 0) property["examples"] = [...values];
  }
  return schema;
}

/** The result's schema, OUTPUT_DEPTH levels deep, with its references resolved and no descriptions. */
export function outputSchema(output: z.ZodType): ObjectSchema {
  const full = objectJsonSchema(output, "output");
  const definitions = (full["definitions"] ?? {}) as Record<string, Json>;
  return shallow(full, definitions, OUTPUT_DEPTH) as ObjectSchema;
}

function shallow(node: Json, definitions: Record<string, Json>, depth: number): Json {
  let s = node;
  for (let hops = 0; typeof s["$ref"] === "string" && hops < 16; hops++)
    s = definitions[s["$ref"].replace("#/definitions/", "")] ?? {};
  const alternatives = (s["anyOf"] ?? s["oneOf"]) as Json[] | undefined;
  if (alternatives) {
    const parts = alternatives.map((a) => shallow(a, definitions, depth));
    const types = parts.map((p) => (Object.keys(p).length === 1 && typeof p["type"] === "string" ? p["type"] : null));
    return types.every((t) => t !== null) ? { type: [...new Set(types)] } : { anyOf: parts };
  }
  const out: Json = {};
  for (const key of OUTPUT_KEYS) if (key in s && (depth > 0 || key === "type")) out[key] = s[key];
  // Which members are always there matters for the result itself; below it the type is enough.
  if (depth < OUTPUT_DEPTH) delete out["required"];
  if (depth > 0 && s["properties"]) {
    const props = Object.entries(s["properties"] as Record<string, Json>);
    out["properties"] = Object.fromEntries(props.map(([k, v]) => [k, shallow(v, definitions, depth - 1)]));
  }
  if (depth > 0 && s["items"]) out["items"] = shallow(s["items"] as Json, definitions, depth - 1);
  return lean(out);
}

/**
 * Without what says nothing to a client: the `$schema` line, integer bounds that are only JavaScript's safe range, and
 * the regular expression zod writes beside `format: date` (the format is the rule).
 */
function lean(schema: Json): Json {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== "object") return v;
    const o = v as Json;
    const out: Json = {};
    for (const [k, x] of Object.entries(o)) {
      if (k === "$schema") continue;
      if (k === "pattern" && o["format"] === "date") continue;
      if (k === "maximum" && x === Number.MAX_SAFE_INTEGER) continue;
      if (k === "minimum" && x === Number.MIN_SAFE_INTEGER) continue;
      out[k] = walk(x);
    }
    return out;
  };
  return walk(schema) as Json;
}
