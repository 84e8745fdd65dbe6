// Human wording of enumerated values and dates, shared by the pages, the sidecar's review pages and the search script.
import type { VerificationMethod } from "../schema/review.ts";

export { platformName } from "./platforms.ts";

export const VERIFICATION_LABELS: Readonly<Record<VerificationMethod, string>> = {
  invoice: "Verified customer (matched to an invoice)",
  booking: "Verified customer (matched to a booking)",
  platform: "Verified by the review platform",
  manual: "Verified by staff",
};

/** Said of a review imported although its platform did not vouch for it. */
export const NOT_VERIFIED_LABEL = "Not verified: imported although the platform does not vouch for it";

/** Date options for `YYYY-MM-DD` calendar dates; UTC so the date never shifts by a day. */
const DATE_FORMAT: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
};
const dateFormat = new Intl.DateTimeFormat("en-US", DATE_FORMAT);

/** `2026-03-02` -> `March 2, 2026` */
export function formatDate(date: string): string {
  return dateFormat.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}
