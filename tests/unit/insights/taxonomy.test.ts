// Taxonomies are data validated by a zod schema; another file serves another vertical.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { defaultLexicon, defaultTaxonomy } from "../../../src/lib/insights/defaults.ts";
import { createAnalyzer } from "../../../src/lib/insights/engine/analyze.ts";
import { parseTaxonomy } from "../../../src/lib/insights/taxonomy.ts";
import { ASPECTS } from "../../../scripts/sample-data/phrases/aspects.ts";

const restaurant = JSON.parse(readFileSync("tests/fixtures/insights/restaurant-taxonomy.json", "utf8"));

describe("taxonomy files", () => {
  it("the default is the guide's ten aspects, in the guide's order", () => {
    // The sample generator's phrase banks were written from the guide, aspect by aspect, in its order.
    assert.deepEqual(
      defaultTaxonomy().aspects.map((a) => a.id),
      [...ASPECTS],
    );
    for (const a of defaultTaxonomy().aspects)
      assert.ok(a.label && a.description && a.question && a.cues.positive.length && a.cues.negative.length, a.id);
    assert.ok(defaultLexicon().stopwords.length > 100);
  });

  it("refuses a malformed file with the path of each problem", () => {
    const bad = structuredClone(restaurant);
    bad.aspects[1].id = "food";
    bad.aspects[0].cues.positive.push("ab*");
    bad.aspects[0].cues.neutral.push(".. food");
    bad.surprise = true;
    assert.throws(
      () => parseTaxonomy(bad, "bad.json"),
      (err: Error) => {
        assert.match(err.message, /Invalid taxonomy in bad\.json/);
        assert.match(err.message, /aspects\.1\.id: duplicate id 'food'/);
        assert.match(
          err.message,
          /aspects\.0\.cues\.positive\.2: pattern "ab\*" prefix "ab\*" needs at least 3 characters/,
        );
        assert.match(err.message, /aspects\.0\.cues\.neutral\.4: pattern "\.\. food" cannot start or end with \.\./);
        assert.match(err.message, /surprise/);
        return true;
      },
    );
  });

  it("another vertical is served by another file", () => {
    const engine = createAnalyzer({ taxonomy: parseTaxonomy(restaurant) });
    const r = engine.analyze("The pasta was delicious but our waiter ignored us. Two of us got sick.");
    assert.deepEqual(
      r.aspects.map(({ aspect, sentiment }) => [aspect, sentiment]),
      [
        ["food", "positive"],
        ["service", "negative"],
      ],
    );
    assert.deepEqual(r.problems, ["food-poisoning"]);
    assert.match(engine.version, /^\d+\.\d+\.\d+\+restaurant\.0\.1\.0\.[0-9a-f]{16}$/);
  });

  it("the version changes with any change to the taxonomy", () => {
    const a = createAnalyzer({ taxonomy: parseTaxonomy(restaurant) });
    const changed = structuredClone(restaurant);
    changed.aspects[0].cues.positive.push("yummy");
    assert.notEqual(createAnalyzer({ taxonomy: parseTaxonomy(changed) }).version, a.version);
  });
});
