// The trained aspect model's file format (src/lib/insights/model/*.json), checked when it is loaded.
import { z } from "zod";

export const POLARITIES = ["positive", "negative", "neutral"] as const;

const Row = (n: number) => z.array(z.number()).length(n);

/** A probability threshold, and what it decides. */
const Threshold = (description: string) => z.number().min(0).max(1).meta({ description });

/** How the classifier's signals and the rules' findings are combined; chosen by cross-validation when training. */
export const Thresholds = z
  .object({
    add: Threshold("an aspect the rules missed is added above this probability"),
    add_beside: Threshold("the same, in a clause where the rules found another aspect"),
    veto_neutral: Threshold("a neutral rule finding below this is dropped"),
    veto_polar: Threshold("a positive or negative rule finding below this is dropped"),
    neutral_override: Threshold("a neutral rule finding takes the classifier's polarity when it is this sure"),
    flip: Threshold("a polar rule finding takes the classifier's opposite polarity when it is this sure"),
    unjudge: Threshold("a polar rule finding becomes neutral when the classifier is this sure it is"),
  })
  .strict();
export type Thresholds = z.output<typeof Thresholds>;

export const ModelFile = z
  .object({
    format: z.literal(1),
    taxonomy: z.object({ id: z.string(), version: z.string() }).strict(),
    aspects: z.array(z.string()).min(1),
    trained_on: z.record(z.string(), z.int().min(0)),
    thresholds: Thresholds,
    /** One logistic model per aspect: does a sentence speak of it? Rows are indexed like `aspects`. */
    presence: z.object({ bias: z.array(z.number()), weights: z.record(z.string(), z.array(z.number())) }).strict(),
    /**
     * One softmax over POLARITIES for the clause that speaks of an aspect: shared rows keyed by feature, and rows
     * keyed `aspect|feature` that only count for that aspect.
     */
    polarity: z
      .object({
        bias: Row(3),
        aspect_bias: z.record(z.string(), Row(3)),
        weights: z.record(z.string(), Row(3)),
      })
      .strict(),
  })
  .strict()
  .superRefine((m, ctx) => {
    const n = m.aspects.length;
    if (m.presence.bias.length !== n) ctx.addIssue({ code: "custom", message: `presence.bias needs ${n} numbers` });
    for (const [key, row] of Object.entries(m.presence.weights))
      if (row.length !== n)
        ctx.addIssue({ code: "custom", path: ["presence", "weights", key], message: `needs ${n} numbers` });
  });
export type ModelFile = z.output<typeof ModelFile>;

export function parseModel(data: unknown, source: string): ModelFile {
  const parsed = ModelFile.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
  throw new Error(`${source} is not an aspect model: ${issues.join("; ")}`);
}
