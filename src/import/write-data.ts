// Reading and replacing the data files. data/reviews.jsonl is replaced atomically: the new content goes to a temporary
// file beside it, is synced, and is renamed over the old one, which is kept as reviews.jsonl.bak. A reader sees the old
// file or the new one, never half.
import { constants } from "node:fs";
import { copyFile, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { parseSuppressed, SUPPRESSED_FILE } from "../build/suppressed.ts";
import { readExisting } from "./existing-data.ts";
import { refusalLine } from "./report.ts";

/** Writes `content` to `file`, keeping its previous version (if any) as `<file>.bak`. */
export async function replaceFile(file: string, content: string): Promise<{ backup: string | null }> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`);
  const backup = `${file}.bak`;
  try {
    await writeSynced(tmp, content);
    const hadFile = await copyIfExists(file, `${backup}.tmp`);
    if (hadFile) {
      await syncPath(`${backup}.tmp`);
      await rename(`${backup}.tmp`, backup);
    }
    await rename(tmp, file);
    await syncPath(dir);
    return { backup: hadFile ? backup : null };
  } finally {
    await rm(tmp, { force: true });
    await rm(`${backup}.tmp`, { force: true });
  }
}

async function writeSynced(file: string, content: string): Promise<void> {
  const handle = await open(file, "w", 0o644);
  try {
    await handle.writeFile(content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function copyIfExists(from: string, to: string): Promise<boolean> {
  try {
    await copyFile(from, to, constants.COPYFILE_FICLONE);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
}

/**
 * Makes a file's content, or a directory's entries (the renames), durable. A descriptor opened for reading is enough
 * for fsync on the systems Node supports here.
 */
async function syncPath(target: string): Promise<void> {
  const handle = await open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A data file's text; empty when it does not exist yet. */
async function readOptional(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw err;
  }
}

/**
 * The data directory as an import or a sync merges into: reviews.jsonl (its text and reviews), the suppressed ids, and
 * the problems that must be fixed first.
 */
export async function readDataDir(dataDir: string) {
  const dataFile = path.join(dataDir, "reviews.jsonl");
  const before = await readOptional(dataFile);
  const existing = readExisting(dataFile, before);
  const problems = existing.problems.map(refusalLine);
  const suppressedFile = path.join(dataDir, SUPPRESSED_FILE);
  const suppressed = parseSuppressed(suppressedFile, await readOptional(suppressedFile), problems);
  return { dataFile, before, existing, suppressed, problems };
}
