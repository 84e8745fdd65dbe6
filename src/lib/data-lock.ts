// One writer at a time on a data directory (sync, import, build): a lock file holding the holder's pid, host and
// command. A holder killed with -9 leaves the file behind, but its pid is dead, so the next writer takes the lock over.
import { hostname } from "node:os";
import { link, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export const LOCK_FILE = ".write.lock";

export type LockHolder = Readonly<{ pid: number; host: string; command: string; since: string }>;

export type DataLock = Readonly<{ file: string; release: () => Promise<void> }>;

/** Thrown when another live process holds the lock: its message says who, since when, and what to do. */
export class LockHeldError extends Error {
  override name = "LockHeldError";
  readonly holder: LockHolder | null;
  constructor(file: string, holder: LockHolder | null) {
    super(
      holder
        ? `${file}: held by ${holder.command} (pid ${holder.pid} on ${holder.host}) since ${holder.since}; ` +
            "wait for it to finish (only one sync, import or build writes a data directory at a time)"
        : `${file}: held by another process that is still writing it; try again in a moment`,
    );
    this.holder = holder;
  }
}

/**
 * Takes the lock of `dataDir` for `command`. A lock held by this process's parent counts as taken (a sync runs the
 * build as its child while it holds the lock); a lock whose holder is dead on this host is taken over.
 */
export async function acquireDataLock(dataDir: string, command: string): Promise<DataLock> {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, `${JSON.stringify(me)}\n`, { flag: "wx", mode: 0o644 });
      return { file, release: () => releaseIfMine(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const holder = await readHolder(file);
    if (holder === undefined) continue; // released between our attempt and the read
    if (holder && holder.host === me.host && holder.pid === process.ppid) return { file, release: async () => {} };
    if (holder && holder.host === me.host && !isAlive(holder.pid)) {
      // Renamed away first, so that of two processes finding the same dead holder only one removes it.
      const stale = `${file}.stale.${process.pid}`;
      try {
        await rename(file, stale);
      } catch {
        continue;
      }
      const moved = await readHolder(stale);
      // Another process took the lock over in between: its lock is put back (unless a third already holds one).
      if (moved && moved.pid !== holder.pid) await link(stale, file).catch(() => {});
      await rm(stale, { force: true });
      if (moved && moved.pid !== holder.pid) throw new LockHeldError(file, moved);
      continue;
    }
    throw new LockHeldError(file, holder);
  }
  throw new LockHeldError(file, (await readHolder(file)) ?? null);
}

/** Removes the lock file if it is still this process's. */
async function releaseIfMine(file: string): Promise<void> {
  const holder = await readHolder(file);
  if (holder && holder.pid === process.pid && holder.host === hostname()) await rm(file, { force: true });
}

/** The holder written in `file`; null when it cannot be read as one (being written); undefined when it is gone. */
async function readHolder(file: string): Promise<LockHolder | null | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    const h = JSON.parse(text) as Partial<LockHolder>;
    if (typeof h.pid === "number" && typeof h.host === "string")
      return { pid: h.pid, host: h.host, command: String(h.command ?? "?"), since: String(h.since ?? "?") };
  } catch {
    // a holder still writing its line
  }
  return null;
}

/** Whether a process with this pid exists on this host (EPERM: it exists, owned by someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
