// A site for hub tests: a copy of the sample data built into a temporary DIST_DIR, and rebuilt after the data changes.
import { appendFile, cp } from "node:fs/promises";
import path from "node:path";
import { buildSite, copyRelease, scratchDir } from "./build-site.ts";
import { ROOT } from "./sidecar-process.ts";

export const SITE_URL = "https://reviews.example.test";
export const TOPICS = {
  atom: `${SITE_URL}/feed.xml`,
  jsonFeed: `${SITE_URL}/api/feed.json`,
  reviews: `${SITE_URL}/reviews.json`,
} as const;
export const HUB_URL = `${SITE_URL}/api/websub/hub`;

export type TestSite = Readonly<{
  root: string;
  dataDir: string;
  distDir: string;
  /** Runs the real build (validate, derive, hash, atomically publish into distDir). */
  build(): Promise<void>;
  /** Appends a new newest review (changes all three topics); `text` may hold any Unicode. */
  addReview(text: string): Promise<void>;
}>;

/** `from`: a release of the sample data for this SITE_URL to start from instead of building one (a DIST_DIR). */
export async function createTestSite(options: { from?: string } = {}): Promise<TestSite> {
  const root = await scratchDir("websub-site-");
  const dataDir = path.join(root, "data");
  const distDir = path.join(root, "dist");
  await cp(path.join(ROOT, "data"), dataDir, { recursive: true });
  let added = 0;
  const build = async () => {
    const built = await buildSite({ dataDir, distDir, siteUrl: SITE_URL });
    if (built.code !== 0) throw new Error(`build failed (${built.code}): ${built.stderr}`);
  };
  if (options.from) await copyRelease(options.from, distDir);
  return Object.freeze({
    root,
    dataDir,
    distDir,
    build,
    addReview: async (text: string) => {
      added++;
      const at = new Date(Date.UTC(2026, 5, 1, 12, added)).toISOString().replace(/\.\d+Z$/, "Z");
      const review = {
        id: `r-websub-${added}`,
        published_at: at,
        rating: 5,
        text,
        author: { name: "Zoë Ångström" },
        verified: { method: "booking", verified_at: at },
        source: { platform: "website", url: null },
      };
      await appendFile(path.join(dataDir, "reviews.jsonl"), `${JSON.stringify(review)}\n`);
    },
  });
}
