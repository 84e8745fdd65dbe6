// The build's reading of data/: every problem of both files reported in one run, with file, line and field.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DataError, parseSource } from "../../../src/build/source.ts";
import { reviewLine, testBusiness } from "../../helpers/dataset.ts";

const NOW = Date.parse("2026-06-01T00:00:00Z");
const good = reviewLine({ text: "Fine." });

const jsonl = (lines: unknown[]) =>
  Buffer.from(lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");

function sourceFiles(business: unknown, lines: unknown[], suppressed: unknown[] | null = null) {
  return {
    businessFile: "data/business.json",
    reviewsFile: "data/reviews.jsonl",
    suppressedFile: "data/suppressed.jsonl",
    suppressed: suppressed && jsonl(suppressed),
    business: Buffer.from(JSON.stringify(business, null, 2)),
    reviews: jsonl(lines),
  };
}

function problemsOf(business: unknown, lines: unknown[], suppressed: unknown[] | null = null): string[] {
  const files = sourceFiles(business, lines, suppressed);
  try {
    parseSource(files, NOW);
  } catch (err) {
    assert.ok(err instanceof DataError);
    return [...err.problems];
  }
  return [];
}

describe("reading the source data", () => {
  it("reports every problem of both files at once, not in rounds", () => {
    const { technicians, ...business } = testBusiness();
    const problems = problemsOf({ ...business, telephone: "", technicians: [technicians[0], technicians[0]] }, [
      good,
      { ...good, id: "r-2", rating: 0, published_at: "2030-01-01T00:00:00Z", updated_at: "2029-01-01T00:00:00Z" },
      { ...good, rating: 6 },
      "{not json",
      { ...good, id: "r-3", source: { platform: "Nextdoor" }, extra: 1 },
    ]);
    const expected = [
      /^data\/business\.json:\d+: telephone: /,
      /^data\/business\.json:\d+: technicians\.1\.id: duplicate id 'mike-torres'/,
      /^data\/reviews\.jsonl:2: rating: /,
      /^data\/reviews\.jsonl:2: updated_at: must not be before published_at/,
      /^data\/reviews\.jsonl:2: published_at: 2030-01-01T00:00:00Z is in the future/,
      /^data\/reviews\.jsonl:2: updated_at: 2029-01-01T00:00:00Z is in the future/,
      /^data\/reviews\.jsonl:3: rating: /,
      /^data\/reviews\.jsonl:3: id: duplicate id 'r-1' \(first on line 1\)/,
      /^data\/reviews\.jsonl:4: invalid JSON/,
      /^data\/reviews\.jsonl:5: \(record\)\.extra: /,
      /^data\/reviews\.jsonl:5: source\.platform: expected a short lower-case token/,
    ];
    for (const pattern of expected)
      assert.ok(
        problems.some((p) => pattern.test(p)),
        `${pattern} in\n${problems.join("\n")}`,
      );
    assert.equal(problems.length, expected.length, problems.join("\n"));
  });

  it("leaves out the reviews suppressed.jsonl names, and counts them", () => {
    const lines = [good, { ...good, id: "r-2" }, { ...good, id: "r-3" }];
    const suppressed = [
      { id: "r-2", reason: "privacy request" },
      { id: "r-9", reason: "not in the data" },
    ];
    const source = parseSource(sourceFiles(testBusiness(), lines, suppressed), NOW);
    assert.deepEqual(
      source.reviews.map((r) => r.id),
      ["r-1", "r-3"],
    );
    assert.equal(source.suppressedCount, 1);
    const problems = problemsOf(testBusiness(), lines, [{ id: "r-2" }, "nope", { id: "bad id", reason: "x" }]);
    const expected = [
      /^data\/suppressed\.jsonl:1: reason: /,
      /^data\/suppressed\.jsonl:2: invalid JSON/,
      /^data\/suppressed\.jsonl:3: id: /,
    ];
    assert.equal(problems.length, expected.length, problems.join("\n"));
    expected.forEach((pattern, i) => assert.match(problems[i]!, pattern));
  });

  it("accepts reviews written the way platforms export them", () => {
    const files = {
      businessFile: "b",
      reviewsFile: "r",
      suppressedFile: "s",
      suppressed: null,
      business: Buffer.from(JSON.stringify(testBusiness())),
      reviews: Buffer.from(
        JSON.stringify({ ...good, published_at: "2026-02-28T22:00:00.250-05:00", source: { platform: "thumbtack" } }) +
          "\r\n",
      ),
    };
    const [review] = parseSource(files, NOW).reviews;
    assert.equal(review!.published_at, "2026-03-01T03:00:00Z");
    assert.equal(review!.source.url, null);
  });
});
