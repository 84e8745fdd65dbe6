// The dates of a review that lie in the future of the build machine's clock: a typo or a wrong clock, which would
// otherwise sort the review first and date the feeds after the present.

/** The slack allowed ahead of the clock: sources write local times and clocks drift. */
const SLACK_MS = 86_400_000;

/**
 * `field: message` for each timestamp of `review` more than a day after `now` (epoch milliseconds); its experience_date
 * is never after its published_at (the schema says so). `review` is a parsed line, valid or not: a timestamp that is
 * not one is the schema's to report.
 */
export function futureDates(review: unknown, now: number): string[] {
  const dates: [string, unknown][] = [
    ["published_at", field(review, "published_at")],
    ["updated_at", field(review, "updated_at")],
    ["verified.verified_at", field(field(review, "verified"), "verified_at")],
    ["owner_reply.published_at", field(field(review, "owner_reply"), "published_at")],
  ];
  const problems: string[] = [];
  for (const [field, value] of dates) {
    if (typeof value === "string" && Date.parse(value) > now + SLACK_MS)
      problems.push(
        `${field}: ${value} is in the future (more than a day after this machine's clock, ${new Date(now).toISOString()})`,
      );
  }
  return problems;
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
