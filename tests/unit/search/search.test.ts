// Indexed search gives exactly what a plain filter over the dataset gives, for any combination of filters and any paging.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { indexDataset } from "../../../src/lib/search/index.ts";
import { searchReviews } from "../../../src/lib/search/search-reviews.ts";
import { parseSearchQuery } from "../../../src/lib/schema/search.ts";
import type { Review } from "../../../src/lib/schema/review.ts";
import { normalizeText } from "../../../src/lib/text/normalize.ts";
import { dataset } from "../../helpers/dataset.ts";

const data = dataset(300);
const index = indexDataset(data);

function search(params: Record<string, string>) {
  const parsed = parseSearchQuery(new URLSearchParams(params));
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.issues));
  return searchReviews(index, parsed.value);
}

/** The reference semantics, written the obvious way. */
function naive(p: Record<string, string>): Review[] {
  const tech = p.mentions_technician && index.resolveTechnician(p.mentions_technician);
  const svc = p.mentions_service && index.resolveService(p.mentions_service);
  const q = p.query === undefined ? "" : normalizeText(p.query);
  return data.reviews.filter(
    (r) =>
      (p.rating === undefined || r.rating === Number(p.rating)) &&
      (p.min_rating === undefined || r.rating >= Number(p.min_rating)) &&
      (p.max_rating === undefined || r.rating <= Number(p.max_rating)) &&
      (p.since === undefined || r.date >= p.since) &&
      (p.until === undefined || r.date <= p.until) &&
      (q === "" || (r.text !== null && normalizeText(r.text).includes(q))) &&
      (p.mentions_technician === undefined || (tech !== null && r.mentions.technicians.includes(tech!))) &&
      (p.mentions_service === undefined || (svc !== null && r.mentions.services.includes(svc!))) &&
      (p.aspect === undefined ||
        r.aspects.some(
          (a) => a.aspect === p.aspect && (p.aspect_sentiment === undefined || a.sentiment === p.aspect_sentiment),
        )) &&
      (p.sentiment === undefined || r.sentiment.label === p.sentiment),
  );
}

/** Whether a mention filter names no catalog entry: then the search is an issue, not an empty page. */
const namesNobody = (p: Record<string, string>) =>
  (p.mentions_technician !== undefined && index.resolveTechnician(p.mentions_technician) === null) ||
  (p.mentions_service !== undefined && index.resolveService(p.mentions_service) === null);

/** min_rating above max_rating is an issue, not an empty page. */
const ratingsCross = (p: Record<string, string>) =>
  p.min_rating !== undefined && p.max_rating !== undefined && Number(p.min_rating) > Number(p.max_rating);

const dates = data.reviews.map((r) => r.date);
const params = fc.record(
  {
    rating: fc.integer({ min: 1, max: 5 }).map(String),
    min_rating: fc.constantFrom("1", "2.5", "3", "3.5", "5"),
    max_rating: fc.constantFrom("1", "2", "2.5", "4", "5"),
    since: fc.constantFrom(...dates),
    until: fc.constantFrom(...dates),
    query: fc.constantFrom(
      "great",
      "GREAT",
      "crème",
      "creme",
      "on time",
      "ﬁnal",
      "final bill",
      "ok",
      "ok ok ok",
      "o",
      "  late and ",
      "zz",
      "👍",
      "e",
    ),
    mentions_technician: fc.constantFrom("Mike", "mike-torres", "MICHAEL TORRES", "michael", "zoe park", "Nobody"),
    mentions_service: fc.constantFrom("drain-cleaning", "Hot Water Heater", "roofing"),
    aspect: fc.constantFrom(...new Set(data.reviews.flatMap((r) => r.aspects.map((a) => a.aspect)))),
    aspect_sentiment: fc.constantFrom("positive", "negative", "neutral"),
    sentiment: fc.constantFrom("positive", "negative", "neutral", "mixed"),
  },
  { requiredKeys: [] },
);

