// zod schemas to OpenAPI 3.1 Schema Objects: `$ref`s into components.schemas, the components themselves, and parameter schemas.
import { z } from "zod";

export type JsonObject = { [key: string]: unknown };
export type Io = "input" | "output";

const COMPONENTS = "#/components/schemas/";

/** The component name of a schema: its `.meta({id})`. */
function schemaId(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id !== "string" || !/^[A-Za-z0-9._-]+$/.test(id)) {
    throw new Error(
      `OpenAPI: a schema used as a component needs .meta({ id: "Name" }) (letters, digits, '.', '_', '-'); got id ${JSON.stringify(id)}`,
    );
  }
  return id;
}

/**
 * Collects the schemas a document refers to, so that components.schemas holds exactly those (and the
 * schemas with an id they contain), each once. Responses are converted as zod *outputs* (what the
 * service writes), request bodies as *inputs* (what a client may send).
 */
export class SchemaRefs {
  readonly #roots: Record<Io, Map<string, z.ZodType>> = { input: new Map(), output: new Map() };

  ref(schema: z.ZodType, io: Io = "output"): JsonObject {
    const id = schemaId(schema);
    const known = this.#roots[io].get(id);
    if (known && known !== schema) throw new Error(`OpenAPI: two different schemas share the id "${id}"`);
    this.#roots[io].set(id, schema);
    return { $ref: COMPONENTS + id };
  }

  /** components.schemas, sorted by name. */
  components(): Record<string, JsonObject> {
    const merged: Record<string, JsonObject> = {};
    for (const io of ["output", "input"] as const) {
      for (const [id, schema] of Object.entries(convertAll(this.#roots[io], io))) {
        if (id in merged && JSON.stringify(merged[id]) !== JSON.stringify(schema)) {
          throw new Error(
            `OpenAPI: schema "${id}" differs between requests and responses; give the request variant its own id`,
          );
        }
        merged[id] = schema;
      }
    }
    return Object.fromEntries(
      Object.keys(merged)
        .sort()
        .map((id) => [id, merged[id]!]),
    );
  }
}

// One conversion for all roots, so that every schema with an id ends up in $defs exactly once.
function convertAll(roots: Map<string, z.ZodType>, io: Io): Record<string, JsonObject> {
  if (roots.size === 0) return {};
  const holder = z.object(Object.fromEntries(roots));
  const json = z.toJSONSchema(holder, {
    target: "draft-2020-12",
    io,
    unrepresentable: "throw",
    cycles: "ref",
    reused: "inline",
  }) as JsonObject;
  const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
  for (const id of Object.keys(defs)) {
    if (id.startsWith("__schema"))
      throw new Error(`OpenAPI: a recursive schema without an id was found; give it .meta({ id })`);
  }
  return rewriteRefs(defs) as Record<string, JsonObject>;
}

/** The Schema Object of one parameter, with its description lifted out (it belongs on the Parameter Object). */
export function parameterSchema(schema: z.ZodType, io: Io = "output"): { schema: JsonObject; description?: string } {
  const json = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "throw",
    reused: "inline",
  }) as JsonObject;
  const { $schema: _dialect, description, ...rest } = rewriteRefs(json) as JsonObject;
  if ("$defs" in rest || JSON.stringify(rest).includes('"$ref"')) {
    throw new Error("OpenAPI: parameter schemas must be self-contained (no schema with an id inside)");
  }
  return typeof description === "string" ? { schema: rest, description } : { schema: rest };
}

/** Points `$defs` references at components.schemas, and drops the safe-integer bounds zod puts on every `z.int()` (noise to a reader). */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== "object") return value;
  const out: JsonObject = {};
  const tupleItems = closedTupleItems(value as JsonObject);
  for (const [key, v] of Object.entries(value)) {
    if (key === "items" && tupleItems !== undefined) {
      out[key] = rewriteRefs(tupleItems);
      continue;
    }
    if (key === "minimum" && v === Number.MIN_SAFE_INTEGER) continue;
    if (key === "maximum" && v === Number.MAX_SAFE_INTEGER) continue;
    out[key] =
      key === "$ref" && typeof v === "string" && v.startsWith("#/$defs/")
        ? COMPONENTS + v.slice("#/$defs/".length)
        : rewriteRefs(v);
  }
  return out;
}

/**
 * A fixed-length tuple's `items` written as its members' common schema instead of `false`: `maxItems` already forbids
 * more, so the two say the same, and tools that want an `items` schema on every array (Spectral's array-items) accept it.
 */
function closedTupleItems(schema: JsonObject): unknown {
  const prefix = schema["prefixItems"];
  if (schema["items"] !== false || !Array.isArray(prefix) || prefix.length === 0) return undefined;
  if (schema["maxItems"] !== prefix.length) return undefined;
  const first = JSON.stringify(prefix[0]);
  return prefix.every((p) => JSON.stringify(p) === first) ? prefix[0] : undefined;
}
