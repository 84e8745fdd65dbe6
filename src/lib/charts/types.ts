// What every chart generator returns: the inline SVG plus the words and the table that say the same thing without it.

/** A plain data table: the accessible fallback of a chart (and what tests read the numbers from). */
type DataTable = Readonly<{
  caption: string;
  columns: readonly string[];
  /** One row per data point, already formatted for display; the first cell names the row. */
  rows: readonly (readonly string[])[];
}>;

export type Chart = Readonly<{
  /** Unique within the page: the SVG's title and desc ids derive from it. */
  id: string;
  title: string;
  /** One or two sentences stating what the chart shows, read by screen readers as the SVG's description. */
  description: string;
  /** `<svg role="img" aria-labelledby=...>` with `<title>` and `<desc>`; safe to inline. */
  svg: string;
  table: DataTable;
}>;

/** Colours of the chart marks; text inside charts uses `currentColor`, so it follows the page's colour. */
export const PALETTE = Object.freeze({
  bar: "#2f6fb3",
  line: "#b3541e",
  grid: "#d5dbe1",
  positive: "#1f7a3d",
  neutral: "#8a939c",
  negative: "#c4302b",
  stars: ["#c4302b", "#d9692e", "#d9a21b", "#6a9f3a", "#1f7a3d"] as readonly string[],
});
