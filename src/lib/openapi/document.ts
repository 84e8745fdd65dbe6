// The OpenAPI 3.1.0 document served at /.well-known/openapi.json: a pure function of the site's origin and business metadata.
import type { Business } from "../schema/business.ts";
import { siteUrls } from "../site-urls.ts";
import { httpComponents } from "./http.ts";
import { type JsonObject, SchemaRefs } from "./json-schema.ts";
import { mcpPaths } from "./mcp-paths.ts";
import { searchPaths } from "./search-paths.ts";
import { staticPaths } from "./static-paths.ts";
import { websubPaths, websubWebhooks } from "./websub-paths.ts";

const API_VERSION = "1.0.0";

export type OpenApiOptions = {
  /** Public origin (SITE_URL), e.g. `https://reviews.example.com`. */
  siteUrl: string;
  /** The publisher: title and contact come from it. */
  business: Pick<Business, "name" | "url" | "email">;
  /** License of the API description and data, e.g. `{ name: "MIT", identifier: "MIT" }`; omitted when not given. */
  license?: { name: string; identifier?: string; url?: string };
};

const TAGS = [
  { name: "Datasets", description: "The full data as static JSON files with content-hash ETags" },
  { name: "Feeds", description: "JSON Feed 1.1 and Atom feeds of the newest reviews (WebSub topics)" },
  { name: "Search", description: "Filtered and incremental reads over the reviews dataset, and its change feed" },
  { name: "MCP", description: "Model Context Protocol server with read-only tools over the same data" },
  { name: "WebSub", description: "Push notifications: the hub, and the requests it sends to subscribers" },
  { name: "Discovery", description: "Machine-readable description of the service" },
];

/** Same options, same document: key order included. */
export function openApiDocument(options: OpenApiOptions): JsonObject {
  const origin = checkedOrigin(options.siteUrl);
  const urls = siteUrls(origin);
  const refs = new SchemaRefs();
  const { business } = options;

  const paths = {
    ...staticPaths(refs),
    ...searchPaths(refs),
    ...mcpPaths(refs),
    ...websubPaths(refs, { reviews: urls.reviews, jsonFeed: urls.jsonFeed }),
  };
  const ordered = Object.fromEntries(PATH_ORDER.map((p) => [p, paths[p as keyof typeof paths]]));
  const webhooks = websubWebhooks(refs);
  const { headers, parameters, responses } = httpComponents(refs);

  return {
    openapi: "3.1.0",
    info: {
      title: `${business.name} reviews API`,
      version: API_VERSION,
      summary: `Verified customer reviews of ${business.name}: datasets, feeds, search, MCP and WebSub`,
      description: description(business.name),
      contact: { name: business.name, url: business.url, ...(business.email ? { email: business.email } : {}) },
      ...(options.license ? { license: options.license } : {}),
    },
    servers: [{ url: origin, description: "This deployment" }],
    security: [],
    tags: TAGS,
    paths: ordered,
    webhooks,
    components: { schemas: refs.components(), parameters, headers, responses },
  };
}

// The contract's order, then the document itself.
const PATH_ORDER = [
  "/reviews.json",
  "/insights.json",
  "/api/feed.json",
  "/feed.xml",
  "/api/reviews/search",
  "/api/reviews/since/{date}",
  "/api/reviews/changes",
  "/mcp",
  "/api/websub/hub",
  "/.well-known/openapi.json",
];

function checkedOrigin(siteUrl: string): string {
  const url = URL.parse(siteUrl);
  if (url?.protocol !== "https:" && url?.protocol !== "http:")
    throw new TypeError(
      `openApiDocument: expected siteUrl to be an absolute http(s) URL, got ${JSON.stringify(siteUrl)}`,
    );
  return url.origin;
}

function description(name: string): string {
  return `Read-only access to the verified customer reviews of ${name}, for machines first.

- **No authentication**: no key, token or account; an \`Authorization\` header is ignored.
- **JSON everywhere**: member names are snake_case; dates are \`YYYY-MM-DD\` in the business's time zone, timestamps RFC 3339 UTC. Every list has a documented total order with an id tiebreak.
- **Conditional requests**: the datasets, the feeds, this document, since/{date} and changes send \`ETag\` and \`Last-Modified\`; echo them in \`If-None-Match\` / \`If-Modified-Since\` to get \`304 Not Modified\` with an empty body.
- **Errors**: a 400 of the read API is \`{"issues": [{code, path, message}]}\` naming each offending parameter; other read-API errors (404 for an unknown path, 405 for a method a path does not answer, with \`Allow\`) are \`{"code", "message"}\`. The WebSub hub answers errors in plain text; MCP answers JSON-RPC errors.
- **Push instead of polling**: /reviews.json, /api/feed.json and /feed.xml are WebSub topics; their responses carry \`Link\` headers naming the hub.
- **Agents**: the MCP endpoint exposes the same data as read-only tools.`;
}
