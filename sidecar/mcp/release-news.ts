// Tells 2026-07-28 listeners (subscriptions/listen streams) which datasets a new release changed.
import type { ServerNotifier } from "@modelcontextprotocol/server";
import type { SnapshotSource } from "./data/snapshot.ts";
import { listResources, resourceVersion } from "./resources.ts";

/**
 * Only the listed datasets are compared: a review's own URI would need every review's old version kept, and a review
 * that changes also changes /reviews.json, whose update a listener hears.
 */
export function createReleaseNews(data: SnapshotSource, notify: Pick<ServerNotifier, "resourceUpdated">) {
  let releaseSeen = data.releaseId();
  // Taken at the first check, not here: a snapshot indexes the release, which the sidecar's start verifies first.
  // Until then a changed release is told as a change of every dataset.
  let versions: Map<string, string> | null = null;
  return Object.freeze({
    /** Publishes resources/updated for each listed dataset whose content differs from the last check; returns how many. */
    check: () => {
      const release = data.releaseId();
      if (release === releaseSeen) {
        versions ??= datasetVersions(data);
        return 0;
      }
      releaseSeen = release;
      const next = datasetVersions(data);
      let sent = 0;
      for (const uri of new Set([...(versions?.keys() ?? []), ...next.keys()])) {
        if (versions?.get(uri) === next.get(uri)) continue;
        notify.resourceUpdated(uri);
        sent++;
      }
      versions = next;
      return sent;
    },
  });
}

function datasetVersions(data: SnapshotSource): Map<string, string> {
  const snapshot = data.current();
  return new Map(listResources(snapshot).map((r) => [r.uri, resourceVersion(r.uri, snapshot) ?? ""]));
}
