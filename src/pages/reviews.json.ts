// GET /reviews.json: business with catalog, aggregate rating and every review, newest first.
import type { APIRoute } from "astro";
import { datasetJsonChunks } from "../build/dataset-json.ts";
import { streamedResponse } from "../build/json-response.ts";
import { loadSite } from "../build/site.ts";

export const GET: APIRoute = async () =>
  streamedResponse(datasetJsonChunks((await loadSite()).dataset), "application/json; charset=utf-8");
