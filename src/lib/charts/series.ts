// Reviews bucketed over time (month, quarter or year, whichever keeps the chart readable), with empty periods kept.

export type Unit = "month" | "quarter" | "year";

export type Bucket = Readonly<{
  /** `2024-03`, `2024-Q1` or `2024`. */
  key: string;
  /** `Mar 2024`, `Q1 2024` or `2024`. */
  label: string;
  /** The year the period falls in, for axis labels. */
  year: number;
  count: number;
  /** Mean star rating of the period's reviews, 2 decimals; null when it has none. */
  average: number | null;
}>;

export type TimeSeries = Readonly<{ unit: Unit; buckets: readonly Bucket[] }>;

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Buckets `reviews` by their `YYYY-MM-DD` date. Months when there are at most `maxBuckets` of them,
 * else quarters, else years; every period between the first and the last is present. Six years of months still give
 * each bar a few pixels on a phone, and people think of reviews by month.
 */
export function timeSeries(reviews: Iterable<{ date: string; rating: number }>, maxBuckets = 72): TimeSeries {
  const months = new MonthTally();
  for (const r of reviews) months.add(monthIndex(r.date), r.rating);
  return months.series(maxBuckets);
}

/** Review counts and rating sums per month, added one review at a time; `series` buckets them as `timeSeries` does. */
export class MonthTally {
  readonly #sums = new Map<number, { count: number; sum: number }>();

  /** Adds a review of `month` (a `monthIndex`) rated `rating`. */
  add(month: number, rating: number): void {
    const s = this.#sums.get(month);
    if (s) {
      s.count++;
      s.sum += rating;
    } else this.#sums.set(month, { count: 1, sum: rating });
  }

  series(maxBuckets = 72): TimeSeries {
    const sums = this.#sums;
    if (sums.size === 0) return { unit: "month", buckets: [] };
    const months = [...sums.keys()];
    const first = Math.min(...months);
    const last = Math.max(...months);
    const span = last - first + 1;
    const unit: Unit = span <= maxBuckets ? "month" : Math.ceil(span / 3) + 1 <= maxBuckets ? "quarter" : "year";
    const size = unit === "month" ? 1 : unit === "quarter" ? 3 : 12;
    const start = first - (first % size);
    const buckets: Bucket[] = [];
    for (let b = start; b <= last; b += size) {
      let count = 0;
      let sum = 0;
      for (let m = b; m < b + size; m++) {
        const s = sums.get(m);
        if (s) {
          count += s.count;
          sum += s.sum;
        }
      }
      buckets.push({
        ...periodName(b, unit),
        year: Math.floor(b / 12),
        count,
        average: count ? Math.round((sum / count) * 100) / 100 : null,
      });
    }
    return { unit, buckets };
  }
}

/** Months since year 0 of a `YYYY-MM...` date, read digit by digit (no substrings: 100k reviews per chart). */
export function monthIndex(date: string): number {
  const d = (i: number) => date.charCodeAt(i) - 48;
  return (d(0) * 1000 + d(1) * 100 + d(2) * 10 + d(3)) * 12 + d(5) * 10 + d(6) - 1;
}

function periodName(index: number, unit: Unit): { key: string; label: string } {
  const year = Math.floor(index / 12);
  const month = index % 12;
  if (unit === "year") return { key: String(year), label: String(year) };
  if (unit === "quarter") {
    const q = Math.floor(month / 3) + 1;
    return { key: `${year}-Q${q}`, label: `Q${q} ${year}` };
  }
  return { key: `${year}-${String(month + 1).padStart(2, "0")}`, label: `${MONTHS[month]} ${year}` };
}
