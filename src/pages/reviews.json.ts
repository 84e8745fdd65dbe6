// GET /reviews.json: business with catalog, aggregate rating and every review, newest first. Written with the search
// index by writeLargeOutputs (see there); no body here, so Astro writes no file of its own.
import type { APIRoute } from "astro";
import { writeLargeOutputs } from "../build/large-outputs.ts";

export const GET: APIRoute = async () => {
  await writeLargeOutputs();
  return new Response(null);
};
