// Review volume over time: a column per month (quarter or year) with the number of reviews, on a count axis of its own.
import { formatCount, plural } from "./format.ts";
import { niceTicks } from "./scale.ts";
import type { TimeSeries } from "./series.ts";
import { rect, svgDocument } from "./svg.ts";
import { timeFrame } from "./time-axis.ts";
import { type Chart, PALETTE } from "./types.ts";

export function timelineChart(id: string, series: TimeSeries, opts: { subject?: string } = {}): Chart {
  const { buckets, unit } = series;
  const title = `Reviews per ${unit}${opts.subject ? ` for ${opts.subject}` : ""}`;
  const frame = timeFrame(buckets, unit, {
    height: 170,
    ticks: niceTicks(Math.max(0, ...buckets.map((b) => b.count)), 4),
    label: formatCount,
  });
  const { x, y, slot, bottom, width } = frame;
  const barW = Math.max(1, slot * 0.72);
  const bars = buckets
    .map((b, i) => (b.count ? rect(x(i) + (slot - barW) / 2, y(b.count), barW, bottom - y(b.count), PALETTE.bar) : ""))
    .join("");
  const axis = `<line x1="${x(0)}" x2="${x(buckets.length)}" y1="${bottom}" y2="${bottom}" stroke="currentColor" stroke-width="1"/>`;
  const description = describe(series);
  return {
    id,
    title,
    description,
    svg: svgDocument({ id, title, description, width, height: frame.height, body: `${frame.svg}${bars}${axis}` }),
    table: {
      caption: title,
      columns: [capitalise(unit), "Reviews"],
      rows: buckets.map((b) => [b.label, formatCount(b.count)]),
    },
  };
}

function describe({ buckets, unit }: TimeSeries): string {
  const withReviews = buckets.filter((b) => b.count > 0);
  if (withReviews.length === 0) return "No reviews yet.";
  const total = withReviews.reduce((a, b) => a + b.count, 0);
  const busiest = withReviews.reduce((a, b) => (b.count > a.count ? b : a));
  const last = buckets[buckets.length - 1]!;
  return (
    `${plural(total, "review")} from ${buckets[0]!.label} to ${last.label}, by ${unit}. ` +
    `The busiest ${unit} was ${busiest.label} with ${plural(busiest.count, "review")}; ` +
    `${last.label} had ${plural(last.count, "review")}.`
  );
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
