// Test data for the insights: a small business and reviews built in memory with the real derivation.
import { buildDataset } from "../../../src/lib/reviews/dataset.ts";
import { business } from "../../helpers/dataset.ts";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import { ReviewInput } from "../../../src/lib/schema/review.ts";

/** Varied review texts by star rating (written for these tests, not taken from the eval set). */
export const TEXTS: Record<number, string[]> = {
  5: [
    "Mike was right on time and explained the repair in plain English. Fair price too.",
    "Zoe fixed our hot water heater the same day. Spotless work area, shoe covers on.",
    "Honest assessment of the garbage disposal, no upselling. The new one works great.",
    "Booked online, tech arrived early and the clogged drain flows great now.",
    null as unknown as string,
  ],
  4: [
    "Good work on the sump pump, a bit pricey but they cleaned up after themselves.",
    "Mike was friendly and quick, though the office never called back about the invoice.",
    "The garbage disposal works again. Took about two hours.",
  ],
  3: [
    "The tech was polite but thirty minutes late. Price was $180 for the visit.",
    "Zoe knew her stuff, but the sump pump is still noisy.",
  ],
  2: [
    "Three hours late and no call. The garbage disposal still leaks.",
    "They overcharged us and left a mess in the basement by the sump pump.",
  ],
  1: [
    "Never showed up. Nobody answered the phone. Avoid.",
    "Rude technician, still leaking, and they tried to sell me a whole new system. Money well spent.",
  ],
};

let counter = 0;

export type Spec = { date: string; rating: number; text?: string | null };

/** A dataset from explicit review specs (dates YYYY-MM-DD; text defaults to the bank for the rating). */
export function datasetOf(specs: readonly Spec[]): ReviewsDataset {
  const inputs = specs.map((s, i) => {
    const bank = TEXTS[s.rating]!;
    const text = s.text !== undefined ? s.text : (bank[(i + counter) % bank.length] ?? null);
    const at = `${s.date}T17:00:00Z`;
    return ReviewInput.parse({
      id: `t-${String(i).padStart(5, "0")}`,
      published_at: at,
      rating: s.rating,
      text,
      author: { name: `Author ${i}` },
      verified: { method: "invoice", verified_at: at },
      source: { platform: "google", url: null },
    });
  });
  counter++;
  return buildDataset(business, inputs);
}

/** `n` reviews spread evenly over `months` months from 2023-01, with ratings from `rating(i, t)`, t in [0, 1]. */
export function spread(n: number, months: number, rating: (i: number, t: number) => number): Spec[] {
  const start = Date.UTC(2023, 0, 1);
  const span = months * 30.4 * 86_400_000;
  return Array.from({ length: n }, (_, i) => {
    const t = n === 1 ? 0 : i / (n - 1);
    return {
      date: new Date(start + t * span).toISOString().slice(0, 10),
      rating: Math.min(5, Math.max(1, Math.round(rating(i, t)))),
    };
  });
}
