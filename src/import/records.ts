// Drafts made data-file records: the id derived, the record validated against the data model (what the build would
// refuse is refused here, in the export's terms), unverified reviews set aside, a review read twice kept once.
import { futureDates } from "../build/future-dates.ts";
import { ReviewInput } from "../lib/schema/review.ts";
import type { ImportedReview } from "./merge.ts";
import { canonical } from "./record-line.ts";
import { reviewId } from "./review-id.ts";
import type { Draft, Refusal, Where } from "./types.ts";

export type Records = {
  imported: ImportedReview[];
  /** Reviews the platform does not vouch for, skipped (without --include-unverified). */
  unverified: { id: string; where: Where }[];
  refused: Refusal[];
  /** Every id the export holds, whatever became of it. */
  seen: Set<string>;
  platforms: Set<string>;
};

export type RecordOptions = Readonly<{ includeUnverified: boolean; now: number }>;

export function toRecords(drafts: readonly Draft[], options: RecordOptions): Records {
  const out: Records = { imported: [], unverified: [], refused: [], seen: new Set(), platforms: new Set() };
  const first = new Map<string, ImportedReview>();
  for (const draft of drafts) {
    const id = reviewId(draft.platform, draft.platformId);
    out.seen.add(id);
    out.platforms.add(draft.platform);
    if (!draft.verified && !options.includeUnverified) {
      out.unverified.push({ id, where: draft.where });
      continue;
    }
    const parsed = ReviewInput.safeParse({ id, ...draft.record, verified: draft.verified ? draft.record.verified : null });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        out.refused.push(refusal(draft, issue.path.map(String).join("."), issue.message));
      continue;
    }
    const future = futureDates(parsed.data, options.now);
    if (future.length > 0) {
      for (const problem of future) {
        const cut = problem.indexOf(": ");
        out.refused.push(refusal(draft, problem.slice(0, cut), problem.slice(cut + 2)));
      }
      continue;
    }
    const record = canonical(parsed.data);
    const review: ImportedReview = { id, line: JSON.stringify(record), record, where: draft.where };
    const earlier = first.get(id);
    if (!earlier) {
      first.set(id, review);
      out.imported.push(review);
    } else if (earlier.line !== review.line) {
      out.refused.push({
        ...draft.where,
        field: "(review)",
        reason: `the same review (${id}) as at ${earlier.where.file} ${earlier.where.at}, with other content`,
      });
    }
  }
  return out;
}

/** A refusal naming the export's own field for the data-model `path` (or its parent's), else the path itself. */
function refusal(draft: Draft, path: string, reason: string): Refusal {
  const parent = path.slice(0, path.lastIndexOf("."));
  const field = draft.fields[path] ?? (parent ? draft.fields[parent] : undefined) ?? (path || "(review)");
  return { ...draft.where, field, reason };
}
