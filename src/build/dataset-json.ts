// /reviews.json as bytes, exactly JSON.stringify of the dataset, assembled review by review: one 100 MB string (two
// bytes a character once any review holds a character past Latin-1) and its encoding cost seconds at 100k reviews.
import type { ReviewsDataset } from "../lib/schema/dataset.ts";

const EMPTY_REVIEWS = '"reviews":[]}';

export function datasetJsonBytes(dataset: ReviewsDataset): Uint8Array<ArrayBuffer> {
  if (Object.keys(dataset).at(-1) !== "reviews")
    throw new Error("the dataset's reviews must be its last member to be written review by review");
  const { reviews, ...rest } = dataset;
  // The dataset's other members in their order, then an empty reviews array where the reviews go.
  const head = JSON.stringify({ ...rest, reviews: [] });
  const at = head.length - EMPTY_REVIEWS.length;
  const parts: Buffer[] = [Buffer.from(head.slice(0, at + '"reviews":['.length))];
  reviews.forEach((r, i) => parts.push(Buffer.from(i === 0 ? JSON.stringify(r) : `,${JSON.stringify(r)}`)));
  parts.push(Buffer.from("]}"));
  return Buffer.concat(parts) as Uint8Array<ArrayBuffer>;
}
