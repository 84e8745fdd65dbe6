// A CSV export as a header and rows (RFC 4180 quoting, UTF-8 with or without BOM, CRLF or LF), each row with the
// number a spreadsheet shows and the line it starts on.
import { parse } from "csv-parse/sync";
import type { Refusal } from "../types.ts";

export type CsvRow = Readonly<{ cells: string[]; row: number; line: number }>;
export type CsvTable = { header: string[]; rows: CsvRow[]; refused: Refusal[] };

type Parsed = { record: string[]; info: { bytes: number } };

/** The rows of `bytes`; rows whose cell count differs from the header's are refused, as is a file the parser rejects. */
export function readCsv(file: string, bytes: Uint8Array): CsvTable {
  let parsed: Parsed[];
  try {
    parsed = parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as Parsed[];
  } catch (err) {
    const e = err as Error & { lines?: number };
    const at = e.lines === undefined ? "(file)" : `line ${e.lines}`;
    return { header: [], rows: [], refused: [{ file, at, field: "(CSV)", reason: e.message }] };
  }
  const [head, ...body] = parsed;
  if (!head) return { header: [], rows: [], refused: [] };
  const header = head.record.map((h) => h.trim());
  const rows: CsvRow[] = [];
  const refused: Refusal[] = [];
  const lines = new LineCounter(bytes);
  let start = head.info.bytes;
  body.forEach((p, i) => {
    const where = { row: i + 2, line: lines.lineAt(start) };
    start = p.info.bytes;
    if (p.record.length !== header.length) {
      refused.push({
        file,
        at: rowLabel(where),
        field: "(row)",
        reason: `expected ${header.length} cells as in the header, got ${p.record.length} (an unquoted comma or line break?)`,
      });
    } else rows.push({ cells: p.record, ...where });
  });
  return { header, rows, refused };
}

export function rowLabel(r: { row: number; line: number }): string {
  return r.row === r.line ? `row ${r.row}` : `row ${r.row} (line ${r.line})`;
}

/** Header names compared case- and space-insensitively. */
export function headerKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, "");
}

/** Line numbers of byte offsets, asked for in increasing order: one pass over the file in all. */
class LineCounter {
  private readonly bytes: Uint8Array;
  private offset = 0;
  private line = 1;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  /** The line of the first character at or after `offset` that is not a line break (blank lines are skipped). */
  lineAt(offset: number): number {
    const b = this.bytes;
    let at = offset;
    while (at < b.length && (b[at] === 0x0a || b[at] === 0x0d)) at++;
    for (let i = b.indexOf(0x0a, this.offset); i !== -1 && i < at; i = b.indexOf(0x0a, i + 1)) this.line++;
    this.offset = at;
    return this.line;
  }
}
