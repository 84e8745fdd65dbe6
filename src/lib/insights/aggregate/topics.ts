// Topics: recurring phrases that no aspect cue, opinion word or catalog name already covers, with their reviews.
import { type Business, CATALOG_KINDS } from "../../schema/business.ts";
import type { TopicInsight } from "../../schema/insights.ts";
import { normalizeText } from "../../text/normalize.ts";
import { share } from "./stats.ts";
import { type Table, Tally } from "./tally.ts";

const MAX_TOPICS = 12;
/** A pair sharing a word with a chosen topic is the same theme when it occurs almost as often. */
const OVERLAP = 0.8;

export function topicInsights(business: Business, table: Table, textCount: number): TopicInsight[] {
  const { columns: c } = table;
  const excluded = exclusions(business);
  // Reviews per term, by its string number: 0 for a string that is not a term or is excluded.
  const counts = new Uint32Array(c.strings.length);
  for (let t = 0; t < c.term.length; t++) counts[c.term[t]!]!++;
  const df = new Map<string, number>();
  counts.forEach((n, s) => {
    if (n > 0 && !excluded(c.strings[s]!)) df.set(c.strings[s]!, n);
  });
  const minSupport = Math.max(3, Math.ceil(textCount * 0.005));
  const chosen: string[] = [];
  const candidates = [...df].filter(([, n]) => n >= minSupport).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [term, n] of candidates) {
    if (chosen.length === MAX_TOPICS) break;
    // Two pairs of one longer phrase ("february freeze", "freeze hit") are one topic: keep the first.
    const words = term.split(" ");
    if (chosen.some((c) => df.get(c)! * OVERLAP <= n && c.split(" ").some((w) => words.includes(w)))) continue;
    chosen.push(term);
  }
  const tallies = new Map(chosen.map((t) => [t, new Tally(table)]));
  const tallyOf = c.strings.map((s) => tallies.get(s));
  for (let k = 0; k < c.size; k++)
    for (let t = c.termStart[k]!; t < c.termStart[k + 1]!; t++) tallyOf[c.term[t]!]?.add(k);
  return chosen.map((term) => {
    const t = tallies.get(term)!;
    return {
      id: term.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, ""),
      label: term,
      review_count: t.n,
      share: share(t.n, textCount),
      average_rating: t.averageRating(),
      sentiment: t.breakdown(),
      top_aspects: t.topAspects(),
      example_review_ids: t.examples,
    };
  });
}

/** Catalog names and aliases are entities, not topics; so are the words of people's, places' and the business's names. */
function exclusions(business: Business): (term: string) => boolean {
  const whole = new Set<string>();
  const words = new Set<string>();
  for (const kind of CATALOG_KINDS) {
    for (const e of business[kind]) {
      for (const name of [e.name, ...e.aliases]) {
        const n = normalizeText(name);
        whole.add(n);
        if (kind !== "services") for (const w of n.split(/[^\p{L}\p{N}'’]+/u)) if (w) words.add(w);
      }
    }
  }
  for (const w of normalizeText(business.name).split(/[^\p{L}\p{N}'’]+/u)) if (w) words.add(w);
  return (term) => whole.has(term) || term.split(" ").some((w) => words.has(w));
}
