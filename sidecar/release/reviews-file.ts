// Reads a release's /reviews.json for the search index without ever holding it as one string or one object graph: the
// reviews array is split into one byte span per review, each parsed on its own, and their JSON stays in the file's bytes.
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import type { Review } from "../../src/lib/schema/review.ts";
import type { ReviewSource } from "../../src/lib/search/index.ts";

/** The dataset without its reviews (business, aggregate rating, updated_at), and the reviews as a source to index. */
export type ReviewsFile = Readonly<{
  head: Omit<ReviewsDataset, "reviews">;
  reviews: ReviewSource;
  /** Where each review is in the bytes, for reading it again from the file instead (`reviews-at-rest.ts`). */
  split: Split;
}>;

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
/** Between two reviews of a compact file; nowhere else, as no string holds an unescaped quote and no object inside a
 * review starts with an id (tests/unit/search/reviews-file.test.ts checks the Review schema for that). */
const BOUNDARY = Buffer.from('},{"id":');

export function readReviewsFile(bytes: Buffer): ReviewsFile {
  return fromSplit(bytes, splitReviews(bytes));
}

/**
 * Reads a file whose reviews are known, in file order, from the release's index file: each review ends where the next
 * boundary `},{"id":` is, which no JSON string can hold (its quotes would be escaped), so the 100 MB are searched
 * natively rather than scanned string by string. Throws when the file is not exactly those reviews, written compactly.
 */
export function readReviewsFileOf(bytes: Buffer, ids: readonly string[]): ReviewsFile {
  const misfit = (what: string) => new Error(`not the reviews the index lists: ${what}`);
  if (ids.length === 0) {
    const file = fromSplit(bytes, splitReviews(bytes));
    if (file.reviews.count !== 0) throw misfit(`${file.reviews.count} reviews, the index lists none`);
    return file;
  }
  const startOf = (id: string) => Buffer.from(`{"id":${JSON.stringify(id)}`);
  const first = Buffer.concat([Buffer.from('"reviews":['), startOf(ids[0]!)]);
  const at = bytes.indexOf(first);
  if (at === -1) throw misfit(`no reviews array starting with review ${ids[0]}`);
  const spans = new Uint32Array(2 * ids.length);
  let start = at + '"reviews":['.length;
  for (let k = 0; k < ids.length; k++) {
    spans[2 * k] = start;
    if (k + 1 < ids.length) {
      // The first boundary after a review's start is its end: it must lead to the review listed next.
      const next = bytes.indexOf(BOUNDARY, start);
      const expected = startOf(ids[k + 1]!);
      if (next === -1 || bytes.compare(expected, 0, expected.length, next + 2, next + 2 + expected.length) !== 0)
        throw misfit(`review ${ids[k + 1]} does not follow review ${ids[k]}`);
      spans[2 * k + 1] = next + 1;
      start = next + 2;
    } else spans[2 * k + 1] = objectEnd(bytes, start);
  }
  const arrayEnd = spans[spans.length - 1]!;
  if (bytes[arrayEnd] !== CLOSE_BRACKET) throw misfit(`more than ${ids.length} reviews`);
  return fromSplit(bytes, { arrayStart: at + '"reviews":'.length, arrayEnd, spans, compact: true });
}

/** The end (exclusive) of the JSON object that starts at `start`. */
function objectEnd(bytes: Buffer, start: number): number {
  let depth = 0;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === QUOTE) i = closingQuote(bytes, i);
    else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
    else if ((b === CLOSE_BRACE || b === CLOSE_BRACKET) && --depth === 0) return i + 1;
  }
  throw new Error(`the review at byte ${start} does not end`);
}

function fromSplit(bytes: Buffer, split: Split): ReviewsFile {
  const { arrayStart, arrayEnd } = split;
  const headText = bytes.toString("utf8", 0, arrayStart + 1) + bytes.toString("utf8", arrayEnd);
  const head = JSON.parse(headText) as ReviewsDataset;
  if (typeof head !== "object" || head === null || !head.business || typeof head.updated_at !== "string") {
    throw new Error("not a reviews dataset: business or updated_at is missing");
  }
  const { count, span, json } = spanReader(split, (start, end) => bytes.toString("utf8", start, end));
  const { reviews: _, ...rest } = head;
  return { head: rest, reviews: { count, json, parse: (k) => JSON.parse(span(k)) as Review }, split };
}

/** Each review's text by its place in the file, read through `read`, and its JSON as answers give it. */
export function spanReader(
  { spans, compact }: Pick<Split, "spans" | "compact">,
  read: (start: number, end: number) => string,
): { count: number; span: (k: number) => string; json: (k: number) => string } {
  const count = spans.length / 2;
  const span = (k: number) => {
    if (!(Number.isInteger(k) && k >= 0 && k < count)) throw new RangeError(`no review ${k} (${count} in the file)`);
    return read(spans[2 * k]!, spans[2 * k + 1]!);
  };
  // The build writes compact JSON; a file laid out otherwise is re-serialised so answers are the same bytes either way.
  const json = compact ? span : (k: number) => JSON.stringify(JSON.parse(span(k)));
  return { count, span, json };
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
