// The sidecar's search index, built with the release so the sidecar loads it instead of indexing 100k reviews at start.
// The publish step keeps it in the release but out of the manifest: it is the sidecar's, not a published document.
// Written with /reviews.json by large-outputs.ts (see there); no body here, so Astro writes no file of its own.
import type { APIRoute } from "astro";
import { buildContext } from "../build/current-context.ts";

export const GET: APIRoute = async () => {
  await (
    await buildContext().site()
  ).largeOutputs;
  return new Response(null);
};
