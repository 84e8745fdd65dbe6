// GET /reviews.json: business with catalog, aggregate rating and every review, newest first. Written with the search
// index by large-outputs.ts (see there); no body here, so Astro writes no file of its own.
// The page does not wait for it: the publish step does, last, so that pages render while worker threads write it.
import type { APIRoute } from "astro";

export const GET: APIRoute = () => new Response(null);
