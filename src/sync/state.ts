// The sync's state per source (last success, last full listing, last error), kept in DATA_DIR/sync-state.json for
// /api/status: counts, times and scrubbed messages only, never a credential.
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SourceResult } from "./apply.ts";
import { PLATFORMS, type Platform } from "./types.ts";

export const SYNC_STATE_FILE = "sync-state.json";

export type SourceState = Readonly<{
  last_attempt: string;
  last_success: string | null;
  last_full_success: string | null;
  last_error: Readonly<{ at: string; message: string }> | null;
  last_counts: Readonly<{ fetched: number; added: number; updated: number; removed: number; refused: number }>;
}>;

export type SyncState = Readonly<{ sources: Readonly<Partial<Record<Platform, SourceState>>> }>;

/** The state after `results`, at `at` (ISO): a success clears the error; a failure keeps the last success. */
export function nextState(prev: SyncState, results: readonly SourceResult[], at: string): SyncState {
  const sources: Partial<Record<Platform, SourceState>> = { ...prev.sources };
  for (const r of results) {
    const before = prev.sources[r.platform];
    const ok = r.error === null;
    sources[r.platform] = {
      last_attempt: at,
      last_success: ok ? at : (before?.last_success ?? null),
      last_full_success: ok && r.mode === "full" ? at : (before?.last_full_success ?? null),
      last_error: ok ? null : { at, message: r.error ?? "" },
      last_counts: {
        fetched: r.fetched,
        added: r.added.length,
        updated: r.updated.length,
        removed: r.removed.length,
        refused: r.refused.length,
      },
    };
  }
  return { sources };
}

/** The state of `dataDir`; an empty one when there is none yet or it cannot be read as one. */
export async function readSyncState(dataDir: string): Promise<SyncState> {
  try {
    const value = JSON.parse(await readFile(path.join(dataDir, SYNC_STATE_FILE), "utf8")) as Partial<SyncState>;
    const sources: Partial<Record<Platform, SourceState>> = {};
    for (const p of PLATFORMS) {
      const s = value.sources?.[p];
      if (s && typeof s === "object" && typeof s.last_attempt === "string") sources[p] = s;
    }
    return { sources };
  } catch {
    return { sources: {} };
  }
}

export async function writeSyncState(dataDir: string, state: SyncState): Promise<void> {
  const file = path.join(dataDir, SYNC_STATE_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o644 });
    await rename(tmp, file);
  } finally {
    await rm(tmp, { force: true });
  }
}

/** What /api/status shows of a source: its times, last error, and seconds since its last success (null: never). */
export function sourceStatus(s: SourceState, now: number) {
  return {
    last_success: s.last_success,
    last_full_success: s.last_full_success,
    last_attempt: s.last_attempt,
    last_error: s.last_error,
    stale_seconds: s.last_success === null ? null : Math.max(0, Math.round((now - Date.parse(s.last_success)) / 1000)),
  };
}
