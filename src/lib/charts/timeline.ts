// Review volume over time: a column per month (quarter or year) with the number of reviews, on a count axis of its own.
import { formatCount, plural } from "./format.ts";
import { linear, niceTicks } from "./scale.ts";
import type { TimeSeries } from "./series.ts";
import { n, rect, svgDocument, text } from "./svg.ts";
import { timeAxisHeight, timeAxisLabels } from "./time-axis.ts";
import { type Chart, PALETTE } from "./types.ts";

export const TIME_CHART = Object.freeze({ width: 440, left: 44, right: 12, top: 12 });
const PLOT_HEIGHT = 170;

export function timelineChart(id: string, series: TimeSeries, opts: { subject?: string } = {}): Chart {
  const { buckets, unit } = series;
  const title = `Reviews per ${unit}${opts.subject ? ` for ${opts.subject}` : ""}`;
  const { width, left, right, top } = TIME_CHART;
  const bottom = top + PLOT_HEIGHT;
  const height = bottom + timeAxisHeight(unit) + 4;
  const ticks = niceTicks(Math.max(0, ...buckets.map((b) => b.count)), 4);
  const y = linear(0, ticks[ticks.length - 1]!, bottom, top);
  const slot = (width - left - right) / Math.max(1, buckets.length);
  const barW = Math.max(1, slot * 0.72);

  const grid = ticks
    .map(
      (t) =>
        `<line x1="${left}" x2="${width - right}" y1="${n(y(t))}" y2="${n(y(t))}" stroke="${PALETTE.grid}" stroke-width="1"/>` +
        text(left - 6, y(t) + 4, formatCount(t), 'text-anchor="end"'),
    )
    .join("");
  const bars = buckets
    .map((b, i) =>
      b.count ? rect(left + i * slot + (slot - barW) / 2, y(b.count), barW, bottom - y(b.count), PALETTE.bar) : "",
    )
    .join("");
  const labels = timeAxisLabels(buckets, unit, { left, slot, y: bottom + 17, right: width - right });
  const axis = `<line x1="${left}" x2="${width - right}" y1="${bottom}" y2="${bottom}" stroke="currentColor" stroke-width="1"/>`;
  const body = `<g font-size="13" fill="currentColor">${grid}${labels}</g>${bars}${axis}`;
  const description = describe(series);
  return {
    id,
    title,
    description,
    svg: svgDocument({ id, title, description, width, height, body }),
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
