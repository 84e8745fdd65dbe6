// Text that every published form can carry: XML 1.0 (the Atom feed, SVG badges, sitemaps) refuses C0 control characters
// other than tab, line feed and carriage return, U+FFFE and U+FFFF, and lone surrogates, which JSON cannot encode as
// UTF-8 either. The data is checked for them (the build refuses), an import replaces them.
import type { z } from "zod";

// Without the u flag the pattern sees UTF-16 code units, so a surrogate not paired with its other half is found.
const UNCARRIABLE =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNCARRIABLE_ALL = new RegExp(UNCARRIABLE.source, "g");

/** Deeper than this a value is not walked: no data file nests anywhere near it, and the schema refuses such values. */
const MAX_DEPTH = 32;

/** What is wrong with `text`, e.g. "contains U+0000 (a control character) at character 12"; undefined when nothing. */
function uncarriableProblem(text: string): string | undefined {
  const found = UNCARRIABLE.exec(text);
  if (!found) return undefined;
  const code = found[0].charCodeAt(0);
  const kind = code < 0x20 ? "a control character" : code >= 0xfffe ? "a noncharacter" : "a lone surrogate";
  const name = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return `contains ${name} (${kind}) at character ${found.index + 1}, which XML and JSON feeds cannot carry: remove it`;
}

/** `text` with every character XML and JSON cannot carry replaced by U+FFFD. */
function replaceUncarriable(text: string): string {
  return text.replace(UNCARRIABLE_ALL, "\uFFFD");
}

/** A zod refinement naming every string of the value (by its path) that holds a character feeds cannot carry. */
export function refuseUncarriable(value: unknown, ctx: z.RefinementCtx): void {
  walk(value, [], 0, (path, problem) => ctx.addIssue({ code: "custom", path, message: problem }));
}

/** Every string of `value` with a character feeds cannot carry replaced by U+FFFD; `onReplaced` hears each path. */
export function replacedUncarriable<T>(value: T, onReplaced: (path: string) => void, path = "", depth = 0): T {
  if (typeof value === "string") {
    if (!UNCARRIABLE.test(value)) return value;
    onReplaced(path);
    return replaceUncarriable(value) as T;
  }
  if (typeof value !== "object" || value === null || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value))
    return (value as unknown[]).map((v, i) =>
      replacedUncarriable(v, onReplaced, `${path}.${i}`.replace(/^\./, ""), depth + 1),
    ) as T;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      replacedUncarriable(v, onReplaced, path ? `${path}.${k}` : k, depth + 1),
    ]),
  ) as T;
}

function walk(
  value: unknown,
  path: (string | number)[],
  depth: number,
  report: (path: (string | number)[], problem: string) => void,
): void {
  if (typeof value === "string") {
    const problem = uncarriableProblem(value);
    if (problem) report(path, problem);
    return;
  }
  if (typeof value !== "object" || value === null || depth >= MAX_DEPTH) return;
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i], depth + 1, report));
  else for (const [k, v] of Object.entries(value)) walk(v, [...path, k], depth + 1, report);
}
