// Test helper: a small, varied published dataset built in memory with the real derivation.
import { buildDataset } from "../../src/lib/reviews/dataset.ts";
import { Business } from "../../src/lib/schema/business.ts";
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import { ReviewInput } from "../../src/lib/schema/review.ts";

/** A valid business: Acme Plumbing with two technicians, two services and one area, `fields` set over it. */
export function testBusiness(fields: Record<string, unknown> = {}): Business {
  return Business.parse({
    id: "acme",
    name: "Acme Plumbing",
    schema_type: "Plumber",
    description: "Plumbing and heating.",
    url: "https://acme.example.com/",
    telephone: "555-0100",
    address: { street_address: "1 Main", locality: "Town", region: "IL", postal_code: "60000", country: "US" },
    time_zone: "America/Chicago",
    language: "en-US",
    updated_at: "2020-01-01T00:00:00Z",
    technicians: [
      { id: "mike-torres", name: "Michael Torres", aliases: ["Mike"] },
      { id: "zoe-park", name: "Zoë Park", aliases: ["Zoe"] },
    ],
    services: [
      { id: "drain-cleaning", name: "Drain cleaning", aliases: ["clogged drain"] },
      { id: "water-heater", name: "Water heater repair", aliases: ["hot water heater"] },
    ],
    service_areas: [{ id: "oak-park", name: "Oak Park" }],
    ...fields,
  });
}

export const business = testBusiness();

const TEXTS = [
  "Mike fixed our clogged drain. Crème de la crème!",
  "Zoë was late\u00a0and the hot water heater still leaks.",
  "Great job, on time, fair price.",
  "ＧＲＥＡＴ service in Oak Park 👍",
  "The ﬁnal bill was higher than the quote.",
  null,
  "ok",
  "ok ok, fine",
  "Michael Torres explained everything.\nWould hire again.",
];

/** `n` reviews spread over dates (several per day), ratings 1-5, texts from a small varied bank. */
export function dataset(n = 200): ReviewsDataset {
  const inputs = Array.from({ length: n }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 3) * 86400000 + 18 * 3600000);
    return ReviewInput.parse({
      id: `r-${String((i * 7919) % 100000).padStart(5, "0")}`,
      published_at: day.toISOString().replace(".000", ""),
      rating: (i % 5) + 1,
      text: TEXTS[i % TEXTS.length],
      author: { name: `Author ${i}` },
      verified: { method: "invoice", verified_at: day.toISOString().replace(".000", "") },
      source: { platform: "google", url: null },
    });
  });
  return buildDataset(business, inputs);
}

/** A reviews.jsonl line as an owner or the importer writes it, with only the required fields: `fields` set over it. */
export function reviewLine(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "r-1",
    published_at: "2026-03-01T03:00:00Z",
    rating: 5,
    author: { name: "A" },
    verified: { method: "platform", verified_at: "2026-03-01T03:00:00Z" },
    source: { platform: "google" },
    ...fields,
  };
}
