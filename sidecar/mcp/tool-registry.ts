// The MCP tools of the release being answered from: their definitions (built once per release, since they quote its
// names) and the call dispatch, arguments checked against each tool's schema, results kept per release.
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

export type ToolRegistry = Readonly<{
  /** The tools as tools/list shows them for the release `data` comes from, always in the same order. */
  definitions: (data: Snapshot) => readonly ToolDefinition[];
  names: readonly string[];
  has: (name: string) => boolean;
  /** Runs a known tool: arguments checked against its schema, then answered from the snapshot `data()` gives. */
  call: (name: string, args: unknown, data: () => Snapshot) => ToolCallResult;
}>;

/** Results kept per registry: tools are pure functions of (arguments, release), so a repeated call reuses the answer. */
const RESULT_CACHE_BYTES = 32 * 2 ** 20;
/** Definitions of a few releases: the current one, and the one before while sessions move over. */
const DEFINITIONS_CACHE_BYTES = 2 ** 20;
/** Arguments longer than this as JSON are answered but not kept (the key would cost more than it saves). */
const MAX_KEY_ARGS_CHARS = 4096;

/** Least recently used first out once `bytes` are held; no one entry takes more than a quarter of them. */
const byteBounded = <V extends object>(bytes: number) =>
  new LRUCache<string, V>({ maxSize: bytes, maxEntrySize: bytes / 4 });

export function createToolRegistry(tools: readonly Tool[] = TOOLS): ToolRegistry {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const results = byteBounded<ToolCallResult>(RESULT_CACHE_BYTES);
  const known = new Map(tools.map((t) => [t.name, argumentNames(t.input)]));
  const definitions = byteBounded<readonly ToolDefinition[]>(DEFINITIONS_CACHE_BYTES);
  return Object.freeze({
    definitions: (data: Snapshot) => {
      const cached = definitions.get(data.releaseId);
      if (cached) return cached;
      const built = toolDefinitions(snapshotExamples(data), tools);
      definitions.set(data.releaseId, built, { size: 2 * JSON.stringify(built).length });
      return built;
    },
    names: Object.freeze(tools.map((t) => t.name)),
    has: (name: string) => byName.has(name),
    call: (name: string, args: unknown, data: () => Snapshot): ToolCallResult => {
      const tool = byName.get(name);
      if (!tool) throw new Error(`unknown tool ${name}`);
      const snapshot = data();
      // While a new release is being indexed, the index and the files served belong to different releases: an answer
      // then mixes both, so it is not kept.
      const settled = snapshot.servedReleaseId === snapshot.releaseId;
      // Keyed by the arguments as sent: a repeated call skips the schema check too (it would pass as it did before).
      const sent = argumentsKey(args);
      const key = sent === undefined ? undefined : `${snapshot.releaseId}\n${name}\n${sent}`;
      const cached = settled && key !== undefined ? results.get(key) : undefined;
      if (cached) return cached;
      const parsed = tool.input.safeParse(args ?? {});
      if (!parsed.success)
        return errorResult(issuesText(name, toToolIssues(parsed.error.issues, known.get(name) ?? [])));
      const outcome = tool.run(parsed.data, snapshot);
      if (outcome.ok) {
        const text = JSON.stringify(outcome.value);
        const result = { content: [{ type: "text" as const, text }], structuredContent: outcome.value };
        // The text and the object it was made from, roughly, and the key.
        if (settled && key !== undefined) results.set(key, result, { size: 4 * text.length + 2 * key.length });
        return result;
      }
      return errorResult("issues" in outcome ? issuesText(name, outcome.issues) : `${name}: ${outcome.unavailable}`);
    },
  });
}

/** The arguments as JSON when short enough to keep; undefined for nesting too deep to serialise (the schema refuses it). */
function argumentsKey(args: unknown): string | undefined {
  try {
    const sent = JSON.stringify(args ?? {});
    return sent.length <= MAX_KEY_ARGS_CHARS ? sent : undefined;
  } catch {
    return undefined;
  }
}

const errorResult = (text: string): ToolCallResult => ({ content: [{ type: "text", text }], isError: true });

function argumentNames(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}
