// Generates sample reviews for a business: the same (business, count, seed) always gives the same records, one at a time.
import { localDate } from "../../src/lib/dates.ts";
import type { Business } from "../../src/lib/schema/business.ts";
import type { ReviewInput } from "../../src/lib/schema/review.ts";
import { composeReply, composeSpanish, composeText, composeTitle, composeUpdate } from "./compose.ts";
import { Random } from "./random.ts";
import {
  authorName,
  avatarUrl,
  DAY,
  HOUR,
  isoSeconds,
  laterBy,
  permalink,
  pickPlatform,
  titled,
  verification,
} from "./record.ts";
import { catalogOf, pickRefs, type Catalog } from "./refs.ts";

export type GenerateOptions = { count: number; seed: number };

// Fixed dates, never the clock: six years of reviews ending 2026-03-30; everything happened before the cutoff.
const START_MS = Date.UTC(2020, 3, 1);
const SPAN_DAYS = 2190;
const CUTOFF_MS = Date.UTC(2026, 2, 31, 18);
// Reviews are written between 07:00 and 22:00 US Central (taken as UTC-6; DST only shifts them an hour).
const DAY_START_UTC = 13 * HOUR;
const WAKING = 15 * HOUR;
// Below 1, later years get more reviews, as a growing business does.
const GROWTH = 0.75;

// Most reviews are 5 stars, unhappy customers come next: the J-shape review sites show.
const RATINGS = { "5": 66, "4": 15, "3": 6, "2": 4, "1": 9 };
// Owners answer complaints far more often than praise.
const REPLY_CHANCE: Readonly<Record<number, number>> = { 5: 0.22, 4: 0.3, 3: 0.5, 2: 0.7, 1: 0.7 };

/**
 * When review `index` of `count` was published. Monotonic in `index`, so ids run in publication order;
 * the jitter comes from the review's own stream, so it does not depend on other reviews.
 */
function publishedMs(rng: Random, index: number, count: number): number {
  const day = Math.pow((index + rng.next()) / count, GROWTH) * SPAN_DAYS;
  const whole = Math.floor(day);
  return START_MS + whole * DAY + DAY_START_UTC + (day - whole) * WAKING;
}

/** Review `index` (0-based); independent of the others except through its publication time. */
function sampleReview(business: Business, catalog: Catalog, options: GenerateOptions, index: number): ReviewInput {
  const rng = new Random(options.seed, index);
  const id = `r-${String(index + 1).padStart(6, "0")}`;
  const published = Math.floor(publishedMs(rng, index, options.count) / 1000) * 1000;
  const rating = Number(rng.weighted(RATINGS));
  const ratingOnly = rng.chance(0.1);
  const platform = pickPlatform(rng, ratingOnly);
  const refs = pickRefs(rng, catalog);
  const spanish = !ratingOnly && rng.chance(0.015);
  let text = ratingOnly ? null : spanish ? composeSpanish(rng, rating, refs) : composeText(rng, rating, refs);
  const title = text !== null && !spanish && titled(rng, platform) ? composeTitle(rng, rating, refs) : null;

  const editedMs = rng.chance(0.04) ? published + laterBy(rng, 60) : null;
  const edited = editedMs !== null && editedMs <= CUTOFF_MS ? editedMs : null;
  if (edited !== null && text !== null && !spanish) text += `\n\n${composeUpdate(rng, rating, refs)}`;

  const author = authorName(rng);
  const replyMs = rng.chance(REPLY_CHANCE[rating]!) ? published + laterBy(rng, 12) : null;
  const reply = replyMs !== null && replyMs <= CUTOFF_MS ? replyMs : null;
  const experienced = rng.chance(0.5)
    ? published - (rng.chance(0.5) ? rng.int(0, 2) : rng.int(3, 30)) * DAY - rng.int(0, 12) * HOUR
    : null;

  return {
    id,
    published_at: isoSeconds(published),
    updated_at: edited === null ? null : isoSeconds(edited),
    rating,
    title,
    text,
    language: spanish ? "es-US" : text !== null && rng.chance(0.04) ? "en-US" : null,
    author: { name: author.name, avatar_url: avatarUrl(rng, platform) },
    experience_date: experienced === null ? null : localDate(isoSeconds(experienced), business.time_zone),
    verified: verification(rng, platform, published, CUTOFF_MS),
    source: { platform, url: permalink(rng, platform, business.id, business.url, id) },
    owner_reply:
      reply === null ? null : { text: composeReply(rng, rating, refs, author.first), published_at: isoSeconds(reply) },
  };
}

export function* generateReviews(business: Business, options: GenerateOptions): Generator<ReviewInput> {
  if (!Number.isSafeInteger(options.count) || options.count < 0)
    throw new RangeError(`count must be a whole number, got ${options.count}`);
  if (!Number.isInteger(options.seed) || options.seed < 0 || options.seed > 0xffff_ffff)
    throw new RangeError(`seed must be a whole number from 0 to 4294967295, got ${options.seed}`);
  const catalog = catalogOf(business);
  for (let i = 0; i < options.count; i++) yield sampleReview(business, catalog, options, i);
}

/** reviews.jsonl content in chunks of `linesPerChunk` lines, to stream to a file without one giant string. */
export function* reviewLines(business: Business, options: GenerateOptions, linesPerChunk = 500): Generator<string> {
  let chunk = "";
  let lines = 0;
  for (const review of generateReviews(business, options)) {
    chunk += `${JSON.stringify(review)}\n`;
    if (++lines === linesPerChunk) {
      yield chunk;
      chunk = "";
      lines = 0;
    }
  }
  if (chunk !== "") yield chunk;
}
