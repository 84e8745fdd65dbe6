// Rating and volume over time: columns for the number of reviews per period, a line for their average rating.
import { formatCount, formatRating, plural } from "./format.ts";
import { linear, niceTicks } from "./scale.ts";
import type { TimeSeries } from "./series.ts";
import { n, rect, svgDocument, text } from "./svg.ts";
import { type Chart, PALETTE } from "./types.ts";

const WIDTH = 480;
const HEIGHT = 260;
const M = { top: 14, right: 40, bottom: 32, left: 44 };

const UNIT_WORD = { month: "month", quarter: "quarter", year: "year" } as const;

export function timelineChart(id: string, series: TimeSeries, opts: { subject?: string } = {}): Chart {
  const { buckets, unit } = series;
  const per = UNIT_WORD[unit];
  const title = `Reviews and average rating per ${per}${opts.subject ? ` for ${opts.subject}` : ""}`;
  const description = describe(series);

  const plotW = WIDTH - M.left - M.right;
  const plotH = HEIGHT - M.top - M.bottom;
  const maxCount = Math.max(0, ...buckets.map((b) => b.count));
  const ticks = niceTicks(maxCount, 4);
  const yCount = linear(0, ticks[ticks.length - 1]!, M.top + plotH, M.top);
  const yRating = linear(1, 5, M.top + plotH, M.top);
  const slot = buckets.length ? plotW / buckets.length : plotW;
  const x = (i: number) => M.left + i * slot;
  const barW = Math.max(1, slot * 0.72);

  const grid = ticks
    .map(
      (t) =>
        `<line x1="${M.left}" x2="${WIDTH - M.right}" y1="${n(yCount(t))}" y2="${n(yCount(t))}" stroke="${PALETTE.grid}" stroke-width="1"/>` +
        text(M.left - 6, yCount(t) + 4, formatCount(t), 'text-anchor="end"'),
    )
    .join("");
  const ratingAxis = [1, 2, 3, 4, 5].map((r) => text(WIDTH - M.right + 6, yRating(r) + 4, `${r}★`)).join("");
  const bars = buckets
    .map((b, i) =>
      b.count
        ? rect(x(i) + (slot - barW) / 2, yCount(b.count), barW, yCount(0) - yCount(b.count), PALETTE.barMuted)
        : "",
    )
    .join("");

  // The line breaks over periods without reviews instead of inventing a value for them.
  let path = "";
  let pen = false;
  buckets.forEach((b, i) => {
    if (b.average === null) {
      pen = false;
      return;
    }
    path += `${pen ? "L" : "M"}${n(x(i) + slot / 2)} ${n(yRating(b.average))}`;
    pen = true;
  });
  const dots =
    buckets.length <= 60
      ? buckets
          .map((b, i) =>
            b.average === null
              ? ""
              : `<circle cx="${n(x(i) + slot / 2)}" cy="${n(yRating(b.average))}" r="2.5" fill="${PALETTE.line}"/>`,
          )
          .join("")
      : "";
  const line = path
    ? `<path d="${path}" fill="none" stroke="${PALETTE.line}" stroke-width="2" stroke-linejoin="round"/>`
    : "";

  // Year labels under the first period of each year, skipped when too close to the previous label.
  const LABEL_GAP = 44;
  let lastLabelX = -Infinity;
  const xLabels = buckets
    .map((b, i) => {
      if (i > 0 && buckets[i - 1]!.year === b.year) return "";
      const at = Math.min(x(i), WIDTH - M.right - 34);
      if (at - lastLabelX < LABEL_GAP) return "";
      lastLabelX = at;
      return text(at, HEIGHT - M.bottom + 20, String(b.year));
    })
    .join("");
  const axis = `<line x1="${M.left}" x2="${WIDTH - M.right}" y1="${n(yCount(0))}" y2="${n(yCount(0))}" stroke="currentColor" stroke-width="1"/>`;

  const body = `<g font-size="14" fill="currentColor">${grid}${ratingAxis}${xLabels}</g>${bars}${axis}${line}${dots}`;
  return {
    id,
    title,
    description,
    svg: svgDocument({ id, title, description, width: WIDTH, height: HEIGHT, body }),
    table: {
      caption: title,
      columns: [capitalise(per), "Reviews", "Average rating"],
      rows: buckets.map((b) => [b.label, formatCount(b.count), b.average === null ? "–" : formatRating(b.average)]),
    },
  };
}

function describe({ buckets, unit }: TimeSeries): string {
  const withReviews = buckets.filter((b) => b.count > 0);
  if (withReviews.length === 0) return "No reviews yet.";
  const total = withReviews.reduce((a, b) => a + b.count, 0);
  const busiest = withReviews.reduce((a, b) => (b.count > a.count ? b : a));
  const averages = withReviews.map((b) => b.average!);
  const first = buckets[0]!;
  const last = buckets[buckets.length - 1]!;
  return (
    `${plural(total, "review")} from ${first.label} to ${last.label}, by ${unit}. ` +
    `The busiest ${unit} was ${busiest.label} with ${plural(busiest.count, "review")}. ` +
    `The average rating per ${unit} ranged from ${formatRating(Math.min(...averages))} to ${formatRating(Math.max(...averages))}; ` +
    `it was ${formatRating(last.average ?? withReviews[withReviews.length - 1]!.average!)} in ${last.average === null ? withReviews[withReviews.length - 1]!.label : last.label}.`
  );
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
