// One writer at a time on a data directory, and no reader while it writes: sync and import take the exclusive lock
// (.write.lock), builds a shared one each (.read.<pid>.lock), so builds may run side by side but never beside a sync
// or an import. A lock file holds its holder's pid, host and command: one left by a holder killed with -9 names a dead
// pid, and the next process takes the lock over.
import { hostname } from "node:os";
import { link, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export const LOCK_FILE = ".write.lock";
const READ_LOCK = /^\.read\.\d+\.lock$/;

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
            "wait for it to finish (a sync or an import writes a data directory alone, with no build reading it, " +
            "and one build at a time writes a release)"
        : `${file}: held by another process that is still writing it; try again in a moment`,
    );
    this.holder = holder;
  }
}

/**
 * Takes the lock of `dataDir` for `command`: exclusive (sync, import) or shared (build). The exclusive lock of this
 * process's parent counts as this process's (a sync runs the build as its child while it holds the lock).
 */
export async function acquireDataLock(
  dataDir: string,
  command: string,
  mode: "exclusive" | "shared" = "exclusive",
): Promise<DataLock> {
  const me: LockHolder = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  const writeLock = path.join(dataDir, LOCK_FILE);
  if (mode === "shared") {
    // Announced first, then checked: a writer doing the same in the other order sees this reader and gives way.
    const own = path.join(dataDir, `.read.${process.pid}.lock`);
    await writeFile(own, `${JSON.stringify(me)}\n`, { mode: 0o644 });
    const writer = await readHolder(writeLock);
    if (writer && isLive(writer) && !isParent(writer)) {
      await rm(own, { force: true });
      throw new LockHeldError(writeLock, writer);
    }
    return { file: own, release: () => rm(own, { force: true }) };
  }
  const lock = await takeWriteLock(writeLock, me);
  if (lock.file !== writeLock) return lock;
  for (const name of await readdir(dataDir)) {
    if (!READ_LOCK.test(name)) continue;
    const reader = await readHolder(path.join(dataDir, name));
    if (!reader) continue;
    if (!isLive(reader)) await rm(path.join(dataDir, name), { force: true });
    else if (reader.pid !== process.pid) {
      await lock.release();
      throw new LockHeldError(path.join(dataDir, name), reader);
    }
  }
  return lock;
}

/** The exclusive lock file, taken over from a dead holder; the parent's lock is returned as a no-op lock. */
async function takeWriteLock(file: string, me: LockHolder): Promise<DataLock> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, `${JSON.stringify(me)}\n`, { flag: "wx", mode: 0o644 });
      return { file, release: () => releaseIfMine(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const holder = await readHolder(file);
    if (holder === undefined) continue; // released between our attempt and the read
    if (holder && isParent(holder)) return { file: `${file} (the parent's)`, release: async () => {} };
    if (holder && !isLive(holder)) {
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

function isParent(h: LockHolder): boolean {
  return h.host === hostname() && h.pid === process.ppid;
}

/**
 * Whether the holder still runs: a process with its pid exists (EPERM: it exists, owned by someone else). A holder on
 * another host cannot be checked, and counts as live.
 */
function isLive(h: LockHolder): boolean {
  if (h.host !== hostname()) return true;
  try {
    process.kill(h.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
