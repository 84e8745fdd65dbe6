// The average star rating over time: a line per month (quarter or year) on a 1-5 star axis of its own, below the volume chart.
import { formatCount, formatRating } from "./format.ts";
import { linear } from "./scale.ts";
import type { TimeSeries } from "./series.ts";
import { n, svgDocument, text } from "./svg.ts";
import { timeAxisHeight, timeAxisLabels } from "./time-axis.ts";
import { capitalise, TIME_CHART } from "./timeline.ts";
import { type Chart, PALETTE } from "./types.ts";

const PLOT_HEIGHT = 110;

export function ratingTrendChart(id: string, series: TimeSeries, opts: { subject?: string } = {}): Chart {
  const { buckets, unit } = series;
  const title = `Average rating per ${unit}${opts.subject ? ` for ${opts.subject}` : ""}`;
  const { width, left, right, top } = TIME_CHART;
  const bottom = top + PLOT_HEIGHT;
  const height = bottom + timeAxisHeight(unit) + 4;
  const y = linear(1, 5, bottom, top);
  const slot = (width - left - right) / Math.max(1, buckets.length);
  const cx = (i: number) => left + (i + 0.5) * slot;

  const grid = [1, 2, 3, 4, 5]
    .map(
      (r) =>
        `<line x1="${left}" x2="${width - right}" y1="${n(y(r))}" y2="${n(y(r))}" stroke="${PALETTE.grid}" stroke-width="1"/>` +
        text(left - 6, y(r) + 4, `${r}★`, 'text-anchor="end"'),
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
    path += `${pen ? "L" : "M"}${n(cx(i))} ${n(y(b.average))}`;
    pen = true;
  });
  const line = path
    ? `<path d="${path}" fill="none" stroke="${PALETTE.line}" stroke-width="2" stroke-linejoin="round"/>`
    : "";
  // A lone period between gaps is a point, not a line: without a dot it would not show at all.
  const dots = buckets
    .map((b, i) => {
      const alone = b.average !== null && !buckets[i - 1]?.average && !buckets[i + 1]?.average;
      return alone || (b.average !== null && buckets.length <= 24)
        ? `<circle cx="${n(cx(i))}" cy="${n(y(b.average!))}" r="2.5" fill="${PALETTE.line}"/>`
        : "";
    })
    .join("");
  const labels = timeAxisLabels(buckets, unit, { left, slot, y: bottom + 17, right: width - right });
  const body = `<g font-size="13" fill="currentColor">${grid}${labels}</g>${line}${dots}`;
  const description = describe(series);
  return {
    id,
    title,
    description,
    svg: svgDocument({ id, title, description, width, height, body }),
    table: {
      caption: title,
      columns: [capitalise(unit), "Average rating", "Reviews"],
      rows: buckets.map((b) => [b.label, b.average === null ? "–" : formatRating(b.average), formatCount(b.count)]),
    },
  };
}

function describe({ buckets, unit }: TimeSeries): string {
  const rated = buckets.filter((b) => b.average !== null);
  if (rated.length === 0) return "No reviews yet.";
  const averages = rated.map((b) => b.average!);
  const last = rated[rated.length - 1]!;
  return (
    `The average rating per ${unit}, from 1 to 5 stars, ranged from ${formatRating(Math.min(...averages))} ` +
    `to ${formatRating(Math.max(...averages))}; it was ${formatRating(last.average!)} in ${last.label}.`
  );
}
