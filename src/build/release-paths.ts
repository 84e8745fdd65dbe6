// Where releases live: DIST_DIR is a symlink swapped atomically to an immutable directory under `.<name>-releases/`.
import path from "node:path";

export type ReleasePaths = {
  distDir: string;
  releasesDir: string;
  stagingDir: string;
  /** What Astro's incremental build keeps between the builds of this DIST_DIR. */
  cacheDir: string;
  /**
   * Where a build writes its data files for the pages to read (Astro empties the staging directory before it renders
   * into it): the same for every build of this DIST_DIR, as the pages' code names it and Astro's incremental build
   * renders again every page whose code changed.
   */
  dataDir: string;
};

export function releasePaths(distDir: string, buildId: string = String(process.pid)): ReleasePaths {
  const abs = path.resolve(distDir);
  const releasesDir = path.join(path.dirname(abs), `.${path.basename(abs)}-releases`);
  return {
    distDir: abs,
    releasesDir,
    stagingDir: path.join(releasesDir, `.staging-${buildId}`),
    // Beside the releases rather than among them: the build's own, never published.
    cacheDir: path.join(path.dirname(abs), `.${path.basename(abs)}-build`, "astro-cache"),
    dataDir: path.join(path.dirname(abs), `.${path.basename(abs)}-build`, "data"),
  };
}
