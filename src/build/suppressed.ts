// data/suppressed.jsonl: the ids of reviews the build leaves out whatever reviews.jsonl holds (legal or privacy removals).
import { existsSync, readFileSync } from "node:fs";
import { SuppressedEntry } from "../lib/schema/suppressed.ts";

export const SUPPRESSED_FILE = "suppressed.jsonl";

/** The file's bytes, or null when there is none (no review is suppressed). */
export function readSuppressedBytes(file: string): Buffer | null {
  return existsSync(file) ? readFileSync(file) : null;
}

/** The suppressed ids of `text` (the file's content); each problem is pushed as `file:line: field: message`. */
export function parseSuppressed(file: string, text: string, problems: string[]): Set<string> {
  const ids = new Set<string>();
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      problems.push(`${file}:${i + 1}: invalid JSON (${(err as Error).message})`);
      return;
    }
    const result = SuppressedEntry.safeParse(value);
    if (result.success) ids.add(result.data.id);
    else
      for (const issue of result.error.issues)
        problems.push(`${file}:${i + 1}: ${issue.path.join(".") || "(record)"}: ${issue.message}`);
  });
  return ids;
}
