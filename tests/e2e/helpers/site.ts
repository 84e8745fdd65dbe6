// E2E fixture: the real build of the sample data, served by the sidecar on a free port; its published datasets for cross-checks.
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import type { Insights } from "../../../src/lib/schema/insights.ts";
import { sampleRelease, TEST_SITE } from "../../helpers/build.ts";
import { startTestSidecar } from "../../helpers/sidecar.ts";

export type ServedSite = Readonly<{
  /** Where the sidecar listens, e.g. http://127.0.0.1:40123 (no trailing slash). */
  origin: string;
  /** SITE_URL of the build: the origin of canonical and JSON-LD URLs. */
  siteUrl: string;
  dataset: ReviewsDataset;
  insights: Insights;
  stop: () => Promise<void>;
}>;

/** The sample release (built once per code and data) served by the sidecar in-process on a free port. */
export async function serveBuiltSite(): Promise<ServedSite> {
  const sidecar = await startTestSidecar(await sampleRelease());
  const origin = sidecar.url.replace(/\/$/, "");
  const getJson = async (p: string) => {
    const res = await fetch(origin + p);
    if (!res.ok) throw new Error(`GET ${p}: HTTP ${res.status}`);
    return res.json();
  };
  try {
    return {
      origin,
      siteUrl: TEST_SITE,
      dataset: (await getJson("/reviews.json")) as ReviewsDataset,
      insights: (await getJson("/insights.json")) as Insights,
      stop: sidecar.stop,
    };
  } catch (err) {
    await sidecar.stop();
    throw err;
  }
}
