// Labelled sentence files (the training corpus, the eval set, the blind sets) read for training, and texts compared
// the way duplicates are found.
import { z } from "zod";

const Line = z.object({
  id: z.string().min(1),
  split: z.enum(["dev", "test", "blind"]).optional(),
  text: z.string().min(1),
  rating: z.int().min(1).max(5).nullable().default(null),
  aspects: z.record(z.string(), z.enum(["positive", "negative", "neutral"])),
});
export type LabelledLine = z.output<typeof Line>;

/** One labelled line per non-empty line; a line that does not parse, or names an unknown aspect, fails with its place. */
export function parseLabelled(text: string, source: string, aspects: readonly string[]): LabelledLine[] {
  const out: LabelledLine[] = [];
  text.split("\n").forEach((raw, i) => {
    if (raw.trim() === "") return;
    const parsed = Line.safeParse(JSON.parse(raw));
    if (!parsed.success) throw new Error(`${source}:${i + 1}: ${parsed.error.issues[0]!.message}`);
    for (const a of Object.keys(parsed.data.aspects))
      if (!aspects.includes(a)) throw new Error(`${source}:${i + 1}: unknown aspect "${a}"`);
    out.push(parsed.data);
  });
  return out;
}

/** Whether a text equals one of `lines` once case, punctuation and spacing are set aside. */
export function sameText(lines: readonly { text: string }[]): (text: string) => boolean {
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  const known = new Set(lines.map((l) => key(l.text)));
  return (text) => known.has(key(text));
}
