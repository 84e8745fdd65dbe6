// What the build's output depends on besides the data: the site's code, its locked dependencies and the compressors.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** sha256 over src/, the Astro config, the lockfile and Node's zlib and brotli versions; same code, same fingerprint. */
export async function codeFingerprint(root: string = process.cwd()): Promise<string> {
  const sources = await readdir(path.join(root, "src"), { recursive: true, withFileTypes: true });
  const files = [
    ...sources.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))),
    "astro.config.mjs",
    "package-lock.json",
  ].sort();
  const hash = createHash("sha256").update(`zlib ${process.versions.zlib} brotli ${process.versions.brotli}\n`);
  for (const file of files) {
    hash.update(`${file.split(path.sep).join("/")}\0`);
    hash.update(await readFile(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}
