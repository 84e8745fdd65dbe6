// Mentions resolve catalog names and aliases as whole words in normalised text.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mentionMatcher } from "../../../src/lib/reviews/mentions.ts";
import { testBusiness } from "../../helpers/dataset.ts";

const business = testBusiness({
  technicians: [
    { id: "al-ruiz", name: "Al Ruiz", aliases: ["Al"] },
    { id: "zoe-park", name: "Zoë Park", aliases: ["Zoë"] },
  ],
  services: [
    { id: "water-heater", name: "Water heater", aliases: ["hot water heater"] },
    { id: "water-heater-install", name: "Water heater installation", aliases: [] },
  ],
  service_areas: [{ id: "oak-park", name: "Oak Park", aliases: ["60302"] }],
});
const match = mentionMatcher(business);

describe("mentionMatcher", () => {
  it("matches names and aliases case-insensitively, as whole words", () => {
    assert.deepEqual(match("AL was great. We also loved the OAK  PARK office").technicians, ["al-ruiz"]);
    assert.deepEqual(match("We also called").technicians, []);
  });

  it("matches through normalisation: NFKC, NBSP and line breaks, accents kept", () => {
    assert.deepEqual(match("Ｚｏë came to Oak\u00a0Park").technicians, ["zoe-park"]);
    assert.deepEqual(match("Oak\nPark").service_areas, ["oak-park"]);
    assert.deepEqual(match("Zoe came").technicians, [], "accents are not folded away");
  });

  it("prefers the longest name and reports each id once, sorted", () => {
    const m = match("Water heater installation went fine; the hot water heater works. Water heater!");
    assert.deepEqual(m.services, ["water-heater", "water-heater-install"]);
    assert.deepEqual(match("water heater installation").services, ["water-heater-install"]);
  });

  it("finds nothing in text without catalog names", () => {
    assert.deepEqual(match("Great service!"), { technicians: [], services: [], service_areas: [] });
  });
});
