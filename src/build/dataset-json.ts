// /reviews.json as bytes, exactly JSON.stringify of the dataset, assembled review by review: one 100 MB string (two
// bytes a character once any review holds a character past Latin-1) and its encoding cost seconds at 100k reviews.
// Its chunks are streamed: concatenated into one buffer here, a 100 MB body was copied twice more on the way to disk.
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import type { Review } from "../lib/schema/review.ts";

const EMPTY_REVIEWS = '"reviews":[]}';
const COMMA = Buffer.from(",");
const CHUNK_BYTES = 1 << 20;

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

/** The dataset's JSON in chunks of about 1 MiB, for a streamed response. */
export function* datasetJsonChunks(dataset: ReviewsDataset): Generator<Buffer> {
  if (Object.keys(dataset).at(-1) !== "reviews")
    throw new Error("the dataset's reviews must be its last member to be written review by review");
  const { reviews, ...rest } = dataset;
  // The dataset's other members in their order, then an empty reviews array where the reviews go.
  const head = JSON.stringify({ ...rest, reviews: [] });
  const at = head.length - EMPTY_REVIEWS.length;
  let chunk: Buffer[] = [Buffer.from(head.slice(0, at + '"reviews":['.length))];
  let size = chunk[0]!.length;
  for (const [i, bytes] of reviewJsonBytes(dataset).entries()) {
    if (i > 0) chunk.push(COMMA);
    chunk.push(bytes);
    size += bytes.length + 1;
    if (size >= CHUNK_BYTES) {
      yield Buffer.concat(chunk);
      chunk = [];
      size = 0;
    }
  }
  chunk.push(Buffer.from("]}"));
  yield Buffer.concat(chunk);
}
