// The tools in the order tools/list shows them, and their published definitions (JSON Schema built once per process):
// what the MCP endpoint lists and the developer page documents.
import { z } from "zod";
import { getAspectSentiment } from "./aspects.ts";
import { getBusiness } from "./business.ts";
import { getReviewChanges } from "./changes.ts";
import { getTechnician, listServices, listTechnicians } from "./catalog.ts";
import { getInsights } from "./insights.ts";
import { getRatingSummary } from "./ratings.ts";
import { getReview } from "./review.ts";
import { searchReviewsTool } from "./search.ts";
import { getReviewsSince } from "./since.ts";
import type { Tool } from "./tool.ts";

export const TOOLS: readonly Tool[] = [
  getBusiness,
  searchReviewsTool,
  getReviewsSince,
  getReviewChanges,
  getReview,
  getRatingSummary,
  getInsights,
  getAspectSentiment,
  getTechnician,
  listTechnicians,
  listServices,
];

/** A tool as tools/list publishes it. */
export type ToolDefinition = Readonly<{
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; [k: string]: unknown };
  outputSchema: { type: "object"; [k: string]: unknown };
  annotations: Readonly<{ title: string; readOnlyHint: true; openWorldHint: false }>;
}>;

/** JSON Schema draft-07, as the SDK's own McpServer publishes zod schemas (its clients validate with Ajv's default draft). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): { type: "object"; [k: string]: unknown } {
  let out = z.toJSONSchema(schema, { target: "draft-07", io, unrepresentable: "any" }) as Record<string, unknown>;
  out = inlineRoot(out);
  if (out["type"] !== "object") throw new Error(`a tool's ${io} schema must be an object schema`);
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

export function toolDefinition(tool: Tool): ToolDefinition {
  return Object.freeze({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.input, "input"),
    outputSchema: jsonSchema(tool.output, "output"),
    // Read-only over the published data only: no side effects, nothing outside this service.
    annotations: Object.freeze({ title: tool.title, readOnlyHint: true, openWorldHint: false }),
  });
}

/** Name, title, description, input and output JSON Schemas and annotations of every tool, in tools/list order. */
export function toolDefinitions(tools: readonly Tool[] = TOOLS): readonly ToolDefinition[] {
  return Object.freeze(tools.map(toolDefinition));
}
