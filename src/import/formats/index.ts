// The formats `--from` names, the reader for a file of each (Trustpilot's JSON and CSV told apart by content), and
// which of them a file is when `--from` is not given.
import type { Format } from "../types.ts";
import { readCsv } from "./csv.ts";
import { readGoogle } from "./google.ts";
import { readTrustpilotCsv } from "./trustpilot-csv.ts";
import { readTrustpilotJson } from "./trustpilot-json.ts";

export const FORMATS = ["google", "trustpilot", "csv"] as const;
export type FormatName = (typeof FORMATS)[number];

export function isFormatName(name: string): name is FormatName {
  return (FORMATS as readonly string[]).includes(name);
}

/** The reader of `bytes` in format `name`: a Trustpilot file is JSON when it starts with `{` or `[`, else CSV. */
export function formatOf(name: FormatName, bytes: Uint8Array): Format {
  if (name === "google") return readGoogle;
  if (name === "csv") return readCsv;
  return looksLikeJson(bytes) ? readTrustpilotJson : readTrustpilotCsv;
}

function looksLikeJson(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x7b || bytes[i] === 0x5b;
}

/** How far into a file its format is looked for: the first records, or a CSV header. */
const SNIFF_BYTES = 65_536;

/**
 * The platform export `bytes` is, told by the fields only it has: Google's `starRating`, Trustpilot's `stars` with its
 * `consumer`, Trustpilot's CSV header (`Review Id` and `Review Stars`, any of the CSV separators); null for anything else (a generic CSV names its
 * own columns, so it is imported only when `--from csv` says so).
 */
export function detectFormat(bytes: Uint8Array): FormatName | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SNIFF_BYTES)).toString("utf8");
  if (looksLikeJson(bytes)) {
    if (/"starRating"\s*:/.test(head)) return "google";
    if (/"stars"\s*:/.test(head) && /"consumer"\s*:/.test(head)) return "trustpilot";
    return null;
  }
  const header = head.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0]!;
  const columns = new Set(header.split(/[,;\t]/).map((name) => name.toLowerCase().replace(/[\s"]/g, "")));
  return columns.has("reviewid") && columns.has("reviewstars") ? "trustpilot" : null;
}
