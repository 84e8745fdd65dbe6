// The merge, pure: idempotence, edits, prune, hand-written duplicates, suppressed ids, other platforms kept, order.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { readExisting } from "../../../src/import/existing-data.ts";
import { readGoogle } from "../../../src/import/formats/google.ts";
import { merge, type MergeInput } from "../../../src/import/merge.ts";
import { recordCollector } from "../../../src/import/records.ts";

const FIXTURES = path.join(import.meta.dirname, "../../fixtures/import");
const NOW = Date.parse("2026-11-25T00:00:00Z");

function google(name: string) {
  const { records, add } = recordCollector({ includeUnverified: false, now: NOW });
  readGoogle(name, readFileSync(path.join(FIXTURES, "google", name)), {}, add);
  return records;
}

function run(existingLines: string[], name: string, extra: Partial<MergeInput> = {}) {
  const records = google(name);
  const existing = readExisting("reviews.jsonl", existingLines.map((l) => `${l}\n`).join("")).reviews;
  return merge({
    existing,
    imported: records.imported,
    suppressed: new Set(),
    seen: records.seen,
    platforms: records.platforms,
    prune: false,
    ...extra,
  });
}

const HAND = {
  id: "r-000001",
  published_at: "2026-01-02T03:04:05Z",
  updated_at: null,
  rating: 5,
  title: null,
  text: "Written by hand.",
  language: null,
  author: { name: "Owner", avatar_url: null },
  experience_date: null,
  verified: { method: "invoice", verified_at: "2026-01-02T03:04:05Z" },
  source: { platform: "yelp", url: null },
  owner_reply: null,
};

describe("merge", () => {
  it("adds new reviews in published_at order and changes nothing on a second import", () => {
    const first = run([], "takeout-2026-09.json");
    assert.equal(first.added.length, 6);
    const again = run(first.lines, "takeout-2026-09.json");
    assert.deepEqual([again.added, again.changed, again.unchanged], [[], [], 6]);
    assert.deepEqual(again.lines, first.lines);
  });
  it("updates an edited review and a reply added later, in place, naming the fields", () => {
    const first = run([], "takeout-2026-09.json");
    const next = run(first.lines, "api-2026-10.json");
    assert.deepEqual(next.changed, [
      { id: "google-AbFvOqlEd1tedL4terXyz789", fields: ["updated_at", "rating", "text"] },
      { id: "google-AbFvOqhR3plyL4ter000aaa1", fields: ["owner_reply"] },
    ]);
    assert.deepEqual(next.added, ["google-AbFvOqgN3wInOctober00bb2"]);
    assert.equal(JSON.parse(next.lines[3]!).updated_at, "2026-10-01T08:30:00Z");
  });
  it("keeps and reports a deleted review, and removes it with prune", () => {
    const first = run([], "takeout-2026-09.json");
    const kept = run(first.lines, "api-2026-10.json");
    assert.deepEqual([kept.missing, kept.pruned, kept.lines.length], [["google-AbFvOqjDe1etedS00nQwe456"], [], 7]);
    const pruned = run(first.lines, "api-2026-10.json", { prune: true });
    assert.deepEqual(
      [pruned.missing, pruned.pruned, pruned.lines.length],
      [[], ["google-AbFvOqjDe1etedS00nQwe456"], 6],
    );
  });
  it("keeps reviews of other platforms and hand-written ones, even with prune", () => {
    const other = JSON.stringify({ ...HAND, id: "yelp-abc" });
    const google = JSON.stringify({ ...HAND, id: "r-000002", source: { platform: "google", url: null } });
    const result = run([JSON.stringify(HAND), other, google], "api-2026-10.json", { prune: true });
    assert.deepEqual(result.lines.slice(0, 3), [JSON.stringify(HAND), other, google]);
    assert.deepEqual(result.pruned, []);
  });
  it("replaces a hand-written duplicate (same platform, author and time) in its place", () => {
    const dup = { ...HAND, id: "r-000009", published_at: "2026-09-10T07:00:00-05:00", author: { name: "Greg Olsen" } };
    const result = run(
      [JSON.stringify(HAND), JSON.stringify({ ...dup, source: { platform: "google", url: null } })],
      "api-2026-10.json",
    );
    assert.deepEqual(result.replaced, [{ id: "r-000009", by: "google-AbFvOqlEd1tedL4terXyz789" }]);
    assert.equal(JSON.parse(result.lines[1]!).id, "google-AbFvOqlEd1tedL4terXyz789");
    assert.equal(result.lines.length, 1 + 6);
  });
  it("replaces a hand-written duplicate with the same source.url", () => {
    const existing = readExisting(
      "x",
      `${JSON.stringify({ ...HAND, source: { platform: "google", url: "https://g.example/r/1" } })}\n`,
    ).reviews;
    const records = google("api-2026-10.json");
    const imported = records.imported.map((r, i) => (i === 0 ? { ...r, keys: ["url\0https://g.example/r/1"] } : r));
    const result = merge({
      existing,
      imported,
      suppressed: new Set(),
      seen: records.seen,
      platforms: records.platforms,
      prune: false,
    });
    assert.deepEqual(result.replaced, [{ id: "r-000001", by: imported[0]!.id }]);
  });
  it("never brings back a suppressed review", () => {
    const result = run([], "api-2026-10.json", { suppressed: new Set(["google-AbFvOqkAnon0nym0usR4t1ng"]) });
    assert.deepEqual(
      result.suppressed.map((s) => [s.id, s.where.at]),
      [["google-AbFvOqkAnon0nym0usR4t1ng", "/0/reviews/1"]],
    );
    assert.ok(!result.lines.some((l) => l.includes("AbFvOqkAnon0nym0usR4t1ng")));
  });
});
