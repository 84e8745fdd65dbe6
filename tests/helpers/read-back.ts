// Test helper: reviews as a rebuild reads them back from a /reviews.json, with their aspects' tones from the analyses.
import type { AnalysisColumns } from "../../src/lib/insights/analysis-columns.ts";
import { aspectTonesOf } from "../../src/lib/insights/analysis-columns.ts";
import { type StoredReview, StoredReviews } from "../../src/lib/reviews/stored-review.ts";
import type { Review } from "../../src/lib/schema/review.ts";

/** `reviews` written as JSON one after another and read back; told their tones by `columns` when given. */
export function readBack(reviews: readonly Review[], columns?: AnalysisColumns): StoredReview[] {
  const json = reviews.map((r) => JSON.stringify(r));
  const store = new StoredReviews(Buffer.from(json.join(",")));
  const tones = columns && aspectTonesOf(columns);
  let start = 0;
  return json.map((j, k) => {
    const length = Buffer.byteLength(j);
    const review = store.review(start, start + length);
    if (tones) review.knowTones(tones(k));
    start += length + 1;
    return review;
  });
}
