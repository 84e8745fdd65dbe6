// GET /.well-known/ai-catalog.json: the site's AI Catalog, whose one entry points to the MCP server card.
import type { APIRoute } from "astro";
import { site as built } from "virtual:reviews-service/site";
import { aiCatalog } from "../../lib/mcp/discovery.ts";

export const GET: APIRoute = () => {
  const { origin } = built;
  return new Response(JSON.stringify(aiCatalog(origin)), {
    headers: { "Content-Type": "application/ai-catalog+json" },
  });
};
