// The search index as one binary file (pure: bytes in, bytes out). The build writes it beside /reviews.json so the
// sidecar loads an index in a fraction of the time it takes to build one; a file that does not fit is refused whole.
//
// Layout: 8-byte magic, u32 (LE) header length, u32 CRC-32 of everything after it, the header as JSON, then the
// sections it lists, each 8-byte aligned. The CRC refuses damaged bytes before anything is read from them.
import { crc32 } from "node:zlib";
import { z } from "zod";
import { type Bitset, emptyBitset } from "./bitset.ts";
import type { AspectPolarity, IndexColumns, SentimentLabel } from "./index.ts";
import type { GramTable } from "./gram-table.ts";

/** Its name in a release directory, beside the /reviews.json it indexes. */
export const INDEX_FILE_NAME = "search-index.bin";
const MAGIC = "RVSIDX\r\n";
const PREAMBLE = MAGIC.length + 8;
/** Bumped whenever the layout or the meaning of a column changes. */
export const INDEX_FILE_FORMAT = 1;

const Kind = z.enum(["u8", "u32", "i32", "f64"]);
type Kind = z.infer<typeof Kind>;
const Count = z.number().int().nonnegative();
const Section = z.object({ name: z.string(), kind: Kind, offset: Count, length: Count });
type Section = z.infer<typeof Section>;
/** Where a bitset column comes from: ["withText"], ["rating", "4"], ["technician", id], ["aspect", id, "negative"], ... */
type BitsetKey = string[];
const StringColumn = z.enum(["ids", "dates", "modifiedAt", "texts"]);
type StringColumn = z.infer<typeof StringColumn>;
const STRING_COLUMNS = StringColumn.options;
const Encoding = z.enum(["utf8", "utf16le"]);

const Header = z.object({
  format: z.number(),
  size: Count,
  /** The dataset's `updated_at`: the sidecar checks it against the /reviews.json it serves. */
  updatedAt: z.string(),
  bitsets: z.array(z.array(z.string()).min(1).max(3)),
  /** How each string column's bytes are encoded (utf16le only if a string holds a lone surrogate). */
  encodings: z.record(StringColumn, Encoding),
  gram: z.object({ mask: Count, count: Count }),
  sections: z.array(Section),
});
type Header = z.infer<typeof Header>;

const ARRAY_OF = { u8: Uint8Array, u32: Uint32Array, i32: Int32Array, f64: Float64Array } as const;

/** Thrown for bytes that are not an index file this code can read; the message says what did not fit. */
export class IndexFileError extends Error {
  override name = "IndexFileError";
}

