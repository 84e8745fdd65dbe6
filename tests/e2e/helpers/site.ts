// E2E fixture: the real build of the sample data, served by the real sidecar on a free port; its published datasets for cross-checks.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type SidecarProcess, startSidecar } from "../../../scripts/lib/sidecar-process.ts";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import type { Insights } from "../../../src/lib/schema/insights.ts";
import { build, SAMPLE_DATA, TEST_SITE } from "../../helpers/build.ts";

export type ServedSite = Readonly<{
  /** Where the sidecar listens, e.g. http://127.0.0.1:40123 (no trailing slash). */
  origin: string;
  /** SITE_URL of the build: the origin of canonical and JSON-LD URLs. */
  siteUrl: string;
  dataset: ReviewsDataset;
  insights: Insights;
  stop: () => Promise<void>;
}>;

export async function serveBuiltSite(): Promise<ServedSite> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "reviews-e2e-"));
  const built = await build({ dataDir: SAMPLE_DATA, distDir: path.join(tmp, "dist"), siteUrl: TEST_SITE });
  if (built.code !== 0) throw new Error(`the build failed (exit ${built.code}):\n${built.stdout}\n${built.stderr}`);
  let sidecar: SidecarProcess;
  try {
    sidecar = await startSidecar({
      HOST: "127.0.0.1",
      PORT: "0",
      DIST_DIR: built.distDir,
      SITE_URL: TEST_SITE,
      HUB_DB: path.join(tmp, "hub.sqlite"),
    });
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  const origin = sidecar.url.replace(/\/$/, "");
  const getJson = async (p: string) => {
    const res = await fetch(origin + p);
    if (!res.ok) throw new Error(`GET ${p}: HTTP ${res.status}`);
    return res.json();
  };
  return {
    origin,
    siteUrl: TEST_SITE,
    dataset: (await getJson("/reviews.json")) as ReviewsDataset,
    insights: (await getJson("/insights.json")) as Insights,
    stop: async () => {
      await sidecar.stop();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}
