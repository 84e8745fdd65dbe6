// Test helper: data directories made of the sample business and sample reviews, and a live release that a refused
// build must leave in place.
import assert from "node:assert/strict";
import { copyFile, mkdtemp, readFile, readlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { build, type BuildResult, SAMPLE_DATA } from "./build.ts";

/** The first `count` lines of the sample reviews.jsonl. */
export async function sampleLines(count = 20): Promise<string[]> {
  const text = await readFile(path.join(SAMPLE_DATA, "reviews.jsonl"), "utf8");
  return text.split("\n").filter(Boolean).slice(0, count);
}

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

/** A release built from `count` sample reviews: the DIST_DIR a later build replaces, and the release it points at. */
export async function liveRelease(count = 20): Promise<LiveRelease> {
  const built = await build({ dataDir: await dataDir({ reviews: `${(await sampleLines(count)).join("\n")}\n` }) });
  assert.equal(built.code, 0, built.stderr);
  return { distDir: built.distDir, release: await readlink(built.distDir) };
}

/** The build failed, said `message`, and left `live` published. */
export async function assertRefused(result: BuildResult, live: LiveRelease, message: RegExp): Promise<void> {
  assert.notEqual(result.code, 0, "the build fails");
  assert.match(result.stdout + result.stderr, message);
  assert.equal(await readlink(live.distDir), live.release, "DIST_DIR still points at the previous release");
}
