// Input rules a data editor relies on: one timestamp format, no blank text, unambiguous catalog names.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Business } from "../../../src/lib/schema/business.ts";
import { ReviewInput } from "../../../src/lib/schema/review.ts";
import { business } from "../../helpers/dataset.ts";

const review = {
  id: "r-1",
  published_at: "2026-03-01T03:00:00Z",
  rating: 5,
  text: "Fine.",
  author: { name: "A" },
  verified: { method: "invoice", verified_at: "2026-03-01T03:00:00Z" },
  source: { platform: "google", url: null },
};

describe("input rules", () => {
  it("takes timestamps in whole seconds only, so they compare as strings", () => {
    assert.ok(ReviewInput.safeParse(review).success);
    assert.ok(!ReviewInput.safeParse({ ...review, published_at: "2026-03-01T03:00:00.5Z" }).success);
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
