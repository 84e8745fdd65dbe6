// Reviews read back from their published JSON answer every field as the review they were written from.
import assert from "node:assert/strict";
import { test } from "node:test";
import { reviewHasText } from "../../../src/lib/reviews/aggregate.ts";
import { analysisColumns } from "../../../src/lib/insights/insights.ts";
import { analyzerFor } from "../../../src/lib/insights/for-business.ts";
import { aspectTones, repliedAt, StoredReviews } from "../../../src/lib/reviews/stored-review.ts";
import { buildDataset } from "../../../src/lib/reviews/dataset.ts";
import { type Review, ReviewInput } from "../../../src/lib/schema/review.ts";
import { business, dataset } from "../../helpers/dataset.ts";
import { readBack } from "../../helpers/read-back.ts";

const base: Review = dataset(1).reviews[0]!;

/** Reviews whose strings hold what a key search could trip over: quotes, backslashes, keys and brackets. */
const tricky: Review[] = [
  {
    ...base,
    id: "a_1-Z",
    updated_at: "2024-02-01T10:00:00Z",
    title: 'He said "ok","text":null',
    text: 'Back\\slash \\" and ,"mentions":{ and "},{"aspect":"x" and ] } 👍 Zoë',
    owner_reply: {
      text: 'Thanks!","published_at":"1999-01-01T00:00:00Z',
      published_at: "2024-02-03T09:00:00Z",
      date: "2024-02-03",
    },
    mentions: { technicians: ["mike-torres", "zoe-park"], services: [], service_areas: ["oak-park"] },
    sentiment: { label: "mixed", score: -0.125 },
    aspects: [
      { aspect: "timeliness", sentiment: "negative", evidence: 'late\\", "sentiment":"positive' },
      { aspect: "price", sentiment: "positive", evidence: "fair price\\\\" },
      { aspect: "quality", sentiment: "neutral", evidence: "" },
    ],
  },
  { ...base, id: "b", text: null, title: null, owner_reply: null, analysis_status: "rating_only", aspects: [] },
  { ...base, id: "c", analysis_status: "not_analysed", language: "de" },
];

test("every field of a review read back is the field written, and its JSON is the JSON written", () => {
  const reviews = [...tricky, ...dataset(60).reviews];
  const stored = readBack(reviews);
  stored.forEach((s, i) => {
    const r = reviews[i]!;
    for (const key of Object.keys(r) as (keyof Review)[]) assert.deepEqual(s[key], r[key], `${r.id}.${key}`);
    assert.equal(JSON.stringify(s), JSON.stringify(r));
    assert.equal(s.hasText, r.text !== null);
    assert.equal(reviewHasText(s), reviewHasText(r));
    assert.equal(repliedAt(s), r.owner_reply?.published_at ?? null);
    assert.deepEqual(
      aspectTones(s),
      r.aspects.map(({ aspect, sentiment }) => ({ aspect, sentiment })),
    );
  });
});

test("the tones the analyses give are each review's aspects without their evidence, one frozen list for equal ones", () => {
  const analyzer = analyzerFor(business);
  // With a review in a language the engine does not read: its aspects are empty, whatever its text says.
  const german = ReviewInput.parse({
    id: "de-1",
    published_at: "2024-03-01T10:00:00Z",
    rating: 2,
    text: "Der Techniker kam zu spät und der Preis war viel zu hoch, aber die Arbeit war gut.",
    language: "de",
    author: { name: "Jonas" },
    verified: null,
    source: { platform: "google" },
  });
  const reviews = [...dataset(120).reviews, ...buildDataset(business, [german]).reviews];
  assert.equal(reviews.at(-1)!.analysis_status, "not_analysed");
  const columns = analysisColumns(reviews, (r) => analyzer.analyze(r.text, r.rating));
  const stored = readBack(reviews, columns);
  stored.forEach((s, k) => {
    const published = reviews[k]!.aspects.map(({ aspect, sentiment }) => ({ aspect, sentiment }));
    assert.deepEqual(aspectTones(s), published, reviews[k]!.id);
  });
  // The same aspects judged the same way are one frozen list (a list parsed from a review's JSON is its own).
  const lists = new Set(stored.map((s) => aspectTones(s)));
  assert.ok(lists.size < stored.length);
  assert.ok([...lists].every((l) => Object.isFrozen(l)));
});

test("reviews with the same mentions or tone share one frozen value", () => {
  const [a, b] = readBack([tricky[0]!, { ...tricky[0]!, id: "other" }]);
  assert.equal(a!.mentions, b!.mentions);
  assert.equal(a!.sentiment, b!.sentiment);
  assert.ok(Object.isFrozen(a!.mentions.technicians));
  assert.throws(() => a!.mentions.technicians.push("x"), TypeError);
});

test("JSON not laid out as a published review is refused, naming what was not found", () => {
  const json = JSON.stringify(base);
  const refused = (text: string, what: RegExp) =>
    assert.throws(() => new StoredReviews(Buffer.from(text)).review(0, Buffer.byteLength(text)), {
      name: "SyntaxError",
      message: what,
    });
  refused(JSON.stringify({ first: 1, ...base }), /"\{\\"id\\":\\""/);
  refused(json.replace('"rating":', '"rating": '), /rating of 1 to 5/);
  refused(json.replace(',"mentions":', ',"mention":'), /,"mentions":/);
  refused(json.replace(/,"aspects":.*$/, "}"), /,"aspects":/);
  refused(json.replace(/"aspects":\[.*\]\}$/, '"aspects":null}'), /aspects last/);
});
