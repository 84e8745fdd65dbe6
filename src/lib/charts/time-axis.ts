// The frame of the time charts: a y-axis with its grid lines, an x-axis naming months (or quarters) and years, thinned to fit.
import { linear } from "./scale.ts";
import { type Bucket, MONTHS, type Unit } from "./series.ts";
import { n, text } from "./svg.ts";
import { PALETTE } from "./types.ts";

const WIDTH = 440;
const LEFT = 44;
const RIGHT = 12;
const TOP = 12;

/** Both time charts share the x-axis, so a month sits at the same place in each and they read as a pair. */
export function timeFrame(
  buckets: readonly Bucket[],
  unit: Unit,
  plot: { height: number; ticks: readonly number[]; label: (tick: number) => string },
) {
  const bottom = TOP + plot.height;
  const y = linear(plot.ticks[0]!, plot.ticks[plot.ticks.length - 1]!, bottom, TOP);
  const slot = (WIDTH - LEFT - RIGHT) / Math.max(1, buckets.length);
  const grid = plot.ticks
    .map(
      (t) =>
        `<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${n(y(t))}" y2="${n(y(t))}" stroke="${PALETTE.grid}" stroke-width="1"/>` +
        text(LEFT - 6, y(t) + 4, plot.label(t), 'text-anchor="end"'),
    )
    .join("");
  const labels = timeAxisLabels(buckets, unit, { left: LEFT, slot, y: bottom + 17, right: WIDTH - RIGHT });
  return {
    width: WIDTH,
    // Below the plot, the labels' rows: one for years alone, two otherwise.
    height: bottom + (unit === "year" ? 22 : 38) + 4,
    /** Left edge of period `i`, and the width of one period. */
    x: (i: number) => LEFT + i * slot,
    slot,
    y,
    /** The plot's baseline. */
    bottom,
    /** Grid lines, tick labels and the x-axis labels, as SVG. */
    svg: `<g font-size="13" fill="currentColor">${grid}${labels}</g>`,
  };
}

/** Room one short label needs at the chart's font size ("Sep", "Q3", "2024"), in viewBox units. */
const MIN_GAP = 30;

export type TimeAxis = Readonly<{
  /** Left edge of the plot and the width of one period. */
  left: number;
  slot: number;
  /** Baseline of the first label row; the year row sits one line below. */
  y: number;
  /** Right edge labels must not cross. */
  right: number;
}>;

/** Position of a bucket within its year: month 0-11, quarter 0-3, or 0 for a year. */
function step(b: Bucket, unit: Unit): number {
  if (unit === "month") return Number(b.key.slice(5, 7)) - 1;
  if (unit === "quarter") return Number(b.key.slice(6)) - 1;
  return 0;
}

/**
 * Every k-th period named (k the smallest of a calendar-friendly set whose labels do not collide: every month, every
 * other, each quarter's first, January and July, January), each year under its first period, `<text>` elements.
 */
export function timeAxisLabels(buckets: readonly Bucket[], unit: Unit, axis: TimeAxis): string {
  const centre = (i: number) => axis.left + (i + 0.5) * axis.slot;
  const fit = (x: number) => Math.min(x, axis.right - 16);
  const out: string[] = [];
  if (unit !== "year") {
    const per = unit === "month" ? 12 : 4;
    const choices = unit === "month" ? [1, 2, 3, 6, 12] : [1, 2, 4];
    const every = choices.find((k) => k * axis.slot >= MIN_GAP) ?? per;
    buckets.forEach((b, i) => {
      const s = step(b, unit);
      if (s % every !== 0) return;
      const name = unit === "month" ? MONTHS[s]! : `Q${s + 1}`;
      out.push(text(fit(centre(i)), axis.y, name, 'text-anchor="middle" data-axis="period"'));
    });
  }
  // Years: under the first period of each year, and under the first bucket when the next year's label leaves room.
  const yearRow = unit === "year" ? axis.y : axis.y + 16;
  let last = -Infinity;
  buckets.forEach((b, i) => {
    const first = i === 0 || buckets[i - 1]!.year !== b.year;
    if (!first) return;
    const x = fit(centre(i));
    const nextYear = buckets.findIndex((n, j) => j > i && n.year !== b.year);
    const nextX = nextYear < 0 ? Infinity : centre(nextYear);
    if (x - last < MIN_GAP + 8 || (i === 0 && step(b, unit) !== 0 && nextX - x < MIN_GAP + 8)) return;
    last = x;
    out.push(text(x, yearRow, String(b.year), 'text-anchor="middle" data-axis="year" font-weight="600"'));
  });
  return out.join("");
}
