// data/suppressed.jsonl: reviews removed for good (a legal or privacy removal), one `{"id", "reason"}` a line; the
// importer never brings them back. A missing file suppresses nothing.
import type { Refusal } from "./types.ts";

/** The suppressed ids of `text`; problems name the file and line. */
export function readSuppressed(file: string, text: string): { ids: Set<string>; problems: Refusal[] } {
  const ids = new Set<string>();
  const problems: Refusal[] = [];
  (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      problems.push({ file, at: `line ${i + 1}`, field: "(line)", reason: `invalid JSON: ${(err as Error).message}` });
      return;
    }
    const id = (value as { id?: unknown } | null)?.id;
    if (typeof id === "string" && id !== "") ids.add(id);
    else problems.push({ file, at: `line ${i + 1}`, field: "id", reason: "missing: a suppressed review's id" });
  });
  return { ids, problems };
}
