// GET /reviews.json: business with catalog, aggregate rating and every review, newest first. Written with the search
// index by large-outputs.ts (see there); no body here, so Astro writes no file of its own.
import type { APIRoute } from "astro";
import { loadSite } from "../build/site.ts";

export const GET: APIRoute = async () => {
  await (
    await loadSite()
  ).largeOutputs;
  return new Response(null);
};
