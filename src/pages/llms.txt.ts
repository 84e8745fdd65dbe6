// GET /llms.txt (llmstxt.org): tells AI agents what this site offers them and where: datasets, feeds, search, MCP, WebSub.
import type { APIRoute } from "astro";
import { site as built } from "virtual:reviews-service/site";
import { formatCount, formatRating } from "../lib/charts/format.ts";
import { openApiDocument } from "../lib/openapi/document.ts";
import { siteUrls, TOPIC_PATHS } from "../lib/site-urls.ts";

type Doc = { paths: Record<string, { get?: { parameters?: { name?: string; in?: string }[] } }> };

export const GET: APIRoute = () => {
  const { dataset, insights, origin } = built;
  const { business, aggregate_rating: rating } = dataset;
  const urls = siteUrls(origin);
  const at = (path: string) => new URL(path, origin).href;
  // The search parameters as the API declares them, so this file names every filter there is.
  const doc = openApiDocument({ siteUrl: origin, business }) as Doc;
  const searchParams = (doc.paths["/api/reviews/search"]?.get?.parameters ?? [])
    .filter((p) => p.in === "query")
    .map((p) => `\`${p.name}\``);
  const ratingLine =
    rating.average === null
      ? "No reviews yet."
      : `${formatCount(rating.count)} verified reviews, average ${formatRating(rating.average)} out of 5${insights.date_range ? `, from ${insights.date_range.from} to ${insights.date_range.to}` : ""}.`;
  const body = `# ${business.name} reviews

> Verified customer reviews of ${business.name} (${business.address.locality}, ${business.address.region}), published as open, read-only data: JSON datasets, feeds, a search API, an MCP server and a WebSub hub. No key, token or account is needed. ${ratingLine}

Every review carries a stable \`id\`, \`date\` (YYYY-MM-DD, business time zone), \`rating\` (1-5), \`text\` (null for rating-only reviews), the author's display name, how it was verified, its source platform, the owner's reply, and the technicians, services and service areas it mentions (catalog ids from \`business\` in /reviews.json). JSON member names are snake_case. Static files send ETags: use conditional requests instead of re-downloading.

## Data

- [Reviews dataset](${urls.reviews}): business metadata with its catalog (technicians, services, service areas and their aliases), the aggregate rating, and every review, newest first
- [Insights](${urls.insights}): what the reviews say: aspects, entities, topics, monthly trend, FAQ and an editorial summary, each figure citing review ids
- [JSON Feed 1.1](${urls.jsonFeed}) and [Atom feed](${urls.atomFeed}): the 50 newest reviews

## API

- [OpenAPI 3.1 description](${urls.openapi}): every endpoint, parameter and response schema
- [Search](${at("/api/reviews/search")}): \`GET /api/reviews/search\` with ${searchParams.join(", ")}; filters combine with AND, newest first; \`query\` is a substring of the text
- [Reviews since a date](${at("/api/reviews/since/2024-01-01")}): \`GET /api/reviews/since/{YYYY-MM-DD}\`, oldest first, for incremental sync
- [Changes](${at("/api/reviews/changes")}): \`GET /api/reviews/changes?after={next_cursor}\`, reviews added, changed and removed (tombstones) as rebuilds published them, oldest first, to keep a copy right
- [Developer guide](${urls.developers}): the same, for people, with examples

## MCP

- MCP server (streamable HTTP, JSON-RPC 2.0): \`POST ${urls.mcp}\`. Send \`initialize\`, then \`tools/list\` and \`tools/call\` with the returned \`Mcp-Session-Id\` header. Read-only tools include \`get_business\` and \`search_reviews\` (the search API's parameters as arguments). No authentication.

## Push updates (WebSub)

- Hub: \`POST ${urls.hub}\` (form-encoded \`hub.mode=subscribe\`, \`hub.topic\`, \`hub.callback\` with an HTTPS URL). Topics: ${TOPIC_PATHS.map((p) => at(p)).join(", ")}. The hub POSTs the full new content to the callback whenever it changes.

## Pages

- [Home](${urls.home}): rating, charts, technicians and the newest reviews
- [All reviews](${urls.reviewsPage}): every review, 50 a page
- [Review search](${at("/search/")}): search in the browser; filters in the query string
`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
