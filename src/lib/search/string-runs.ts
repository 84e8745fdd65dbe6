// A column of strings (or nulls) stored as two runs of text: one byte per character where every character fits
// (Latin-1), UTF-8 for the rest (UTF-16 if one holds a lone surrogate, which UTF-8 cannot carry), with each string's
// length in UTF-16 code units. Loading decodes each run once; a string is sliced from its run when it is read, so no
// column keeps an object per string.
import { IndexFileError } from "./index-file-sections.ts";

type EncodedStrings = {
  encoding: "utf8" | "utf16le";
  /** Per string, its length in UTF-16 code units; -1 for null. */
  lengths: Int32Array;
  /** Per string, 1 if it is in the wide run. */
  wide: Uint8Array;
  narrowBytes: Uint8Array;
  wideBytes: Uint8Array;
};

const NOT_LATIN1 = /[\u0100-\uffff]/;

export function encodeStrings(values: readonly (string | null)[]): EncodedStrings {
  const wide = Uint8Array.from(values, (v) => (v !== null && NOT_LATIN1.test(v) ? 1 : 0));
  const narrowRun = values.filter((v, i) => v !== null && !wide[i]).join("");
  const wideRun = values.filter((_, i) => wide[i]).join("");
  const encoding = wideRun.isWellFormed() ? "utf8" : "utf16le";
  return {
    encoding,
    lengths: Int32Array.from(values, (v) => (v === null ? -1 : v.length)),
    wide,
    narrowBytes: Buffer.from(narrowRun, "latin1"),
    wideBytes: Buffer.from(wideRun, encoding),
  };
}

/**
 * A column of strings as its readers use it: arrays are columns, and so is a decoded one (`decodeStrings`), which keeps
 * only its runs and where each string starts in them, slicing a string when it is asked for.
 */
export type Strings<T extends string | null = string> = Readonly<{
  length: number;
  at: (i: number) => T | undefined;
  slice: (start: number, end: number) => T[];
}>;

/**
 * The strings back from runs already decoded. With `intern`, an array holding one string per distinct value (for
 * repetitive columns); otherwise the runs with each string's start, so that no string is kept apart from them.
 */
export function decodeStrings(
  column: { name: string; lengths: Int32Array; wide: Uint8Array; narrowRun: string; wideRun: string },
  intern = false,
): Strings<string | null> {
  const { lengths, wide, narrowRun, wideRun } = column;
  const starts = new Int32Array(lengths.length);
  const ends = [0, 0];
  for (let i = 0; i < lengths.length; i++) {
    const n = lengths[i]!;
    if (n < -1) throw new IndexFileError(`${column.name} has a length of ${n}`);
    starts[i] = ends[wide[i]!]!;
    ends[wide[i]!]! += Math.max(n, 0);
  }
  if (ends[0] !== narrowRun.length || ends[1] !== wideRun.length)
    throw new IndexFileError(`${column.name}: the lengths do not add up to the text stored`);
  const at = (i: number) => {
    const n = lengths[i];
    if (n === undefined || n === -1) return n === -1 ? null : undefined;
    return (wide[i] ? wideRun : narrowRun).slice(starts[i], starts[i]! + n);
  };
  const slice = (start: number, end: number) =>
    Array.from({ length: Math.max(0, Math.min(end, lengths.length) - start) }, (_, k) => at(start + k)!);
  if (!intern) return { length: lengths.length, at, slice };
  const seen = new Map<string | null, string | null>();
  return Array.from(lengths, (_, i) => at(i)!).map((v) => seen.get(v) ?? seen.set(v, v).get(v)!);
}
