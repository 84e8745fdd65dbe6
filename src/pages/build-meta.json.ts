// Build metadata handed from the pages to the publish step, which consumes it and never publishes it.
import type { APIRoute } from "astro";
import { jsonResponse } from "../build/json-response.ts";
import { loadSite } from "../build/site.ts";

export const GET: APIRoute = async () => {
  const { dataset, sourceHash, origin } = await loadSite();
  return jsonResponse({ updated_at: dataset.updated_at, source_hash: sourceHash, site_url: origin });
};
