// Test helper: builds the site from a data directory into a fresh temporary DIST_DIR with the real build.
import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
