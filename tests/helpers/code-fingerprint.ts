// Test helper: what the sample build's output depends on besides the data (the key of the sample release the tests
// share): the site's code, its locked dependencies and the runtime (its compressors, and the ICU and time zone data
// that dates are formatted with).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** sha256 over src/, the Astro and TypeScript configs, the lockfile and the runtime's versions; same code, same print. */
export function codeFingerprint(root: string = process.cwd()): string {
  const sources = readdirSync(path.join(root, "src"), { recursive: true, withFileTypes: true });
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
  // Read synchronously: the build starts this while Vite bundles, and asynchronous reads queue on the thread pool
  // behind Vite's.
  for (const file of files) {
    hash.update(`${file.split(path.sep).join("/")}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}
