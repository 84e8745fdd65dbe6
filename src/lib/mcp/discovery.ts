// The MCP server card and the AI Catalog that points to it (the server-card extension's discovery text): where the
// endpoint is, which protocol revisions it speaks and which tools have an MCP App, readable before connecting.
import { MCP_APPS, UI_EXTENSION } from "./apps.ts";

export const SERVER_CARD_TYPE = "application/mcp-server-card+json";
const SERVER_CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";
/** The extension reserves `<streamable-http-url>/server-card`; the catalog is the site-wide document under /.well-known/. */
const MCP_PATH = "/mcp";
export const SERVER_CARD_PATH = `${MCP_PATH}/server-card`;
export const AI_CATALOG_PATH = "/.well-known/ai-catalog.json";
/** The card's short name, after the reverse-DNS namespace of the site. */
const SERVER_NAME = "reviews-service";

export type ServerIdentity = Readonly<{
  title: string;
  version: string;
  description: string;
  versions: readonly string[];
}>;

/** `localhost:4321` gives `localhost`, `reviews.example.com` gives `com.example.reviews`: the card's namespace. */
function reverseDnsName(siteUrl: string): string {
  return `${new URL(siteUrl).hostname.split(".").reverse().join(".")}/${SERVER_NAME}`;
}

export function serverCard(siteUrl: string, identity: ServerIdentity): Record<string, unknown> {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: reverseDnsName(siteUrl),
    title: identity.title,
    version: identity.version,
    description: identity.description,
    websiteUrl: new URL("/developers/", siteUrl).href,
    // Under the extension's id: which tools a host that renders apps shows an app for, and what each shows.
    _meta: {
      [UI_EXTENSION]: {
        apps: MCP_APPS.map((a) => ({ tool: a.tool, resourceUri: a.uri, title: a.title, shows: a.shows })),
      },
    },
    remotes: [
      {
        type: "streamable-http",
        url: new URL(MCP_PATH, siteUrl).href,
        supportedProtocolVersions: [...identity.versions],
      },
    ],
  };
}

export function aiCatalog(siteUrl: string): Record<string, unknown> {
  const host = new URL(siteUrl).hostname;
  return {
    specVersion: "1.0",
    entries: [
      {
        identifier: `urn:air:${host}:mcp:${SERVER_NAME}`,
        type: SERVER_CARD_TYPE,
        url: new URL(SERVER_CARD_PATH, siteUrl).href,
      },
    ],
  };
}
