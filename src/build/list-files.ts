// Lists the files under a directory by relative path with `/` separators, sorted: how releases name their files.
import { readdir } from "node:fs/promises";
import path from "node:path";

export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}
