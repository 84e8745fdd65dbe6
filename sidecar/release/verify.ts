// Checks a release before it is served: built for this sidecar's origin, and every file holding the bytes the manifest hashed.
import { createHash } from "node:crypto";
import { open, readFile } from "node:fs/promises";
import path from "node:path";
import { forEachBounded, ReleaseError, type OpenRelease } from "./load.ts";
import type { Release, Representation } from "./release.ts";

/** The release's manifest must name the origin the sidecar serves (SITE_URL): its feeds, topics and links point there. */
export function checkOrigin(release: OpenRelease, siteUrl: string): void {
  const built = originOf(release.manifest.site_url);
  if (built === siteUrl) return;
  throw new ReleaseError(
    `${release.where}: the release in ${release.dir} was built for ${built}, but this sidecar serves ${siteUrl} (SITE_URL)`,
    { remedy: `Build it with SITE_URL=${siteUrl}, or set SITE_URL to the origin it was built for.` },
  );
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return JSON.stringify(url);
  }
}

/** Files read at once to hash them; two cores must still answer requests meanwhile. */
const HASH_CONCURRENCY = 4;
/** Files not kept are hashed chunk by chunk, so no single step holds the event loop. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Hashes every file of the release (each of its stored encodings) and compares it with manifest.json's sha256: a
 * file changed in place after the build (same size, other bytes) would otherwise be served under the build's strong
 * ETag. Runs once per release, before it is served; stops at the first mismatch. The files in `keep` are read whole
 * and, once they match, kept in memory: they are not read a second time to be cached.
 */
export async function verifyFiles(release: Release, keep: ReadonlySet<Representation> = new Set()): Promise<void> {
  const reps: Representation[] = [];
  for (const file of release.files.values()) {
    reps.push(file.identity);
    if (file.br) reps.push(file.br);
    if (file.gzip) reps.push(file.gzip);
  }
  let failed = false;
  const damaged = (file: string) =>
    new ReleaseError(
      `the release in ${release.dir} is damaged: ${path.relative(release.dir, file)} does not match the sha256 ` +
        `manifest.json gives for it (it changed after the build)`,
      { remedy: "Build it again, or restore the release from where it was deployed from." },
    );
  // Each reader hashes through one buffer of its own: reading the release allocates only the files kept, so the
  // memory of thousands of files read once is not left behind in the process.
  const chunks = Array.from({ length: HASH_CONCURRENCY + 1 }, () => Buffer.allocUnsafeSlow(CHUNK_BYTES));
  // The release database (never served, so not among the files) is hashed alongside them.
  const db = release.manifest.release_db;
  const checkingDb = db && sha256Through(path.join(release.dir, db.path), chunks.pop()!);
  checkingDb?.catch(() => {}); // awaited below; a failure of the files is reported first
  await forEachBounded(reps, HASH_CONCURRENCY, async (rep) => {
    if (failed) return;
    const body = keep.has(rep) ? await readFile(rep.file) : undefined;
    const chunk = body ? undefined : chunks.pop()!;
    const actual = chunk
      ? await sha256Through(rep.file, chunk).finally(() => chunks.push(chunk))
      : createHash("sha256").update(body!).digest("hex");
    if (actual === rep.sha256) {
      if (body) rep.body = body;
      return;
    }
    failed = true;
    throw damaged(rep.file);
  });
  if (db && (await checkingDb) !== db.sha256) throw damaged(path.join(release.dir, db.path));
}

/** The sha256 (hex) of a file, read through `chunk`. */
async function sha256Through(file: string, chunk: Buffer): Promise<string> {
  const hash = createHash("sha256");
  const handle = await open(file);
  try {
    for (let n; (n = (await handle.read(chunk, 0, chunk.length, null)).bytesRead) > 0;)
      hash.update(chunk.subarray(0, n));
  } finally {
    await handle.close();
  }
  return hash.digest("hex");
}
