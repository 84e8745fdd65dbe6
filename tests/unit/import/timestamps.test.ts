// Timestamps as platforms write them, normalised to UTC whole seconds.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DATE_FORM, normaliseDate, normaliseTimestamp, TIMESTAMP_FORM } from "../../../src/import/timestamps.ts";

describe("timestamps", () => {
  it("normalises offsets and drops fractions", () => {
    assert.equal(normaliseTimestamp("2026-09-02T15:04:05.123456Z"), "2026-09-02T15:04:05Z");
    assert.equal(normaliseTimestamp("2026-09-07T18:30:00-05:00"), "2026-09-07T23:30:00Z");
    assert.equal(normaliseTimestamp("2026-01-01T00:30:00+01:00"), "2025-12-31T23:30:00Z");
    assert.equal(normaliseTimestamp("2026-08-01 14:05:09"), "2026-08-01T14:05:09Z");
    assert.equal(normaliseTimestamp("2026-08-01 14:05 UTC"), "2026-08-01T14:05:00Z");
  });
  it("refuses what is not a timestamp or does not exist", () => {
    for (const bad of [
      "yesterday",
      "2026-02-30T10:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-01-01",
      "2026-01-01T24:00:00Z",
    ])
      assert.equal(normaliseTimestamp(bad), null, bad);
  });
  it("takes a date, or a timestamp's date part", () => {
    assert.equal(normaliseDate("2026-09-19T00:00:00.000Z"), "2026-09-19");
    assert.equal(normaliseDate("2026-02-29"), null);
  });
  it("names in its error message forms it accepts, each example of them accepted", () => {
    const examples = TIMESTAMP_FORM.slice(TIMESTAMP_FORM.indexOf("e.g. ") + 5).split(", ");
    assert.equal(examples.length, 3);
    for (const example of examples) assert.notEqual(normaliseTimestamp(example), null, example);
    for (const form of ["YYYY-MM-DDTHH:MM:SS", "YYYY-MM-DD HH:MM:SS", "UTC", "+0200", "none means UTC"])
      assert.ok(TIMESTAMP_FORM.includes(form), form);
    assert.equal(normaliseTimestamp("2024-05-01 14:03:00.5+0200"), "2024-05-01T12:03:00Z");
    assert.ok(DATE_FORM.startsWith("YYYY-MM-DD, or a timestamp"));
  });
});
