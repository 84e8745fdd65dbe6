// The data the importer merges into: the lines of data/reviews.jsonl as they are (a missing file is an empty one),
// checked only as far as the merge needs (JSON, a unique id); the build validates the rest.
import type { Refusal } from "./types.ts";

export type ExistingReview = Readonly<{ id: string; line: string; value: Record<string, unknown> }>;

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
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      problems.push({ file, at, field: "(line)", reason: `invalid JSON: ${(err as Error).message}` });
      return;
    }
    const id = typeof value === "object" && value !== null ? (value as Record<string, unknown>).id : undefined;
    if (typeof id !== "string" || id === "") {
      problems.push({ file, at, field: "id", reason: "missing: every line needs an id" });
      return;
    }
    const first = firstLine.get(id);
    if (first !== undefined) problems.push({ file, at, field: "id", reason: `duplicate id '${id}' (first on line ${first})` });
    firstLine.set(id, i + 1);
    reviews.push({ id, line, value: value as Record<string, unknown> });
  });
  return { reviews, problems };
}
