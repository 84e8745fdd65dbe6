// Test helper: the sample business and its reviews, and reviews generated for it from five seeds, as inputs.
import { readFileSync } from "node:fs";
import { generateReviews } from "../../scripts/sample-data/generate.ts";
import { BusinessFile } from "../../src/lib/schema/business.ts";
import { ReviewInput } from "../../src/lib/schema/review.ts";

const root = new URL("../../", import.meta.url);

export const sampleBusiness = BusinessFile.parse(JSON.parse(readFileSync(new URL("data/business.json", root), "utf8")));

/** The sample data's reviews, then sets generated from five seeds (60 to 900 reviews), each with its name. */
export const sampleSets: readonly [name: string, reviews: ReviewInput[]][] = [
  [
    "the sample data",
    readFileSync(new URL("data/reviews.jsonl", root), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => ReviewInput.parse(JSON.parse(l))),
  ],
  ...[
    [7, 60],
    [11, 150],
    [23, 300],
    [42, 500],
    [99, 900],
  ].map(([seed, count]): [string, ReviewInput[]] => [
    `generated, seed ${seed}, ${count} reviews`,
    [...generateReviews(sampleBusiness, { seed: seed!, count: count! })],
  ]),
];
