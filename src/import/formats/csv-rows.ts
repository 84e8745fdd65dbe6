// CSV rows made drafts, once a format has said which column holds which data-model field: the part the Trustpilot
// CSV and the generic CSV share.
import { cleanText, languageTag, Problems, show } from "../field-values.ts";
import type { Draft, DraftRecord, Format, FormatOptions, Refusal } from "../types.ts";
import { type CsvRow, readCsv, rowLabel } from "./csv-table.ts";

/** Which column (its index and header) holds each data-model path, and what the whole file says. */
export type ColumnPlan = {
  columns: Map<string, { index: number; header: string }>;
  /** The platform of rows without a `source.platform` cell. */
  platform?: string;
  /** The review's permalink from the platform id, when the file has no `source.url` column. */
  urlOf?: (platformId: string) => string | null;
  notes?: string[];
};

/** A CSV format from the function that plans its columns from the header (or refuses the file). */
export function csvFormat(plan: (header: string[], options: FormatOptions) => ColumnPlan | Refusal["reason"]): Format {
  return (file, bytes, options, onDraft) => {
    const notes: string[] = [];
    const rowRefusals: Refusal[] = [];
    const table = readCsv(file, bytes, (header) => {
      const planned = plan(header, options);
      if (typeof planned === "string") return planned;
      notes.push(...(planned.notes ?? []));
      return (row) => {
        const problems = new Problems({ file, at: rowLabel(row) });
        const draft = rowDraft(row, planned, problems);
        if (problems.ok) onDraft(draft);
        else rowRefusals.push(...problems.list);
      };
    });
    return { refused: [...table.refused, ...rowRefusals], records: table.rows, notes };
  };
}

const METHODS = new Set(["invoice", "booking", "platform", "manual"]);
const YES = new Set(["true", "yes", "y", "1", "verified", "invited"]);
const NO = new Set(["", "false", "no", "n", "0", "not verified", "not-verified", "unverified"]);

function rowDraft(row: CsvRow, plan: ColumnPlan, problems: Problems): Draft {
  const fields: Record<string, string> = {};
  const cell = (path: string): string | undefined => {
    const column = plan.columns.get(path);
    if (!column) return undefined;
    fields[path] = column.header;
    return row.cells[column.index];
  };
  const header = (path: string): string => plan.columns.get(path)?.header ?? path;
  const platform = cleanText(cell("source.platform"))?.toLowerCase() ?? plan.platform ?? "";
  if (platform === "") problems.add(header("source.platform"), "required: the platform (or --platform NAME)");
  const platformId = problems.platformId(header("id"), cell("id"));
  const published = problems.timestamp(header("published_at"), cell("published_at"));
  const updated = problems.optionalTimestamp(header("updated_at"), cell("updated_at"));
  const method = verification(cell("verified.method"), header("verified.method"), problems);
  const replyText = cleanText(cell("owner_reply.text"));
  const replyAt = problems.optionalTimestamp(header("owner_reply.published_at"), cell("owner_reply.published_at"));
  const url = cleanText(cell("source.url")) ?? plan.urlOf?.(platformId) ?? null;
  const record: DraftRecord = {
    published_at: published,
    updated_at: updated !== null && updated > published ? updated : null,
    rating: problems.rating(header("rating"), cell("rating")),
    title: cleanText(cell("title")),
    text: cleanText(cell("text")),
    language: languageTag(cell("language")),
    author: { name: cleanText(cell("author.name")) ?? "", avatar_url: cleanText(cell("author.avatar_url")) },
    experience_date: problems.optionalDate(header("experience_date"), cell("experience_date")),
    verified: method
      ? {
          method,
          verified_at:
            problems.optionalTimestamp(header("verified.verified_at"), cell("verified.verified_at")) ?? published,
        }
      : null,
    source: { platform, url },
    // A reply without a date takes the review's: a missing date is no reason to lose the row.
    owner_reply: replyText !== null ? { text: replyText, published_at: replyAt ?? published } : null,
  };
  if (!fields["verified.verified_at"]) fields["verified.verified_at"] = header("published_at");
  return { where: problems.where, platform, platformId, verified: method !== null, record, fields };
}

/** The method a verification cell names (`platform` for yes/true/verified), or null when it says not verified. */
function verification(value: string | undefined, field: string, problems: Problems): string | null {
  if (value === undefined) return null;
  const v = value.trim().toLowerCase();
  if (METHODS.has(v)) return v;
  if (YES.has(v)) return "platform";
  if (!NO.has(v)) problems.add(field, `expected invoice, booking, platform, manual, yes or no, got ${show(value)}`);
  return null;
}
