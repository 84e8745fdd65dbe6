// Temporary files an import killed mid-write left beside the data file (`.reviews.jsonl.<pid>.tmp`, see write-data.ts):
// removed by the next import once the process that wrote them is gone.
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { escapeRegExp } from "../lib/reviews/mentions.ts";

/** Removes the temporaries of `file` whose writer no longer runs; returns their names. */
export async function removeStaleTemporaries(file: string): Promise<string[]> {
  const dir = path.dirname(file);
  const pattern = new RegExp(`^\\.${escapeRegExp(path.basename(file))}\\.(\\d+)\\.tmp$`);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === 0 || isRunning(pid)) continue;
    await rm(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
