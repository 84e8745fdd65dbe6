// The average star rating over time: a line per month (quarter or year) on a 1-5 star axis of its own, below the volume chart.
import { formatCount, formatRating } from "./format.ts";
import type { TimeSeries } from "./series.ts";
import { n, svgDocument } from "./svg.ts";
import { timeFrame } from "./time-axis.ts";
import { capitalise } from "./timeline.ts";
import { type Chart, PALETTE } from "./types.ts";

export function ratingTrendChart(id: string, series: TimeSeries, opts: { subject?: string } = {}): Chart {
  const { buckets, unit } = series;
  const title = `Average rating per ${unit}${opts.subject ? ` for ${opts.subject}` : ""}`;
  const frame = timeFrame(buckets, unit, { height: 110, ticks: [1, 2, 3, 4, 5], label: (r) => `${r}★` });
  const { y, slot, width } = frame;
  const cx = (i: number) => frame.x(i) + slot / 2;

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
        ? `<circle cx="${n(cx(i))}" cy="${n(y(b.average))}" r="2.5" fill="${PALETTE.line}"/>`
        : "";
    })
    .join("");
  const body = `${frame.svg}${line}${dots}`;
  const description = describe(series);
  return {
    id,
    title,
    description,
    svg: svgDocument({ id, title, description, width, height: frame.height, body }),
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
