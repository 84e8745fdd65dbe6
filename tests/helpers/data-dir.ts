// Test helper: data directories made of the sample business and sample reviews, and a live release that a refused
// build must leave in place.
import assert from "node:assert/strict";
import { copyFile, mkdtemp, readlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { copyRelease, scratchDir } from "../../scripts/lib/build-site.ts";
import { type BuildResult, SAMPLE_DATA, sampleRelease } from "./build.ts";

export { sampleLines } from "./build.ts";

/** A data directory with `reviews` as reviews.jsonl and `business` as business.json (the sample's when omitted). */
export async function dataDir(files: { reviews: string | Buffer; business?: string | Buffer }): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "reviews-data-"));
  if (files.business === undefined)
    await copyFile(path.join(SAMPLE_DATA, "business.json"), path.join(dir, "business.json"));
  else await writeFile(path.join(dir, "business.json"), files.business);
  await writeFile(path.join(dir, "reviews.jsonl"), files.reviews);
  return dir;
}

export type LiveRelease = { distDir: string; release: string };

/**
 * A release of the first 20 sample reviews (built once, as the sample release is) laid out in a fresh DIST_DIR: the
 * DIST_DIR a later build replaces, and the release it points at.
 */
export async function liveRelease(): Promise<LiveRelease> {
  const distDir = path.join(await scratchDir("reviews-build-"), "dist");
  await copyRelease(await sampleRelease(LIVE_REVIEWS), distDir);
  return { distDir, release: await readlink(distDir) };
}

/** How many sample reviews the live release holds; tests/prepare.ts builds it. */
export const LIVE_REVIEWS = 20;

/** The build failed, said `message`, and left `live` published. */
export async function assertRefused(result: BuildResult, live: LiveRelease, message: RegExp): Promise<void> {
  assert.notEqual(result.code, 0, "the build fails");
  assert.match(result.stdout + result.stderr, message);
  assert.equal(await readlink(live.distDir), live.release, "DIST_DIR still points at the previous release");
}
