// The summary an import prints: what each file held, and the diff of the data file (added, changed with the fields
// that changed, unchanged, replaced, not in the export or pruned, suppressed, unverified, refused).
import type { MergeResult } from "./merge.ts";
import type { Refusal, Where } from "./types.ts";

/** Ids listed per kind of change; the counts are always complete, and every refusal is listed. */
const LISTED = 50;

export type ImportSummary = Readonly<{
  files: readonly { file: string; format: string; records: number; notes: readonly string[] }[];
  dataFile: string;
  before: number;
  merge: MergeResult | null;
  unverified: readonly { id: string; where: Where }[];
  refused: readonly Refusal[];
  prune: boolean;
  /** Why --prune removed nothing although it was asked for. */
  pruneWithheld: string | null;
}>;

export function formatSummary(s: ImportSummary): string {
  const out: string[] = [];
  for (const f of s.files) {
    out.push(`${f.file}: ${f.records} ${plural(f.records, "record")} (${f.format})`);
    for (const note of f.notes) out.push(`  note: ${note}`);
  }
  const m = s.merge;
  if (m) {
    out.push(`${s.dataFile}: ${s.before} ${plural(s.before, "review")} before, ${m.lines.length} after`);
    out.push(row("added", m.added.length, list(m.added)));
    out.push(row("changed", m.changed.length));
    for (const c of m.changed.slice(0, LISTED)) out.push(`    ${c.id}: ${c.fields.join(", ")}`);
    if (m.changed.length > LISTED) out.push(`    ... and ${m.changed.length - LISTED} more`);
    out.push(row("unchanged", m.unchanged));
    if (m.replaced.length > 0)
      out.push(row("replaced", m.replaced.length, list(m.replaced.map((r) => `${r.id} (written by hand) by ${r.by}`))));
    if (m.pruned.length > 0) out.push(row("pruned", m.pruned.length, list(m.pruned)));
    if (m.missing.length > 0) {
      const why = s.pruneWithheld ?? "kept; --prune removes them";
      out.push(row("not in the export", m.missing.length, `(${why}) ${list(m.missing)}`));
    }
    if (m.suppressed.length > 0)
      out.push(
        row("suppressed", m.suppressed.length, `(in suppressed.jsonl, not imported) ${list(m.suppressed.map(at))}`),
      );
  }
  if (s.unverified.length > 0)
    out.push(
      row(
        "unverified",
        s.unverified.length,
        `(skipped; --include-unverified imports them) ${list(s.unverified.map(at))}`,
      ),
    );
  if (s.refused.length > 0) {
    out.push(row("refused", s.refused.length));
    for (const r of s.refused) out.push(`    ${refusalLine(r)}`);
  }
  return out.join("\n");
}

/** `file: where: field: reason`, leaving out the parts a refusal of a whole file does not have. */
export function refusalLine(r: Refusal): string {
  return [r.file, r.at, r.field, r.reason].filter((part) => part !== "(file)").join(": ");
}

function row(label: string, count: number, detail = ""): string {
  return `  ${`${label}`.padEnd(18)}${String(count).padStart(7)}${detail && count > 0 ? `  ${detail}` : ""}`;
}

function list(items: readonly string[]): string {
  const shown = items.slice(0, LISTED).join(", ");
  return items.length > LISTED ? `${shown}, ... and ${items.length - LISTED} more` : shown;
}

function at(x: { id: string; where: Where }): string {
  return `${x.id} (${x.where.file} ${x.where.at})`;
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
