// The search index as one binary file (pure: bytes in, bytes out): which section holds which of the index's columns,
// and the rules a loaded index must keep. The build writes it beside /reviews.json so the sidecar loads an index in a
// fraction of the time it takes to build one; a file that does not fit is refused whole. The container (header,
// sections, CRC-32) is `index-file-sections.ts`; string columns are stored as `string-runs.ts` describes.
import { z } from "zod";
import { type Bitset, emptyBitset } from "./bitset.ts";
import type { GramTable } from "./gram-table.ts";
import type { AspectPolarity, IndexColumns, SentimentLabel } from "./index.ts";
import {
  Count,
  fileChecksum,
  IndexFileError,
  type Kind,
  type Part,
  PREAMBLE_BYTES,
  readSections,
  writeSections,
} from "./index-file-sections.ts";
import { decodeStrings, encodeStrings, type Strings } from "./string-runs.ts";

export { IndexFileError };

/** Its name in a release directory, beside the /reviews.json it indexes. */
export const INDEX_FILE_NAME = "search-index.bin";
/** Bumped whenever the layout or the meaning of a column changes. */
export const INDEX_FILE_FORMAT = 1;
/** The checksum an index file carries, from its first `INDEX_FILE_PREAMBLE_BYTES` bytes or the whole file. */
export const indexFileChecksum = fileChecksum;
export const INDEX_FILE_PREAMBLE_BYTES = PREAMBLE_BYTES;

/** Where a bitset column comes from: ["withText"], ["rating", "4"], ["technician", id], ["aspect", id, "negative"], ... */
type BitsetKey = string[];
const StringColumn = z.enum(["ids", "dates", "modifiedAt", "texts"]);
type StringColumn = z.infer<typeof StringColumn>;
const STRING_COLUMNS = StringColumn.options;

const Header = z.object({
  format: z.number(),
  size: Count,
  /** The dataset's `updated_at`: the sidecar checks it against the /reviews.json it serves. */
  updatedAt: z.string(),
  bitsets: z.array(z.array(z.string()).min(1).max(3)),
  /** How each string column's wide run is encoded (utf16le only if a string holds a lone surrogate). */
  encodings: z.record(StringColumn, z.enum(["utf8", "utf16le"])),
  gram: z.object({ mask: Count, count: Count }),
});
type Header = z.infer<typeof Header>;

export function encodeSearchIndex(columns: IndexColumns, updatedAt: string): Uint8Array<ArrayBuffer> {
  const { size } = columns;
  const parts: Part[] = [];
  const add = (name: string, kind: Kind, data: Part["data"]) => parts.push({ name, kind, data });

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
  const strings: Record<StringColumn, Strings<string | null>> = {
    ids: columns.ids,
    dates: columns.dates,
    modifiedAt: columns.modifiedAt,
    texts: columns.text.texts,
  };
  for (const name of STRING_COLUMNS) {
    const column = strings[name];
    const { encoding, lengths, wide, narrowBytes, wideBytes } = encodeStrings(column.slice(0, column.length));
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

  const header: Header = {
    format: INDEX_FILE_FORMAT,
    size,
    updatedAt,
    bitsets: bitsets.map(([k]) => k),
    encodings,
    gram: { mask: table.mask, count: table.count },
  };
  return writeSections(header, parts);
}

/** An index file's stored columns, and the `updated_at` of the dataset it was written for. */
export type DecodedIndex = { columns: IndexColumns; updatedAt: string };

/** The stored columns of an index file, and the `updated_at` of the dataset it was written for. */
export function decodeSearchIndex(bytes: Uint8Array): DecodedIndex {
  const file = readSections(bytes);
  const format = (file.header as { format?: unknown }).format;
  if (format !== INDEX_FILE_FORMAT)
    throw new IndexFileError(`format ${String(format)}, this sidecar reads format ${INDEX_FILE_FORMAT}`);
  const parsed = Header.safeParse(file.header);
  if (!parsed.success) throw new IndexFileError(`invalid header: ${z.prettifyError(parsed.error)}`);
  const header = parsed.data;
  const { size } = header;
  const words = (size + 31) >>> 5;
  const section = file.array;
  /** A string column, its runs decoded from the file's bytes. */
  const strings = (name: StringColumn, intern = false) => {
    const text = (part: string, as: BufferEncoding) => {
      const bytes = file.bytes(`${name}.${part}`);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString(as);
    };
    const [lengths, wide] = [section(`${name}.lengths`, "i32", size), section(`${name}.wide`, "u8", size)];
    // Only a review's text may be missing (a rating-only review).
    if (name !== "texts" && lengths.includes(-1)) throw new IndexFileError(`${name} has a missing entry`);
    const runs = { narrowRun: text("narrow", "latin1"), wideRun: text("wideBytes", header.encodings[name]) };
    return decodeStrings({ name, lengths, wide, ...runs }, intern);
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
  const ratings = section("ratings", "u8", size);
  for (const r of ratings) if (r < 1 || r > 5) throw new IndexFileError(`a rating of ${r}`);
  const columns: IndexColumns = {
    size,
    order,
    dates: dates as string[],
    ids: ids as Strings,
    ratings,
    withText,
    modifiedAt: modifiedAt as Strings,
    byRating,
    byTechnician,
    byService,
    byAspect,
    bySentiment,
    text: {
      size,
      texts: strings("texts"),
      table,
      postings,
    },
  };
  return { columns, updatedAt: header.updatedAt };
}

const SENTIMENTS: readonly SentimentLabel[] = ["positive", "neutral", "negative", "mixed"];
const ASPECT_KEYS: readonly ("any" | AspectPolarity)[] = ["any", "positive", "neutral", "negative"];

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
