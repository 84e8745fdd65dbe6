// GET /reviews.json: business with catalog, aggregate rating and every review, newest first.
import type { APIRoute } from "astro";
import { jsonResponse } from "../build/json-response.ts";
import { loadSite } from "../build/site.ts";

export const GET: APIRoute = async () => jsonResponse((await loadSite()).dataset);
