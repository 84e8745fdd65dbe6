// Aspect sentiment bars: for each aspect, the share of positive, neutral and negative mentions, stacked to 100%.
import { formatCount, plural } from "./format.ts";
import { percents, rect, svgDocument, text } from "./svg.ts";
import { type Chart, PALETTE } from "./types.ts";

export type AspectRow = Readonly<{ id: string; label: string; positive: number; neutral: number; negative: number }>;

const WIDTH = 440;
const ROW = 30;
const LABEL = 124;
const VALUE = 98;
const BAR = 18;
const TOP = 24;

/** The chart of `rows` that have mentions (an aspect no review judged has no bar to show). */
export function aspectBarsChart(id: string, all: readonly AspectRow[], opts: { subject?: string } = {}): Chart {
  const title = `Sentiment by aspect${opts.subject ? ` for ${opts.subject}` : ""}`;
  const mentions = (r: AspectRow) => r.positive + r.neutral + r.negative;
  const rows = all.filter((r) => mentions(r) > 0);
  // Positive, neutral, negative: whole percentages that add up to 100 on each row.
  const share = (r: AspectRow) => percents([r.positive, r.neutral, r.negative]);
  const description =
    rows.length === 0
      ? "No aspects were found in the reviews."
      : `Share of positive, neutral and negative mentions per aspect. ` +
        rows
          .map(
            (r) => `${r.label}: ${plural(mentions(r), "mention")}, ${share(r)[0]}% positive, ${share(r)[2]}% negative`,
          )
          .join("; ") +
        ".";
  const barSpace = WIDTH - LABEL - VALUE;
  const legend = [
    ["Positive", PALETTE.positive],
    ["Neutral", PALETTE.neutral],
    ["Negative", PALETTE.negative],
  ]
    .map(([name, colour], i) => rect(LABEL + i * 96, 4, 12, 12, colour!) + text(LABEL + i * 96 + 17, 14, name!))
    .join("");
  const bars = rows.map((r, i) => {
    const y = TOP + i * ROW + 6;
    const total = mentions(r);
    const w = (v: number) => (total ? (v / total) * barSpace : 0);
    return (
      text(LABEL - 8, y + BAR / 2 + 5, r.label, 'text-anchor="end"') +
      rect(LABEL, y, barSpace, BAR, PALETTE.grid, 'opacity="0.45"') +
      rect(LABEL, y, w(r.positive), BAR, PALETTE.positive) +
      rect(LABEL + w(r.positive), y, w(r.neutral), BAR, PALETTE.neutral) +
      rect(LABEL + w(r.positive) + w(r.neutral), y, w(r.negative), BAR, PALETTE.negative) +
      text(LABEL + barSpace + 8, y + BAR / 2 + 5, `${share(r)[0]}% of ${formatCount(total)}`)
    );
  });
  const body = `<g font-size="14" fill="currentColor">${legend}${bars.join("")}</g>`;
  return {
    id,
    title,
    description,
    svg: svgDocument({ id, title, description, width: WIDTH, height: TOP + rows.length * ROW + 8, body }),
    table: {
      caption: title,
      columns: ["Aspect", "Mentions", "Positive", "Neutral", "Negative"],
      rows: rows.map((r) => [
        r.label,
        formatCount(mentions(r)),
        `${formatCount(r.positive)} (${share(r)[0]}%)`,
        `${formatCount(r.neutral)} (${share(r)[1]}%)`,
        `${formatCount(r.negative)} (${share(r)[2]}%)`,
      ]),
    },
  };
}
