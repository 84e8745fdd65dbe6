// The MCP tools as the developer page documents them: from the MCP server's own tool list when given, else the contract's two tools.
import { deref, type OpenApi, type ParamView, typeOf } from "./openapi-view.ts";

export type McpToolDoc = Readonly<{ name: string; title: string | null; description: string; arguments: readonly ParamView[] }>;

/** What an MCP server lists in tools/list: the shape sidecar/mcp/ exposes. */
export type McpToolDefinition = Readonly<{ name: string; title?: string; description?: string; inputSchema?: Record<string, unknown> }>;

/**
 * `tools` is the server's tool list (sidecar/mcp/, once it exists); without it the page documents the
 * two tools the contract names, with search_reviews' arguments taken from the HTTP search it mirrors.
 */
export function mcpToolDocs(doc: OpenApi, tools?: readonly McpToolDefinition[]): McpToolDoc[] {
  if (tools) return tools.map((t) => ({ name: t.name, title: t.title ?? null, description: t.description ?? "", arguments: argumentsOf(t.inputSchema ?? {}) }));
  const search = (doc.paths["/api/reviews/search"]?.["get"] ?? {}) as { parameters?: unknown[] };
  const searchArgs = (search.parameters ?? []).map((raw) => {
    const p = deref(doc, raw);
    return { name: String(p["name"]), where: "arguments", required: false, type: typeOf(p["schema"] as Record<string, unknown>), description: String(p["description"] ?? "") };
  });
  return [
    { name: "get_business", title: "Get the business", description: "Business metadata, its catalog (technicians, services, service areas) and the aggregate rating. Takes no arguments.", arguments: [] },
    {
      name: "search_reviews",
      title: "Search reviews",
      description: "The MCP twin of `GET /api/reviews/search`: the same filters and semantics, given as JSON values; the same call returns the same reviews in the same order.",
      arguments: searchArgs,
    },
  ];
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
