// The aspect taxonomy as data: zod schema for a taxonomy file (aspects with cues, decoy patterns, problems customers describe).
import { z } from "zod";
import { parseData, Pattern } from "./lexicon.ts";

const AspectId = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, "expected a lowercase identifier like 'work_quality'")
  .meta({ description: "Aspect identifier, stable across engine versions" });

const ProblemId = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a lowercase slug like 'no-hot-water'")
  .max(40);

const Cues = z.array(Pattern);

const Aspect = z
  .object({
    id: AspectId,
    label: z.string().min(1).max(60),
    description: z
      .string()
      .min(1)
      .max(500)
      .meta({ description: "What the aspect covers and what it does not (the annotation guide)" }),
    question: z
      .string()
      .min(1)
      .max(120)
      .meta({ description: "The FAQ question a prospective customer asks about this aspect" }),
    cues: z
      .object({
        positive: Cues.default([]).meta({ description: 'Phrases that name the aspect and judge it well ("on time")' }),
        negative: Cues.default([]).meta({
          description: 'Phrases that name the aspect and judge it badly ("still leaking")',
        }),
        neutral: Cues.default([]).meta({
          description: 'Phrases that name the aspect; polarity comes from the words around them ("price")',
        }),
      })
      .strict(),
    modifiers: z
      .object({ positive: Cues.default([]), negative: Cues.default([]) })
      .strict()
      .default({ positive: [], negative: [] })
      .meta({
        description: 'Words that judge this aspect only when it is named in the same clause ("steep" for pricing)',
      }),
  })
  .strict();

const Problem = z
  .object({ id: ProblemId, label: z.string().min(1).max(60), cues: Cues.min(1) })
  .strict()
  .meta({ description: "A problem customers describe (leak, clog, no heat), reported as an entity" });

export const Taxonomy = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a lowercase slug like 'home-services'"),
    label: z.string().min(1).max(80),
    version: z.string().regex(/^\d+\.\d+\.\d+$/, "expected a semantic version like '1.0.0'"),
    language: z.literal("en").meta({ description: "Language of the cues; the engine's lexicon is English" }),
    description: z.string().max(1000).default(""),
    aspects: z.array(Aspect).min(1).max(50),
    ignore: Cues.default([]).meta({
      description: 'Phrases that contain a cue word without carrying any aspect ("my late husband")',
    }),
    problems: z.array(Problem).default([]),
  })
  .strict()
  .superRefine((t, ctx) => {
    for (const key of ["aspects", "problems"] as const) {
      const seen = new Set<string>();
      t[key].forEach(({ id }, i) => {
        if (seen.has(id)) ctx.addIssue({ code: "custom", path: [key, i, "id"], message: `duplicate id '${id}'` });
        seen.add(id);
      });
    }
  });

export type Taxonomy = z.output<typeof Taxonomy>;

/** Validates a parsed taxonomy file; the error lists every problem with its JSON path. */
export function parseTaxonomy(value: unknown, source = "taxonomy"): Taxonomy {
  return parseData(Taxonomy, value, `taxonomy in ${source}`);
}
