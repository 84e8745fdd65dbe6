// The parts of a review record around its text: who wrote it, where, how it was verified, and when things happened.
import type { ReviewInput, VerificationMethod } from "../../src/lib/schema/review.ts";
import { FIRST_NAMES, HANDLES, SURNAMES } from "./phrases/people.ts";
import type { Random } from "./random.ts";

type Platform = "google" | "yelp" | "website" | "trustpilot" | "facebook" | "angi" | "bbb" | "email";
type Method = VerificationMethod;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HEX = "0123456789abcdef";
const DIGITS = "0123456789";

/** RFC 3339 UTC with whole seconds, the form the data uses throughout (so timestamps also compare as strings). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19) + "Z";
}

/** A display name as people choose it, and the first name a reply can greet (null for handles and families). */
export function authorName(rng: Random): { name: string; first: string | null } {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(SURNAMES);
  switch (rng.weighted({ initial: 45, full: 15, first: 10, "f-last": 8, handle: 10, lower: 5, family: 4, couple: 3 })) {
    case "initial":
      return { name: `${first} ${last[0]}.`, first };
    case "full":
      return { name: `${first} ${last}`, first };
    case "first":
      return { name: first, first };
    case "f-last":
      return { name: `${first[0]}. ${last}`, first: null };
    case "handle":
      return { name: rng.pick(HANDLES), first: null };
    case "lower":
      return { name: `${first.toLowerCase()} ${last[0]!.toLowerCase()}`, first };
    case "family":
      return { name: `The ${last} Family`, first: null };
    case "couple":
      return { name: `${first} & ${rng.pick(FIRST_NAMES)} ${last[0]}.`, first: null };
  }
}

export function avatarUrl(rng: Random, platform: Platform): string | null {
  const likely = platform === "google" || platform === "facebook" ? 0.45 : 0.1;
  return rng.chance(likely) ? `https://avatars.example.net/u/${rng.token(20, HEX)}.jpg` : null;
}

export function pickPlatform(rng: Random, ratingOnly: boolean): Platform {
  // Only some platforms take a star rating without text.
  if (ratingOnly) return rng.weighted({ google: 80, facebook: 20 });
  return rng.weighted({ google: 50, yelp: 12, website: 10, trustpilot: 9, facebook: 8, angi: 5, bbb: 3, email: 3 });
}

/** The permalink on the platform; null for emailed reviews and for imports that lost their link. */
export function permalink(
  rng: Random,
  platform: Platform,
  businessId: string,
  siteUrl: string,
  reviewId: string,
): string | null {
  if (platform === "email" || rng.chance(0.06)) return null;
  switch (platform) {
    case "google":
      return `https://maps.example.com/reviews/${rng.token(27)}`;
    case "yelp":
      return `https://www.yelp.example.com/biz/${businessId}?hrid=${rng.token(22)}`;
    case "trustpilot":
      return `https://www.trustpilot.example.com/reviews/${rng.token(24, HEX)}`;
    case "facebook":
      return `https://www.facebook.example.com/${businessId.replace(/-/g, "")}/posts/${rng.token(16, DIGITS)}`;
    case "angi":
      return `https://www.angi.example.com/companylist/us/tx/${businessId}/reviews/${rng.token(8, DIGITS)}`;
    case "bbb":
      return `https://www.bbb.example.net/profile/${businessId}/customer-reviews#${rng.token(9, DIGITS)}`;
    case "website":
      return new URL(`reviews/${reviewId}`, siteUrl).href;
  }
}

export function titled(rng: Random, platform: Platform): boolean {
  const chance: Partial<Record<Platform, number>> = { trustpilot: 1, website: 0.6, angi: 0.5, bbb: 0.4, email: 0.2 };
  return rng.chance(chance[platform] ?? 0);
}

/** How the review was tied to a real job, and when: platforms vouch at once, staff take days. */
export function verification(
  rng: Random,
  platform: Platform,
  publishedMs: number,
  cutoffMs: number,
): ReviewInput["verified"] {
  const method: Method =
    platform === "website"
      ? rng.weighted({ booking: 60, invoice: 40 })
      : platform === "email"
        ? rng.weighted({ manual: 70, invoice: 30 })
        : rng.weighted({ platform: 45, invoice: 40, booking: 10, manual: 5 });
  const delay =
    method === "platform"
      ? rng.int(0, 1800) * 1000
      : method === "manual"
        ? rng.int(1, 10) * DAY
        : rng.int(1, 120) * HOUR;
  return { method, verified_at: isoSeconds(Math.min(publishedMs + delay + rng.int(0, 3599) * 1000, cutoffMs)) };
}

/** A delay after publication for a reply or an edit: mostly within days, sometimes weeks. */
export function laterBy(rng: Random, maxDays: number): number {
  return rng.chance(0.7)
    ? rng.int(1, 48) * HOUR + rng.int(0, 3599) * 1000
    : rng.int(2, maxDays) * DAY + rng.int(0, DAY / 1000) * 1000;
}

export { DAY, HOUR };
