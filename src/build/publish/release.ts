// Atomic publishing: a finished staging directory becomes an immutable release and DIST_DIR's symlink is swapped to it.
import { cp, lstat, mkdir, readdir, rename, rm, stat, symlink } from "node:fs/promises";
import path from "node:path";
import type { ReleasePaths } from "../release-paths.ts";

/** Releases kept besides the current one, so readers still streaming an older one are not cut off. */
const KEEP_PREVIOUS = 2;

/**
 * Moves `stagingDir` to `releasesDir/<id>` (an identical earlier release is reused) and points `distDir`
 * at it with rename(2) over a fresh symlink, which readers see all at once or not at all.
 */
export async function promote(paths: ReleasePaths, releaseId: string): Promise<string> {
  const target = path.join(paths.releasesDir, releaseId);
  if (await exists(target)) await rm(paths.stagingDir, { recursive: true, force: true });
  else if (path.dirname(paths.stagingDir) === paths.releasesDir) await rename(paths.stagingDir, target);
  else {
    // Staged on the project's filesystem (release-paths.ts): copied across, then renamed on the releases' own.
    const copy = path.join(paths.releasesDir, `.staging-${process.pid}`);
    await rm(copy, { recursive: true, force: true });
    await mkdir(paths.releasesDir, { recursive: true });
    await cp(paths.stagingDir, copy, { recursive: true, verbatimSymlinks: true });
    await rename(copy, target);
    await rm(paths.stagingDir, { recursive: true, force: true });
  }

  const current = await lstat(paths.distDir).catch(() => null);
  if (current && !current.isSymbolicLink()) {
    // A plain directory from elsewhere: keep it as a release rather than delete anyone's files.
    await rename(paths.distDir, path.join(paths.releasesDir, `previous-${Date.now()}`));
  }
  const tmpLink = `${paths.distDir}.tmp-${process.pid}`;
  await rm(tmpLink, { force: true });
  await symlink(path.relative(path.dirname(paths.distDir), target), tmpLink, "dir");
  await rename(tmpLink, paths.distDir);
  await prune(paths, releaseId, KEEP_PREVIOUS);
  return target;
}

/** Removes staging left by builds that died, and releases beyond `keep` besides the current one (newest first). */
async function prune(paths: ReleasePaths, currentId: string, keep: number): Promise<void> {
  const names = await readdir(paths.releasesDir).catch(() => []);
  const stale = names.filter((n) => n.startsWith(".staging-") && !isAlive(Number(n.slice(".staging-".length))));
  const releases = await Promise.all(
    names
      .filter((n) => !n.startsWith(".") && n !== currentId)
      .map(async (n) => ({ n, mtime: (await stat(path.join(paths.releasesDir, n))).mtimeMs })),
  );
  releases.sort((a, b) => b.mtime - a.mtime);
  const old = releases.slice(keep).map((r) => r.n);
  const doomed = [...stale, ...old].map((n) => path.join(paths.releasesDir, n));
  await Promise.all(doomed.map((d) => rm(d, { recursive: true, force: true })));
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function exists(p: string): Promise<boolean> {
  return lstat(p).then(
    () => true,
    () => false,
  );
}
