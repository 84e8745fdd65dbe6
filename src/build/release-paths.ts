// Where releases live: DIST_DIR is a symlink swapped atomically to an immutable directory under `.<name>-releases/`.
import path from "node:path";

export type ReleasePaths = { distDir: string; releasesDir: string; stagingDir: string };

export function releasePaths(distDir: string, buildId: string = String(process.pid)): ReleasePaths {
  const abs = path.resolve(distDir);
  const releasesDir = path.join(path.dirname(abs), `.${path.basename(abs)}-releases`);
  return { distDir: abs, releasesDir, stagingDir: path.join(releasesDir, `.staging-${buildId}`) };
}
