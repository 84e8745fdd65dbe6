// A CSV export as a header and rows (RFC 4180 quoting, UTF-8 with or without BOM, CRLF or LF, comma, semicolon or tab
// separated), each row with the number a spreadsheet shows and the line it starts on, handed over one at a time.
import { parse } from "csv-parse/sync";
import type { Refusal } from "../types.ts";

export type CsvRow = Readonly<{ cells: string[]; row: number; line: number }>;

/** Told the header, answers the function that takes each row, or why the file is refused. */
export type CsvReader = (header: string[]) => ((row: CsvRow) => void) | string;

/** Reads `bytes`; rows whose cell count differs from the header's are refused, as is a file the parser rejects. */
export function readCsv(file: string, bytes: Uint8Array, reader: CsvReader): { rows: number; refused: Refusal[] } {
  const refused: Refusal[] = [];
  const lines = new LineCounter(bytes);
  let header: string[] | null = null;
  let onRow: ((row: CsvRow) => void) | null = null;
  let rows = 0;
  let start = 0;
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const delimiter = delimiterOf(input);
  try {
    parse(input, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record: string[], context) => {
        const where = { row: context.records, line: lines.lineAt(start) };
        start = context.bytes;
        if (header === null) {
          header = record.map((h) => h.trim());
          const answer = reader(header);
          if (typeof answer === "string") refused.push({ file, at: "row 1", field: "(header)", reason: answer });
          else onRow = answer;
          return null;
        }
        rows++;
        if (record.length !== header.length)
          refused.push({
            file,
            at: rowLabel(where),
            field: "(row)",
            reason: `expected ${header.length} cells as in the header, got ${record.length} (an unquoted ${DELIMITER_NAMES[delimiter]} or line break?)`,
          });
        else onRow?.({ cells: record, ...where });
        return null;
      },
    });
  } catch (err) {
    const e = err as Error & { lines?: number };
    refused.push({ file, at: e.lines === undefined ? "(file)" : `line ${e.lines}`, field: "(CSV)", reason: e.message });
  }
  return { rows, refused };
}

/** The separators a spreadsheet writes: comma, semicolon (where the comma is the decimal mark), tab. */
const DELIMITERS = [",", ";", "\t"] as const;
type Delimiter = (typeof DELIMITERS)[number];
const DELIMITER_NAMES: Readonly<Record<Delimiter, string>> = { ",": "comma", ";": "semicolon", "\t": "tab" };

/**
 * The separator of the header line: the one that splits it, read as CSV (so a separator inside quotes does not count),
 * into the most cells; a comma when none splits it or the header cannot be read with any of them.
 */
function delimiterOf(input: Buffer): Delimiter {
  let best: Delimiter = ",";
  let most = 1;
  for (const delimiter of DELIMITERS) {
    const cells = headerCells(input, delimiter);
    if (cells > most) [best, most] = [delimiter, cells];
  }
  return best;
}

/** How many cells the header line has when read with `delimiter`; 0 when it cannot be read so. */
function headerCells(input: Buffer, delimiter: Delimiter): number {
  try {
    const [header] = parse(input, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, to: 1 });
    return header?.length ?? 0;
  } catch {
    return 0;
  }
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
