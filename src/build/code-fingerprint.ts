// What the build's output depends on besides the data: the site's code, its locked dependencies and the runtime (its
// compressors, and the ICU and time zone data that dates are formatted with).
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** sha256 over src/, the Astro and TypeScript configs, the lockfile and the runtime's versions; same code, same print. */
export async function codeFingerprint(root: string = process.cwd()): Promise<string> {
  const sources = await readdir(path.join(root, "src"), { recursive: true, withFileTypes: true });
  const files = [
    ...sources.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))),
    "astro.config.mjs",
    "tsconfig.json",
    "package-lock.json",
  ].sort();
  const { zlib, brotli, icu, tz, cldr, unicode } = process.versions;
  const hash = createHash("sha256").update(
    `node ${process.version} zlib ${zlib} brotli ${brotli} icu ${icu} tz ${tz} cldr ${cldr} unicode ${unicode}\n`,
  );
  // Read all at once: the build starts this while Vite bundles, whose own reads queue on the same thread pool.
  const contents = await Promise.all(files.map((file) => readFile(path.join(root, file))));
  files.forEach((file, i) => {
    hash.update(`${file.split(path.sep).join("/")}\0`);
    hash.update(contents[i]!);
    hash.update("\0");
  });
  return hash.digest("hex");
}
