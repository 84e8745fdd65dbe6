// The rating badge for the business's own site: stars, average and count from the dataset's aggregate rating, as a
// standalone SVG (its own star shapes, system fonts) in a light and a dark variant.
import { formatCount, formatRating } from "../charts/format.ts";
import { esc, n } from "../charts/svg.ts";
import type { AggregateRating } from "../schema/dataset.ts";
import { FIVE_STARS } from "./stars.ts";

export type BadgeTheme = "light" | "dark";

const THEMES: Record<BadgeTheme, { bg: string; line: string; ink: string; on: string; off: string }> = {
  light: { bg: "#ffffff", line: "#d8dee5", ink: "#1b2733", on: "#b07d00", off: "#c9d0d8" },
  dark: { bg: "#14202c", line: "#3a4b5c", ink: "#e8eef4", on: "#f0b429", off: "#4a5866" },
};

/** Wide enough for the digits and letters of the system fonts, bold at 13 px (DejaVu Sans, the widest, is ~8.1). */
const CHAR_WIDTH = 8.4;

/** What the badge says, in words: its <title>, and the alt text a page embedding it should use. */
export function badgeText(rating: AggregateRating, businessName: string): string {
  if (rating.average === null) return `${businessName} has no reviews yet`;
  const reviews = `${formatCount(rating.count)} review${rating.count === 1 ? "" : "s"}`;
  return `${businessName}: rated ${formatRating(rating.average)} out of 5 from ${reviews}`;
}

export function badgeSvg(rating: AggregateRating, businessName: string, theme: BadgeTheme): string {
  const t = THEMES[theme];
  const label =
    rating.average === null
      ? "No reviews yet"
      : `${formatRating(rating.average)} · ${formatCount(rating.count)} review${rating.count === 1 ? "" : "s"}`;
  const width = Math.ceil(116 + label.length * CHAR_WIDTH + 10);
  const fill = rating.average === null ? 0 : (rating.average / 5) * 100;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="32" viewBox="0 0 ${width} 32" role="img" aria-labelledby="t">` +
    `<title id="t">${esc(badgeText(rating, businessName))}</title>` +
    `<rect x=".5" y=".5" width="${width - 1}" height="31" rx="6" fill="${t.bg}" stroke="${t.line}"/>` +
    `<clipPath id="on"><rect width="${n(fill)}" height="20"/></clipPath>` +
    `<g transform="translate(8 6)"><path d="${FIVE_STARS}" fill="${t.off}"/>` +
    `<path d="${FIVE_STARS}" fill="${t.on}" clip-path="url(#on)"/></g>` +
    `<text x="116" y="21" fill="${t.ink}" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" ` +
    `font-size="13" font-weight="600">${esc(label)}</text></svg>\n`
  );
}
