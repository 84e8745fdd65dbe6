// Reads a release's /reviews.json for the search index without ever holding it as one string or one object graph: the
// reviews array is split into one byte span per review, each parsed on its own, and their JSON stays in the file's bytes.
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import type { Review } from "../../src/lib/schema/review.ts";
import type { ReviewSource } from "../../src/lib/search/index.ts";

/** The dataset without its reviews (business, aggregate rating, updated_at), and the reviews as a source to index. */
export type ReviewsFile = Readonly<{ head: Omit<ReviewsDataset, "reviews">; reviews: ReviewSource }>;

const [QUOTE, BACKSLASH, COMMA, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = [34, 92, 44, 123, 125, 91, 93];
const REVIEWS_KEY = Buffer.from('"reviews"');

export function readReviewsFile(bytes: Buffer): ReviewsFile {
  const { arrayStart, arrayEnd, spans } = splitReviews(bytes);
  const headText = bytes.toString("utf8", 0, arrayStart + 1) + bytes.toString("utf8", arrayEnd);
  const head = JSON.parse(headText) as ReviewsDataset;
  if (typeof head !== "object" || head === null || !head.business || typeof head.updated_at !== "string") {
    throw new Error("not a reviews dataset: business or updated_at is missing");
  }
  const json = (k: number) => bytes.toString("utf8", spans[2 * k]!, spans[2 * k + 1]!);
  const { reviews: _, ...rest } = head;
  return { head: rest, reviews: { count: spans.length / 2, json, parse: (k) => JSON.parse(json(k)) as Review } };
}

/**
 * Finds the top-level `"reviews": [...]` array and the byte span of each of its elements, which must be objects.
 * Strings are skipped with indexOf, so the scan costs little more than reading the bytes; malformed JSON elsewhere is
 * left for JSON.parse of the head and of each review to report.
 */
export function splitReviews(bytes: Buffer): { arrayStart: number; arrayEnd: number; spans: Uint32Array } {
  let spans: Uint32Array<ArrayBuffer> = new Uint32Array(1024);
  let n = 0;
  let depth = 0;
  let keyAt = -1;
  let arrayStart = -1;
  let arrayEnd = -1;
  let elementStart = -1;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === QUOTE) {
      const end = closingQuote(bytes, i);
      if (depth === 1) keyAt = i;
      else if (arrayStart !== -1 && arrayEnd === -1 && depth === 2) throw notObject(i);
      i = end;
      continue;
    }
    const inArray = arrayStart !== -1 && arrayEnd === -1;
    if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      if (inArray && depth === 2) {
        if (b !== OPEN_BRACE) throw notObject(i);
        elementStart = i;
      } else if (depth === 1 && b === OPEN_BRACKET && arrayStart === -1 && isReviewsKey(bytes, keyAt)) arrayStart = i;
      depth++;
    } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
      depth--;
      if (inArray && depth === 2 && b === CLOSE_BRACE) {
        if (2 * n + 2 > spans.length) spans = grow(spans);
        spans[2 * n] = elementStart;
        spans[2 * n + 1] = i + 1;
        n++;
      } else if (inArray && depth === 1) arrayEnd = i;
    } else if (inArray && depth === 2 && b !== COMMA && b > 32) throw notObject(i);
  }
  if (arrayStart === -1 || arrayEnd === -1) throw new Error('not a reviews dataset: no top-level "reviews" array');
  return { arrayStart, arrayEnd, spans: spans.slice(0, 2 * n) };
}

function closingQuote(bytes: Buffer, open: number): number {
  let at = open;
  for (;;) {
    at = bytes.indexOf(QUOTE, at + 1);
    if (at === -1) throw new Error(`unterminated string at byte ${open}`);
    let slashes = 0;
    while (bytes[at - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at;
  }
}

function isReviewsKey(bytes: Buffer, keyAt: number): boolean {
  return keyAt !== -1 && bytes.compare(REVIEWS_KEY, 0, REVIEWS_KEY.length, keyAt, keyAt + REVIEWS_KEY.length) === 0;
}

function grow(spans: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(spans.length * 2);
  bigger.set(spans);
  return bigger;
}

const notObject = (at: number) =>
  new Error(`not a reviews dataset: the reviews array holds something other than objects at byte ${at}`);
