// /insights.json: the published shape, determinism, agreement with /reviews.json, traceable prose, supported trends.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { computeInsights } from "../../../src/lib/insights/insights.ts";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import { Insights } from "../../../src/lib/schema/insights.ts";
import { datasetOf, spread } from "./fixtures.ts";

const mixed = datasetOf(spread(240, 30, (i) => [5, 5, 4, 5, 3, 5, 2, 4, 5, 1][i % 10]!));
const doc = computeInsights(mixed);

/** RFC 6901 pointer resolution; throws when the pointer does not resolve. */
function resolve(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !(key in node))
      throw new Error(`pointer ${pointer} does not resolve at ${key}`);
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Every way a figure under `node` may be printed: counts, percentages, ratings with 2 decimals, raw numbers, dates. */
function printable(node: unknown, out = new Set<string>()): Set<string> {
  if (typeof node === "number") {
    out.add(String(node));
    out.add(node.toFixed(2));
    if (node >= 0 && node <= 1) out.add(String(Math.round(node * 100)));
  } else if (typeof node === "string") out.add(node);
  else if (node && typeof node === "object") for (const v of Object.values(node)) printable(v, out);
  return out;
}

/** Checks a piece of prose against its basis and the reviews it cites. */
function assertTraceable(
  doc: Insights,
  dataset: ReviewsDataset,
  text: string,
  basis: readonly string[],
  reviewIds: readonly string[],
) {
  const byId = new Map(dataset.reviews.map((r) => [r.id, r]));
  for (const id of reviewIds) assert.ok(byId.has(id), `cites unknown review ${id}`);
  let rest = text;
  for (const m of text.matchAll(/“([^”]*)” \(review ([^)]+)\)/g)) {
    const review = byId.get(m[2]!);
    assert.ok(review?.text?.includes(m[1]!), `quote “${m[1]}” is not in review ${m[2]}`);
    assert.ok(reviewIds.includes(m[2]!), `quoted review ${m[2]} is not in review_ids`);
    rest = rest.replace(m[0], "");
  }
  // "out of 5" is the rating scale, not a figure.
  rest = rest.replace(/out of 5\b/g, "");
  const figures = new Set<string>();
  for (const p of basis) printable(resolve(doc, p), figures);
  for (const d of rest.match(/\d{4}-\d{2}-\d{2}/g) ?? [])
    assert.ok(figures.has(d), `date ${d} in "${text}" is not under ${basis.join(", ")}`);
  for (const n of rest.replace(/\d{4}-\d{2}-\d{2}/g, "").match(/-?\d+(?:\.\d+)?/g) ?? []) {
    assert.ok(figures.has(n), `figure ${n} in "${text}" is not under ${basis.join(", ")}`);
  }
}

describe("computeInsights", () => {
  it("publishes the strict schema with the spec's members", () => {
    Insights.parse(doc);
    for (const k of [
      "aspects",
      "entities",
      "topics",
      "faq",
      "summary",
      "version",
      "engine",
      "review_count",
      "date_range",
      "sentiment",
      "temporal",
    ])
      assert.ok(k in doc, k);
    assert.equal(doc.review_count, mixed.reviews.length);
    assert.equal(doc.engine.name, "reviews-insights");
    assert.ok(doc.version.startsWith(`${doc.engine.version}+home-services.`));
  });

  it("is deterministic: same data, byte-identical document", () => {
    assert.equal(JSON.stringify(computeInsights(mixed)), JSON.stringify(doc));
  });

  it("agrees with the per-review annotations of /reviews.json", () => {
    for (const a of doc.aspects) {
      const judged = mixed.reviews.flatMap((r) => r.aspects.filter((x) => x.aspect === a.id));
      assert.equal(a.mention_count, judged.length, a.id);
      for (const p of ["positive", "neutral", "negative"] as const)
        assert.equal(a.counts[p], judged.filter((x) => x.sentiment === p).length);
      for (const p of ["positive", "neutral", "negative"] as const) {
        for (const id of a.example_review_ids[p])
          assert.ok(
            mixed.reviews.find((r) => r.id === id)!.aspects.some((x) => x.aspect === a.id && x.sentiment === p),
          );
      }
    }
    const labels = { positive: 0, neutral: 0, negative: 0, mixed: 0 };
    for (const r of mixed.reviews) labels[r.sentiment.label]++;
    assert.deepEqual(doc.sentiment.counts, labels);
    assert.equal(
      doc.temporal.monthly.reduce((s, m) => s + m.review_count, 0),
      mixed.reviews.length,
    );
    for (const t of doc.entities.technicians)
      assert.equal(t.mention_count, mixed.reviews.filter((r) => r.mentions.technicians.includes(t.id)).length);
  });

  it("reports problems and recurring topics with their reviews", () => {
    const leak = doc.entities.problems.find((p) => p.id === "leak")!;
    assert.ok(leak.mention_count > 0);
    const topic = doc.topics.find((t) => t.label === "sump pump");
    assert.ok(topic, `topics: ${doc.topics.map((t) => t.label).join(", ")}`);
    for (const id of topic.example_review_ids)
      assert.match(mixed.reviews.find((r) => r.id === id)!.text!.toLowerCase(), /sump pump/);
    assert.ok(
      !doc.topics.some((t) => /mike|zoe|oak park|hot water heater/.test(t.label)),
      "catalog names are entities, not topics",
    );
  });

  it("makes every figure and quote in the summary and the FAQ traceable to this document or the reviews", () => {
    assert.ok(doc.summary.claims.length >= 4);
    assert.equal(doc.summary.text, doc.summary.claims.map((c) => c.text).join(" "));
    for (const c of doc.summary.claims) assertTraceable(doc, mixed, c.text, c.basis, c.review_ids);
    assert.ok(doc.faq.length >= 5);
    for (const f of doc.faq) assertTraceable(doc, mixed, f.answer, f.basis, f.review_ids);
    const q = doc.summary.pull_quote!;
    assert.ok(
      mixed.reviews.find((r) => r.id === q.review_id)!.text!.includes(q.text),
      "pull quote is an exact excerpt",
    );
  });
});

