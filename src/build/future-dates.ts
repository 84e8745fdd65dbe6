// The dates of a review that lie in the future of the build machine's clock: a typo or a wrong clock, which would
// otherwise sort the review first and date the feeds after the present.
import type { ReviewInput } from "../lib/schema/review.ts";

/** The slack allowed ahead of the clock: sources write local times and clocks drift. */
const SLACK_MS = 86_400_000;

/**
 * `field: message` for each timestamp of `review` more than a day after `now` (epoch milliseconds); its experience_date
 * is never after its published_at (the schema says so).
 */
export function futureDates(review: ReviewInput, now: number): string[] {
  const dates: [string, string | null][] = [
    ["published_at", review.published_at],
    ["updated_at", review.updated_at],
    ["verified.verified_at", review.verified.verified_at],
    ["owner_reply.published_at", review.owner_reply?.published_at ?? null],
  ];
  const problems: string[] = [];
  for (const [field, value] of dates) {
    if (value !== null && Date.parse(value) > now + SLACK_MS)
      problems.push(
        `${field}: ${value} is in the future (more than a day after this machine's clock, ${new Date(now).toISOString()})`,
      );
  }
  return problems;
}
