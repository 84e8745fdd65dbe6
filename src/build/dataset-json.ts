// /reviews.json as bytes, exactly JSON.stringify of the dataset, assembled review by review: one 100 MB string (two
// bytes a character once any review holds a character past Latin-1) and its encoding cost seconds at 100k reviews.
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import type { Review } from "../lib/schema/review.ts";

const EMPTY_REVIEWS = '"reviews":[]}';
const COMMA = Buffer.from(",");

const reviewBytes = new WeakMap<ReviewsDataset, readonly Buffer[]>();
const knownBytes = new WeakMap<Review, Buffer>();

/** Records a review's JSON as read from a release that published it, so that it is not made again. */
export function knowReviewJson(review: Review, json: Buffer): void {
  knownBytes.set(review, json);
}

/** Each review's JSON as bytes, made once per dataset: /reviews.json and the archive pages' keys both read them. */
export function reviewJsonBytes(dataset: ReviewsDataset): readonly Buffer[] {
  let bytes = reviewBytes.get(dataset);
  if (!bytes) {
    bytes = dataset.reviews.map((r) => knownBytes.get(r) ?? Buffer.from(JSON.stringify(r)));
    reviewBytes.set(dataset, bytes);
  }
  return bytes;
}

export function datasetJsonBytes(dataset: ReviewsDataset): Buffer {
  if (Object.keys(dataset).at(-1) !== "reviews")
    throw new Error("the dataset's reviews must be its last member to be written review by review");
  const { reviews, ...rest } = dataset;
  // The dataset's other members in their order, then an empty reviews array where the reviews go.
  const head = JSON.stringify({ ...rest, reviews: [] });
  const at = head.length - EMPTY_REVIEWS.length;
  const parts: Buffer[] = [Buffer.from(head.slice(0, at + '"reviews":['.length))];
  reviewJsonBytes(dataset).forEach((bytes, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(bytes);
  });
  parts.push(Buffer.from("]}"));
  return Buffer.concat(parts);
}
