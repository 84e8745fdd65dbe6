// The picture a shared link shows (og:image, twitter:image): the business's name, its stars, average and count, and
// the 5★…1★ distribution chart of the pages, drawn as SVG and rendered to a 1200×630 PNG at build time.
import { Resvg } from "@resvg/resvg-js";
import { formatRating, plural } from "../../lib/charts/format.ts";
import { ratingDistributionChart } from "../../lib/charts/rating-distribution.ts";
import { esc, n } from "../../lib/charts/svg.ts";
import { FIVE_STARS } from "../../lib/html/stars.ts";
import type { AggregateRating } from "../../lib/schema/dataset.ts";

export const SHARE_IMAGE = { path: "/share.png", width: 1200, height: 630 } as const;

const INK = "#1b2733";
const FONT = `font-family="DejaVu Sans,Liberation Sans,Arial,sans-serif"`;

function shareImageSvg(name: string, rating: AggregateRating): string {
  const { width: W, height: H } = SHARE_IMAGE;
  // The name on one line: smaller type for a longer name (DejaVu Sans is about 0.62 em a character, bold).
  const size = Math.min(64, Math.floor(1080 / (0.62 * Math.max(1, name.length))));
  const stars = rating.average === null ? 0 : (rating.average / 5) * 100;
  const chart = ratingDistributionChart("share", rating.distribution).svg.replace(
    "<svg ",
    `<svg x="600" y="230" width="540" height="330" color="${INK}" `,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" ${FONT}>` +
    `<rect width="${W}" height="${H}" fill="#ffffff"/><rect width="${W}" height="170" fill="#1d3f66"/>` +
    `<text x="60" y="${n(85 + size / 3)}" font-size="${size}" font-weight="bold" fill="#ffffff">${esc(name)}</text>` +
    `<clipPath id="on"><rect width="${n(stars)}" height="20"/></clipPath>` +
    `<g transform="translate(60 215) scale(4.6)"><path d="${FIVE_STARS}" fill="#c9d0d8"/>` +
    `<path d="${FIVE_STARS}" fill="#b07d00" clip-path="url(#on)"/></g>` +
    `<text x="60" y="420" fill="${INK}"><tspan font-size="110" font-weight="bold">` +
    `${rating.average === null ? "–" : formatRating(rating.average)}</tspan><tspan font-size="40"> out of 5</tspan></text>` +
    `<text x="60" y="500" font-size="40" fill="#4a5866">${plural(rating.count, "verified review")}</text>` +
    `${rating.count > 0 ? chart : ""}</svg>`
  );
}

/** The share image as PNG bytes, with the machine's fonts (those the SVG names first). */
export function shareImagePng(name: string, rating: AggregateRating): Uint8Array<ArrayBuffer> {
  const png = new Resvg(shareImageSvg(name, rating), {
    font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" },
  })
    .render()
    .asPng();
  return new Uint8Array(png);
}
