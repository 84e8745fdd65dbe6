// GET /api/feed.json: JSON Feed 1.1 of the 50 newest reviews (a WebSub topic).
import type { APIRoute } from "astro";
import { jsonResponse } from "../../build/json-response.ts";
import { buildContext } from "../../build/current-context.ts";
import { jsonFeed } from "../../lib/feeds/json-feed.ts";

export const GET: APIRoute = async () => {
  const site = await buildContext().site();
  return jsonResponse(jsonFeed(site.dataset, site.origin));
};
