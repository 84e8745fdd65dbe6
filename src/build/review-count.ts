// The build's refusal to publish a release without reviews, or one that drops most of the live release's reviews:
// a truncated or half-exported reviews.jsonl would otherwise replace the site the business serves. Only a release of the
// same business counts: replacing the sample (or another business) with one's own is no shrinking.
import { readFile, realpath } from "node:fs/promises";
import path from "node:path";

export type ReviewCountRules = Readonly<{ allowEmpty: boolean; allowShrink: boolean }>;

/**
 * How many reviews the release `distDir` points at publishes (its insights.json says), when it is of the business
 * `businessId` (its manifest says, or does not say which); null without one, or when it is another business's.
 */
export async function liveReviewCount(distDir: string, businessId: string): Promise<number | null> {
  try {
    const dir = await realpath(distDir);
    const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as { business_id?: unknown };
    if (typeof manifest.business_id === "string" && manifest.business_id !== businessId) return null;
    const insights = JSON.parse(await readFile(path.join(dir, "insights.json"), "utf8")) as { review_count?: unknown };
    return typeof insights.review_count === "number" ? insights.review_count : null;
  } catch {
    return null;
  }
}

/**
 * The problems, each naming `reviewsFile`, of a build of `count` reviews replacing a release of `live` reviews: none, or
 * the one reason the build is refused.
 */
export function reviewCountProblems(
  reviewsFile: string,
  count: number,
  live: number | null,
  rules: ReviewCountRules,
): string[] {
  if (count === 0 && !rules.allowEmpty)
    return [
      `${reviewsFile}: no reviews (the file is empty or holds only blank lines); build with --allow-empty to publish a site without reviews`,
    ];
  // Publishing no reviews, once allowed, drops them all.
  if (live !== null && count < live / 2 && !rules.allowShrink && count > 0)
    return [
      `${reviewsFile}: the live release has ${live} reviews, this build would have ${count} (more than half dropped); build with --allow-shrink if that is meant`,
    ];
  return [];
}
