// Monthly figures and the rating and sentiment trend: a direction is only claimed when the slope's 95% CI supports it.
import type { MonthlyInsight, Trend } from "../../schema/insights.ts";
import { olsSlope, round } from "./stats.ts";
import { LABELS } from "../analysis-columns.ts";
import type { Table } from "./tally.ts";

/** The trend looks at the most recent 24 months of reviews. */
const WINDOW_MONTHS = 24;
const MIN_REVIEWS = 30;
const MIN_MONTHS = 6;
const MIN_EFFECT = { rating: 0.1, sentiment: 0.05 } as const;
const DAY = 86_400_000;

export function monthly({ reviews, columns: c, ratings }: Table): MonthlyInsight[] {
  if (reviews.length === 0) return [];
  const acc = new Map<string, { n: number; rating: number; score: number; pos: number; neg: number }>();
  reviews.forEach((r, k) => {
    const m = r.date.slice(0, 7);
    let a = acc.get(m);
    if (!a) acc.set(m, (a = { n: 0, rating: 0, score: 0, pos: 0, neg: 0 }));
    a.n++;
    a.rating += ratings[k]!;
    a.score += c.score[k]!;
    const label = LABELS[c.label[k]!];
    if (label === "positive") a.pos++;
    if (label === "negative") a.neg++;
  });
  const months = [...acc.keys()].sort();
  const out: MonthlyInsight[] = [];
  for (let m = months[0]!; m <= months.at(-1)!; m = nextMonth(m)) {
    const a = acc.get(m);
    out.push(
      a
        ? {
            month: m,
            review_count: a.n,
            average_rating: round(a.rating / a.n, 2),
            sentiment_score: round(a.score / a.n, 3),
            positive_share: round(a.pos / a.n, 3),
            negative_share: round(a.neg / a.n, 3),
          }
        : {
            month: m,
            review_count: 0,
            average_rating: null,
            sentiment_score: null,
            positive_share: null,
            negative_share: null,
          },
    );
  }
  return out;
}

export function trends({ reviews, columns: c, ratings }: Table): { rating: Trend; sentiment: Trend } {
  if (reviews.length === 0) return { rating: empty("rating"), sentiment: empty("sentiment") };
  const to = reviews.reduce((max, r) => (r.date > max ? r.date : max), reviews[0]!.date);
  const from = monthsBefore(to, WINDOW_MONTHS);
  // The reviews in the window, by their position.
  const inWindow: number[] = [];
  reviews.forEach((r, k) => r.date > from && inWindow.push(k));
  const dateOf = (k: number) => reviews[k]!.date;
  const start = Date.parse(`${from}T00:00:00Z`);
  const xs = Float64Array.from(inWindow, (k) => (Date.parse(`${dateOf(k)}T00:00:00Z`) - start) / DAY / 365.25);
  const months = new Set(inWindow.map((k) => dateOf(k).slice(0, 7))).size;
  const windowFrom = inWindow.length ? inWindow.reduce((min, k) => (dateOf(k) < min ? dateOf(k) : min), to) : null;
  const trend = (key: keyof typeof MIN_EFFECT, ys: Float64Array): Trend => {
    const base = {
      method: "ols" as const,
      window_months: WINDOW_MONTHS,
      confidence_level: 0.95 as const,
      from: windowFrom,
      to,
      n: inWindow.length,
      min_effect_per_year: MIN_EFFECT[key],
    };
    const fit = inWindow.length >= MIN_REVIEWS && months >= MIN_MONTHS ? olsSlope(xs, ys) : null;
    if (!fit) return { ...base, direction: "insufficient_data", slope_per_year: null, ci95: null, p_value: null };
    const [lo, hi] = fit.ci95;
    const e = MIN_EFFECT[key];
    const direction: Trend["direction"] =
      lo > 0 && fit.slope >= e
        ? "improving"
        : hi < 0 && fit.slope <= -e
          ? "declining"
          : lo > -e && hi < e
            ? "stable"
            : "inconclusive";
    return {
      ...base,
      direction,
      slope_per_year: round(fit.slope, 3),
      ci95: [round(lo, 3), round(hi, 3)],
      p_value: round(fit.pValue, 4),
    };
  };
  return {
    rating: trend(
      "rating",
      Float64Array.from(inWindow, (k) => ratings[k]!),
    ),
    sentiment: trend(
      "sentiment",
      Float64Array.from(inWindow, (k) => c.score[k]!),
    ),
  };
}

function empty(key: keyof typeof MIN_EFFECT): Trend {
  return {
    direction: "insufficient_data",
    method: "ols",
    window_months: WINDOW_MONTHS,
    confidence_level: 0.95,
    from: null,
    to: null,
    n: 0,
    slope_per_year: null,
    ci95: null,
    p_value: null,
    min_effect_per_year: MIN_EFFECT[key],
  };
}

function nextMonth(m: string): string {
  const [y, mo] = m.split("-").map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, "0")}`;
}

/** The date `n` months before `date` (day clamped to the month's end). */
function monthsBefore(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - n;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}
