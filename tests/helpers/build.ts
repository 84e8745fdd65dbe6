// Test helper: builds the site from a data directory into a fresh temporary DIST_DIR with the real build.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { codeFingerprint } from "../../src/build/code-fingerprint.ts";
import { readSourceHash } from "../../src/build/source.ts";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const SAMPLE_DATA = path.join(ROOT, "data");
export const TEST_SITE = "https://reviews.example.test";

export type BuildResult = { code: number | null; stdout: string; stderr: string; distDir: string };

/** Runs `npm run build`'s script with DATA_DIR, DIST_DIR and SITE_URL set; never throws on a failed build. */
export async function build(opts: { dataDir?: string; distDir?: string; siteUrl?: string } = {}): Promise<BuildResult> {
  const distDir = opts.distDir ?? path.join(await mkdtemp(path.join(os.tmpdir(), "reviews-build-")), "dist");
  const env = {
    ...process.env,
    DATA_DIR: opts.dataDir ?? SAMPLE_DATA,
    DIST_DIR: distDir,
    SITE_URL: opts.siteUrl ?? TEST_SITE,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts/build.ts")], { cwd: ROOT, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr, distDir }));
  });
}

/**
 * The sample data built once for every test file that only reads it: kept under the system's temporary directory by
 * the hash of the code, the data and the site URL, so a later test file (or run) with the same inputs reuses it.
 * Tests must not change it; those that rebuild or add reviews build their own.
 */
export async function sampleRelease(): Promise<string> {
  const key = createHash("sha256")
    .update(`${codeFingerprint(ROOT)}\0${readSourceHash(SAMPLE_DATA)}\0${TEST_SITE}`)
    .digest("hex")
    .slice(0, 16);
  const root = path.join(os.tmpdir(), `reviews-sample-release-${key}`);
  const distDir = path.join(root, "dist");
  if (existsSync(path.join(distDir, "manifest.json"))) return distDir;
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const built = await build({ distDir });
  if (built.code !== 0) throw new Error(`the sample build failed:\n${built.stderr}`);
  return distDir;
}
