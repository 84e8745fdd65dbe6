// A published review read back from its JSON in a /reviews.json: what every pass over all reviews reads (its id,
// dates, stars, mentions, analysis status and tone, whether it has text, when its owner replied) held as fields, its
// aspects without their evidence given by the analyses they were published from, and the rest (its text, author,
// source, reply and aspects) parsed from its bytes when asked for. 100k reviews read back are then a few small objects
// each rather than their whole JSON as objects in the heap.
import type { AspectTone, Review } from "../schema/review.ts";

const STORED = Symbol.for("reviews-service.stored-review");

/**
 * Whether `review` was read back: it answers `hasText` and `repliedAt` without its JSON parsed, and `tones` too once
 * `knowTones` gave them.
 */
export function isStored(review: object): review is StoredReview {
  return (review as { [STORED]?: true })[STORED] === true;
}

/**
 * How many reviews' whole JSON a `StoredReviews` keeps parsed: a page's reviews (50 at most), which its list and its
 * structured data each read. Few enough that they are collected young.
 */
const PARSED_KEPT = 128;

/** The memory a run of reviews' JSON lies in, and the reviews parsed whole most recently. */
export class StoredReviews {
  readonly #bytes: Buffer;
  readonly #parsed = new Map<StoredReview, Review>();
  /** The mentions, statuses and tones met so far, by their JSON. */
  readonly #parts = new Map<string, unknown>();

  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }

  /**
   * The review whose JSON is `bytes[start, end)`, as `JSON.stringify` writes a `Review` (its keys in the schema's
   * order). Throws a SyntaxError naming what was not where that layout puts it.
   */
  review(start: number, end: number): StoredReview {
    return new StoredReview(this, start, end, this.#fields(start, end));
  }

  /** `review`'s whole JSON parsed; the most recent ones are kept. */
  parsed(review: StoredReview, start: number, end: number): Review {
    let whole = this.#parsed.get(review);
    if (whole) return whole;
    whole = JSON.parse(this.#bytes.toString("utf8", start, end)) as Review;
    if (this.#parsed.size >= PARSED_KEPT) this.#parsed.delete(this.#parsed.keys().next().value!);
    this.#parsed.set(review, whole);
    return whole;
  }

  #fields(start: number, end: number): Fields {
    const b = this.#bytes;
    const at = new Cursor(b, start, end);
    at.expect('{"id":"');
    const id = at.until(QUOTE);
    at.expect('","date":"');
    const date = at.take(10);
    at.expect('","published_at":"');
    const published = at.take(20);
    at.expect('","updated_at":');
    const updated = at.nullOr(() => at.quoted(20));
    at.expect(',"rating":');
    const rating = b[at.pos]! - ZERO;
    if (rating < 1 || rating > 5) at.fail("a rating of 1 to 5");
    at.pos++;
    at.expect(',"title":');
    // Keys are never inside a JSON string (every quote in one is escaped): the text's is found after the title, and
    // the last ones searching back from the end, each before the next, without reading through the text.
    const text = at.after(TEXT_KEY);
    const hasText = b[text] !== N;
    const aspects = at.before(ASPECTS_KEY, end);
    if (b[aspects] !== OPEN_BRACKET || b[end - 1] !== CLOSE_BRACE) at.fail("the aspects last");
    const sentiment = at.before(SENTIMENT_KEY, aspects - ASPECTS_KEY.length);
    const status = at.before(STATUS_KEY, sentiment - SENTIMENT_KEY.length);
    const mentions = at.before(MENTIONS_KEY, status - STATUS_KEY.length);
    const reply = at.before(REPLY_KEY, mentions - MENTIONS_KEY.length);
    let replied: string | null = null;
    if (b[reply] !== N) {
      const p = at.before(REPLY_PUBLISHED, mentions - MENTIONS_KEY.length);
      if (p < reply) at.fail("owner_reply's published_at");
      replied = b.toString("latin1", p, p + 20);
    }
    return {
      id,
      date,
      published,
      updated,
      rating,
      hasText,
      replied,
      mentions: this.#part(mentions, status - STATUS_KEY.length) as Review["mentions"],
      status: this.#part(status, sentiment - SENTIMENT_KEY.length) as Review["analysis_status"],
      sentiment: this.#part(sentiment, aspects - ASPECTS_KEY.length) as Review["sentiment"],
    };
  }

  /**
   * The value whose JSON is `bytes[start, end)` (ASCII: catalog ids, a status, a tone), frozen: reviews with the same
   * mentions, status or tone share one value.
   */
  #part(start: number, end: number): unknown {
    const json = this.#bytes.toString("latin1", start, end);
    let value = this.#parts.get(json);
    if (value === undefined) {
      value = deepFreeze(JSON.parse(json));
      this.#parts.set(json, value);
    }
    return value;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}

type Fields = {
  id: string;
  date: string;
  published: string;
  updated: string | null;
  rating: number;
  hasText: boolean;
  replied: string | null;
  mentions: Review["mentions"];
  status: Review["analysis_status"];
  sentiment: Review["sentiment"];
};

const QUOTE = 0x22;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const ZERO = 0x30;
const N = 0x6e;
const TEXT_KEY = Buffer.from(',"text":');
const REPLY_KEY = Buffer.from(',"owner_reply":');
const REPLY_PUBLISHED = Buffer.from('","published_at":"');
const MENTIONS_KEY = Buffer.from(',"mentions":');
const STATUS_KEY = Buffer.from(',"analysis_status":');
const SENTIMENT_KEY = Buffer.from(',"sentiment":');
const ASPECTS_KEY = Buffer.from(',"aspects":');

/** Reads a review's JSON from its start, checking each part is where the layout puts it. */
class Cursor {
  readonly bytes: Buffer;
  readonly end: number;
  pos: number;

  constructor(bytes: Buffer, start: number, end: number) {
    this.bytes = bytes;
    this.end = end;
    this.pos = start;
  }

  fail(what: string): never {
    throw new SyntaxError(`a review's JSON does not have ${what} where this build writes it`);
  }

  expect(literal: string): void {
    for (let i = 0; i < literal.length; i++)
      if (this.bytes[this.pos + i] !== literal.charCodeAt(i)) this.fail(JSON.stringify(literal));
    this.pos += literal.length;
  }

  take(length: number): string {
    if (this.pos + length > this.end) this.fail(`${length} more bytes`);
    const s = this.bytes.toString("latin1", this.pos, this.pos + length);
    this.pos += length;
    return s;
  }

  /** The bytes up to the next `byte` (an ASCII one), which is skipped over. */
  until(byte: number): string {
    const stop = this.bytes.indexOf(byte, this.pos);
    if (stop === -1 || stop >= this.end) this.fail(`a closing ${String.fromCharCode(byte)}`);
    const s = this.bytes.toString("latin1", this.pos, stop);
    this.pos = stop;
    return s;
  }

  quoted(length: number): string {
    this.expect('"');
    const s = this.take(length);
    if (this.bytes[this.pos] !== QUOTE) this.fail("a closing quote");
    this.pos++;
    return s;
  }

  nullOr<T>(read: () => T): T | null {
    if (this.bytes[this.pos] !== N) return read();
    this.expect("null");
    return null;
  }

  /** Where the value after `key` starts, searched for from here; the cursor moves there. */
  after(key: Buffer): number {
    const at = this.bytes.indexOf(key, this.pos);
    if (at === -1 || at + key.length > this.end) this.fail(key.toString());
    this.pos = at + key.length;
    return this.pos;
  }

  /** Where the value after the last `key` that ends by `limit` starts, and after the cursor. */
  before(key: Buffer, limit: number): number {
    const at = this.bytes.lastIndexOf(key, limit - key.length);
    if (at === -1 || at < this.pos) this.fail(key.toString());
    return at + key.length;
  }
}

/**
 * A review read back (`StoredReviews.review`): the fields every pass reads are its own; the others come from its JSON,
 * parsed when one of them is first asked for. `JSON.stringify` writes the review it was read from.
 */
export class StoredReview implements Review {
  readonly id: string;
  readonly date: string;
  readonly published_at: string;
  readonly updated_at: string | null;
  readonly rating: number;
  readonly mentions: Review["mentions"];
  readonly analysis_status: Review["analysis_status"];
  readonly sentiment: Review["sentiment"];
  readonly #store: StoredReviews;
  readonly #start: number;
  readonly #end: number;
  readonly #hasText: boolean;
  readonly #replied: string | null;
  #tones: readonly AspectTone[] | null = null;

  constructor(store: StoredReviews, start: number, end: number, f: Fields) {
    this.id = f.id;
    this.date = f.date;
    this.published_at = f.published;
    this.updated_at = f.updated;
    this.rating = f.rating;
    this.mentions = f.mentions;
    this.analysis_status = f.status;
    this.sentiment = f.sentiment;
    this.#store = store;
    this.#start = start;
    this.#end = end;
    this.#hasText = f.hasText;
    this.#replied = f.replied;
  }

  /** Marks a review read back, whichever copy of this module is asked (a bundled page has its own). */
  get [STORED](): true {
    return true;
  }

  /** Whether the review has text (published texts are never blank), without reading it. */
  get hasText(): boolean {
    return this.#hasText;
  }

  /** When the owner replied, without reading the reply. */
  get repliedAt(): string | null {
    return this.#replied;
  }

  /** Its aspects without their evidence: as `knowTones` gave them, else read from its aspects. */
  get tones(): readonly AspectTone[] {
    return (this.#tones ??= this.aspects.map(({ aspect, sentiment }) => ({ aspect, sentiment })));
  }

  /**
   * Gives the review its aspects without their evidence, known elsewhere (the analyses its aspects were published
   * from), so that they are not parsed from its JSON.
   */
  knowTones(tones: readonly AspectTone[]): void {
    this.#tones = tones;
  }

  get title() {
    return this.#whole().title;
  }
  get text() {
    return this.#whole().text;
  }
  get language() {
    return this.#whole().language;
  }
  get author() {
    return this.#whole().author;
  }
  get experience_date() {
    return this.#whole().experience_date;
  }
  get verified() {
    return this.#whole().verified;
  }
  get source() {
    return this.#whole().source;
  }
  get owner_reply() {
    return this.#whole().owner_reply;
  }
  get aspects() {
    return this.#whole().aspects;
  }

  toJSON(): Review {
    return this.#whole();
  }

  #whole(): Review {
    return this.#store.parsed(this, this.#start, this.#end);
  }
}

/** When the owner replied to `review`, if they did: a review read back says so without its reply being parsed. */
export function repliedAt(review: Pick<Review, "owner_reply">): string | null {
  return isStored(review) ? review.repliedAt : (review.owner_reply?.published_at ?? null);
}

/** What `review` says about each aspect, without the evidence: a review read back says so without its aspects parsed. */
export function aspectTones(review: Pick<Review, "aspects">): readonly AspectTone[] {
  return isStored(review) ? review.tones : review.aspects;
}
