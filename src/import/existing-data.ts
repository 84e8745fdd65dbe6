// The data the importer merges into: the lines of data/reviews.jsonl as they are (a missing file is an empty one).
// Only ids are read up front; a line is parsed when the merge needs more of it (the build validates every line).
import type { Refusal } from "./types.ts";

export type ExistingReview = Readonly<{ id: string; line: string; value: () => Record<string, unknown> }>;

/** A line as the data file (and the importer) writes it starts with its id. */
const LEADING_ID = /^\{"id":"([A-Za-z0-9][A-Za-z0-9_-]{0,63})",/;

/** The reviews of `text` in file order; problems name the file and line (`data/reviews.jsonl`, `line 3`). */
export function readExisting(file: string, text: string): { reviews: ExistingReview[]; problems: Refusal[] } {
  const reviews: ExistingReview[] = [];
  const problems: Refusal[] = [];
  const firstLine = new Map<string, number>();
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split("\n");
  lines.forEach((raw, i) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim() === "") return;
    const at = `line ${i + 1}`;
    let parsed: Record<string, unknown> | null = null;
    let id = LEADING_ID.exec(line)?.[1];
    if (id === undefined) {
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch (err) {
        problems.push({ file, at, field: "(line)", reason: `invalid JSON: ${(err as Error).message}` });
        return;
      }
      const value = typeof parsed === "object" && parsed !== null ? parsed.id : undefined;
      if (typeof value !== "string" || value === "") {
        problems.push({ file, at, field: "id", reason: "missing: every line needs an id" });
        return;
      }
      id = value;
    }
    const first = firstLine.get(id);
    if (first !== undefined)
      problems.push({ file, at, field: "id", reason: `duplicate id '${id}' (first on line ${first})` });
    firstLine.set(id, i + 1);
    reviews.push({ id, line, value: () => (parsed ??= parseLenient(line)) });
  });
  return { reviews, problems };
}

/** A line read late: one that is not JSON (the build reports it) counts as holding nothing. */
function parseLenient(line: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
