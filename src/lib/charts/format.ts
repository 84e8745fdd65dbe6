// Number formatting shared by the charts and the pages (English UI: grouping with commas).

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const rating = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** `12,345` */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** `4.6`, `4.62`, `5.0`: at least one decimal so it reads as a rating. */
export function formatRating(value: number): string {
  return rating.format(value);
}

/** `1 review`, `12,345 reviews` */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
