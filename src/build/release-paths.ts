// Where releases live: DIST_DIR is a symlink swapped atomically to an immutable directory under `.<name>-releases/`.
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import path from "node:path";

export type ReleasePaths = {
  distDir: string;
  releasesDir: string;
  stagingDir: string;
  /** The build's own directory for this DIST_DIR, never published: one build at a time holds its lock. */
  buildDir: string;
  /** What Astro's incremental build keeps between the builds of this DIST_DIR. */
  cacheDir: string;
  /**
   * Where a build writes its data files for the pages to read (Astro empties the staging directory before it renders
   * into it): the same for every build of this DIST_DIR, as the pages' code names it and Astro's incremental build
   * renders again every page whose code changed.
   */
  dataDir: string;
};

/**
 * The staging directory is beside the releases, so that promoting it is one rename; unless DIST_DIR is on another
 * filesystem than the project (the working directory): Astro moves its pages there from under the project by rename,
 * which cannot cross filesystems, so the build stages under the project and promote copies the staging across first.
 */
export function releasePaths(distDir: string, buildId: string = String(process.pid)): ReleasePaths {
  const abs = path.resolve(distDir);
  const releasesDir = path.join(path.dirname(abs), `.${path.basename(abs)}-releases`);
  // The build's own directories, never published: beside DIST_DIR, or under the project with the staging directory.
  const sameDevice = deviceOf(releasesDir) === deviceOf(process.cwd());
  const buildDir = sameDevice
    ? path.join(path.dirname(abs), `.${path.basename(abs)}-build`)
    : path.join(process.cwd(), ".astro", `build-${createHash("sha256").update(abs).digest("hex").slice(0, 16)}`);
  return {
    distDir: abs,
    releasesDir,
    stagingDir: sameDevice
      ? path.join(releasesDir, `.staging-${buildId}`)
      : path.join(process.cwd(), ".astro", `staging-${path.basename(abs)}-${buildId}`),
    buildDir,
    cacheDir: path.join(buildDir, "astro-cache"),
    dataDir: path.join(buildDir, "data"),
  };
}

/** The device of `p`, or of its nearest existing parent (the releases directory may not exist yet). */
function deviceOf(p: string): number {
  for (let dir = p; ; dir = path.dirname(dir)) {
    try {
      return statSync(dir).dev;
    } catch {
      if (path.dirname(dir) === dir) return -1;
    }
  }
}
