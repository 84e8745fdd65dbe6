// The MCP tools as the developer page documents them, from the MCP server's own tool list.
import { type ParamView, typeOf } from "./openapi-view.ts";

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
    arguments: argumentsOf(t.inputSchema ?? {}),
  }));
}

function argumentsOf(schema: Record<string, unknown>): ParamView[] {
  const required = new Set((schema["required"] as string[] | undefined) ?? []);
  return Object.entries((schema["properties"] ?? {}) as Record<string, Record<string, unknown>>).map(([name, s]) => ({
    name,
    where: "arguments",
    required: required.has(name),
    type: typeOf(s),
    description: typeof s["description"] === "string" ? s["description"] : "",
  }));
}
