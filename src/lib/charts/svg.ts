// Tiny helpers for writing SVG as strings: escaping, number formatting, and the accessible <svg> wrapper.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for element content and attribute values alike. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A coordinate or length with at most 2 decimals and no trailing zeros (keeps the SVG small and stable). */
export function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * Whole percentages of each of `parts` in their sum that add up to 100 (largest remainder: the parts whose rounding
 * lost most get the points left), all 0 when the sum is 0. Rounded one by one, 3 × 33.3% would read 99%, and
 * 50.5 + 49.5 would read 101%.
 */
export function percents(parts: readonly number[]): number[] {
  const whole = parts.reduce((a, b) => a + b, 0);
  if (whole === 0) return parts.map(() => 0);
  const exact = parts.map((p) => (p / whole) * 100);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - floors[i]! })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left-- <= 0) break;
    floors[i]!++;
  }
  return floors;
}

/**
 * The outer `<svg>`: scalable (viewBox, no fixed size), exposed as one image whose accessible name
 * and description are its `<title>` and `<desc>`.
 */
export function svgDocument(opts: {
  id: string;
  title: string;
  description: string;
  width: number;
  height: number;
  body: string;
}): string {
  const t = `${opts.id}-title`;
  const d = `${opts.id}-desc`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${opts.width} ${opts.height}" role="img" aria-labelledby="${t} ${d}" class="chart-svg" focusable="false">` +
    `<title id="${t}">${esc(opts.title)}</title><desc id="${d}">${esc(opts.description)}</desc>${opts.body}</svg>`
  );
}

export function text(x: number, y: number, content: string, attrs = ""): string {
  return `<text x="${n(x)}" y="${n(y)}"${attrs ? ` ${attrs}` : ""}>${esc(content)}</text>`;
}

export function rect(x: number, y: number, width: number, height: number, fill: string, extra = ""): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, width))}" height="${n(Math.max(0, height))}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}
