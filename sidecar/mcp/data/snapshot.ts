// The data one MCP call answers from: the release the search index was built from (index, business, insights) and the
// release being served (its files and pages).
import type { Snapshot } from "../../../src/lib/mcp/snapshot.ts";
import { siteUrls } from "../../../src/lib/site-urls.ts";
import type { SearchIndexStore } from "../../release/index-store.ts";
import type { Release } from "../../release/release.ts";

/** What tools answer from, and the release being served itself for the resources that read its files. */
export type McpData = Snapshot & Readonly<{ release: Release }>;

export type SnapshotSource = ReturnType<typeof createSnapshotSource>;

type SnapshotDeps = Readonly<{ release: () => Release; search: SearchIndexStore; siteUrl: string }>;

export function createSnapshotSource(deps: SnapshotDeps) {
  const urls = siteUrls(deps.siteUrl);

  return Object.freeze({
    /** Id of the release the index now answers from (for change detection). */
    releaseId: () => deps.search.current().releaseId,
    current: (): McpData => {
      const release = deps.search.current();
      const served = deps.release();
      const { index } = release;
      return {
        releaseId: release.releaseId,
        index,
        updatedAt: release.updatedAt,
        business: release.business,
        insights: release.insights,
        insightsProblem: release.insightsProblem,
        changes: release.changes,
        changesProblem: release.changesProblem,
        urls,
        release: served,
        publishes: (urlPath: string) => served.files.has(urlPath),
        reviewById: (id: string) => {
          const at = release.position(id);
          return at === undefined ? undefined : index.review(at);
        },
      };
    },
  });
}
