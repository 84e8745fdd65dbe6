// GET /reviews.json: business with catalog, aggregate rating and every review, newest first. Written with the search
// index by large-outputs.ts (see there); no body here, so Astro writes no file of its own.
import type { APIRoute } from "astro";
import { buildContext } from "../build/current-context.ts";

export const GET: APIRoute = async () => {
  await (
    await buildContext().site()
  ).largeOutputs;
  return new Response(null);
};
