// A column of strings (or nulls) stored as two runs of text: one byte per character where every character fits
// (Latin-1), UTF-8 for the rest (UTF-16 if one holds a lone surrogate, which UTF-8 cannot carry), with each string's
// length in UTF-16 code units. Loading decodes each run once and slices it: a slice costs a few bytes where a decoded
// copy per string would make the garbage collector copy every text twice.
import { IndexFileError } from "./index-file-sections.ts";

export type EncodedStrings = {
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

/** The strings back, the runs already decoded; `intern` keeps one string per distinct value (for repetitive columns). */
export function decodeStrings(
  column: { name: string; lengths: Int32Array; wide: Uint8Array; narrowRun: string; wideRun: string },
  intern = false,
): (string | null)[] {
  const { lengths, wide, narrowRun, wideRun } = column;
  const seen = new Map<string, string>();
  const out = new Array<string | null>(lengths.length);
  let narrowAt = 0;
  let wideAt = 0;
  for (let i = 0; i < lengths.length; i++) {
    const n = lengths[i]!;
    if (n === -1) {
      out[i] = null;
      continue;
    }
    if (n < 0) throw new IndexFileError(`${column.name} has a length of ${n}`);
    let v = wide[i] ? wideRun.slice(wideAt, (wideAt += n)) : narrowRun.slice(narrowAt, (narrowAt += n));
    if (intern) {
      const known = seen.get(v);
      if (known === undefined) seen.set(v, v);
      else v = known;
    }
    out[i] = v;
  }
  if (narrowAt !== narrowRun.length || wideAt !== wideRun.length)
    throw new IndexFileError(`${column.name}: the lengths do not add up to the text stored`);
  return out;
}
