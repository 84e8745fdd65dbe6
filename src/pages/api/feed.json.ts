// GET /api/feed.json: JSON Feed 1.1 of the 50 newest reviews (a WebSub topic).
import type { APIRoute } from "astro";
import { jsonResponse } from "../../build/json-response.ts";
import { site as built } from "virtual:reviews-service/site";
import { jsonFeed } from "../../lib/feeds/json-feed.ts";

export const GET: APIRoute = () => {
  const site = built;
  return jsonResponse(jsonFeed(site.dataset, site.origin));
};
