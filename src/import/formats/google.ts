// Google Business Profile reviews (API v4 accounts.locations.reviews list responses, one or several pages, and the
// same records in a Takeout export) read as drafts.
import { cleanText, Problems, show } from "../field-values.ts";
import type { Draft, Format } from "../types.ts";
import { isObject, jsonFormat } from "./json-records.ts";

const STARS: Readonly<Record<string, number>> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
const TRANSLATED = "(Translated by Google)";
const ORIGINAL = "(Original)";

/** The name Google's anonymous reviewers get (Google's own placeholder, "A Google User", is not a name). */
const ANONYMOUS = "Anonymous";

export const readGoogle: Format = jsonFormat(googleDraft);

function googleDraft(r: Record<string, unknown>, problems: Problems): Draft {
  const reviewer = isObject(r.reviewer) ? r.reviewer : {};
  const anonymous = reviewer.isAnonymous === true;
  const name = anonymous ? null : cleanText(reviewer.displayName);
  const published = problems.timestamp("createTime", r.createTime);
  const updated = problems.optionalTimestamp("updateTime", r.updateTime);
  const stars = typeof r.starRating === "string" ? STARS[r.starRating] : undefined;
  if (stars === undefined)
    problems.add("starRating", `expected one of ONE, TWO, THREE, FOUR, FIVE, got ${show(r.starRating)}`);
  const reply = isObject(r.reviewReply) ? r.reviewReply : null;
  const replyText = reply ? cleanText(originalText(typeof reply.comment === "string" ? reply.comment : "")) : null;
  const replyAt = reply ? problems.optionalTimestamp("reviewReply.updateTime", reply.updateTime) : null;
  return {
    where: problems.where,
    platform: "google",
    platformId: problems.platformId("reviewId", googlePlatformId(r)),
    verified: true,
    record: {
      published_at: published,
      updated_at: updated !== null && updated > published ? updated : null,
      rating: stars ?? 0,
      title: null,
      text: cleanText(originalText(typeof r.comment === "string" ? r.comment : "")),
      language: null,
      author: { name: name ?? ANONYMOUS, avatar_url: anonymous ? null : cleanText(reviewer.profilePhotoUrl) },
      experience_date: null,
      verified: { method: "platform", verified_at: published },
      source: { platform: "google", url: null },
      // A reply without a date takes the review's: a missing date is no reason to lose the row.
      owner_reply: replyText !== null ? { text: replyText, published_at: replyAt ?? published } : null,
    },
    fields: FIELDS,
  };
}

const FIELDS = {
  published_at: "createTime",
  updated_at: "updateTime",
  rating: "starRating",
  text: "comment",
  "author.name": "reviewer.displayName",
  "author.avatar_url": "reviewer.profilePhotoUrl",
  "verified.verified_at": "createTime",
  owner_reply: "reviewReply",
  "owner_reply.text": "reviewReply.comment",
  "owner_reply.published_at": "reviewReply.updateTime",
};

/**
 * The review's own id: `reviewId`, or the last segment of `name` (`accounts/…/locations/…/reviews/<id>`) when a
 * Takeout record has no reviewId, so that the API and Takeout give the same review the same id.
 */
function googlePlatformId(r: Record<string, unknown>): unknown {
  if (typeof r.reviewId === "string" && r.reviewId.trim() !== "") return r.reviewId;
  if (typeof r.name === "string") {
    const at = r.name.lastIndexOf("/reviews/");
    return at === -1 ? r.name : r.name.slice(at + "/reviews/".length);
  }
  return r.reviewId;
}

/**
 * The reviewer's own words of a comment Google translated: the block after "(Original)" when the translation comes
 * first, or what precedes "(Translated by Google)" when the original comes first.
 */
export function originalText(comment: string): string {
  const original = comment.indexOf(ORIGINAL);
  if (original !== -1) return cut(comment.slice(original + ORIGINAL.length)) || comment.replace(TRANSLATED, "");
  const translated = comment.indexOf(TRANSLATED);
  if (translated > 0 && comment.slice(0, translated).trim() !== "") return comment.slice(0, translated);
  return comment.replace(TRANSLATED, "");
}

/** A block up to the next marker, if any. */
function cut(block: string): string {
  const next = block.indexOf(TRANSLATED);
  return (next === -1 ? block : block.slice(0, next)).trim();
}
