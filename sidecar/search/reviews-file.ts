// Reads a release's /reviews.json for the search index without ever holding it as one string or one object graph: the
// reviews array is split into one byte span per review, each parsed on its own, and their JSON stays in the file's bytes.
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import type { Review } from "../../src/lib/schema/review.ts";
import type { ReviewSource } from "../../src/lib/search/index.ts";

/** The dataset without its reviews (business, aggregate rating, updated_at), and the reviews as a source to index. */
export type ReviewsFile = Readonly<{ head: Omit<ReviewsDataset, "reviews">; reviews: ReviewSource }>;

export type Split = Readonly<{
  arrayStart: number;
  arrayEnd: number;
  /** Start and end byte of each review, in file order. */
  spans: Uint32Array;
  /** No white space outside strings anywhere in the file: each span is then exactly JSON.stringify of its review. */
  compact: boolean;
}>;

const [QUOTE, BACKSLASH, COMMA, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = [34, 92, 44, 123, 125, 91, 93];
const WHITE_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const REVIEWS_KEY = Buffer.from('"reviews"');

export function readReviewsFile(bytes: Buffer): ReviewsFile {
  const { arrayStart, arrayEnd, spans, compact } = splitReviews(bytes);
  const headText = bytes.toString("utf8", 0, arrayStart + 1) + bytes.toString("utf8", arrayEnd);
  const head = JSON.parse(headText) as ReviewsDataset;
  if (typeof head !== "object" || head === null || !head.business || typeof head.updated_at !== "string") {
    throw new Error("not a reviews dataset: business or updated_at is missing");
  }
  const count = spans.length / 2;
  const span = (k: number) => {
    if (!(Number.isInteger(k) && k >= 0 && k < count)) throw new RangeError(`no review ${k} (${count} in the file)`);
    return bytes.toString("utf8", spans[2 * k]!, spans[2 * k + 1]!);
  };
  // The build writes compact JSON; a file laid out otherwise is re-serialised so answers are the same bytes either way.
  const json = compact ? span : (k: number) => JSON.stringify(JSON.parse(span(k)));
  const { reviews: _, ...rest } = head;
  return { head: rest, reviews: { count, json, parse: (k) => JSON.parse(span(k)) as Review } };
}

/**
 * Finds the top-level `"reviews": [...]` array and the byte span of each of its elements, which must be objects
 * separated by single commas. Strings are skipped with indexOf, so the scan costs little more than reading the bytes;
 * malformed JSON inside the head or a review is left for JSON.parse of that part to report.
 */
export function splitReviews(bytes: Buffer): Split {
  let spans: Uint32Array<ArrayBuffer> = new Uint32Array(1024);
  let n = 0;
  let depth = 0;
  let keyAt = -1;
  let arrayStart = -1;
  let arrayEnd = -1;
  let elementStart = -1;
  let compact = true;
  // Between the elements of the reviews array: what may come next.
  let expect: "element or end" | "comma or end" | "element" = "element or end";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const between = arrayStart !== -1 && arrayEnd === -1 && depth === 2;
    if (WHITE_SPACE.has(b)) {
      compact = false;
      continue;
    }
    if (between) {
      if (b === COMMA && expect === "comma or end") expect = "element";
      else if (b === CLOSE_BRACKET && expect !== "element") {
        arrayEnd = i;
        depth--;
      } else if (b === OPEN_BRACE && expect !== "comma or end") {
        elementStart = i;
        depth++;
      } else throw unexpected(i);
      continue;
    }
    if (b === QUOTE) {
      const end = closingQuote(bytes, i);
      if (depth === 1) keyAt = i;
      i = end;
    } else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      if (depth === 1 && b === OPEN_BRACKET && arrayStart === -1 && isReviewsKey(bytes, keyAt)) arrayStart = i;
      depth++;
    } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
      depth--;
      if (arrayStart !== -1 && arrayEnd === -1 && depth === 2) {
        if (2 * n + 2 > spans.length) spans = grow(spans);
        spans[2 * n] = elementStart;
        spans[2 * n + 1] = i + 1;
        n++;
        expect = "comma or end";
      }
    }
  }
  if (arrayStart === -1 || arrayEnd === -1) throw new Error('not a reviews dataset: no top-level "reviews" array');
  return { arrayStart, arrayEnd, spans: spans.slice(0, 2 * n), compact };
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
  const end = keyAt + REVIEWS_KEY.length;
  return keyAt !== -1 && end <= bytes.length && bytes.compare(REVIEWS_KEY, 0, REVIEWS_KEY.length, keyAt, end) === 0;
}

function grow(spans: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(spans.length * 2);
  bigger.set(spans);
  return bigger;
}

const unexpected = (at: number) =>
  new Error(
    `not a reviews dataset: the reviews array must hold objects separated by commas; found something else at byte ${at}`,
  );
