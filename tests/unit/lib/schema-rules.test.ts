// Input rules a data editor relies on: timestamps as sources write them, stored one way; no blank text; any platform;
// optional fields that may be left out; unambiguous catalog names.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Business } from "../../../src/lib/schema/business.ts";
import { ReviewInput } from "../../../src/lib/schema/review.ts";
import { business, reviewLine } from "../../helpers/dataset.ts";

const review = reviewLine({ text: "Fine.", verified: { method: "invoice", verified_at: "2026-03-01T03:00:00Z" } });

describe("input rules", () => {
  it("takes fractional seconds and offsets, and stores UTC whole seconds so timestamps compare as strings", () => {
    const cases = {
      "2026-03-01T03:00:00Z": "2026-03-01T03:00:00Z",
      "2026-03-01T03:00:00.999Z": "2026-03-01T03:00:00Z",
      "2026-02-28T22:00:00-05:00": "2026-03-01T03:00:00Z",
      "2026-03-01T05:30:00.1234567+02:30": "2026-03-01T03:00:00Z",
    };
    for (const [given, stored] of Object.entries(cases)) {
      const r = ReviewInput.parse({
        ...review,
        published_at: given,
        owner_reply: { text: "Thanks", published_at: given },
      });
      assert.equal(r.published_at, stored, given);
      assert.equal(r.owner_reply?.published_at, stored, given);
    }
  });
  it("shows the accepted form for a timestamp it cannot read", () => {
    for (const bad of ["2026-02-30T03:00:00Z", "2026-03-01 03:00", "2026-03-01T03:00:00", "yesterday"]) {
      const r = ReviewInput.safeParse({ ...review, published_at: bad });
      assert.ok(!r.success, bad);
      assert.match(r.error.issues[0]!.message, /RFC 3339 timestamp such as 2024-05-01T14:30:00Z.*-05:00/, bad);
    }
  });
  it("takes any short lower-case platform token and refuses others", () => {
    for (const platform of ["nextdoor", "thumbtack", "homeadvisor", "my-shop"]) {
      assert.equal(ReviewInput.parse({ ...review, source: { platform } }).source.platform, platform);
    }
    for (const platform of ["Nextdoor", "", "1abc", "x".repeat(33), "has space"]) {
      const r = ReviewInput.safeParse({ ...review, source: { platform } });
      assert.ok(!r.success, platform);
      assert.deepEqual(r.error.issues[0]!.path, ["source", "platform"]);
    }
  });
  it("lets optional fields be left out, storing them as null", () => {
    const bare = reviewLine({ verified: null, source: { platform: "nextdoor" } });
    const r = ReviewInput.parse(bare);
    assert.deepEqual(
      [r.text, r.title, r.language, r.updated_at, r.experience_date, r.owner_reply, r.source.url, r.author.avatar_url],
      [null, null, null, null, null, null, null, null],
    );
    assert.equal(r.verified, null);
    for (const required of ["id", "published_at", "rating", "author", "verified", "source"] as const) {
      const { [required]: _, ...missing } = bare;
      const result = ReviewInput.safeParse(missing);
      assert.ok(!result.success, required);
      assert.deepEqual(result.error.issues[0]!.path, [required]);
    }
  });
  it("reports the rules between fields together with the other problems of the line", () => {
    const r = ReviewInput.safeParse({ ...review, rating: 9, updated_at: "2026-02-01T00:00:00Z" });
    assert.ok(!r.success);
    assert.deepEqual(r.error.issues.map((i) => i.path.join(".")).sort(), ["rating", "updated_at"]);
  });
  it("refuses blank text (null is how a rating-only review is written)", () => {
    const r = ReviewInput.safeParse({ ...review, text: "  \n " });
    assert.ok(!r.success && r.error.issues[0]!.message.includes("use null"));
  });
  it("refuses an experience date after publication", () => {
    assert.ok(!ReviewInput.safeParse({ ...review, experience_date: "2026-03-05" }).success);
  });
  it("refuses a name or alias that already names another catalog entry", () => {
    const twice = {
      ...business,
      technicians: [...business.technicians, { id: "other-mike", name: "MIKE", aliases: [] }],
    };
    const r = Business.safeParse(twice);
    assert.ok(!r.success);
    assert.deepEqual(r.error.issues[0]!.path, ["technicians", 2, "name"]);
  });
  it("compares names as mentions match them: an alias differing only by accents names the same entry", () => {
    const twice = {
      ...business,
      technicians: [...business.technicians, { id: "other-zoe", name: "Zoe Brandt", aliases: ["Zoë"] }],
    };
    const r = Business.safeParse(twice);
    assert.ok(!r.success);
    assert.match(r.error.issues[0]!.message, /'Zoë' already names 'zoe-park'/);
  });
});
