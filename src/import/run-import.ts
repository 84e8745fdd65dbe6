// One import, from export files to a replaced data/reviews.jsonl: reads the exports and the data (the I/O edge around
// the pure formats and merge), and decides whether anything is written.
import { isUtf8 } from "node:buffer";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { detectFormat, formatOf, type FormatName } from "./formats/index.ts";
import { merge } from "./merge.ts";
import { recordCollector } from "./records.ts";
import { formatSummary } from "./report.ts";
import { removeStaleTemporaries } from "./stale-temporaries.ts";
import type { FormatOptions, Refusal } from "./types.ts";
import { readDataDir, replaceFile } from "./write-data.ts";

export type ImportOptions = Readonly<{
  /** null: each file's format is told by its content (Google and Trustpilot exports). */
  format: FormatName | null;
  files: readonly string[];
  dataDir: string;
  dryRun: boolean;
  prune: boolean;
  skipInvalid: boolean;
  includeUnverified: boolean;
  formatOptions: FormatOptions;
  /** The clock (epoch milliseconds) timestamps may not be more than a day after. */
  now: number;
}>;

const UNKNOWN_FORMAT =
  "not a Google or Trustpilot export this importer recognises: name its format with --from google, trustpilot or csv";

/** 0: imported (or would be, on a dry run); 1: input refused or nothing to import. `summary` is for stdout. */
export type ImportOutcome = { code: 0 | 1; summary: string; verdict: string };

export async function runImport(o: ImportOptions): Promise<ImportOutcome> {
  // What an import killed mid-write left (up to a whole data file each) goes, unless this run is only a look.
  if (!o.dryRun) await removeStaleTemporaries(path.join(o.dataDir, "reviews.jsonl"));
  const refused: Refusal[] = [];
  const { records, add } = recordCollector({ includeUnverified: o.includeUnverified, now: o.now });
  const files: { file: string; format: FormatName; records: number; notes: string[] }[] = [];
  for (const file of o.files) {
    const bytes = await readExport(file, refused);
    if (!bytes) continue;
    const format = o.format ?? detectFormat(bytes);
    if (!format) {
      refused.push(fileRefusal(file, UNKNOWN_FORMAT));
      continue;
    }
    const read = formatOf(format, bytes)(file, bytes, o.formatOptions, add);
    files.push({ file, format, records: read.records, notes: read.notes ?? [] });
    refused.push(...read.refused);
    if (read.records === 0 && read.refused.length === 0)
      refused.push(fileRefusal(file, "no reviews in this export: an empty export is never imported"));
  }
  refused.push(...records.refused);
  for (const r of records.replaced)
    files
      .find((f) => f.file === r.where.file)
      ?.notes.push(
        `review ${r.id} (${r.where.at}): ${r.fields.join(", ")}: characters XML and JSON feeds cannot carry (control characters, U+FFFE/U+FFFF, lone surrogates) replaced by U+FFFD`,
      );

  const { dataFile, before, existing, suppressed, problems: dataProblems } = await readDataDir(o.dataDir);
  if (dataProblems.length > 0)
    return { code: 1, summary: dataProblems.join("\n"), verdict: `Fix ${o.dataDir} first; nothing was written.` };

  const pruneWithheld =
    o.prune && refused.length > 0 ? "not pruned: rows were refused, and one of them may be a review to keep" : null;
  const merged = merge({
    existing: existing.reviews,
    imported: records.imported,
    suppressed,
    seen: records.seen,
    platforms: records.platforms,
    prune: o.prune && pruneWithheld === null,
  });
  const summary = formatSummary({
    files,
    dataFile,
    before: existing.reviews.length,
    merge: merged,
    unverified: records.unverified,
    refused,
    prune: o.prune,
    pruneWithheld,
  });
  const imported = merged.added.length + merged.changed.length + merged.unchanged + merged.replaced.length;
  if (refused.length > 0 && !o.skipInvalid)
    return {
      code: 1,
      summary,
      verdict: `${refused.length} refused; nothing was written (fix them, or pass --skip-invalid to import the rest).`,
    };
  if (imported === 0)
    return {
      code: 1,
      summary,
      verdict: "Nothing to import: no review of the export can be imported; nothing was written.",
    };
  if (o.dryRun) return { code: 0, summary, verdict: "Dry run: nothing was written." };
  const content = merged.lines.map((l) => `${l}\n`).join("");
  if (content === before) return { code: 0, summary, verdict: `Nothing changed; ${dataFile} was left as it was.` };
  const { backup } = await replaceFile(dataFile, content);
  return { code: 0, summary, verdict: `Wrote ${dataFile}${backup ? ` (the previous version is ${backup})` : ""}.` };
}

/** The export's bytes, or null after a refusal when it cannot be read or is not UTF-8. */
async function readExport(file: string, refused: Refusal[]): Promise<Uint8Array | null> {
  try {
    const bytes = await readFile(file);
    if (isUtf8(bytes)) return bytes;
    refused.push(fileRefusal(file, "not UTF-8 text: save the export as UTF-8"));
  } catch (err) {
    refused.push(fileRefusal(file, `cannot read it (${(err as NodeJS.ErrnoException).code ?? String(err)})`));
  }
  return null;
}

function fileRefusal(file: string, reason: string): Refusal {
  return { file, at: "(file)", field: "(file)", reason };
}
