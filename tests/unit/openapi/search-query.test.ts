// The search endpoint's query parsing (the schema the document describes): strict, coercing from strings, every issue naming its parameter.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseSearchQuery, parseSinceDate, SearchQueryParams } from "../../../src/lib/schema/search.ts";
import { ValidationError } from "../../../src/lib/schema/errors.ts";

const parse = (query: string) => parseSearchQuery(new URLSearchParams(query));

function issuesOf(query: string) {
  const result = parse(query);
  assert.ok(!result.ok, `expected ${JSON.stringify(query)} to be refused`);
  assert.ok(ValidationError.safeParse({ issues: result.issues }).success, "issues fit the published 400 body");
  return result.issues;
}

const paths = (query: string) => issuesOf(query).map((i) => i.path);

describe("parseSearchQuery", () => {
  for (const [query, param] of [
    ["rating=0", "rating"],
    ["rating=6", "rating"],
    ["rating=4.5", "rating"],
    ["rating=", "rating"],
    ["rating=%204", "rating"],
    ["rating=0x4", "rating"],
    ["min_rating=abc", "min_rating"],
    ["min_rating=0.5", "min_rating"],
    ["min_rating=1e0", "min_rating"],
    ["limit=101", "limit"],
    ["limit=0", "limit"],
    ["limit=20.0", "limit"],
    ["since=2024-02-30", "since"],
    ["until=2023-02-29", "until"],
    ["since=2024-2-01", "since"],
    ["query=" + "x".repeat(201), "query"],
    ["mentions_service=" + "x".repeat(201), "mentions_service"],
    ["cursor=", "cursor"],
    ["cursor=not%20a%20cursor", "cursor"],
  ] as const) {
    it(`refuses ${query.length > 40 ? query.slice(0, 37) + "..." : query}, naming ${param}`, () => {
      assert.deepEqual(paths(query), [[param]]);
    });
  }

  it("names every offending parameter, each once, in one answer", () => {
    const issues = issuesOf(
      "rating=0&limit=101&since=2024-02-30&min_rating=abc&sort=date&sort=rating&page=2&until=2024-01-01&until=2024-01-02",
    );
    assert.deepEqual(issues.map((i) => i.path[0]).sort(), [
      "limit",
      "min_rating",
      "page",
      "rating",
      "since",
      "sort",
      "until",
    ]);
    for (const issue of issues) assert.ok(issue.message.length > 0 && issue.code.length > 0);
  });

  it("refuses unknown parameters, one issue per name, even repeated", () => {
    const issues = issuesOf("sort=date&sort=rating&__proto__=x&Rating=5");
    assert.deepEqual(
      issues.map((i) => i.path),
      [["sort"], ["__proto__"], ["Rating"]],
    );
    assert.ok(issues.every((i) => i.code === "unrecognized_keys"));
  });

  it("refuses a repeated parameter even when both values are valid", () => {
    const issues = issuesOf("rating=5&rating=5");
    assert.deepEqual(issues, [
      { code: "custom", path: ["rating"], message: "expected the parameter at most once, got it 2 times" },
    ]);
  });

  it("refuses since after until, and accepts them equal", () => {
    assert.deepEqual(paths("since=2024-03-01&until=2024-02-01"), [["since"]]);
    assert.ok(parse("since=2024-02-01&until=2024-02-01").ok);
  });

  it("refuses min_rating above max_rating at max_rating, and accepts them equal; max_rating is 1 to 5", () => {
    const [issue] = issuesOf("min_rating=4&max_rating=2");
    assert.deepEqual(issue!.path, ["max_rating"]);
    assert.match(issue!.message, /at least min_rating \(4\), got 2/);
    assert.ok(parse("min_rating=3&max_rating=3").ok);
    for (const bad of ["0.5", "6", "abc", ""]) assert.deepEqual(paths(`max_rating=${bad}`), [["max_rating"]]);
  });

  it("accepts a valid combination, coercing strings to the documented types", () => {
    const result = parse(
      "rating=4&min_rating=3.5&since=2024-02-29&until=2024-12-31&query=%20%20Cr%C3%88me%C2%A0%20%20Br%C3%BBl%C3%A9e%20&mentions_technician=%20Mike%20&mentions_service=drain-cleaning&limit=100",
    );
    assert.ok(result.ok, JSON.stringify(!result.ok && result.issues));
    assert.deepEqual(result.value, {
      rating: 4,
      min_rating: 3.5,
      since: "2024-02-29",
      until: "2024-12-31",
      query: "crème brûlée",
      mentions_technician: "Mike",
      mentions_service: "drain-cleaning",
      limit: 100,
    });
  });

  it("defaults limit to 20, and treats empty text filters as no filter", () => {
    assert.deepEqual(parse(""), { ok: true, value: { limit: 20 } });
    assert.deepEqual(parse("query=%20%C2%A0%0A&mentions_technician=%20&mentions_service="), {
      ok: true,
      value: { limit: 20 },
    });
  });

  it("measures the query limit after normalisation (NFKC can shrink and whitespace folds)", () => {
    assert.ok(parse("query=" + encodeURIComponent("a  ".repeat(100))).ok, "300 characters that fold to 199");
    assert.deepEqual(paths("query=" + encodeURIComponent("ab ".repeat(68))), [["query"]]);
  });

  it("passes a syntactically valid cursor through for the search to check", () => {
    const result = parse("cursor=eyJ2IjoxfQ&limit=5");
    assert.ok(result.ok);
    assert.equal(result.value.cursor, "eyJ2IjoxfQ");
  });

  it("describes exactly the parameters of the contract, plus cursor and the insights filters", () => {
    // The contract's parameters (section 4.4), in its order, then what the project adds.
    const contract = ["rating", "min_rating", "since", "until", "query", "mentions_technician", "mentions_service"];
    const added = ["aspect", "aspect_sentiment", "sentiment"];
    const keys = Object.keys(SearchQueryParams.shape);
    assert.deepEqual(
      keys.filter((k) => contract.includes(k)),
      contract,
    );
    // max_rating sits beside min_rating, where a reader looks for it.
    assert.deepEqual(keys, [...contract.slice(0, 2), "max_rating", ...contract.slice(2), ...added, "limit", "cursor"]);
  });
});

describe("parseSinceDate", () => {
  it("accepts an existing date, a future one included", () => {
    assert.deepEqual(parseSinceDate("2024-02-29"), { ok: true, value: "2024-02-29" });
    assert.deepEqual(parseSinceDate("2999-01-01"), { ok: true, value: "2999-01-01" });
  });

  it("refuses malformed and impossible dates with an issue at date", () => {
    for (const bad of ["2024-02-30", "2023-02-29", "2024-1-01", "20240101", "2024-01-01T00:00:00Z", "", "yesterday"]) {
      const result = parseSinceDate(bad);
      assert.ok(!result.ok, bad);
      assert.deepEqual(
        result.issues.map((i) => i.path),
        [["date"]],
        bad,
      );
    }
  });
});
