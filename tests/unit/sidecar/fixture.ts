// Test fixture: a synthetic release in a temp directory (no Astro build), DIST_DIR symlinked to it, and an app over it.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { publish, sampleSite, type SyntheticFile, writeRelease } from "../../helpers/synthetic-release.ts";
import { createApp } from "../../../sidecar/app.ts";
import { type LoadOptions, loadRelease } from "../../../sidecar/release/load.ts";
import type { Release } from "../../../sidecar/release/release.ts";
import { memoryLogger } from "../../helpers/logger.ts";
import { loadConfig } from "../../../src/config.ts";

export const SECRET = "top-secret-outside-the-release";

export type Fixture = Awaited<ReturnType<typeof fixture>>;

/** `files` defaults to the sample site; a `secret.txt` sits beside the release to prove nothing outside it is read. */
export async function fixture(options: { files?: Record<string, SyntheticFile>; load?: LoadOptions } = {}) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "sidecar-test-"));
  await writeFile(path.join(tmp, "secret.txt"), SECRET);
  const distDir = path.join(tmp, "dist");
  let n = 0;
  /** Writes a new release directory and points DIST_DIR at it. */
  const release = async (files: Record<string, SyntheticFile>) => {
    const dir = path.join(tmp, ".dist-releases", `r${++n}`);
    await writeRelease(dir, files);
    await publish(distDir, dir);
    return dir;
  };
  const releaseDir = await release(options.files ?? sampleSite());
  const site = await loadRelease(distDir, options.load);
  const logger = memoryLogger();
  let current: Release = site;
  const app = createApp({ config: loadConfig({ DIST_DIR: distDir }), release: () => current, logger });
  return {
    tmp,
    distDir,
    releaseDir,
    site,
    logger,
    app,
    release,
    /** Swaps the snapshot the app serves (what the store does on reload). */
    serve: (next: Release) => (current = next),
    cleanup: () => rm(tmp, { recursive: true, force: true }),
  };
}
