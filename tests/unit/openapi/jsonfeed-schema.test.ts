// The JSON Feed 1.1 JSON Schema fixture: it accepts the specification's own example and our feed, and refuses what the specification forbids.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { jsonFeed } from "../../../src/lib/feeds/json-feed.ts";
import { buildDataset } from "../../../src/lib/reviews/dataset.ts";
import { testBusiness } from "../../helpers/dataset.ts";
import { ReviewInput } from "../../../src/lib/schema/review.ts";
import { errorsOf, newAjv } from "./helpers.ts";

const schema = JSON.parse(readFileSync(new URL("../../fixtures/jsonfeed-1.1.schema.json", import.meta.url), "utf8"));
const validate = newAjv().compile(schema);

// The example at the top of https://www.jsonfeed.org/version/1.1/
const SPEC_EXAMPLE = {
  version: "https://jsonfeed.org/version/1.1",
  title: "My Example Feed",
  home_page_url: "https://example.org/",
  feed_url: "https://example.org/feed.json",
  items: [
    { id: "2", content_text: "This is a second item.", url: "https://example.org/second-item" },
    { id: "1", content_html: "<p>Hello, world!</p>", url: "https://example.org/initial-post" },
  ],
};

const FULL = {
  ...SPEC_EXAMPLE,
  description: "d",
  user_comment: "c",
  next_url: "https://example.org/feed.json?page=2",
  icon: "https://example.org/icon.png",
  favicon: "https://example.org/favicon.png",
  authors: [{ name: "A", url: "mailto:a@example.org", avatar: "https://example.org/a.png" }],
  language: "en-US",
  expired: false,
  hubs: [{ type: "WebSub", url: "https://example.org/hub" }],
  _blue_shed: { about: "https://blueshed-podcasts.com/json-feed-extension-docs", explicit: false },
  items: [
    {
      id: "https://example.org/1",
      url: "https://example.org/1",
      external_url: "https://elsewhere.example.org/",
      title: "T",
      content_html: "<p>x</p>",
      content_text: "x",
      summary: "s",
      image: "https://example.org/i.png",
      banner_image: "https://example.org/b.png",
      date_published: "2010-02-07T14:04:00-05:00",
      date_modified: "2010-02-07T19:04:00Z",
      authors: [{ name: "B" }],
      author: { name: "B" },
      tags: ["a", "b"],
      language: "fr",
      attachments: [
        {
          url: "https://example.org/a.mp3",
          mime_type: "audio/mpeg",
          title: "ep",
          size_in_bytes: 10,
          duration_in_seconds: 1.5,
        },
      ],
      _review: { rating: 5 },
    },
  ],
};

const without = (value: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));

describe("tests/fixtures/jsonfeed-1.1.schema.json", () => {
  it("accepts the specification's example and a feed using every member", () => {
    assert.ok(validate(SPEC_EXAMPLE), errorsOf(validate));
    assert.ok(validate(FULL), errorsOf(validate));
  });

  it("accepts the feed the build publishes", () => {
    const business = testBusiness({ technicians: [], services: [], service_areas: [] });
    const review = ReviewInput.parse({
      id: "r1",
      published_at: "2024-03-02T04:30:00Z",
      rating: 4,
      text: null,
      author: { name: "Dana" },
      verified: { method: "invoice", verified_at: "2024-03-02T05:00:00Z" },
      source: { platform: "google", url: null },
    });
    const feed = jsonFeed(buildDataset(business, [review]), "https://reviews.example.test");
    assert.ok(validate(feed), errorsOf(validate));
  });

  it("requires version 1.1, title and items", () => {
    for (const key of ["version", "title", "items"]) assert.equal(validate(without(SPEC_EXAMPLE, key)), false, key);
    assert.equal(validate({ ...SPEC_EXAMPLE, version: "https://jsonfeed.org/version/1" }), false);
  });

  it("requires an id and some content on every item", () => {
    assert.equal(validate({ ...SPEC_EXAMPLE, items: [{ content_text: "x" }] }), false, "no id");
    assert.equal(validate({ ...SPEC_EXAMPLE, items: [{ id: 1, content_text: "x" }] }), false, "id not a string");
    assert.equal(validate({ ...SPEC_EXAMPLE, items: [{ id: "1" }] }), false, "neither content_html nor content_text");
  });

  it("types the optional members", () => {
    const item = { id: "1", content_text: "x" };
    const bad: [string, unknown][] = [
      ["expired", "yes"],
      ["authors", [{}]],
      ["authors", { name: "A" }],
      ["hubs", [{ type: "WebSub" }]],
      ["hubs", [{ url: "https://example.org/hub" }]],
      ["feed_url", "not a url"],
      ["language", 5],
      ["items", [{ ...item, date_published: "yesterday" }]],
      ["items", [{ ...item, tags: "a,b" }]],
      ["items", [{ ...item, attachments: [{ url: "https://example.org/a.mp3" }] }]],
      [
        "items",
        [
          {
            ...item,
            attachments: [{ url: "https://example.org/a.mp3", mime_type: "audio/mpeg", size_in_bytes: "10" }],
          },
        ],
      ],
    ];
    for (const [key, value] of bad)
      assert.equal(validate({ ...SPEC_EXAMPLE, [key]: value }), false, `${key}: ${JSON.stringify(value)}`);
  });

  it("allows extensions (leading '_' and a letter, no '.') and nothing else unknown", () => {
    assert.ok(validate({ ...SPEC_EXAMPLE, _x: { a: 1 } }), errorsOf(validate));
    assert.equal(validate({ ...SPEC_EXAMPLE, colour: "red" }), false, "unknown member");
    assert.equal(validate({ ...SPEC_EXAMPLE, _1x: {} }), false, "'_' then a digit");
    assert.equal(validate({ ...SPEC_EXAMPLE, "_x.y": {} }), false, "'.' in the name");
    assert.equal(validate({ ...SPEC_EXAMPLE, _x: { "a.b": 1 } }), false, "'.' in a member key");
    assert.equal(
      validate({ ...SPEC_EXAMPLE, items: [{ id: "1", content_text: "x", summery: "typo" }] }),
      false,
      "unknown item member",
    );
  });
});
