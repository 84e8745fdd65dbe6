// Files the build writes and describes itself (large-outputs.ts), with their compressed variants: the publish step takes
// their descriptions from BUILT_FILES instead of reading, hashing and compressing 100 MB again.
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { HashedFile } from "./hashed-file.ts";

export const DATASET_FILE = "reviews.json";
/** The descriptions, by path: written into the staging directory, consumed by the publish step, never published. */
export const BUILT_FILES = "built-files.json";

export type BuiltFiles = Record<string, HashedFile>;

/** The descriptions the build left in `root`, which are removed from it. */
export async function takeBuiltFiles(root: string): Promise<ReadonlyMap<string, HashedFile>> {
  const file = path.join(root, BUILT_FILES);
  const built = JSON.parse(await readFile(file, "utf8")) as BuiltFiles;
  await rm(file);
  return new Map(Object.entries(built));
}
