// What the pages are rendered from: the data files the build wrote (release-files.ts) read back, with the few settings
// the pages show. The site-data integration hands it to the pages as a virtual module.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import type { Insights } from "../lib/schema/insights.ts";
import { DATASET_FILE, INSIGHTS_FILE } from "./release-files.ts";

/** Where the data files lie, and the settings the pages show besides them. */
export type SiteDataOptions = {
  /** The directory the build wrote /reviews.json and /insights.json into. */
  dir: string;
  /** The public origin every absolute URL of the site starts with. */
  origin: string;
  /** The WebSub hub's leases (seconds), which the developer page states. */
  lease: Config["websub"]["lease"];
};

export type SiteData = { origin: string; lease: SiteDataOptions["lease"]; dataset: ReviewsDataset; insights: Insights };

export async function readSiteData({ dir, origin, lease }: SiteDataOptions): Promise<SiteData> {
  const [dataset, insights] = await Promise.all(
    [DATASET_FILE, INSIGHTS_FILE].map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8")) as unknown),
  );
  return { origin, lease, dataset: dataset as ReviewsDataset, insights: insights as Insights };
}
