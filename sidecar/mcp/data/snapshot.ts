// The data one MCP call answers from: the search index being served and the files of its release, cached per release.
import type { Business } from "../../../src/lib/schema/business.ts";
import type { Review } from "../../../src/lib/schema/review.ts";
import type { SearchIndex } from "../../../src/lib/search/index.ts";
import { type SiteUrls, siteUrls } from "../../../src/lib/site-urls.ts";
import type { Site } from "../../dist/site.ts";
import type { Logger } from "../../log.ts";
import type { SearchIndexStore } from "../../search/index-store.ts";
import { type InsightsDoc, readReleaseFiles, type ReleaseFiles } from "./release-files.ts";

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
  site: Site;
  reviewById: (id: string) => Review | undefined;
}>;

export type SnapshotSource = Readonly<{
  current: () => Promise<Snapshot>;
  /** Id of the release the index now answers from, without loading anything (for change detection). */
  releaseId: () => string;
}>;

export type SnapshotDeps = Readonly<{ site: () => Site; search: SearchIndexStore; siteUrl: string; logger: Logger }>;

/** Releases whose files are kept: the one served and the one before (a rebuild swaps them). */
const KEEP_RELEASES = 2;

export function createSnapshotSource(deps: SnapshotDeps): SnapshotSource {
  const files = new Map<string, Promise<ReleaseFiles>>();
  const positions = new WeakMap<SearchIndex, Map<string, number>>();
  const urls = siteUrls(deps.siteUrl);

  const filesOf = (releaseId: string): Promise<ReleaseFiles> => {
    const cached = files.get(releaseId);
    if (cached) return cached;
    // The index may lag behind a swap for a moment: then the newest release's files are used.
    const site = deps.site();
    const newest = files.get(site.id);
    if (newest) return newest;
    const loading = readReleaseFiles(site);
    files.set(site.id, loading);
    loading.then(
      (f) => {
        if (f.insightsProblem) deps.logger.warn("MCP insights unavailable for this release", { release: f.siteId, problem: f.insightsProblem });
      },
      () => files.delete(site.id),
    );
    while (files.size > KEEP_RELEASES) files.delete(files.keys().next().value!);
    return loading;
  };

  const byId = (index: SearchIndex) => {
    let map = positions.get(index);
    if (!map) {
      map = new Map(index.ids.map((id, i) => [id, i]));
      positions.set(index, map);
    }
    return map;
  };

  return Object.freeze({
    releaseId: () => deps.search.current().siteId,
    current: async () => {
      const release = deps.search.current();
      const f = await filesOf(release.siteId);
      const index = release.index;
      return {
        releaseId: release.siteId,
        index,
        updatedAt: release.updatedAt,
        business: f.business,
        insights: f.insights,
        insightsProblem: f.insightsProblem,
        urls,
        site: deps.site(),
        reviewById: (id: string) => {
          const at = byId(index).get(id);
          return at === undefined ? undefined : index.review(at);
        },
      };
    },
  });
}
