// The tools in the order tools/list shows them, and their published definitions (JSON Schema built once per process):
// what the MCP endpoint lists and the developer page documents.
import { objectJsonSchema } from "../../schema/object-json-schema.ts";
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

export function toolDefinition(tool: Tool): ToolDefinition {
  return Object.freeze({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: objectJsonSchema(tool.input, "input"),
    outputSchema: objectJsonSchema(tool.output, "output"),
    // Read-only over the published data only: no side effects, nothing outside this service.
    annotations: Object.freeze({ title: tool.title, readOnlyHint: true, openWorldHint: false }),
  });
}

/** Name, title, description, input and output JSON Schemas and annotations of every tool, in tools/list order. */
export function toolDefinitions(tools: readonly Tool[] = TOOLS): readonly ToolDefinition[] {
  return Object.freeze(tools.map(toolDefinition));
}
