// The sidecar's search index, built with the release so the sidecar loads it instead of indexing 100k reviews at start.
// The publish step keeps it in the release but out of the manifest: it is the sidecar's, not a published document.
// Written with /reviews.json by large-outputs.ts (see there); no body here, so Astro writes no file of its own.
// The page does not wait for it: the publish step does, last. A rebuild extends it while pages render; a full build
// makes it once they are rendered (site.ts).
import type { APIRoute } from "astro";

export const GET: APIRoute = () => new Response(null);
