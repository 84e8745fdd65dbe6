// A star rating as SVG markup drawing the page's five-star symbol (#stars5); fractional averages fill partially.
import { formatRating } from "../charts/format.ts";

/** Five stars in one path on a 100 x 20 box: a symbol every star rating of a page draws, or the badge's shape. */
export const FIVE_STARS = [0, 20, 40, 60, 80]
  .map((x) => `M${x + 10} 1.2l2.7 5.7 6.2.8-4.6 4.3 1.2 6.2L${x + 10} 15.1l-5.5 3.1 1.2-6.2L${x + 1.1} 7.7l6.2-.8z`)
  .join("");

export function starsSvg(rating: number, size: "sm" | "lg" = "sm"): string {
  const clamped = Math.max(0, Math.min(5, rating));
  const label = `${Number.isInteger(clamped) ? clamped : formatRating(clamped)} out of 5 stars`;
  return (
    `<svg class="stars stars-${size}" viewBox="0 0 100 20" role="img" aria-label="${label}">` +
    `<use href="#stars5" class="stars-off" width="100" height="20"></use>` +
    `<svg class="stars-on" width="${Math.round(clamped * 2000) / 100}" height="20">` +
    `<use href="#stars5" width="100" height="20"></use></svg></svg>`
  );
}
