// Build metadata handed from the pages to the publish step, which consumes it and never publishes it.
import type { APIRoute } from "astro";
import { buildContext } from "../build/current-context.ts";
import { jsonResponse } from "../build/json-response.ts";
import type { BuildMeta } from "../integrations/publish/manifest.ts";

export const GET: APIRoute = async () => {
  const { dataset, sourceHash, sourceRecord, reviewsRead, origin, largeOutputs } = await buildContext().site();
  const plan = await buildContext().archivePlan();
  const { fingerprint, release, reason } = await buildContext().previousBuild();
  const meta: BuildMeta = {
    updated_at: dataset.updated_at,
    source_hash: sourceHash,
    site_url: origin,
    reuse: {
      fingerprint,
      previous: release?.dir ?? null,
      reason,
      pages: Object.fromEntries(plan.pages.map((p) => [p.path, p.key])),
      carried: plan.carried.map((p) => p.file),
      source: sourceRecord,
      reviews_read: reviewsRead,
      index_made: await largeOutputs,
    },
  };
  return jsonResponse(meta);
};
