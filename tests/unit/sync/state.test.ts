// The sync state /api/status shows: a success clears the error and keeps the counts, a failure keeps the last
// success, only a full listing sets the last full success; staleness counts from the last success.
import assert from "node:assert/strict";
import { it } from "node:test";
import type { SourceResult } from "../../../src/sync/apply.ts";
import { nextState, sourceStatus } from "../../../src/sync/state.ts";

const result = (over: Partial<SourceResult>): SourceResult => ({
  platform: "google",
  mode: "incremental",
  outcome: "complete",
  pages: 1,
  fetched: 3,
  added: ["a"],
  updated: [],
  removed: [],
  refused: [],
  unverified: 0,
  error: null,
  notRemoved: null,
  lines: null,
  ...over,
});

it("keeps the last success through a failure, and counts staleness from it", () => {
  const t1 = "2026-12-07T10:00:00.000Z";
  const t2 = "2026-12-07T11:00:00.000Z";
  const ok = nextState({ sources: {} }, [result({ mode: "full" })], t1);
  assert.deepEqual(ok.sources.google?.last_counts, { fetched: 3, added: 1, updated: 0, removed: 0, refused: 0 });
  const failed = nextState(ok, [result({ outcome: "failed", error: "google: HTTP 500", fetched: 0, added: [] })], t2);
  assert.deepEqual(sourceStatus(failed.sources.google!, Date.parse(t2) + 5000), {
    last_success: t1,
    last_full_success: t1,
    last_attempt: t2,
    last_error: { at: t2, message: "google: HTTP 500" },
    stale_seconds: 3605,
  });
  const incremental = nextState(failed, [result({})], t2);
  assert.equal(incremental.sources.google?.last_error, null);
  assert.equal(incremental.sources.google?.last_full_success, t1);
  assert.equal(incremental.sources.trustpilot, undefined);
});