export function encodeSearchIndex(columns: IndexColumns, updatedAt: string): Uint8Array<ArrayBuffer> {
  const { size } = columns;
  const parts: { name: string; kind: Kind; data: ArrayBufferView & { length: number } }[] = [];
  const add = (name: string, kind: Kind, data: ArrayBufferView & { length: number }) =>
    parts.push({ name, kind, data });

  add("order", "u32", columns.order);
  add("ratings", "u8", columns.ratings);
  const bitsets: [BitsetKey, Bitset][] = [
    [["withText"], columns.withText],
    ...columns.byRating.map((b, r): [BitsetKey, Bitset] => [["rating", String(r)], b]),
    ...Object.entries(columns.bySentiment).map(([label, b]): [BitsetKey, Bitset] => [["sentiment", label], b]),
    ...[...columns.byTechnician].map(([id, b]): [BitsetKey, Bitset] => [["technician", id], b]),
    ...[...columns.byService].map(([id, b]): [BitsetKey, Bitset] => [["service", id], b]),
    ...[...columns.byAspect].flatMap(([id, bits]) =>
      Object.entries(bits).map(([polarity, b]): [BitsetKey, Bitset] => [["aspect", id, polarity], b]),
    ),
  ];
  add(
    "bitsets",
    "u32",
    concat(
      Uint32Array,
      bitsets.map(([, b]) => b),
    ),
  );

  const encodings = {} as Header["encodings"];
  const strings: Record<StringColumn, readonly (string | null)[]> = {
    ids: columns.ids,
    dates: columns.dates,
    modifiedAt: columns.modifiedAt,
    texts: columns.text.texts,
  };
  for (const name of STRING_COLUMNS) {
    const { encoding, lengths, wide, narrowBytes, wideBytes } = encodeStrings(strings[name]);
    encodings[name] = encoding;
    add(`${name}.lengths`, "i32", lengths);
    add(`${name}.wide`, "u8", wide);
    add(`${name}.narrow`, "u8", narrowBytes);
    add(`${name}.wideBytes`, "u8", wideBytes);
  }

  const { table, postings } = columns.text;
  add("gram.keys", "f64", table.keys);
  add("gram.slots", "i32", table.slots);
  // Per slot: -1 for a bitset (size/32 words), else the length of its sorted list; all of them in one run of words.
  add(
    "postings.kinds",
    "i32",
    Int32Array.from(postings, (p) => (p instanceof Uint32Array ? -1 : p.length)),
  );
  add(
    "postings.words",
    "i32",
    concat(
      Int32Array,
      postings.map((p) => new Int32Array(p.buffer, p.byteOffset, p.length)),
    ),
  );

  const sections: Section[] = [];
  let offset = 0;
  for (const p of parts) {
    sections.push({ name: p.name, kind: p.kind, offset, length: p.data.length });
    offset = align8(offset + p.data.byteLength);
  }
  const header: Header = {
    format: INDEX_FILE_FORMAT,
    size,
    updatedAt,
    bitsets: bitsets.map(([k]) => k),
    encodings,
    gram: { mask: table.mask, count: table.count },
    sections,
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const dataStart = align8(PREAMBLE + headerBytes.length);
  const out = Buffer.alloc(dataStart + offset);
  out.write(MAGIC, 0, "latin1");
  out.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(out, PREAMBLE);
  parts.forEach((p, i) => {
    out.set(new Uint8Array(p.data.buffer, p.data.byteOffset, p.data.byteLength), dataStart + sections[i]!.offset);
  });
  out.writeUInt32LE(crc32(out.subarray(PREAMBLE)), MAGIC.length + 4);
  return out;
}

/** The checksum an index file carries (checked against its contents by `decodeSearchIndex`). */
export function indexFileChecksum(file: Uint8Array): number {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (bytes.length < PREAMBLE || bytes.toString("latin1", 0, MAGIC.length) !== MAGIC)
    throw new IndexFileError("not a search index file (wrong magic)");
  return bytes.readUInt32LE(MAGIC.length + 4);
}

/** The stored columns of an index file, and the `updated_at` of the dataset it was written for. */
export function decodeSearchIndex(file: Uint8Array): { columns: IndexColumns; updatedAt: string } {
  // Typed views need aligned offsets; a file read whole starts its own buffer, anything else is copied once.
  const aligned = file.byteOffset % 8 === 0 ? file : new Uint8Array(file);
  const bytes = Buffer.from(aligned.buffer, aligned.byteOffset, aligned.byteLength);
  if (crc32(bytes.subarray(PREAMBLE)) !== indexFileChecksum(bytes))
    throw new IndexFileError("damaged: its checksum does not match its bytes");
  const headerLength = bytes.readUInt32LE(MAGIC.length);
  const dataStart = align8(PREAMBLE + headerLength);
  if (dataStart > bytes.length) throw new IndexFileError("the header runs past the end of the file");
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString("utf8", PREAMBLE, PREAMBLE + headerLength));
  } catch (err) {
    throw new IndexFileError(`unreadable header (${(err as Error).message})`);
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== INDEX_FILE_FORMAT)
    throw new IndexFileError(`format ${String(format)}, this sidecar reads format ${INDEX_FILE_FORMAT}`);
  const parsed = Header.safeParse(raw);
  if (!parsed.success) throw new IndexFileError(`invalid header: ${z.prettifyError(parsed.error)}`);
  const header = parsed.data;
  const { size } = header;
  const words = (size + 31) >>> 5;

  const byName = new Map(header.sections.map((s) => [s.name, s]));
  function section<K extends Kind>(name: string, kind: K, length?: number): InstanceType<(typeof ARRAY_OF)[K]> {
    const s = byName.get(name);
    if (!s || s.kind !== kind) throw new IndexFileError(`section ${name} is missing or not ${kind}`);
    const Ctor = ARRAY_OF[kind];
    const start = dataStart + s.offset;
    if (start % 8 !== 0 || start + s.length * Ctor.BYTES_PER_ELEMENT > bytes.length)
      throw new IndexFileError(`section ${name} lies outside the file`);
    if (length !== undefined && s.length !== length)
      throw new IndexFileError(`section ${name} holds ${s.length} entries, expected ${length}`);
    // A copy: nothing keeps the file's buffer (and the text bytes already decoded) alive.
    return new Ctor(bytes.buffer as ArrayBuffer, bytes.byteOffset + start, s.length).slice() as InstanceType<
      (typeof ARRAY_OF)[K]
    >;
  }
  const text = (name: string, encoding: "latin1" | "utf8" | "utf16le") => {
    const s = byName.get(name);
    const start = dataStart + (s?.offset ?? 0);
    if (!s || s.kind !== "u8" || start + s.length > bytes.length)
      throw new IndexFileError(`section ${name} is missing or lies outside the file`);
    return bytes.toString(encoding, start, start + s.length);
  };
  const strings = (name: StringColumn, intern = false) => {
    const encoding = header.encodings[name];
    const column = {
      name,
      lengths: section(`${name}.lengths`, "i32", size),
      wide: section(`${name}.wide`, "u8", size),
      narrowRun: text(`${name}.narrow`, "latin1"),
      wideRun: text(`${name}.wideBytes`, encoding),
    };
    return decodeStrings(column, intern);
  };

  const order = section("order", "u32", size);
  for (const k of order) if (k >= size) throw new IndexFileError(`order names review ${k} of ${size}`);

  const allBits = section("bitsets", "u32", header.bitsets.length * words);
  const bitsOf = (i: number) => {
    const b: Bitset = allBits.subarray(i * words, (i + 1) * words);
    checkTail(b, size, header.bitsets[i]!.join(":"));
    return b;
  };
  const byRating = Array.from({ length: 6 }, () => emptyBitset(size));
  const bySentiment = {} as Record<SentimentLabel, Bitset>;
  const byTechnician = new Map<string, Bitset>();
  const byService = new Map<string, Bitset>();
  const byAspect = new Map<string, Record<"any" | AspectPolarity, Bitset>>();
  let withText: Bitset | undefined;
  header.bitsets.forEach(([kind, id, polarity], i) => {
    const b = bitsOf(i);
    if (kind === "withText") withText = b;
    else if (kind === "rating" && /^[0-5]$/.test(id!)) byRating[Number(id)] = b;
    else if (kind === "sentiment" && SENTIMENTS.includes(id as SentimentLabel)) bySentiment[id as SentimentLabel] = b;
    else if (kind === "technician" && id) byTechnician.set(id, b);
    else if (kind === "service" && id) byService.set(id, b);
    else if (kind === "aspect" && id && ASPECT_KEYS.includes(polarity as "any")) {
      const bits = byAspect.get(id) ?? ({} as Record<"any" | AspectPolarity, Bitset>);
      bits[polarity as "any"] = b;
      byAspect.set(id, bits);
    } else throw new IndexFileError(`unknown bitset ${JSON.stringify([kind, id, polarity])}`);
  });
  if (!withText || SENTIMENTS.some((s) => !bySentiment[s])) throw new IndexFileError("a filter's bitset is missing");
  for (const [id, bits] of byAspect)
    if (ASPECT_KEYS.some((k) => !bits[k])) throw new IndexFileError(`aspect ${id} lacks a polarity's bitset`);

  const { mask, count } = header.gram;
  // As the writer keeps it: a power of two at most half full, so a lookup always reaches an empty place and stops.
  if ((mask & (mask + 1)) !== 0 || count * 2 > mask + 1)
    throw new IndexFileError("the trigram table's shape is invalid");
  const table: GramTable = {
    keys: section("gram.keys", "f64", mask + 1),
    slots: section("gram.slots", "i32", mask + 1),
    mask,
    count,
  };
  const used = new Uint8Array(count);
  for (const s of table.slots) {
    if (s === -1) continue;
    if (!(s >= 0 && s < count) || used[s]) throw new IndexFileError(`trigram slot ${s} of ${count} is out of place`);
    used[s] = 1;
  }
  if (used.includes(0)) throw new IndexFileError("a trigram slot has no place in the table");

  const kinds = section("postings.kinds", "i32", count);
  const all = section("postings.words", "i32");
  const postings = new Array<Bitset | Int32Array>(count);
  let at = 0;
  for (let slot = 0; slot < count; slot++) {
    const n = kinds[slot]!;
    const length = n === -1 ? words : n;
    if (!(n >= -1) || at + length > all.length)
      throw new IndexFileError(`postings of trigram slot ${slot} run past the end`);
    if (n === -1) {
      postings[slot] = new Uint32Array(all.buffer, all.byteOffset + at * 4, words);
      checkTail(postings[slot] as Bitset, size, `postings ${slot}`);
    } else {
      const list = all.subarray(at, at + n);
      for (let i = 0; i < n; i++)
        if (!(list[i]! > (i === 0 ? -1 : list[i - 1]!) && list[i]! < size))
          throw new IndexFileError(`trigram slot ${slot} lists doc ${list[i]} out of order or range`);
      postings[slot] = list;
    }
    at += length;
  }

  const ids = strings("ids");
  // A few thousand distinct days among 100k reviews: one string each.
  const dates = strings("dates", true);
  const modifiedAt = strings("modifiedAt");
  for (const [name, column] of [
    ["ids", ids],
    ["dates", dates],
    ["modifiedAt", modifiedAt],
  ] as const)
    if (column.includes(null)) throw new IndexFileError(`${name} has a missing entry`);
  const ratings = section("ratings", "u8", size);
  for (const r of ratings) if (r < 1 || r > 5) throw new IndexFileError(`a rating of ${r}`);
  const columns: IndexColumns = {
    size,
    order,
    dates: dates as string[],
    ids: ids as string[],
    ratings,
    withText,
    modifiedAt: modifiedAt as string[],
    byRating,
    byTechnician,
    byService,
    byAspect,
    bySentiment,
    text: { size, texts: strings("texts"), table, postings },
  };
  return { columns, updatedAt: header.updatedAt };
}

