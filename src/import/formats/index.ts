// The formats `--from` names, and the reader for a file of each (Trustpilot's JSON and CSV told apart by content).
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
