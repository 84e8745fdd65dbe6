// Normalisation, local dates and the documented total order of reviews.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { localDate } from "../../../src/lib/dates.ts";
import { newestFirst } from "../../../src/lib/reviews/order.ts";
import { normalizeText } from "../../../src/lib/text/normalize.ts";

describe("normalizeText", () => {
  it("applies NFKC, lower-cases, folds whitespace (NBSP, tabs, line breaks) and trims", () => {
    assert.equal(normalizeText("  ＣＲÈＭＥ\u00a0\u00a0brûlée\n\tﬁne  "), "crème brûlée fine");
  });
  it("keeps accents", () => {
    assert.notEqual(normalizeText("Crème"), normalizeText("Creme"));
  });
});

describe("localDate", () => {
  it("gives the calendar date in the business's time zone", () => {
    assert.equal(localDate("2026-03-01T03:00:00Z", "America/Chicago"), "2026-02-28");
    assert.equal(localDate("2026-03-01T07:00:00Z", "America/Chicago"), "2026-03-01");
  });
});

describe("review order", () => {
  const reviews = [
    { id: "b", date: "2026-01-02" },
    { id: "a", date: "2026-01-02" },
    { id: "c", date: "2025-12-31" },
    { id: "z", date: "2026-01-03" },
  ];
  it("newest first: date descending, then id descending", () => {
    assert.deepEqual(
      [...reviews].sort(newestFirst).map((r) => r.id),
      ["z", "b", "a", "c"],
    );
  });
});
