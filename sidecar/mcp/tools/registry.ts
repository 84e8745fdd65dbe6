// The tools in the order tools/list shows them, their published definitions (JSON Schema built once per process) and the call dispatch.
import { z } from "zod";
import { createLru } from "../../http/lru.ts";
import type { Snapshot } from "../data/snapshot.ts";
import { issuesText, toToolIssues } from "./args.ts";
import { getAspectSentiment } from "./aspects.ts";
import { getBusiness } from "./business.ts";
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

function definition(tool: Tool): ToolDefinition {
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

export type ToolCallResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

export type ToolRegistry = Readonly<{
  definitions: readonly ToolDefinition[];
  has: (name: string) => boolean;
  /** Runs a known tool: arguments checked against its schema, then answered from the snapshot `data()` gives. */
  call: (name: string, args: unknown, data: () => Snapshot) => Promise<ToolCallResult>;
}>;

/** Results kept per registry: tools are pure functions of (arguments, release), so a repeated call reuses the answer. */
const RESULT_CACHE_BYTES = 32 * 2 ** 20;

export function createToolRegistry(tools: readonly Tool[] = TOOLS): ToolRegistry {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const results = createLru<ToolCallResult>(RESULT_CACHE_BYTES);
  const known = new Map(tools.map((t) => [t.name, argumentNames(t.input)]));
  const definitions = Object.freeze(tools.map(definition));
  return Object.freeze({
    definitions,
    has: (name: string) => byName.has(name),
    call: async (name: string, args: unknown, data: () => Snapshot): Promise<ToolCallResult> => {
      const tool = byName.get(name);
      if (!tool) throw new Error(`unknown tool ${name}`);
      const parsed = tool.input.safeParse(args ?? {});
      if (!parsed.success)
        return errorResult(issuesText(name, toToolIssues(parsed.error.issues, known.get(name) ?? [])));
      const snapshot = data();
      // While a new release is being indexed, the index and the files served belong to different releases: an answer
      // then mixes both, so it is not kept.
      const settled = snapshot.release.id === snapshot.releaseId;
      const key = `${snapshot.releaseId}\n${name}\n${JSON.stringify(parsed.data)}`;
      const cached = settled ? results.get(key) : undefined;
      if (cached) return cached;
      const outcome = tool.run(parsed.data, snapshot);
      if (outcome.ok) {
        const text = JSON.stringify(outcome.value);
        const result = { content: [{ type: "text" as const, text }], structuredContent: outcome.value };
        // The text and the object it was made from, roughly.
        if (settled) results.set(key, result, 4 * text.length);
        return result;
      }
      return errorResult("issues" in outcome ? issuesText(name, outcome.issues) : `${name}: ${outcome.unavailable}`);
    },
  });
}

const errorResult = (text: string): ToolCallResult => ({ content: [{ type: "text", text }], isError: true });

function argumentNames(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}
