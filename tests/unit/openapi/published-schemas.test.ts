// What the build and the sidecar publish validates against the response schemas the document declares for it.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, it } from "node:test";
import { readSource } from "../../../src/build/source.ts";
import { jsonFeed } from "../../../src/lib/feeds/json-feed.ts";
import { computeInsights } from "../../../src/lib/insights/insights.ts";
import { buildDataset } from "../../../src/lib/reviews/dataset.ts";
import { newestFirst } from "../../../src/lib/reviews/order.ts";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import { ReviewInput } from "../../../src/lib/schema/review.ts";
import { parseSearchQuery, parseSinceDate } from "../../../src/lib/schema/search.ts";
import { testBusiness } from "../../helpers/dataset.ts";
import { documentFor, errorsOf, OPTIONS, responseValidator } from "./helpers.ts";

const doc = documentFor();
const DATA_DIR = fileURLToPath(new URL("../../../data/", import.meta.url));

/** A tiny business and reviews covering the optional parts: avatar, owner reply, rating-only, edits, mentions, source URL. */
function tinyDataset(): ReviewsDataset {
  // Every optional field of the business set.
  const business = testBusiness({
    email: "hello@acme.example.com",
    address: {
      street_address: "1 Main St",
      locality: "Springfield",
      region: "IL",
      postal_code: "62701",
      country: "US",
    },
    geo: { latitude: 39.8, longitude: -89.6 },
    price_range: "$$",
    opening_hours: ["Mo-Fr 07:00-19:00"],
    updated_at: "2024-01-01T00:00:00Z",
    technicians: [{ id: "mike-torres", name: "Michael Torres", aliases: ["Mike"], role: "Master plumber" }],
    services: [{ id: "drain-cleaning", name: "Drain cleaning", aliases: ["clogged drain"] }],
    service_areas: [{ id: "oak-park", name: "Oak Park", postal_codes: ["60302"] }],
  });
  const reviews = [
    {
      id: "r1",
      published_at: "2024-03-02T04:30:00Z",
      updated_at: "2024-03-05T10:00:00Z",
      rating: 5,
      title: "Fast",
      text: "Mike cleared our clogged drain in Oak Park. Crème de la crème!",
      author: { name: "Dana", avatar_url: "https://img.example.com/dana.png" },
      experience_date: "2024-02-28",
      verified: { method: "invoice", verified_at: "2024-03-02T05:00:00Z" },
      source: { platform: "google", url: "https://maps.example.com/review/r1" },
      owner_reply: { text: "Thank you, Dana!", published_at: "2024-03-03T15:00:00Z" },
    },
    {
      id: "r2",
      published_at: "2024-04-10T18:00:00Z",
      rating: 2,
      text: null,
      language: "es",
      author: { name: "Luis" },
      verified: { method: "platform", verified_at: "2024-04-10T18:00:00Z" },
      source: { platform: "yelp", url: null },
    },
  ].map((r) => ReviewInput.parse(r));
  return buildDataset(business, reviews);
}

const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};

// The in-test dataset always; the committed sample data too once it exists (it is generated separately).
const datasets: [string, () => Promise<ReviewsDataset>][] = [
  ["a tiny in-test dataset", once(async () => tinyDataset())],
];
if (existsSync(`${DATA_DIR}business.json`) && existsSync(`${DATA_DIR}reviews.jsonl`)) {
  datasets.push([
    "the committed sample data",
    once(async () => {
      const source = readSource(DATA_DIR);
      return buildDataset(source.business, source.reviews);
    }),
  ]);
}

for (const [name, load] of datasets) {
  describe(`response schemas against ${name}`, () => {
    it("/reviews.json: the dataset from buildDataset", async () => {
      const validate = responseValidator(doc, "/reviews.json", "get", "200");
      const data = await load();
      assert.ok(validate(data), errorsOf(validate));
    });

    it("/insights.json: the insights computed from it", async () => {
      const validate = responseValidator(doc, "/insights.json", "get", "200");
      assert.ok(validate(computeInsights(await load())), errorsOf(validate));
    });

    it("/api/feed.json: the JSON Feed built from it", async () => {
      const validate = responseValidator(doc, "/api/feed.json", "get", "200");
      assert.ok(validate(jsonFeed(await load(), OPTIONS.siteUrl)), errorsOf(validate));
    });

    it("/api/reviews/since/{date} and /api/reviews/search: envelopes of its reviews", async () => {
      const { reviews } = await load();
      const since = responseValidator(doc, "/api/reviews/since/{date}", "get", "200");
      const oldest = [...reviews].sort((a, b) => newestFirst(b, a));
      assert.ok(since({ since: oldest[0]!.date, count: oldest.length, reviews: oldest }), errorsOf(since));
      const search = responseValidator(doc, "/api/reviews/search", "get", "200");
      const page = reviews.slice(0, 20);
      const filters = {
        rating: null,
        min_rating: 3.5,
        max_rating: 4,
        since: "2020-01-01",
        until: null,
        query: "crème",
        mentions_technician: { input: "Mike", resolved: "mike-torres" },
        mentions_service: { input: "drains", resolved: "drain-cleaning" },
        aspect: { input: "Pricing", resolved: "pricing" },
        aspect_sentiment: "negative",
        sentiment: null,
      };
      const result = {
        filters,
        total: reviews.length,
        count: page.length,
        limit: 20,
        next_cursor: reviews.length > 20 ? "eyJ2IjoxfQ" : null,
        reviews: page,
      };
      assert.ok(search(result), errorsOf(search));
    });
  });
}

describe("the declared schemas are not vacuous", () => {
  it("refuses a dataset whose review breaks the contract", () => {
    const validate = responseValidator(doc, "/reviews.json", "get", "200");
    const data = structuredClone(tinyDataset()) as any;
    data.reviews[0].rating = 6;
    assert.equal(validate(data), false);
    delete data.reviews[0].rating;
    data.reviews[0].stars = 5;
    assert.equal(validate(data), false);
  });

  it("400 bodies of search and since are what the parsers return", () => {
    const search = responseValidator(doc, "/api/reviews/search", "get", "400");
    const parsed = parseSearchQuery(new URLSearchParams("rating=0&limit=101&nope=1&since=2024-01-01&since=2024-01-02"));
    assert.ok(!parsed.ok);
    assert.ok(search({ issues: parsed.issues }), errorsOf(search));
    const since = responseValidator(doc, "/api/reviews/since/{date}", "get", "400");
    const bad = parseSinceDate("2024-02-30");
    assert.ok(!bad.ok);
    assert.ok(since({ issues: bad.issues }), errorsOf(since));
    assert.equal(since({ issues: [] }), false, "at least one issue");
  });

  it("405 bodies are {code, message}", () => {
    const validate = responseValidator(doc, "/reviews.json", "get", "405");
    assert.ok(validate({ code: "method_not_allowed", message: "use GET or HEAD" }), errorsOf(validate));
    assert.equal(validate({ error: "nope" }), false);
  });
});
