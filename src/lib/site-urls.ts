// Absolute URLs of the published endpoints, all derived from the one public origin (SITE_URL).

export type SiteUrls = Readonly<{
  home: string;
  reviewsPage: string;
  reviews: string;
  insights: string;
  jsonFeed: string;
  atomFeed: string;
  openapi: string;
  hub: string;
  mcp: string;
  developers: string;
}>;

export function siteUrls(origin: string): SiteUrls {
  const at = (path: string) => new URL(path, origin).href;
  return Object.freeze({
    home: at("/"),
    reviewsPage: at("/reviews/"),
    reviews: at("/reviews.json"),
    insights: at("/insights.json"),
    jsonFeed: at("/api/feed.json"),
    atomFeed: at("/feed.xml"),
    openapi: at("/.well-known/openapi.json"),
    hub: at("/api/websub/hub"),
    mcp: at("/mcp"),
    developers: at("/developers/"),
  });
}

/** The three WebSub topics, by URL path. */
export const TOPIC_PATHS = ["/feed.xml", "/api/feed.json", "/reviews.json"] as const;

/** Link header value that names the hub and the topic itself (WebSub discovery). */
export function topicLinkHeader(origin: string, topicPath: string): string {
  const urls = siteUrls(origin);
  return `<${urls.hub}>; rel="hub", <${new URL(topicPath, origin).href}>; rel="self"`;
}
