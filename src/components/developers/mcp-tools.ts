// The MCP tools as the developer page documents them, from the MCP server's own tool list.
import { objectFields } from "./openapi-view.ts";

export type McpToolDoc = ReturnType<typeof mcpToolDocs>[number];

/** What an MCP server lists in tools/list: the shape sidecar/mcp/ exposes. */
export type McpToolDefinition = Readonly<{
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}>;

/** The developer page's view of the server's own tool list, so the docs cannot drift from tools/list. */
export function mcpToolDocs(tools: readonly McpToolDefinition[]) {
  return tools.map((t) => ({
    name: t.name,
    title: t.title ?? null,
    description: t.description ?? "",
    arguments: objectFields(t.inputSchema ?? {}).map((f) => ({ ...f, where: "arguments" })),
  }));
}
