// /reviews.json (100 MB at 100k reviews) and the sidecar's search index are written by the build itself into the
// staging directory; their endpoints return no body, for which Astro writes no file. Astro holds a response body whole
// before writing it, one more copy of each. Written together, /reviews.json is compressed on the thread pool while the
// main thread builds the search index; the publish step takes those variants (precompressed.ts) instead of making them.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../config.ts";
import { compress } from "../integrations/publish/compress.ts";
import { encodeSearchIndex, INDEX_FILE_NAME } from "../lib/search/index-file.ts";
import { indexColumnsOf } from "../lib/search/index.ts";
import { datasetJsonBytes } from "./dataset-json.ts";
import { DATASET_FILE } from "./precompressed.ts";
import { releasePaths } from "./release-paths.ts";
import { loadSite } from "./site.ts";

let written: Promise<void> | undefined;

export function writeLargeOutputs(): Promise<void> {
  written ??= (async () => {
    const { dataset } = await loadSite();
    // The directory Astro builds into: astro.config.mjs names it the same way, in this same process.
    const dir = releasePaths(loadConfig().distDir).stagingDir;
    await mkdir(dir, { recursive: true });
    const json = datasetJsonBytes(dataset);
    const [{ br, gzip }] = await Promise.all([
      compress(json),
      (async () => {
        await writeFile(path.join(dir, DATASET_FILE), json);
        // Synchronous, while the thread pool compresses.
        const index = encodeSearchIndex(indexColumnsOf(dataset), dataset.updated_at);
        await writeFile(path.join(dir, INDEX_FILE_NAME), index);
      })(),
    ]);
    if (br) await writeFile(path.join(dir, `${DATASET_FILE}.br`), br);
    if (gzip) await writeFile(path.join(dir, `${DATASET_FILE}.gz`), gzip);
  })();
  return written;
}
