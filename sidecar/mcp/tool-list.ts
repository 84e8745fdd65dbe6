// The MCP tools as tools/list publishes them, for the developer page (src/components/developers/mcp-tools.ts): no I/O, no session.
import { createToolRegistry, type ToolDefinition } from "./tools/registry.ts";

export type { ToolDefinition };

/** Name, title, description, input and output JSON Schemas and annotations of every tool, in tools/list order. */
export function mcpToolDefinitions(): readonly ToolDefinition[] {
  return createToolRegistry().definitions;
}
