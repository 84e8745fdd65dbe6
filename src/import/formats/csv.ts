// The generic CSV layout: one header row naming data-model fields (`id`, `rating`, `author.name`, ...), other headers
// renamed with `--map column=field`, and `--platform` for files without a `source.platform` column.
import type { Format } from "../types.ts";
import { type ColumnPlan, csvFormat } from "./csv-rows.ts";
import { headerKey } from "./csv-table.ts";

/** The fields a column may fill; `id` is the platform's own id of the review. */
export const CSV_FIELDS = [
  "id",
  "published_at",
  "updated_at",
  "rating",
  "title",
  "text",
  "language",
  "author.name",
  "author.avatar_url",
  "experience_date",
  "verified.method",
  "verified.verified_at",
  "source.platform",
  "source.url",
  "owner_reply.text",
  "owner_reply.published_at",
] as const;

const REQUIRED = ["id", "published_at", "rating", "author.name"];

export const readCsv: Format = csvFormat((header, options) => {
  const plan: ColumnPlan = {
    columns: new Map(),
    notes: [],
    ...(options.platform ? { platform: options.platform } : {}),
  };
  const map = new Map([...(options.map ?? [])].map(([column, field]) => [headerKey(column), field]));
  const ignored: string[] = [];
  for (const [index, name] of header.entries()) {
    const field = map.get(headerKey(name)) ?? CSV_FIELDS.find((f) => f === name.trim().toLowerCase());
    if (!field) ignored.push(name);
    else if (plan.columns.has(field))
      return `columns "${plan.columns.get(field)!.header}" and "${name}" both fill ${field}`;
    else plan.columns.set(field, { index, header: name });
  }
  const unmatched = [...(options.map ?? [])].filter(
    ([column]) => !header.some((h) => headerKey(h) === headerKey(column)),
  );
  if (unmatched.length > 0)
    return `--map names ${unmatched.map(([c]) => `"${c}"`).join(", ")}, not a column of this file (found: ${header.join(", ")})`;
  const missing = REQUIRED.filter((p) => !plan.columns.has(p));
  if (!plan.columns.has("source.platform") && !plan.platform) missing.push("source.platform (or --platform NAME)");
  if (missing.length > 0)
    return `no column for ${missing.join(", ")} (found: ${header.join(", ")}; rename one with --map "Column=field")`;
  if (ignored.length > 0) plan.notes!.push(`columns ignored: ${ignored.join(", ")}`);
  if (!plan.columns.has("verified.method"))
    plan.notes!.push("no verified.method column: every row counts as unverified");
  return plan;
});
