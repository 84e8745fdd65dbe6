// The MCP tools of the release being answered from: their definitions (built once per release, since they quote its
// names) and the call dispatch, arguments checked against each tool's schema.
import type { z } from "zod";
import { issuesText, toToolIssues } from "../../src/lib/mcp/tools/args.ts";
import { snapshotExamples } from "../../src/lib/mcp/tools/examples.ts";
import { TOOLS, type ToolDefinition, toolDefinitions } from "../../src/lib/mcp/tools/list.ts";
import type { Tool } from "../../src/lib/mcp/tools/tool.ts";
import type { Snapshot } from "../../src/lib/mcp/snapshot.ts";
import { LRUCache } from "lru-cache";

type ToolCallResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

export type ToolRegistry = ReturnType<typeof createToolRegistry>;

/** Definitions of a few releases: the current one, and the one before while sessions move over. */
const DEFINITIONS_CACHE_BYTES = 2 ** 20;

export function createToolRegistry(tools: readonly Tool[] = TOOLS) {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const known = new Map(tools.map((t) => [t.name, argumentNames(t.input)]));
  const definitions = new LRUCache<string, readonly ToolDefinition[]>({
    maxSize: DEFINITIONS_CACHE_BYTES,
    maxEntrySize: DEFINITIONS_CACHE_BYTES / 4,
  });
  return Object.freeze({
    /** The tools as tools/list shows them for the release `data` comes from, always in the same order. */
    definitions: (data: Snapshot): readonly ToolDefinition[] => {
      const cached = definitions.get(data.releaseId);
      if (cached) return cached;
      const built = toolDefinitions(snapshotExamples(data), tools);
      definitions.set(data.releaseId, built, { size: 2 * JSON.stringify(built).length });
      return built;
    },
    names: Object.freeze(tools.map((t) => t.name)),
    has: (name: string) => byName.has(name),
    /** Runs a known tool: arguments checked against its schema, then answered from the snapshot `data()` gives. */
    call: (name: string, args: unknown, data: () => Snapshot): ToolCallResult => {
      const tool = byName.get(name);
      if (!tool) throw new Error(`unknown tool ${name}`);
      const parsed = tool.input.safeParse(args ?? {});
      if (!parsed.success)
        return errorResult(issuesText(name, toToolIssues(parsed.error.issues, known.get(name) ?? [])));
      const outcome = tool.run(parsed.data, data());
      if (outcome.ok)
        return { content: [{ type: "text", text: JSON.stringify(outcome.value) }], structuredContent: outcome.value };
      return errorResult("issues" in outcome ? issuesText(name, outcome.issues) : `${name}: ${outcome.unavailable}`);
    },
  });
}

const errorResult = (text: string): ToolCallResult => ({ content: [{ type: "text", text }], isError: true });

function argumentNames(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}
