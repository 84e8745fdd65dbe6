// The JSON Schemas published in schemas/ are the ones the zod schemas give, and an editor using them accepts the
// sample data and flags what the build would refuse.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { dataFileSchemas, SCHEMAS_DIR } from "../../../src/lib/schema/data-file-schemas.ts";
import { ROOT } from "../../helpers/build.ts";
import { reviewLine } from "../../helpers/dataset.ts";

const schemas = dataFileSchemas();
const validator = (name: string) => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(schemas.get(name)!));
};

describe("the data files' JSON Schemas", () => {
  it("are committed as generated (npm run schemas writes them)", async () => {
    for (const [name, text] of schemas)
      assert.equal(await readFile(path.join(ROOT, SCHEMAS_DIR, name), "utf8"), text, `${name} is out of date`);
  });

  it("accept the sample business.json, which names its schema", async () => {
    const business: Record<string, unknown> = JSON.parse(
      await readFile(path.join(ROOT, "data", "business.json"), "utf8"),
    );
    assert.equal(business.$schema, "../schemas/business.schema.json");
    const valid = validator("business.schema.json");
    assert.ok(valid(business), JSON.stringify(valid.errors));
    assert.ok(!valid({ ...business, telephone: 5 }));
    assert.ok(!valid({ ...business, unknown_key: 1 }));
  });

  it("accept every sample review line and a bare imported one, and refuse a bad rating", async () => {
    const valid = validator("review.schema.json");
    const lines = (await readFile(path.join(ROOT, "data", "reviews.jsonl"), "utf8")).split("\n").filter(Boolean);
    for (const line of lines) assert.ok(valid(JSON.parse(line)), `${line}\n${JSON.stringify(valid.errors)}`);
    const bare = reviewLine({
      published_at: "2026-03-01T09:30:00.250-05:00",
      verified: null,
      source: { platform: "nextdoor" },
    });
    assert.ok(valid(bare), JSON.stringify(valid.errors));
    assert.ok(!valid({ ...bare, rating: 6 }));
    assert.ok(validator("suppressed.schema.json")({ id: "google-abc", reason: "privacy request" }));
  });
});