describe("trend", () => {
  it("claims an improvement only with a confidence interval above zero", () => {
    const rising = computeInsights(datasetOf(spread(300, 24, (_, t) => 1.5 + 3.5 * t)));
    const r = rising.temporal.trend.rating;
    assert.equal(r.direction, "improving");
    assert.ok(r.ci95![0] > 0 && r.p_value! < 0.05);
    assert.match(rising.summary.text, /average rating is improving/);
    assert.match(rising.faq.find((f) => f.id === "trend")!.answer, /improving: about [\d.]+ stars a year/);
  });

  it("claims a decline when ratings fall", () => {
    assert.equal(
      computeInsights(datasetOf(spread(300, 24, (_, t) => 5 - 3.5 * t))).temporal.trend.rating.direction,
      "declining",
    );
  });

  it("claims no direction for ratings that only wobble", () => {
    const flat = computeInsights(datasetOf(spread(300, 24, (i) => [5, 4, 5, 3, 5, 4][i % 6]!))).temporal.trend.rating;
    assert.ok(flat.direction === "stable" || flat.direction === "inconclusive", flat.direction);
    assert.ok(flat.ci95![0] <= 0 || flat.slope_per_year! < flat.min_effect_per_year);
  });

  it("says there is too little data rather than guessing", () => {
    const few = computeInsights(datasetOf(spread(12, 24, (_, t) => 1 + 4 * t)));
    assert.equal(few.temporal.trend.rating.direction, "insufficient_data");
    assert.match(few.faq.find((f) => f.id === "trend")!.answer, /too few reviews/);
  });
});

describe("edge cases", () => {
  it("an empty dataset gives a valid, honest document", () => {
    const empty = computeInsights(datasetOf([]));
    Insights.parse(empty);
    assert.equal(empty.review_count, 0);
    assert.equal(empty.date_range, null);
    assert.equal(empty.summary.pull_quote, null);
    assert.match(empty.summary.text, /no published reviews yet/);
    assert.deepEqual(empty.temporal.monthly, []);
  });

  it("rating-only reviews count in the sentiment, not in aspects or topics", () => {
    const d = computeInsights(datasetOf(spread(40, 6, () => 5).map((s) => ({ ...s, text: null }))));
    assert.equal(d.sentiment.counts.positive, 40);
    assert.equal(d.text_review_count, 0);
    assert.ok(d.aspects.every((a) => a.mention_count === 0 && a.score === null));
    assert.deepEqual(d.topics, []);
  });

  it("fills months without reviews", () => {
    const d = computeInsights(
      datasetOf([
        { date: "2024-01-10", rating: 5 },
        { date: "2024-04-02", rating: 4 },
      ]),
    );
    assert.deepEqual(
      d.temporal.monthly.map((m) => [m.month, m.review_count]),
      [
        ["2024-01", 1],
        ["2024-02", 0],
        ["2024-03", 0],
        ["2024-04", 1],
      ],
    );
  });
});
