// A full build's reviews derived one at a time, in the order /reviews.json publishes them, straight into their JSON
// (dataset-json.ts), and read back from it (stored-review.ts). 100k derived reviews are then never objects in the heap
// all at once: they were, beside the source reviews and their analyses, and the heap that grew to hold them all was
// the build's peak memory, kept until it ended.
import { localDate } from "../lib/dates.ts";
import { type AnalysisOf, reviewDeriver } from "../lib/reviews/dataset.ts";
import { newestFirst } from "../lib/reviews/order.ts";
import { StoredReviews } from "../lib/reviews/stored-review.ts";
import type { Business } from "../lib/schema/business.ts";
import type { Review, ReviewInput } from "../lib/schema/review.ts";
import { reviewJsonBytes } from "./dataset-json.ts";

/** The reviews newest first, and each one's JSON (`reviewJsonBytes`), in the same order. */
export type DerivedJson = { reviews: Review[]; json: Buffer[] };

/**
 * `deriveReviews` of `inputs`, sorted newest first, each review's JSON written as soon as it is derived. A review is
 * read back as a stored review; one whose JSON is not laid out as a stored review reads it (a date before the year
 * 1000 is shorter) is parsed whole instead.
 */
export function deriveIntoJson(
  business: Business,
  inputs: readonly ReviewInput[],
  analysisOf: AnalysisOf,
): DerivedJson {
  const tz = business.time_zone;
  // The published order is the derived reviews' (newestFirst), known from the inputs before any is derived.
  const order = inputs.map((r, i) => ({ date: localDate(r.published_at, tz), id: r.id, i })).sort(newestFirst);
  const json = reviewJsonBytes(derived(order, inputs, reviewDeriver(business, analysisOf)));
  const memory = json[0]?.buffer;
  if (!memory) return { reviews: [], json };
  const stored = new StoredReviews(Buffer.from(memory));
  const reviews = json.map((bytes): Review => {
    try {
      return stored.review(bytes.byteOffset, bytes.byteOffset + bytes.length);
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
      return JSON.parse(bytes.toString("utf8")) as Review;
    }
  });
  return { reviews, json };
}

/**
 * Each input in `order`, derived: each review is garbage once its JSON is written. A review is paired with its JSON by
 * position, so its date must be the one it was sorted by.
 */
function* derived(
  order: readonly { date: string; i: number }[],
  inputs: readonly ReviewInput[],
  derive: (r: ReviewInput) => Review,
) {
  for (const { date, i } of order) {
    const review = derive(inputs[i]!);
    if (review.date !== date) throw new Error(`review ${review.id}: derived on ${review.date}, sorted as of ${date}`);
    yield review;
  }
}
