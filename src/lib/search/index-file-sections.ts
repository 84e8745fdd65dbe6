// The container of the search index file (pure: bytes in, bytes out): named, typed sections behind a JSON header and
// a CRC-32. Layout: 8-byte magic, u32 (LE) header length, u32 CRC-32 of everything after it, the header as JSON, then
// the sections it lists, each 8-byte aligned. The CRC refuses damaged bytes before anything is read from them.
import { crc32 } from "node:zlib";
import { z } from "zod";

const MAGIC = "RVSIDX\r\n";
const PREAMBLE = MAGIC.length + 8;

export const Kind = z.enum(["u8", "u32", "i32", "f64"]);
export type Kind = z.infer<typeof Kind>;
export const Count = z.number().int().nonnegative();
const Section = z.object({ name: z.string(), kind: Kind, offset: Count, length: Count });
type Section = z.infer<typeof Section>;
const ARRAY_OF = { u8: Uint8Array, u32: Uint32Array, i32: Int32Array, f64: Float64Array } as const;
type ArrayOf<K extends Kind> = InstanceType<(typeof ARRAY_OF)[K]>;

export type Part = { name: string; kind: Kind; data: ArrayBufferView & { length: number } };

/** Thrown for bytes that are not an index file this code can read; the message says what did not fit. */
export class IndexFileError extends Error {
  override name = "IndexFileError";
}

/** The file: `header` (a JSON object) with the list of `parts` added as `sections`, then the parts' bytes. */
export function writeSections(header: Record<string, unknown>, parts: readonly Part[]): Uint8Array<ArrayBuffer> {
  const sections: Section[] = [];
  let offset = 0;
  for (const p of parts) {
    sections.push({ name: p.name, kind: p.kind, offset, length: p.data.length });
    offset = align8(offset + p.data.byteLength);
  }
  const headerBytes = Buffer.from(JSON.stringify({ ...header, sections }));
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

/** The bytes a file starts with up to its checksum: enough for `fileChecksum`. */
export const PREAMBLE_BYTES = PREAMBLE;

/** The checksum a file carries (checked against its contents by `readSections`); `file` may be just its preamble. */
export function fileChecksum(file: Uint8Array): number {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (bytes.length < PREAMBLE || bytes.toString("latin1", 0, MAGIC.length) !== MAGIC)
    throw new IndexFileError("not a search index file (wrong magic)");
  return bytes.readUInt32LE(MAGIC.length + 4);
}

export type Sections = {
  /** The header as written, for the caller to validate. */
  header: unknown;
  /** A copy of a section (nothing keeps the file's buffer alive), of `length` entries when given. */
  array: <K extends Kind>(name: string, kind: K, length?: number) => ArrayOf<K>;
  /** A byte section as it lies in the file, not copied: for a caller that keeps the file, or decodes it at once. */
  bytes: (name: string) => Uint8Array;
};

export function readSections(file: Uint8Array): Sections {
  // Typed views need aligned offsets; a file read whole starts its own buffer, anything else is copied once.
  const aligned = file.byteOffset % 8 === 0 ? file : new Uint8Array(file);
  const bytes = Buffer.from(aligned.buffer, aligned.byteOffset, aligned.byteLength);
  if (crc32(bytes.subarray(PREAMBLE)) !== fileChecksum(bytes))
    throw new IndexFileError("damaged: its checksum does not match its bytes");
  const headerLength = bytes.readUInt32LE(MAGIC.length);
  const dataStart = align8(PREAMBLE + headerLength);
  if (dataStart > bytes.length) throw new IndexFileError("the header runs past the end of the file");
  let header: unknown;
  try {
    header = JSON.parse(bytes.toString("utf8", PREAMBLE, PREAMBLE + headerLength));
  } catch (err) {
    throw new IndexFileError(`unreadable header (${(err as Error).message})`);
  }
  const listed = z.looseObject({ sections: z.array(Section) }).safeParse(header);
  if (!listed.success) throw new IndexFileError(`invalid header: ${z.prettifyError(listed.error)}`);
  const byName = new Map(listed.data.sections.map((s) => [s.name, s]));

  /** Where a section's bytes start, once it is known to be of `kind` and to lie inside the file. */
  const locate = (name: string, kind: Kind, length: number | undefined) => {
    const s = byName.get(name);
    if (!s || s.kind !== kind) throw new IndexFileError(`section ${name} is missing or not ${kind}`);
    const start = dataStart + s.offset;
    if (start % 8 !== 0 || start + s.length * ARRAY_OF[kind].BYTES_PER_ELEMENT > bytes.length)
      throw new IndexFileError(`section ${name} lies outside the file`);
    if (length !== undefined && s.length !== length)
      throw new IndexFileError(`section ${name} holds ${s.length} entries, expected ${length}`);
    return { start, length: s.length };
  };
  return {
    header,
    array: <K extends Kind>(name: string, kind: K, length?: number) => {
      const at = locate(name, kind, length);
      const view = new ARRAY_OF[kind](bytes.buffer as ArrayBuffer, bytes.byteOffset + at.start, at.length);
      return view.slice() as ArrayOf<K>;
    },
    bytes: (name) => {
      const at = locate(name, "u8", undefined);
      return bytes.subarray(at.start, at.start + at.length);
    },
  };
}

const align8 = (n: number) => (n + 7) & ~7;
