// The build's view of the data: read and validated once per build, then derived into every published document.
import path from "node:path";
import { loadConfig } from "../config.ts";
import { analyzerFor } from "../lib/insights/for-business.ts";
import { computeInsights } from "../lib/insights/insights.ts";
import { buildDataset } from "../lib/reviews/dataset.ts";
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import type { Insights } from "../lib/schema/insights.ts";
import { analyzeWithCache } from "./insights-cache.ts";
import { readSource } from "./source.ts";

export type Site = {
  origin: string;
  sourceHash: string;
  dataset: ReviewsDataset;
  insights: Insights;
};

// One build is one process over one data directory: every page and endpoint shares this load.
let site: Promise<Site> | undefined;

export function loadSite(): Promise<Site> {
  site ??= (async () => {
    const config = loadConfig();
    const source = await readSource(config.dataDir);
    // Per-review analysis is cached by content hash and engine version, so adding one review re-analyses one review.
    const analyzer = analyzerFor(source.business);
    const { analyses } = await analyzeWithCache(
      source.reviews,
      analyzer,
      path.resolve(".cache", "insights"),
      config.dataDir,
    );
    const dataset = buildDataset(source.business, source.reviews, (r) => analyses.get(r.id)!);
    return {
      origin: config.siteUrl,
      sourceHash: source.sourceHash,
      dataset,
      insights: computeInsights(dataset, { analyzer, analyses }),
    };
  })();
  return site;
}
