// Candidate topic phrases of one review: adjacent content-word pairs that no lexicon or cue claims (single words are too vague).
import { type Tokens, WORD } from "./tokens.ts";

const MAX_TERMS = 32;

export function terms(t: Tokens, stopwords: ReadonlySet<string>, claimed: ReadonlySet<string>): string[] {
  // `claimed` holds the lexicon's and the cues' single words and phrases: "shoe covers" is cleanliness, not a topic.
  const out = new Set<string>();
  let previous = -2;
  for (let i = 0; i < t.norm.length && out.size < MAX_TERMS; i++) {
    const w = t.norm[i]!;
    if (t.kind[i] !== WORD || w.length < 3 || stopwords.has(w) || claimed.has(w) || w.includes("'")) {
      previous = -2;
      continue;
    }
    if (previous === i - 1 && t.start[i]! - t.end[i - 1]! === 1) {
      const pair = `${t.norm[i - 1]} ${w}`;
      if (!claimed.has(pair)) out.add(pair);
    }
    previous = i;
  }
  return [...out];
}
