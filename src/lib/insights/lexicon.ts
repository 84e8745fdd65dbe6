// The language lexicon as data: opinion words, negators, intensifiers, clause boundaries and stop words (zod schema).
import { z } from "zod";
import { PATTERN_SYNTAX, parsePattern } from "./engine/patterns.ts";

/** A phrase in the pattern syntax the engine compiles. */
export const Pattern = z.string().superRefine((s, ctx) => {
  const parsed = parsePattern(s);
  if ("error" in parsed)
    ctx.addIssue({ code: "custom", message: `pattern "${s}" ${parsed.error} (syntax: ${PATTERN_SYNTAX})` });
});
const patternMap = <T extends z.ZodType>(value: T) =>
  z.record(z.string(), value).superRefine((rec, ctx) => {
    for (const key of Object.keys(rec)) {
      const parsed = parsePattern(key);
      if ("error" in parsed)
        ctx.addIssue({ code: "custom", path: [key], message: `pattern ${parsed.error} (syntax: ${PATTERN_SYNTAX})` });
    }
  });

export const BoundaryKind = z.enum(["contrast", "concession", "except", "relative", "subordinate"]);
export type BoundaryKind = z.output<typeof BoundaryKind>;

export const Lexicon = z
  .object({
    id: z.string().min(1),
    version: z.string().regex(/^\d+\.\d+\.\d+$/),
    description: z.string().default(""),
    sentiment: patternMap(z.number().min(-4).max(4)).meta({
      description: "Opinion phrases and their strength, -4 to 4",
    }),
    negators: patternMap(z.int().min(1).max(8)).meta({
      description: "Negating phrases and how many tokens ahead they reach",
    }),
    hedges: patternMap(z.int().min(1).max(8)).meta({
      description: 'Phrases after which an opinion is not asserted ("I expected them to be late"), and their reach',
    }),
    transparent: z.array(z.string()).meta({
      description: 'Function words a negation\'s reach does not count ("nobody could give me a straight answer")',
    }),
    intensifiers: patternMap(z.number().min(0.1).max(3)).meta({
      description: "Multipliers for the opinion that follows (>1 boosts, <1 hedges)",
    }),
    boundaries: patternMap(BoundaryKind).meta({ description: "Words that start a new clause, and what kind" }),
    joiners: z.array(Pattern).meta({ description: "Words that join parts of one clause (and, commas)" }),
    continuations: z
      .array(Pattern)
      .meta({ description: "Clause openers that refer back to the previous clause (it, which)" }),
    ignore: z
      .array(Pattern)
      .meta({ description: 'Fixed expressions that carry no opinion ("not only", "no big deal")' }),
    ironic: z
      .array(Pattern)
      .meta({ description: "Praise often meant sarcastically; flipped when the context is negative" }),
    sarcasm: z.array(Pattern).meta({ description: "Markers that make the sentence's praise sarcastic" }),
    backstory: z.array(Pattern).default([]).meta({
      description:
        'Phrases that tell what was wrong before the visit ("had been slow for months"): their part of a sentence judges nothing',
    }),
    stopwords: z.array(z.string()).meta({ description: "Words that never make a topic" }),
  })
  .strict();

export type Lexicon = z.output<typeof Lexicon>;

export function parseLexicon(value: unknown, source = "lexicon"): Lexicon {
  return parseData(Lexicon, value, `lexicon in ${source}`);
}

/** Validates a parsed data file (`what`: "lexicon in FILE"); the error lists every problem with its JSON path. */
export function parseData<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const lines = result.error.issues
    .slice(0, 20)
    .map((i) => `  ${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`);
  throw new Error(`Invalid ${what}:\n${lines.join("\n")}`);
}
