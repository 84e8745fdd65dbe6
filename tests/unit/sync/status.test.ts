// /api/status shows the sync's state per source: the public one its times and staleness, the admin one the last
// error's message too; without a sync state it shows no sync at all.
import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { it } from "node:test";
import { createAdminApp } from "../../../sidecar/ops/admin.ts";
import { opsRoutes } from "../../../sidecar/ops/routes.ts";
import type { Release } from "../../../sidecar/release/release.ts";
import { SYNC_STATE_FILE } from "../../../src/sync/state.ts";
import { memoryLogger } from "../../helpers/logger.ts";
import { tempData } from "./harness.ts";

const release = { id: "r1", manifest: { updated_at: "2026-12-07T10:00:00Z" }, files: new Map() } as unknown as Release;
const eventLoop = { read: () => ({ p50: 0, p99: 0, max: 0, samples: 0 }), stop: () => {} };

it("shows each source's last success, staleness and error", async () => {
  const dir = await tempData();
  const at = new Date(Date.now() - 120_000).toISOString();
  const error = {
    at,
    message: "google: Google reviews page 2: HTTP 500 from https://x/v4/accounts/1/locations/2/reviews",
  };
  const google = { last_attempt: at, last_success: at, last_full_success: null, last_error: error, last_counts: {} };
  await writeFile(path.join(dir, SYNC_STATE_FILE), JSON.stringify({ sources: { google } }));
  const ops = opsRoutes({ release: () => release, logger: memoryLogger(), dataDir: dir });
  const body = (await (await ops.request("/api/status")).json()) as { sync: Record<string, Record<string, unknown>> };
  assert.equal(body.sync.google!.last_success, at);
  assert.ok(Math.abs((body.sync.google!.stale_seconds as number) - 120) <= 2);
  assert.deepEqual(body.sync.google!.last_error, { at });
  const admin = createAdminApp({ release: () => release, logger: memoryLogger(), eventLoop, dataDir: dir });
  const full = (await (await admin.request("/api/status", { headers: { host: "127.0.0.1" } })).json()) as typeof body;
  assert.deepEqual(full.sync.google!.last_error, error);

  const none = opsRoutes({ release: () => release, logger: memoryLogger(), dataDir: await tempData() });
  assert.deepEqual(Object.keys(await (await none.request("/api/status")).json()).sort(), ["release", "status"]);
});
