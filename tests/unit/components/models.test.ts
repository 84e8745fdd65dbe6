// View models of the pages: aspect annotations read defensively, search form fields from the OpenAPI document, listing URLs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { aspectSummaries, reviewAspects, reviewsWithAspect } from "../../../src/components/model/aspects.ts";
import { aspectLabel, catalogNames } from "../../../src/components/model/catalog.ts";
import { listingPath, pageCount, reviewPath } from "../../../src/components/model/paging.ts";
import { searchFields } from "../../../src/components/search/fields.ts";
import { openApiDocument } from "../../../src/lib/openapi/document.ts";
import type { Insights } from "../../../src/lib/schema/insights.ts";
import type { Review } from "../../../src/lib/schema/review.ts";
import { dataset } from "../../helpers/dataset.ts";

const withAspects = (review: Review, aspects: unknown): Review => ({ ...review, aspects }) as unknown as Review;
const insightsWith = (aspects: unknown[]): Insights =>
  ({ aspects, faq: [], entities: {}, summary: {} }) as unknown as Insights;

test("review aspects: read what is there, skip what is not an annotation", () => {
  const [r] = dataset(1).reviews;
  assert.deepEqual(
    reviewAspects(
      withAspects(r!, [
        { aspect: "pricing", sentiment: "negative", evidence: "too much" },
        { id: "speed", polarity: "mixed" },
        "junk",
        { sentiment: "positive" },
      ]),
    ),
    [
      { aspect: "pricing", sentiment: "negative", evidence: "too much" },
      { aspect: "speed", sentiment: "neutral", evidence: null },
    ],
  );
  assert.deepEqual(reviewAspects(withAspects(r!, undefined)), []);
});

test("aspect summaries: counted from the reviews, most mentioned first; else from the published counts", () => {
  const reviews = dataset(3).reviews;
  const annotated = [
    withAspects(reviews[0]!, [
      { aspect: "pricing", sentiment: "negative", evidence: "x" },
      { aspect: "speed", sentiment: "positive", evidence: "y" },
    ]),
    withAspects(reviews[1]!, [{ aspect: "speed", sentiment: "positive", evidence: "z" }]),
    withAspects(reviews[2]!, []),
  ];
  const insights = insightsWith([
    { id: "pricing", label: "Pricing" },
    { id: "speed", label: "Speed", description: "How long" },
    { id: "honesty", label: "Honesty" },
  ]);
  const summaries = aspectSummaries(insights, annotated);
  assert.deepEqual(
    summaries.map((a) => [a.id, a.mentions, a.positive, a.negative]),
    [
      ["speed", 2, 2, 0],
      ["pricing", 1, 0, 1],
      ["honesty", 0, 0, 0],
    ],
  );
  assert.equal(summaries[0]!.description, "How long");

  const unannotated = reviews.map((r) => withAspects(r, undefined));
  const published = aspectSummaries(
    insightsWith([
      { id: "pricing", label: "Pricing", mention_count: 5, counts: { positive: 3, neutral: 1, negative: 1 } },
    ]),
    unannotated,
  );
  assert.deepEqual([published[0]!.mentions, published[0]!.positive, published[0]!.hasPolarity], [5, 3, true]);
  const bare = aspectSummaries(insightsWith([{ id: "pricing", label: "Pricing", mention_count: 5 }]), unannotated);
  assert.deepEqual([bare[0]!.mentions, bare[0]!.hasPolarity], [5, false]);
});

test("aspect labels fall back to words for ids the taxonomy does not list", () => {
  const names = catalogNames(dataset(1).business, insightsWith([{ id: "pricing", label: "Price" }]));
  assert.equal(aspectLabel(names, "pricing"), "Price");
  assert.equal(aspectLabel(names, "work_quality"), "Work quality");
});

test("search form: one field per query parameter of the API except the cursor, catalog entries as choices", () => {
  const d = dataset(1);
  const doc = openApiDocument({ siteUrl: "https://x.test", business: d.business }) as {
    paths: Record<string, { get: { parameters: { name: string; in: string }[] } }>;
  };
  const params = doc.paths["/api/reviews/search"]!.get.parameters;
  const fields = searchFields(params, d.business, insightsWith([]));
  assert.deepEqual(
    fields.map((f) => f.name),
    params.filter((p) => p.name !== "cursor").map((p) => p.name),
  );
  const tech = fields.find((f) => f.name === "mentions_technician")!;
  assert.equal(tech.control, "select");
  assert.deepEqual(
    tech.options,
    d.business.technicians.map((t) => ({ value: t.id, label: t.name })),
  );
  const limit = fields.find((f) => f.name === "limit")!;
  assert.deepEqual([limit.control, limit.min, limit.max, limit.defaultValue], ["number", 1, 100, "20"]);
  assert.equal(fields.find((f) => f.name === "since")!.control, "date");
  assert.deepEqual(
    fields.find((f) => f.name === "rating")!.options.map((o) => o.value),
    ["5", "4", "3", "2", "1"],
  );
});

test("listing URLs: page 1 has no number; a review's page follows from its position", () => {
  assert.equal(listingPath(1), "/reviews/");
  assert.equal(listingPath(3), "/reviews/page/3/");
  assert.equal(pageCount(0), 1);
  assert.equal(pageCount(101), 3);
  assert.equal(reviewPath(0, "a"), "/reviews/#review-a");
  assert.equal(reviewPath(50, "b"), "/reviews/page/2/#review-b");
});

test("reviewsWithAspect gives, in order, exactly the reviews annotated with the aspect, for each review list", () => {
  const reviews = dataset(300).reviews;
  const ids = new Set(reviews.flatMap((r) => reviewAspects(r).map((a) => a.aspect)));
  assert.ok(ids.size > 1, "the fixture annotates several aspects");
  for (const id of [...ids, "no-such-aspect"]) {
    const expected = reviews.filter((r) => reviewAspects(r).some((a) => a.aspect === id));
    assert.deepEqual(reviewsWithAspect(reviews, id), expected, id);
  }
  const fewer = reviews.slice(0, 10);
  const [first] = ids;
  assert.deepEqual(
    reviewsWithAspect(fewer, first!),
    fewer.filter((r) => reviewAspects(r).some((a) => a.aspect === first)),
  );
});
