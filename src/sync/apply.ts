// The merge of one source's listing into the data file's lines, pure: the importer's merge (same ids, refusals and
// suppression list), removals only from a complete full listing and only of that source's reviews, and the shrink
// guard: a listing that would remove more than half of the source's reviews is refused, never forced.
import type { ExistingReview } from "../import/existing-data.ts";
import { merge } from "../import/merge.ts";
import { isDerivedFor } from "../import/review-id.ts";
import type { Refusal } from "../import/types.ts";
import type { Collected, Outcome } from "./collect.ts";
import type { Mode, Platform } from "./types.ts";

export type SourceResult = Readonly<{
  platform: Platform;
  mode: Mode;
  outcome: Outcome;
  pages: number;
  fetched: number;
  added: readonly string[];
  updated: readonly { id: string; fields: readonly string[] }[];
  removed: readonly string[];
  refused: readonly Refusal[];
  unverified: number;
  /** Why this source changed nothing: its listing failed, or the shrink guard refused it. */
  error: string | null;
  /** Why a full listing removed nothing although reviews are gone from it. */
  notRemoved: string | null;
  /** The data file's lines after this source, or null when it changes nothing. */
  lines: readonly string[] | null;
}>;

export function applySource(
  existing: readonly ExistingReview[],
  suppressed: ReadonlySet<string>,
  c: Collected,
): SourceResult {
  const base = {
    platform: c.platform,
    mode: c.mode,
    outcome: c.outcome,
    pages: c.pages,
    fetched: c.fetched,
    refused: c.records.refused,
    unverified: c.records.unverified.length,
  };
  const nothing = { added: [], updated: [], removed: [], notRemoved: null, lines: null };
  if (c.outcome === "failed") return { ...base, ...nothing, error: c.error ?? `${c.platform}: the listing failed` };
  const removable = c.mode === "full" && c.outcome === "complete";
  const withheld =
    removable && c.records.refused.length > 0
      ? "refused reviews may be among those gone from the listing: nothing removed until they are read"
      : null;
  const m = merge({
    existing,
    imported: c.records.imported,
    suppressed,
    seen: c.records.seen,
    // The source's own platform, even when the listing is empty: an emptied account must meet the guard below.
    platforms: new Set([c.platform]),
    prune: removable && withheld === null,
  });
  const before = existing.filter((e) => isDerivedFor(e.id, c.platform) && platformOf(e) === c.platform).length;
  if (m.pruned.length > 0 && before - m.pruned.length < before / 2)
    return {
      ...base,
      ...nothing,
      error:
        `${c.platform}: refused: the complete listing would remove ${m.pruned.length} of the ${before} ${c.platform} reviews (more than half), ` +
        `which looks like a wrong ${c.platform === "google" ? "GOOGLE_LOCATION" : "TRUSTPILOT_BUSINESS_UNIT_ID"} or an emptied account; nothing of ${c.platform} was changed. ` +
        "If the reviews are really gone, remove them with `npm run import -- --prune` from an export (docs/sync.md)",
    };
  const updated = [...m.changed, ...m.replaced.map((r) => ({ id: r.id, fields: [`replaced by ${r.by}`] }))];
  const changed = m.added.length > 0 || updated.length > 0 || m.pruned.length > 0;
  return {
    ...base,
    added: m.added,
    updated,
    removed: m.pruned,
    notRemoved: withheld && m.missing.length > 0 ? withheld : null,
    error: null,
    lines: changed ? m.lines : null,
  };
}

function platformOf(e: ExistingReview): unknown {
  return (e.value().source as { platform?: unknown } | null | undefined)?.platform;
}

/** `google: fetched 120, added 2, updated 1, removed 0, refused 0 (full listing, 3 pages)`, or the failure. */
export function summaryLine(r: SourceResult): string {
  const counts = `fetched ${r.fetched}, added ${r.added.length}, updated ${r.updated.length}, removed ${r.removed.length}, refused ${r.refused.length}`;
  const how =
    r.outcome === "failed"
      ? "failed"
      : r.outcome === "stopped"
        ? `incremental, stopped at page ${r.pages}`
        : `${r.mode === "full" ? "full" : "incremental"} listing, ${r.pages} ${r.pages === 1 ? "page" : "pages"}`;
  const extra = r.unverified > 0 ? `; ${r.unverified} unverified skipped` : "";
  return `${r.platform}: ${counts} (${how}${extra})${r.error ? `\n  ${r.platform} error: ${r.error}` : ""}`;
}
