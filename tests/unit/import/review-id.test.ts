// Review ids derived from platform ids: pinned, since they are public and permanent (feeds, cursors, links).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { base32, isDerivedFor, reviewId } from "../../../src/import/review-id.ts";

describe("review ids", () => {
  it("keeps a platform id that fits the id rule", () => {
    assert.equal(reviewId("trustpilot", "5f1e2d3c4b5a69788796a5b4"), "trustpilot-5f1e2d3c4b5a69788796a5b4");
    assert.equal(reviewId("google", "AbFvOqnXk2M1pZQ8rT0yUvW3"), "google-AbFvOqnXk2M1pZQ8rT0yUvW3");
    assert.equal(reviewId("yelp", "rv-88213"), "yelp-rv-88213");
  });
  it("hashes one that does not: slashes, other characters, too long", () => {
    assert.equal(reviewId("google", "accounts/123/locations/456/reviews/AbC-9_x"), "google-whhw363draco6yob4txyw4jvm4");
    assert.equal(reviewId("nextdoor", "nd/2026/441"), "nextdoor-scxkddsuc36gaz6elmfueufuj4");
    assert.equal(reviewId("yelp", "ünïcode id"), "yelp-3seb3tsuc27ggaf26ghfokwpy4");
    assert.equal(reviewId("google", "x".repeat(60)), "google-ilzns4zvm2pynbdloinivjmfkg");
  });
  it("takes the plain form up to 64 characters in all", () => {
    assert.equal(reviewId("google", "a".repeat(57)), `google-${"a".repeat(57)}`);
    assert.match(reviewId("google", "a".repeat(58)), /^google-[a-z2-7]{26}$/);
  });
  it("encodes base32 as RFC 4648 does, in lower case without padding", () => {
    assert.equal(base32(Buffer.from("")), "");
    assert.equal(base32(Buffer.from("f")), "my");
    assert.equal(base32(Buffer.from("foobar")), "mzxw6ytboi");
  });
  it("tells the importer's ids for a platform from others", () => {
    assert.ok(isDerivedFor("google-abc", "google"));
    assert.ok(!isDerivedFor("r-000001", "google"));
    assert.ok(!isDerivedFor("google-", "google"));
  });
});
