// Where releases live: DIST_DIR is a symlink swapped atomically to an immutable directory under `.<name>-releases/`.
import { statSync } from "node:fs";
import path from "node:path";

export type ReleasePaths = { distDir: string; releasesDir: string; stagingDir: string };

/**
 * The staging directory is beside the releases, so that promoting it is one rename; unless DIST_DIR is on another
 * filesystem than the project (the working directory): Astro moves its pages there from under the project by rename,
 * which cannot cross filesystems, so the build stages under the project and promote copies the staging across first.
 */
export function releasePaths(distDir: string, buildId: string = String(process.pid)): ReleasePaths {
  const abs = path.resolve(distDir);
  const releasesDir = path.join(path.dirname(abs), `.${path.basename(abs)}-releases`);
  const project = process.cwd();
  const stagingDir =
    deviceOf(releasesDir) === deviceOf(project)
      ? path.join(releasesDir, `.staging-${buildId}`)
      : path.join(project, ".astro", `staging-${path.basename(abs)}-${buildId}`);
  return { distDir: abs, releasesDir, stagingDir };
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
