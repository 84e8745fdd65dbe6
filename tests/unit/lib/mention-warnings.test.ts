// The build's warnings about catalog names: entries no review mentions, technicians only their full name finds.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mentionWarnings } from "../../../src/lib/reviews/mention-warnings.ts";
import { mentionMatcher } from "../../../src/lib/reviews/mentions.ts";
import { testBusiness } from "../../helpers/dataset.ts";

const business = testBusiness({
  technicians: [
    { id: "tomas-herrera", name: "Tomás Herrera", aliases: [] },
    { id: "will-carter", name: "Will Carter", aliases: [] },
    { id: "sam-ortiz", name: "Sam Ortiz", aliases: [] },
    { id: "sam-bell", name: "Sam Bell", aliases: ["Sammy"] },
  ],
  services: [{ id: "drain-cleaning", name: "Drain cleaning", aliases: ["clogged drain"] }],
  service_areas: [{ id: "oak-park", name: "Oak Park", aliases: [] }],
});
const match = mentionMatcher(business);
const reviews = (...texts: string[]) => texts.map((t) => ({ mentions: match(t) }));

describe("mentionWarnings", () => {
  it("names each catalog entry no review mentions, and each technician found by full name only", () => {
    const warnings = mentionWarnings(business, reviews("Tomas fixed the clogged drain", "Will will come back"));
    assert.deepEqual(warnings, [
      'technician will-carter: no review mentions "Will Carter"; add the names customers use as aliases in business.json',
      'technician sam-ortiz: no review mentions "Sam Ortiz"; add the names customers use as aliases in business.json',
      'technician sam-bell: no review mentions "Sam Bell" or its aliases; add the names customers use as aliases in business.json',
      'service area oak-park: no review mentions "Oak Park"; add the names customers use as aliases in business.json',
      'technician will-carter: "Will" is a common word, so only "Will Carter" counts as a mention of them; add the names customers use as aliases in business.json',
      'technician sam-ortiz: "Sam" also names another technician, so only "Sam Ortiz" counts as a mention of them; add the names customers use as aliases in business.json',
    ]);
  });

  it("says nothing when every entry is mentioned and every first name stands alone or has an alias", () => {
    const fine = testBusiness();
    const all = mentionMatcher(fine)("Michael and Zoë cleared the clogged drain and the hot water heater in Oak Park");
    assert.deepEqual(mentionWarnings(fine, [{ mentions: all }]), []);
  });
});
