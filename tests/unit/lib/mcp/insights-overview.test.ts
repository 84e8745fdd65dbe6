// The get_insights overview stays a few kilobytes whatever the size of the insights, and names only sections that exist.
import assert from "node:assert/strict";
import { test } from "node:test";
import { insightsOverview } from "../../../../src/lib/mcp/insights-overview.ts";

const long = (i: number) => `${"very long question about the service ".repeat(20)}${i}?`;

test("an overview of insights with thousands of entries and long texts is under 8 KB and says how to get each section", () => {
  const many = (n: number, f: (i: number) => Record<string, unknown>) => Array.from({ length: n }, (_, i) => f(i));
  const doc = {
    version: "1",
    review_count: 100_000,
    summary: { text: "x".repeat(50_000), claims: many(500, (i) => ({ text: long(i) })) },
    aspects: many(2000, (i) => ({ id: `aspect_${i}_${"y".repeat(200)}`, counts: {} })),
    entities: { technicians: many(5000, (i) => ({ id: `t-${i}` })), services: many(300, (i) => ({ id: `s-${i}` })) },
    topics: many(3000, (i) => ({ id: `topic-${i}` })),
    temporal: { monthly: many(600, () => ({})), trend: { rating: { direction: "up" } } },
    faq: many(400, (i) => ({ question: long(i) })),
  };
  const overview = insightsOverview(doc);
  const bytes = JSON.stringify(overview).length;
  assert.ok(bytes < 8192, `${bytes} bytes`);
  const sections = overview["sections"] as { section: string; entries: number; preview: string[] }[];
  assert.deepEqual(
    sections.map((s) => s.section),
    ["summary", "aspects", "entities", "topics", "temporal", "faq"],
  );
  assert.equal(sections.find((s) => s.section === "entities")!.entries, 5300);
  assert.deepEqual(sections.find((s) => s.section === "temporal")!.preview, ["600 months", "rating trend: up"]);
  assert.equal(
    overview["next"],
    "call get_insights with section set to one of summary, aspects, entities, topics, temporal, faq",
  );
});
