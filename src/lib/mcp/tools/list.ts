// The tools in the order tools/list shows them, and their published definitions for one release (its names in the
// descriptions and examples): what the MCP endpoint lists and the developer page documents.
import { getAspectSentiment } from "./aspects.ts";
import { getBusiness } from "./business.ts";
import { getReviewChanges } from "./changes.ts";
import { getTechnician, listServices, listTechnicians } from "./catalog.ts";
import type { ReleaseExamples } from "./examples.ts";
import { getInsights } from "./insights.ts";
import { inputSchema, type ObjectSchema, outputSchema } from "./published-schema.ts";
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
  inputSchema: ObjectSchema;
  outputSchema: ObjectSchema;
  annotations: Readonly<{ readOnlyHint: true; openWorldHint: false }>;
}>;

function toolDefinition(tool: Tool, ex: ReleaseExamples): ToolDefinition {
  return Object.freeze({
    name: tool.name,
    title: tool.title,
    description: tool.description(ex),
    inputSchema: inputSchema(tool.input, tool.examples?.(ex) ?? {}),
    outputSchema: outputSchema(tool.output),
    // Read-only over the published data only: no side effects, nothing outside this service. The title is the tool's
    // own (annotations.title would only repeat it).
    annotations: Object.freeze({ readOnlyHint: true, openWorldHint: false }),
  });
}

/** Every tool's definition for the release `ex` is drawn from, in tools/list order (a stable one: this list's). */
export function toolDefinitions(ex: ReleaseExamples, tools: readonly Tool[] = TOOLS): readonly ToolDefinition[] {
  return Object.freeze(tools.map((t) => toolDefinition(t, ex)));
}
