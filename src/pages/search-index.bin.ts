// The sidecar's search index, built with the release so the sidecar loads it instead of indexing 100k reviews at start.
// The publish step keeps it in the release but out of the manifest: it is the sidecar's, not a published document.
import type { APIRoute } from "astro";
import { streamedResponse } from "../build/json-response.ts";
import { loadSite } from "../build/site.ts";
import { encodeSearchIndex } from "../lib/search/index-file.ts";
import { indexColumnsOf } from "../lib/search/index.ts";

export const GET: APIRoute = async () => {
  const { dataset } = await loadSite();
  const bytes = encodeSearchIndex(indexColumnsOf(dataset), dataset.updated_at);
  return streamedResponse([bytes], "application/octet-stream");
};
