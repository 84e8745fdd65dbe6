// GET /mcp/server-card: the MCP server card (server-card extension), public, cacheable and revalidated by ETag.
import { createHash } from "node:crypto";
import { SERVER_CARD_TYPE, serverCard } from "../../../src/lib/mcp/discovery.ts";
import { matchesEtag } from "../../http/conditional.ts";
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
export function serverCardHandler(siteUrl: string): (req: Request) => Response {
  const body = JSON.stringify(
    serverCard(siteUrl, {
      title: SERVER_INFO.title,
      version: SERVER_INFO.version,
      description: SERVER_DESCRIPTION,
      versions: SUPPORTED_VERSIONS,
    }),
  );
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
  return (req) => {
    const ifNoneMatch = req.headers.get("if-none-match");
    if (ifNoneMatch !== null && matchesEtag(ifNoneMatch, etag, false))
      return new Response(null, { status: 304, headers: { ...HEADERS, etag } });
    return new Response(req.method === "HEAD" ? null : body, {
      headers: { ...HEADERS, etag, "content-type": SERVER_CARD_TYPE },
    });
  };
}
