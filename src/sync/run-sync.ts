// One sync: under the data directory's lock, each source listed and merged in turn (one failing leaves the other
// alone), data/reviews.jsonl replaced once when anything changed, the state written, and the build run after a change.
import type { Got } from "got";
import type { Config } from "../config.ts";
import { readExisting } from "../import/existing-data.ts";
import { refusalLine } from "../import/report.ts";
import { readDataDir, replaceFile } from "../import/write-data.ts";
import { acquireDataLock, type DataLock, LockHeldError } from "../lib/data-lock.ts";
import { applySource, type SourceResult, summaryLine } from "./apply.ts";
import { collectListing } from "./collect.ts";
import { googlePages, googleSecrets } from "./google.ts";
import { mask } from "./http.ts";
import { nextState, readSyncState, writeSyncState } from "./state.ts";
import { trustpilotPages, trustpilotSecrets } from "./trustpilot.ts";
import type { Mode, Page, Platform } from "./types.ts";

/**
 * Exit codes: 0 every source synced (a change built); 1 the build after a change failed (the data was written);
 * 2 usage or configuration; 3 another writer holds the data directory; 4 Google failed; 5 Trustpilot failed; 6 both
 * failed; 7 the data directory must be fixed first (nothing fetched).
 */
export const EXIT = { ok: 0, build: 1, usage: 2, locked: 3, google: 4, trustpilot: 5, both: 6, data: 7 } as const;

export type SyncOptions = Readonly<{
  config: Config;
  sources: readonly Platform[];
  mode: Mode;
  dryRun: boolean;
  http: Got;
  /** Builds and publishes the release (the build's own process); true when it succeeded. null: not built here. */
  build: (() => Promise<boolean>) | null;
  now: () => number;
  /** Each line of output (summary, diff, verdict), already free of secrets. */
  print: (line: string) => void;
}>;

export type SyncOutcome = Readonly<{ code: number; results: readonly SourceResult[]; wrote: boolean; built: boolean }>;

/** The secrets of every configured source, masked in anything printed or written. */
export function configuredSecrets(config: Config): string[] {
  const { google, trustpilot } = config.sync;
  return [...(google ? googleSecrets(google) : []), ...(trustpilot ? trustpilotSecrets(trustpilot) : [])];
}

export async function runSync(o: SyncOptions): Promise<SyncOutcome> {
  const secrets = configuredSecrets(o.config);
  const print = (line: string) => o.print(mask(line, secrets));
  const dataDir = o.config.dataDir;
  let lock: DataLock | null = null;
  if (!o.dryRun) {
    try {
      lock = await acquireDataLock(dataDir, `npm run sync (${o.mode})`);
    } catch (err) {
      if (!(err instanceof LockHeldError)) throw err;
      print(`sync not run: ${err.message}`);
      return { code: EXIT.locked, results: [], wrote: false, built: false };
    }
  }
  try {
    return await underLock(o, dataDir, secrets, print);
  } finally {
    await lock?.release();
  }
}

async function underLock(
  o: SyncOptions,
  dataDir: string,
  secrets: readonly string[],
  print: (line: string) => void,
): Promise<SyncOutcome> {
  const data = await readDataDir(dataDir);
  const { dataFile, before, suppressed, problems } = data;
  let existing = data.existing;
  if (problems.length > 0) {
    for (const p of problems) print(p);
    print(`Fix ${dataDir} first; nothing was fetched or written.`);
    return { code: EXIT.data, results: [], wrote: false, built: false };
  }

  const results: SourceResult[] = [];
  let lines: readonly string[] | null = null;
  for (const platform of o.sources) {
    const pages = pagesOf(o, platform);
    if (!pages) continue;
    const collected = await collectListing(platform, pages, {
      mode: o.mode,
      maxPages: o.config.sync.maxPages,
      maxReviews: o.config.sync.maxReviews,
      now: o.now(),
      existing: new Map(existing.reviews.map((r) => [r.id, r.line])),
      suppressed,
      secrets,
    });
    const result = applySource(existing.reviews, suppressed, collected);
    results.push(result);
    print(summaryLine(result));
    for (const r of result.refused.slice(0, 20)) print(`  refused: ${refusalLine(r)}`);
    if (result.notRemoved) print(`  not removed: ${result.notRemoved}`);
    if (o.dryRun) printDiff(result, print);
    if (result.lines) {
      lines = result.lines;
      existing = readExisting(dataFile, joined(lines));
    }
  }

  const failed = results.filter((r) => r.error !== null).map((r) => r.platform);
  const code =
    failed.length === 2 ? EXIT.both : failed.includes("google") ? EXIT.google : failed.length ? EXIT.trustpilot : 0;
  if (o.dryRun) {
    print("Dry run: nothing was written.");
    return { code, results, wrote: false, built: false };
  }
  const content = lines ? joined(lines) : before;
  const wrote = content !== before;
  if (wrote) await replaceFile(dataFile, content);
  await writeSyncState(dataDir, nextState(await readSyncState(dataDir), results, new Date(o.now()).toISOString()));
  if (!wrote) {
    print("Nothing changed: no build.");
    return { code, results, wrote, built: false };
  }
  if (!o.build) {
    print(`Wrote ${dataFile}; not building (--no-build).`);
    return { code, results, wrote, built: false };
  }
  print(`Wrote ${dataFile}; building the release.`);
  const built = await o.build();
  if (!built) print("The build failed: the new data is written; `npm run build` publishes it once the build is fixed.");
  return { code: built ? code : EXIT.build, results, wrote, built };
}

function pagesOf(o: SyncOptions, platform: Platform): AsyncIterable<Page> | null {
  if (platform === "google") return o.config.sync.google ? googlePages(o.config.sync.google, o.http) : null;
  return o.config.sync.trustpilot ? trustpilotPages(o.config.sync.trustpilot, o.http) : null;
}

/** The ids a dry run would add, update and remove. */
function printDiff(r: SourceResult, print: (line: string) => void): void {
  const shown = 50;
  for (const id of r.added.slice(0, shown)) print(`  + ${id}`);
  for (const u of r.updated.slice(0, shown)) print(`  ~ ${u.id}: ${u.fields.join(", ")}`);
  for (const id of r.removed.slice(0, shown)) print(`  - ${id}`);
  const more = [r.added, r.updated, r.removed].reduce((n, list) => n + Math.max(0, list.length - shown), 0);
  if (more > 0) print(`  ... and ${more} more`);
}

function joined(lines: readonly string[]): string {
  return lines.map((l) => `${l}\n`).join("");
}
