// Test helper for the sync's tests: a data directory, the configuration pointing at the fake platforms, and one sync
// run with a quick retry backoff, a counted build and its printed lines.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../../src/config.ts";
import { createHttp } from "../../../src/sync/http.ts";
import { runSync, type SyncOutcome } from "../../../src/sync/run-sync.ts";
import type { Mode, Platform } from "../../../src/sync/types.ts";
import { GOOGLE_SECRETS, TRUSTPILOT_SECRETS } from "../../helpers/fake-platforms.ts";

const NOW = Date.parse("2026-11-25T00:00:00Z");

export async function tempData(reviews = ""): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "reviews-sync-"));
  await writeFile(path.join(dir, "reviews.jsonl"), reviews);
  return dir;
}

export type Run = SyncOutcome & { lines: string[]; builds: number; data: string };

export type RunOptions = {
  dataDir: string;
  google?: string;
  trustpilot?: string;
  mode?: Mode;
  sources?: Platform[];
  dryRun?: boolean;
  buildOk?: boolean;
  retries?: number;
};

export async function sync(o: RunOptions): Promise<Run> {
  const config = loadConfig({
    DATA_DIR: o.dataDir,
    ...(o.google ? { ...GOOGLE_SECRETS, GOOGLE_API_URL: o.google, GOOGLE_TOKEN_URL: `${o.google}/token` } : {}),
    ...(o.trustpilot ? { ...TRUSTPILOT_SECRETS, TRUSTPILOT_API_URL: o.trustpilot } : {}),
  });
  const lines: string[] = [];
  let builds = 0;
  const outcome = await runSync({
    config,
    sources: o.sources ?? ["google", "trustpilot"],
    mode: o.mode ?? "full",
    dryRun: o.dryRun ?? false,
    http: createHttp({ timeoutMs: 5000, retries: o.retries ?? 2, backoffMs: 5, maxRetryAfterMs: 10_000 }),
    build: async () => {
      builds++;
      return o.buildOk ?? true;
    },
    now: () => NOW,
    print: (line) => lines.push(line),
  });
  const data = await readFile(path.join(o.dataDir, "reviews.jsonl"), "utf8");
  return { ...outcome, lines, builds, data };
}

/** The data file's reviews by id. */
export function byId(data: string): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const line of data.split("\n").filter(Boolean)) {
    const r = JSON.parse(line) as Record<string, unknown>;
    out.set(String(r.id), r);
  }
  return out;
}

/** `n` Google reviews, one a day back from 2026-11-20, newest first. */
export function days(n: number, make: (id: string, at: string) => Record<string, unknown>, prefix = "g") {
  return Array.from({ length: n }, (_, i) =>
    make(
      `${prefix}${String(i).padStart(4, "0")}`,
      new Date(Date.parse("2026-11-20T12:00:00Z") - i * 3_600_000).toISOString(),
    ),
  );
}
