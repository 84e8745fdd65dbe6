// GET /mcp/server-card: the MCP server card (server-card extension), public and cacheable; its route adds the ETag.
import { SERVER_CARD_TYPE, serverCard } from "../../../src/lib/mcp/discovery.ts";
import { SERVER_DESCRIPTION, SERVER_INFO, SUPPORTED_VERSIONS } from "../protocol.ts";

/** The extension's CORS and caching advice: a card is public metadata any page may read. */
const HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET",
  "access-control-allow-headers": "Content-Type, If-None-Match",
  "access-control-expose-headers": "ETag",
  "cache-control": "public, max-age=3600",
};

/** The card is fixed for the process (it names the site, not the release): built once, answered from memory. */
export function serverCardHandler(siteUrl: string): () => Response {
  const body = JSON.stringify(
    serverCard(siteUrl, {
      title: SERVER_INFO.title,
      version: SERVER_INFO.version,
      description: SERVER_DESCRIPTION,
      versions: SUPPORTED_VERSIONS,
    }),
  );
  return () => new Response(body, { headers: { ...HEADERS, "content-type": SERVER_CARD_TYPE } });
}
