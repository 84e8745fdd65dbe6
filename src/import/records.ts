// Drafts made data-file records as a format hands them over: the id derived, the record validated against the data
// model (what the build would refuse is refused here, in the export's terms), unverified reviews set aside, a review
// read twice kept once.
import { futureDates } from "../build/future-dates.ts";
import { replacedUncarriable } from "../lib/schema/carriable-text.ts";
import { ReviewInput } from "../lib/schema/review.ts";
import { type ImportedReview, matchKeys } from "./merge.ts";
import { canonical } from "./record-line.ts";
import { reviewId } from "./review-id.ts";
import type { Draft, Refusal, Where } from "./types.ts";

export type Records = {
  imported: ImportedReview[];
  /** Reviews the platform does not vouch for, skipped (without --include-unverified). */
  unverified: { id: string; where: Where }[];
  refused: Refusal[];
  /**
   * Reviews whose text held characters feeds cannot carry (control characters, U+FFFE/U+FFFF, lone surrogates),
   * replaced by U+FFFD: the owner cannot edit a platform's text, and one such character would break the feeds.
   */
  replaced: { id: string; where: Where; fields: string[] }[];
  /** Every id the export holds, whatever became of it. */
  seen: Set<string>;
  platforms: Set<string>;
};

export type RecordOptions = Readonly<{ includeUnverified: boolean; now: number }>;

/** The records so far, and the function that adds a draft to them. */
export function recordCollector(options: RecordOptions): { records: Records; add: (draft: Draft) => void } {
  const records: Records = {
    imported: [],
    unverified: [],
    refused: [],
    replaced: [],
    seen: new Set(),
    platforms: new Set(),
  };
  const first = new Map<string, ImportedReview>();
  const add = (draft: Draft): void => {
    const id = reviewId(draft.platform, draft.platformId);
    records.seen.add(id);
    records.platforms.add(draft.platform);
    if (!draft.verified && !options.includeUnverified) {
      records.unverified.push({ id, where: draft.where });
      return;
    }
    const fields: string[] = [];
    const record = replacedUncarriable(draft.record, (path) => fields.push(draft.fields[path] ?? path));
    if (fields.length > 0) records.replaced.push({ id, where: draft.where, fields });
    const parsed = ReviewInput.safeParse({ id, ...record, verified: draft.verified ? record.verified : null });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        records.refused.push(refusal(draft, issue.path.map(String).join("."), issue.message));
      return;
    }
    const future = futureDates(parsed.data, options.now);
    for (const problem of future) {
      const cut = problem.indexOf(": ");
      records.refused.push(refusal(draft, problem.slice(0, cut), problem.slice(cut + 2)));
    }
    if (future.length > 0) return;
    const line = canonical(parsed.data);
    const review: ImportedReview = {
      id,
      line: JSON.stringify(line),
      where: draft.where,
      publishedAt: parsed.data.published_at,
      keys: matchKeys(line),
    };
    const earlier = first.get(id);
    if (!earlier) {
      first.set(id, review);
      records.imported.push(review);
    } else if (earlier.line !== review.line) {
      records.refused.push({
        ...draft.where,
        field: "(review)",
        reason: `the same review (${id}) as at ${earlier.where.file} ${earlier.where.at}, with other content`,
      });
    }
  };
  return { records, add };
}

/** A refusal naming the export's own field for the data-model `path` (or its parent's), else the path itself. */
function refusal(draft: Draft, path: string, reason: string): Refusal {
  const parent = path.slice(0, path.lastIndexOf("."));
  const field = draft.fields[path] ?? (parent ? draft.fields[parent] : undefined) ?? (path || "(review)");
  return { ...draft.where, field, reason };
}
