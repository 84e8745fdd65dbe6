// A line of data/suppressed.jsonl: a review kept out of the published data for good, and why.
import { z } from "zod";
import { TimestampInput } from "./common.ts";
import { ReviewId } from "./review.ts";

export const SuppressedEntry = z
  .object({
    id: ReviewId.meta({ description: "The review's id, as reviews.jsonl or the importer gives it" }),
    reason: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .meta({ description: "Why it is left out, e.g. a legal or privacy removal; never published" }),
    suppressed_at: TimestampInput.optional().meta({ description: "When it was decided" }),
  })
  .strict()
  .meta({
    id: "SuppressedEntry",
    description:
      "A review never published and never brought back by the importer, though its source still holds it (data/suppressed.jsonl)",
  });

export type SuppressedEntry = z.output<typeof SuppressedEntry>;
