// /api/status's view of `npm run sync`: per source the last success, the last full listing and how stale the data is
// (and, on the admin listener, the last error's message), read from DATA_DIR/sync-state.json at each request, since a
// sync that changes nothing publishes no release yet must still show as a success.
import { readSyncState, sourceStatus } from "../../src/sync/state.ts";

/** The sources' status, or null when no sync has run on this data directory (the status then leaves it out). */
export async function syncStatus(dataDir: string, full: boolean): Promise<Record<string, unknown> | null> {
  const state = await readSyncState(dataDir);
  const entries = Object.entries(state.sources);
  if (entries.length === 0) return null;
  const now = Date.now();
  return Object.fromEntries(
    entries.map(([platform, s]) => {
      const status = sourceStatus(s, now);
      if (full) return [platform, status];
      const { last_error, ...rest } = status;
      return [platform, { ...rest, last_error: last_error && { at: last_error.at } }];
    }),
  );
}
