// What one MCP tool call answers from: the search index of a release with its business and insights, and the pages the
// release being served publishes.
import type { ChangeFeed } from "../changes/feed.ts";
import type { Business } from "../schema/business.ts";
import type { Review } from "../schema/review.ts";
import type { SearchIndex } from "../search/index.ts";
import type { SiteUrls } from "../site-urls.ts";

/** /insights.json as published, read without a schema: tools look up what they need and say when it is missing. */
export type InsightsDoc = Readonly<Record<string, unknown>>;

export type Snapshot = Readonly<{
  /** Id of the release the search index was built from. */
  releaseId: string;
  index: SearchIndex;
  updatedAt: string;
  business: Business;
  insights: InsightsDoc | null;
  /** Why `insights` is null. */
  insightsProblem: string | null;
  /** The release's change feed, over `index`. */
  changes: ChangeFeed | null;
  /** Why `changes` is null. */
  changesProblem: string | null;
  urls: SiteUrls;
  /** Whether the release being served publishes a page at `urlPath`. */
  publishes: (urlPath: string) => boolean;
  reviewById: (id: string) => Review | undefined;
}>;
