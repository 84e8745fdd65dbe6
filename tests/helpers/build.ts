// Test helper: the real build of the sample data (or another data directory) into a temporary DIST_DIR, and the sample
// release built once for the tests that only read it.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type BuildResult, buildSite } from "../../scripts/lib/build-site.ts";
import { ROOT } from "../../scripts/lib/sidecar-process.ts";
import { codeFingerprint } from "./code-fingerprint.ts";
import { readSourceHash } from "../../src/build/source.ts";

export { ROOT };
export const SAMPLE_DATA = path.join(ROOT, "data");
export const TEST_SITE = "https://reviews.example.test";
const SAMPLE_PREFIX = "reviews-sample-release-";

export type { BuildResult };

/**
 * Builds the sample data (or `dataDir`) into a fresh temporary DIST_DIR (or `distDir`) for the test site, passing
 * `args` to the build.
 */
export async function build(
  opts: { dataDir?: string; distDir?: string; siteUrl?: string; args?: readonly string[] } = {},
): Promise<BuildResult> {
  return buildSite({
    dataDir: opts.dataDir ?? SAMPLE_DATA,
    distDir: opts.distDir ?? path.join(await mkdtemp(path.join(os.tmpdir(), "reviews-build-")), "dist"),
    siteUrl: opts.siteUrl ?? TEST_SITE,
    args: opts.args ?? [],
  });
}

/** The sample builds this process has started, by key: tests running at once share one. */
const sampleBuilds = new Map<string, Promise<string>>();

/**
 * The sample data built once for every test file that only reads it: kept under the system's temporary directory by
 * the hash of the code, the data and the site URL, so a later test file (or run) with the same inputs reuses it.
 * Tests must not change it; those that rebuild or add reviews build their own.
 */
export function sampleRelease(): Promise<string> {
  const key = createHash("sha256")
    .update(`${codeFingerprint(ROOT)}\0${readSourceHash(SAMPLE_DATA)}\0${TEST_SITE}`)
    .digest("hex")
    .slice(0, 16);
  let built = sampleBuilds.get(key);
  if (!built) {
    built = buildSample(path.join(os.tmpdir(), `${SAMPLE_PREFIX}${key}`));
    sampleBuilds.set(key, built);
    built.catch(() => sampleBuilds.delete(key));
  }
  return built;
}

async function buildSample(root: string): Promise<string> {
  const distDir = path.join(root, "dist");
  if (existsSync(path.join(distDir, "manifest.json"))) return distDir;
  await removeStaleSampleReleases();
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const built = await build({ distDir });
  if (built.code !== 0) throw new Error(`the sample build failed:\n${built.stderr}`);
  return distDir;
}

/** Sample releases of other code or data, an hour old or more: a run of the tests leaves one behind for the next. */
async function removeStaleSampleReleases(): Promise<void> {
  const tmp = os.tmpdir();
  for (const name of await readdir(tmp)) {
    if (!name.startsWith(SAMPLE_PREFIX)) continue;
    const dir = path.join(tmp, name);
    if (Date.now() - (await stat(dir)).mtimeMs > 3_600_000) await rm(dir, { recursive: true, force: true });
  }
}
