// GET /reviews.json: business with catalog, aggregate rating and every review, newest first.
import type { APIRoute } from "astro";
import { datasetJsonBytes } from "../build/dataset-json.ts";
import { loadSite } from "../build/site.ts";

export const GET: APIRoute = async () =>
  new Response(datasetJsonBytes((await loadSite()).dataset), {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