describe("searchReviews", () => {
  it("matches the reference semantics for every combination of filters, newest first", () => {
    fc.assert(
      fc.property(params, fc.integer({ min: 1, max: 100 }), (p, limit) => {
        if ((p.since && p.until && p.since > p.until) || (p.aspect_sentiment && !p.aspect)) return;
        if (ratingsCross(p)) return assert.ok(!parseSearchQuery(new URLSearchParams(p)).ok);
        const out = search({ ...p, limit: String(limit) });
        if (namesNobody(p)) return assert.ok(!out.ok);
        assert.ok(out.ok);
        const expected = naive(p);
        assert.equal(out.result.total, expected.length);
        assert.deepEqual(
          out.result.reviews.map((r) => r.id),
          expected.slice(0, limit).map((r) => r.id),
        );
        assert.equal(out.result.next_cursor === null, expected.length <= limit);
      }),
      { numRuns: 300 },
    );
  });

  it("pages through every match exactly once with next_cursor, the cursor alone carrying the filters", () => {
    fc.assert(
      fc.property(params, fc.integer({ min: 1, max: 30 }), (p, limit) => {
        const refused = (p.since && p.until && p.since > p.until) || (p.aspect_sentiment && !p.aspect);
        if (refused || namesNobody(p) || ratingsCross(p)) return;
        const seen: string[] = [];
        let out = search({ ...p, limit: String(limit) });
        for (let pages = 0; ; pages++) {
          assert.ok(out.ok && pages < 1000);
          seen.push(...out.result.reviews.map((r) => r.id));
          if (!out.result.next_cursor) break;
          out = search({ cursor: out.result.next_cursor, limit: String(limit) });
        }
        assert.deepEqual(
          seen,
          naive(p).map((r) => r.id),
        );
      }),
      { numRuns: 100 },
    );
  });

  it("echoes filters as understood, mentions with input and resolved id", () => {
    const out = search({
      mentions_technician: "  Mike ",
      mentions_service: "DRAIN CLEANING",
      query: "  GREAT\u00a0 Job ",
    });
    assert.ok(out.ok);
    assert.deepEqual(out.result.filters.mentions_technician, { input: "Mike", resolved: "mike-torres" });
    assert.deepEqual(out.result.filters.mentions_service, { input: "DRAIN CLEANING", resolved: "drain-cleaning" });
    assert.equal(out.result.filters.query, "great job");
  });

  it("resolves a mention filter as mentions match: id, name, alias, a standing-alone first name, accents aside", () => {
    for (const input of ["zoe-park", "ZOE PARK", "Zoë", "zoe", "Michael", "MICHAEL TORRES", "mike"]) {
      const out = search({ mentions_technician: input });
      assert.ok(out.ok, input);
      assert.notEqual(out.result.filters.mentions_technician, null);
    }
  });

  it("refuses a mention filter that names no catalog entry, listing the entries, instead of answering 0", () => {
    const out = search({ mentions_technician: "Nobody", mentions_service: "roofing", rating: "5" });
    assert.ok(!out.ok);
    assert.deepEqual(
      out.issues.map((i) => [i.code, i.path]),
      [
        ["custom", ["mentions_technician"]],
        ["custom", ["mentions_service"]],
      ],
    );
    assert.equal(
      out.issues[0]!.message,
      'no technician is called "Nobody"; known: Michael Torres (mike-torres), Zoë Park (zoe-park)',
    );
    assert.match(out.issues[1]!.message, /^no service is called "roofing"; known: Drain cleaning \(drain-cleaning\), /);
  });

  it("refuses a cursor that is not one, and filters that contradict the cursor", () => {
    const first = search({ rating: "5", limit: "1" });
    assert.ok(first.ok && first.result.next_cursor);
    const same = search({ rating: "5", cursor: first.result.next_cursor });
    assert.ok(same.ok);
    const other = search({ rating: "4", cursor: first.result.next_cursor });
    assert.ok(!other.ok);
    assert.deepEqual(
      other.issues.map((i) => i.path),
      [["rating"]],
    );
    const bogus = search({ cursor: "bm90LWEtY3Vyc29y" });
    assert.ok(!bogus.ok);
    assert.deepEqual(bogus.issues[0]!.path, ["cursor"]);
  });

  it("filters by aspect (id or label) and its polarity, and by overall sentiment; aspect_sentiment needs aspect", () => {
    const aspectIndex = indexDataset(data, [{ id: "punctuality", label: "Punctuality" }]);
    const parsed = parseSearchQuery(
      new URLSearchParams({ aspect: "PUNCTUALITY", aspect_sentiment: "negative", limit: "100" }),
    );
    assert.ok(parsed.ok);
    const out = searchReviews(aspectIndex, parsed.value);
    assert.ok(out.ok);
    assert.deepEqual(out.result.filters.aspect, { input: "PUNCTUALITY", resolved: "punctuality" });
    const expected = data.reviews.filter((r) =>
      r.aspects.some((a) => a.aspect === "punctuality" && a.sentiment === "negative"),
    );
    assert.ok(expected.length > 0);
    assert.deepEqual(
      out.result.reviews.map((r) => r.id),
      expected.slice(0, 100).map((r) => r.id),
    );
    const alone = parseSearchQuery(new URLSearchParams({ aspect_sentiment: "negative" }));
    assert.ok(!alone.ok);
    assert.deepEqual(
      alone.issues.map((i) => i.path),
      [["aspect_sentiment"]],
    );
  });

  it("treats an empty query as no filter, and never matches rating-only reviews with a query", () => {
    const all = search({ query: "   ", limit: "100" });
    assert.ok(all.ok);
    assert.equal(all.result.total, data.reviews.length);
    const some = search({ query: "o", limit: "100" });
    assert.ok(some.ok);
    assert.ok(some.result.reviews.every((r) => r.text !== null));
  });
});
