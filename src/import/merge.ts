// The merge, pure: the data file's reviews, the reviews an export holds and the suppressed ids in, the new data file's
// lines and what changed out. Existing lines keep their place; new reviews follow, by published_at then id.
import type { ExistingReview } from "./existing-data.ts";
import { canonical, changedFields } from "./record-line.ts";
import { isDerivedFor } from "./review-id.ts";
import { normaliseTimestamp } from "./timestamps.ts";
import type { Where } from "./types.ts";

/** A validated review from the export, as its data-file line, with what the merge orders and matches it by. */
export type ImportedReview = Readonly<{
  id: string;
  line: string;
  where: Where;
  publishedAt: string;
  /** Its keys as a possible hand-written duplicate's (see matchKeys). */
  keys: readonly string[];
}>;

export type MergeInput = Readonly<{
  existing: readonly ExistingReview[];
  imported: readonly ImportedReview[];
  suppressed: ReadonlySet<string>;
  /** Every id the export holds, imported or not (unverified, refused): only reviews outside it may be pruned. */
  seen: ReadonlySet<string>;
  /** The platforms the export is from: only their reviews may be pruned. */
  platforms: ReadonlySet<string>;
  prune: boolean;
}>;

export type MergeResult = {
  lines: string[];
  added: string[];
  changed: { id: string; fields: string[] }[];
  unchanged: number;
  /** Hand-written reviews replaced by the imported review that is the same one. */
  replaced: { id: string; by: string }[];
  /** Imported earlier from these platforms, absent from the export: removed with prune, kept and listed without. */
  missing: string[];
  pruned: string[];
  suppressed: { id: string; where: Where }[];
};

export function merge(input: MergeInput): MergeResult {
  const result: MergeResult = {
    lines: [],
    added: [],
    changed: [],
    unchanged: 0,
    replaced: [],
    missing: [],
    pruned: [],
    suppressed: [],
  };
  const incoming = new Map<string, ImportedReview>();
  for (const r of input.imported) {
    if (input.suppressed.has(r.id)) result.suppressed.push({ id: r.id, where: r.where });
    else incoming.set(r.id, r);
  }
  const existingIds = new Set(input.existing.map((e) => e.id));
  const duplicates = handWrittenDuplicates(input.existing, [...incoming.values()]);
  const placed = new Set<string>();
  for (const e of input.existing) {
    const imported = incoming.get(e.id);
    const by = duplicates.get(e.id);
    if (imported) {
      placed.add(e.id);
      const before = e.line === imported.line ? null : canonical(e.value());
      if (before === null || JSON.stringify(before) === imported.line) {
        result.unchanged++;
        result.lines.push(e.line);
      } else {
        result.changed.push({
          id: e.id,
          fields: changedFields(before, JSON.parse(imported.line) as Record<string, unknown>),
        });
        result.lines.push(imported.line);
      }
    } else if (by !== undefined) {
      result.replaced.push({ id: e.id, by: by.id });
      // Replaced in place, unless the imported review has its own line already or took an earlier duplicate's place.
      if (!existingIds.has(by.id) && !placed.has(by.id)) {
        placed.add(by.id);
        result.lines.push(by.line);
      }
    } else if (isPrunable(e, input)) {
      if (input.prune) result.pruned.push(e.id);
      else {
        result.missing.push(e.id);
        result.lines.push(e.line);
      }
    } else result.lines.push(e.line);
  }
  const fresh = [...incoming.values()].filter((r) => !placed.has(r.id));
  fresh.sort((a, b) => compare(a.publishedAt, b.publishedAt) || compare(a.id, b.id));
  for (const r of fresh) {
    result.added.push(r.id);
    result.lines.push(r.line);
  }
  return result;
}

/** Brought in earlier by the importer from one of the export's platforms (its derived id), and no longer in it. */
function isPrunable(e: ExistingReview, input: MergeInput): boolean {
  if (input.seen.has(e.id) || ![...input.platforms].some((p) => isDerivedFor(e.id, p))) return false;
  const platform = (e.value().source as { platform?: unknown } | null | undefined)?.platform;
  return typeof platform === "string" && input.platforms.has(platform) && isDerivedFor(e.id, platform);
}

/**
 * Existing reviews that are an imported review written by hand: same `source.url`, or same platform, author name and
 * publication time. Keyed by the hand-written id; reviews carrying an importer's id for their platform never count.
 */
function handWrittenDuplicates(
  existing: readonly ExistingReview[],
  imported: ImportedReview[],
): Map<string, ImportedReview> {
  // Indexed from the hand-written side, usually far the smaller one.
  const handWritten = new Map<string, string>();
  const importedIds = new Set(imported.map((r) => r.id));
  for (const e of existing) {
    if (importedIds.has(e.id)) continue;
    const value = e.value();
    const platform = (value.source as { platform?: unknown } | null | undefined)?.platform;
    if (typeof platform === "string" && isDerivedFor(e.id, platform)) continue;
    for (const key of matchKeys(value)) if (!handWritten.has(key)) handWritten.set(key, e.id);
  }
  const found = new Map<string, ImportedReview>();
  if (handWritten.size === 0) return found;
  for (const r of imported) {
    for (const key of r.keys) {
      const id = handWritten.get(key);
      if (id !== undefined && !found.has(id)) found.set(id, r);
    }
  }
  return found;
}

/** Keys that make two reviews the same one: `source.url`, and platform + author name + publication time. */
export function matchKeys(r: Record<string, unknown>): string[] {
  const source = (r.source ?? {}) as { platform?: unknown; url?: unknown };
  const author = (r.author ?? {}) as { name?: unknown };
  const keys: string[] = [];
  if (typeof source.url === "string" && source.url !== "") keys.push(`url\0${source.url}`);
  const at = typeof r.published_at === "string" ? normaliseTimestamp(r.published_at) : null;
  if (typeof source.platform === "string" && typeof author.name === "string" && at)
    keys.push(`who\0${source.platform}\0${author.name.trim()}\0${at}`);
  return keys;
}

function compare(a: unknown, b: unknown): number {
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
