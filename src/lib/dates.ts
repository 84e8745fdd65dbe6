// Calendar dates in the business's time zone, derived from UTC timestamps.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The `YYYY-MM-DD` date that `timestamp` falls on in `timeZone`. */
export function localDate(timestamp: string, timeZone: string): string {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, fmt);
  }
  return fmt.format(new Date(timestamp));
}

/** The later of two RFC 3339 UTC timestamps (both in the same `Z` form, so they compare as strings). */
export function maxTimestamp(a: string, b: string | null | undefined): string {
  return b && b > a ? b : a;
}

/** RFC 9110 HTTP-date for an RFC 3339 timestamp. */
export function httpDate(timestamp: string): string {
  return new Date(timestamp).toUTCString();
}