const SENTIMENTS: readonly SentimentLabel[] = ["positive", "neutral", "negative", "mixed"];
const ASPECT_KEYS: readonly ("any" | AspectPolarity)[] = ["any", "positive", "neutral", "negative"];

const NOT_LATIN1 = /[^\u0000-\u00ff]/;

/**
 * A string column as two runs of text, one byte per character where every character fits (Latin-1) and UTF-8 for
 * the rest (UTF-16 if one holds a lone surrogate, which UTF-8 cannot carry), with each string's length in UTF-16
 * code units. Loading decodes each run once and slices it: a slice costs a few bytes where a decoded copy per string
 * would make the garbage collector copy every text twice.
 */
function encodeStrings(values: readonly (string | null)[]): {
  encoding: "utf8" | "utf16le";
  lengths: Int32Array;
  wide: Uint8Array;
  narrowBytes: Uint8Array;
  wideBytes: Uint8Array;
} {
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

function decodeStrings(
  column: { lengths: Int32Array; wide: Uint8Array; narrowRun: string; wideRun: string; name: string },
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
    let v: string;
    if (wide[i]) {
      v = wideRun.slice(wideAt, (wideAt += n));
    } else v = narrowRun.slice(narrowAt, (narrowAt += n));
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

/** Bits past the last review must be clear: a set one would name a review that does not exist. */
function checkTail(b: Bitset, size: number, what: string): void {
  const spare = b.length * 32 - size;
  if (spare > 0 && b[b.length - 1]! >>> (32 - spare) !== 0)
    throw new IndexFileError(`bitset ${what} names reviews past the last one`);
}

function concat<T extends Uint32Array | Int32Array>(
  Ctor: { new (length: number): T },
  arrays: readonly ArrayLike<number>[],
): T {
  const out = new Ctor(arrays.reduce((sum, a) => sum + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

const align8 = (n: number) => (n + 7) & ~7;
