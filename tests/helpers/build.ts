// Test helper: the real build of the sample data (or another data directory) into a temporary DIST_DIR, and the sample
// release built once for the tests that only read it.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { type BuildResult, buildSite, SCRATCH_DIR, scratchDir } from "../../scripts/lib/build-site.ts";
import { ROOT } from "../../scripts/lib/sidecar-process.ts";
import { codeFingerprint } from "./code-fingerprint.ts";
import { readSourceHash } from "../../src/build/source.ts";

export { ROOT };
export const SAMPLE_DATA = path.join(ROOT, "data");
export const TEST_SITE = "https://reviews.example.test";
export const SAMPLE_PREFIX = "reviews-sample-release-";

export type { BuildResult };

/**
 * Builds the sample data (or `dataDir`) into a fresh temporary DIST_DIR (or `distDir`) for the test site, passing
 * `args` to the build, in the directory that holds DIST_DIR (or `cwd`).
 */
export async function build(
  opts: { dataDir?: string; distDir?: string; siteUrl?: string; args?: readonly string[]; cwd?: string } = {},
): Promise<BuildResult> {
  return buildSite({
    dataDir: opts.dataDir ?? SAMPLE_DATA,
    distDir: opts.distDir ?? path.join(await scratchDir("reviews-build-"), "dist"),
    siteUrl: opts.siteUrl ?? TEST_SITE,
    args: opts.args ?? [],
    ...(opts.cwd === undefined ? {} : { cwd: opts.cwd }),
  });
}

/** The first `count` lines of the sample reviews.jsonl. */
export async function sampleLines(count = 20): Promise<string[]> {
  const text = await readFile(path.join(SAMPLE_DATA, "reviews.jsonl"), "utf8");
  return text.split("\n").filter(Boolean).slice(0, count);
}

/** The sample builds this process has started, by key: tests running at once share one. */
const sampleBuilds = new Map<string, Promise<string>>();

/**
 * The sample data (or its first `count` reviews) built once for every test file that only reads it, or copies it
 * (tests/helpers/release-copy.ts): kept in the project's scratch folder for builds by the hash of the code, the data,
 * the count and the site URL, so a later test file (or run) with the same inputs reuses it (tests/prepare.ts builds them
 * before the test files run). Tests must not change it; those that rebuild or add reviews build their own or a copy.
 */
export function sampleRelease(count?: number): Promise<string> {
  const key = createHash("sha256")
    .update(`${codeFingerprint(ROOT)}\0${readSourceHash(SAMPLE_DATA)}\0${count ?? "all"}\0${TEST_SITE}`)
    .digest("hex")
    .slice(0, 16);
  let built = sampleBuilds.get(key);
  if (!built) {
    built = buildSample(path.join(SCRATCH_DIR, `${SAMPLE_PREFIX}${key}`), count);
    sampleBuilds.set(key, built);
    built.catch(() => sampleBuilds.delete(key));
  }
  return built;
}

async function buildSample(root: string, count: number | undefined): Promise<string> {
  const distDir = path.join(root, "dist");
  if (existsSync(path.join(distDir, "manifest.json"))) return distDir;
  await removeStaleSampleReleases();
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  let dataDir = SAMPLE_DATA;
  if (count !== undefined) {
    dataDir = path.join(root, "data");
    await mkdir(dataDir);
    await copyFile(path.join(SAMPLE_DATA, "business.json"), path.join(dataDir, "business.json"));
    await writeFile(path.join(dataDir, "reviews.jsonl"), `${(await sampleLines(count)).join("\n")}\n`);
  }
  const built = await build({ dataDir, distDir });
  if (built.code !== 0) throw new Error(`the sample build failed:\n${built.stderr}`);
  return distDir;
}

/** Sample releases of other code or data, an hour old or more: a run of the tests leaves one behind for the next. */
async function removeStaleSampleReleases(): Promise<void> {
  for (const name of await readdir(SCRATCH_DIR).catch(() => [])) {
    if (!name.startsWith(SAMPLE_PREFIX)) continue;
    const dir = path.join(SCRATCH_DIR, name);
    if (Date.now() - (await stat(dir)).mtimeMs > 3_600_000) await rm(dir, { recursive: true, force: true });
  }
}
