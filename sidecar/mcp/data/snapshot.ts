// The data one MCP call answers from: the release the search index was built from (index, business, insights) and the
// release being served (its files and pages).
import type { Business } from "../../../src/lib/schema/business.ts";
import type { Review } from "../../../src/lib/schema/review.ts";
import type { SearchIndex } from "../../../src/lib/search/index.ts";
import { type SiteUrls, siteUrls } from "../../../src/lib/site-urls.ts";
import type { Release } from "../../release/release.ts";
import type { SearchIndexStore } from "../../release/index-store.ts";
import type { InsightsDoc } from "../../release/insights-file.ts";

export type Snapshot = Readonly<{
  /** Id of the release the search index was built from. */
  releaseId: string;
  index: SearchIndex;
  updatedAt: string;
  business: Business;
  insights: InsightsDoc | null;
  insightsProblem: string | null;
  urls: SiteUrls;
  /** The release being served (its files: manifest entries, paths on disk). */
  release: Release;
  reviewById: (id: string) => Review | undefined;
}>;

export type SnapshotSource = Readonly<{
  current: () => Snapshot;
  /** Id of the release the index now answers from (for change detection). */
  releaseId: () => string;
}>;

export type SnapshotDeps = Readonly<{ release: () => Release; search: SearchIndexStore; siteUrl: string }>;

export function createSnapshotSource(deps: SnapshotDeps): SnapshotSource {
  const positions = new WeakMap<SearchIndex, Map<string, number>>();
  const urls = siteUrls(deps.siteUrl);

  const byId = (index: SearchIndex) => {
    let map = positions.get(index);
    if (!map) {
      map = new Map(index.ids.map((id, i) => [id, i]));
      positions.set(index, map);
    }
    return map;
  };

  return Object.freeze({
    releaseId: () => deps.search.current().releaseId,
    current: () => {
      const release = deps.search.current();
      const { index } = release;
      return {
        releaseId: release.releaseId,
        index,
        updatedAt: release.updatedAt,
        business: release.business,
        insights: release.insights,
        insightsProblem: release.insightsProblem,
        urls,
        release: deps.release(),
        reviewById: (id: string) => {
          const at = byId(index).get(id);
          return at === undefined ? undefined : index.review(at);
        },
      };
    },
  });
}
