// The MCP tools as the developer page documents them, from the MCP server's own tool list.
import { objectFields, type ParamView } from "./openapi-view.ts";

export type McpToolDoc = Readonly<{
  name: string;
  title: string | null;
  description: string;
  arguments: readonly ParamView[];
}>;

/** What an MCP server lists in tools/list: the shape sidecar/mcp/ exposes. */
export type McpToolDefinition = Readonly<{
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}>;

/** The developer page's view of the server's own tool list, so the docs cannot drift from tools/list. */
export function mcpToolDocs(tools: readonly McpToolDefinition[]): McpToolDoc[] {
  return tools.map((t) => ({
    name: t.name,
    title: t.title ?? null,
    description: t.description ?? "",
    arguments: objectFields(t.inputSchema ?? {}).map((f) => ({ ...f, where: "arguments" })),
  }));
}
