// Horizontal bar chart of how many reviews gave each star rating, 5 stars first.
import { formatCount, plural } from "./format.ts";
import { percents, rect, svgDocument, text } from "./svg.ts";
import { type Chart, PALETTE } from "./types.ts";

export type Distribution = Readonly<Record<"1" | "2" | "3" | "4" | "5", number>>;

const WIDTH = 360;
const ROW = 30;
const LABEL = 58;
const VALUE = 92;
const BAR = 18;

export function ratingDistributionChart(
  id: string,
  distribution: Distribution,
  opts: { subject?: string } = {},
): Chart {
  const stars = [5, 4, 3, 2, 1] as const;
  const counts = stars.map((s) => distribution[String(s) as keyof Distribution]);
  const total = counts.reduce((a, b) => a + b, 0);
  const shares = percents(counts);
  const max = Math.max(1, ...counts);
  const barSpace = WIDTH - LABEL - VALUE;
  const title = `Rating distribution${opts.subject ? ` for ${opts.subject}` : ""}`;
  const parts = stars.map((s, i) => `${s} star${s === 1 ? "" : "s"}: ${formatCount(counts[i]!)} (${shares[i]}%)`);
  const description = total === 0 ? "No reviews yet." : `Of ${plural(total, "review")}: ${parts.join(", ")}.`;

  const rows = stars.map((s, i) => {
    const y = i * ROW + 6;
    const count = counts[i]!;
    const width = (count / max) * barSpace;
    return (
      text(LABEL - 8, y + BAR / 2 + 5, `${s} star${s === 1 ? "" : "s"}`, 'text-anchor="end"') +
      rect(LABEL, y, barSpace, BAR, PALETTE.grid, 'opacity="0.45" rx="3"') +
      rect(LABEL, y, width, BAR, PALETTE.stars[s - 1]!, 'rx="3"') +
      text(LABEL + barSpace + 8, y + BAR / 2 + 5, `${formatCount(count)} · ${shares[i]}%`)
    );
  });
  const body = `<g font-size="14" fill="currentColor">${rows.join("")}</g>`;
  return {
    id,
    title,
    description,
    svg: svgDocument({ id, title, description, width: WIDTH, height: stars.length * ROW + 6, body }),
    table: {
      caption: title,
      columns: ["Rating", "Reviews", "Share"],
      rows: stars.map((s, i) => [`${s} star${s === 1 ? "" : "s"}`, formatCount(counts[i]!), `${shares[i]}%`]),
    },
  };
}
