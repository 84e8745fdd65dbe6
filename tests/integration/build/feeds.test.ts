// The built feeds and API description as a reader, a feed validator and an OpenAPI validator see them.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { before, describe, it } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { XMLParser } from "fast-xml-parser";
import { sampleRelease, TEST_SITE } from "../../helpers/build.ts";
import { errorsOf, newAjv } from "../../unit/openapi/helpers.ts";

let distDir: string;
const text = (rel: string) => readFile(path.join(distDir, rel), "utf8");

before(async () => {
  distDir = await sampleRelease();
});

describe("built feeds", () => {
  it("/api/feed.json validates against the JSON Feed 1.1 schema and holds the 50 newest reviews", async () => {
    const schema = JSON.parse(
      await readFile(new URL("../../fixtures/jsonfeed-1.1.schema.json", import.meta.url), "utf8"),
    );
    const validate = newAjv().compile(schema);
    const feed = JSON.parse(await text("api/feed.json")) as { items: { _review: { id: string } }[] };
    assert.ok(validate(feed), errorsOf(validate));
    const dataset = JSON.parse(await text("reviews.json"));
    assert.equal(feed.items.length, 50);
    assert.deepEqual(
      feed.items.map((i: { _review: { id: string } }) => i._review.id),
      dataset.reviews.slice(0, 50).map((r: { id: string }) => r.id),
    );
  });

  it("/feed.xml is Atom with id, title, updated, self and hub links, and the same 50 entries", async () => {
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(await text("feed.xml"));
    const feed = xml.feed;
    assert.equal(feed.xmlns, "http://www.w3.org/2005/Atom");
    assert.equal(feed.id, `${TEST_SITE}/feed.xml`);
    assert.ok(feed.title.length > 0);
    assert.ok(!Number.isNaN(Date.parse(feed.updated)));
    const links = feed.link as { rel: string; href: string }[];
    assert.ok(links.some((l) => l.rel === "self" && l.href === `${TEST_SITE}/feed.xml`));
    assert.ok(links.some((l) => l.rel === "hub" && l.href === `${TEST_SITE}/api/websub/hub`));
    assert.equal(feed.entry.length, 50);
    for (const e of feed.entry) assert.ok(e.id && e.title && e.updated && e.published);
    const dataset = JSON.parse(await text("reviews.json"));
    assert.equal(new Date(feed.updated).toISOString().replace(".000", ""), dataset.updated_at);
  });

  it("/.well-known/openapi.json is a valid OpenAPI 3.1 document for this origin", async () => {
    const doc = JSON.parse(await text(".well-known/openapi.json"));
    const result = await new Validator().validate(doc);
    assert.ok(result.valid, JSON.stringify(result.errors));
    assert.equal(doc.openapi, "3.1.0");
    assert.equal(doc.info.version, "1.0.0");
    assert.deepEqual(
      doc.servers.map((s: { url: string }) => s.url),
      [TEST_SITE],
    );
  });
});
