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

/** Percentage of `part` in `whole`, rounded to whole numbers; 0 when `whole` is 0. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
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
