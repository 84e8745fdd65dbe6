// Mentions resolve catalog names, aliases and standing-alone first names as whole words, case and accents aside.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { firstNameOf, firstNames } from "../../../src/lib/reviews/catalog-terms.ts";
import { mentionMatcher } from "../../../src/lib/reviews/mentions.ts";
import { testBusiness } from "../../helpers/dataset.ts";

const business = testBusiness({
  technicians: [
    { id: "al-ruiz", name: "Al Ruiz", aliases: ["Al"] },
    { id: "zoe-park", name: "Zoë Park", aliases: ["Zoë"] },
    { id: "tomas-herrera", name: "Tomás Herrera", aliases: [] },
    { id: "will-carter", name: "Will Carter", aliases: [] },
    { id: "mark-lee", name: "Mark Lee", aliases: ["Mark"] },
    { id: "sam-ortiz", name: "Sam Ortiz", aliases: [] },
    { id: "sam-bell", name: "Sam Bell", aliases: [] },
    { id: "dangelo-reyes", name: "D’Angelo Reyes", aliases: [] },
    { id: "mary-kate-obrien", name: "Mary-Kate O'Brien", aliases: [] },
  ],
  services: [
    { id: "water-heater", name: "Water heater", aliases: ["hot water heater"] },
    { id: "water-heater-install", name: "Water heater installation", aliases: [] },
  ],
  service_areas: [{ id: "oak-park", name: "Oak Park", aliases: ["60302"] }],
});
const match = mentionMatcher(business);
const technicians = (text: string) => match(text).technicians;

describe("mentionMatcher", () => {
  it("matches names and aliases case-insensitively, as whole words", () => {
    assert.deepEqual(match("AL was great. We also loved the OAK  PARK office").technicians, ["al-ruiz"]);
    assert.deepEqual(match("We also called").technicians, []);
  });

  it("matches through normalisation: NFKC, NBSP and line breaks", () => {
    assert.deepEqual(technicians("Ｚｏë came to Oak\u00a0Park"), ["zoe-park"]);
    assert.deepEqual(match("Oak\nPark").service_areas, ["oak-park"]);
  });

  it("matches accent- and case-insensitively: Tomas = Tomás, ZOE = Zoë", () => {
    assert.deepEqual(technicians("ZOE was here"), ["zoe-park"]);
    assert.deepEqual(technicians("zoe park too"), ["zoe-park"]);
    assert.deepEqual(technicians("tomas herrera, then TOMÁS HERRERA"), ["tomas-herrera"]);
  });

  it("matches a technician without aliases by a first name unique among the technicians", () => {
    for (const text of ["Tomás was great", "Tomas was great", "TOMAS was great", "thanks tomás!"])
      assert.deepEqual(technicians(text), ["tomas-herrera"], text);
    assert.deepEqual(technicians("Tomasz came"), [], "a whole word only");
  });

  it("does not match a first name two technicians share, but does their full names", () => {
    assert.deepEqual(technicians("Sam was great"), []);
    assert.deepEqual(technicians("Sam Ortiz and SAM BELL"), ["sam-bell", "sam-ortiz"]);
  });

  it("does not match a first name that is a common word, unless it is an alias", () => {
    assert.deepEqual(technicians("They will fix it. Will was on time"), []);
    assert.deepEqual(technicians("Will Carter fixed it"), ["will-carter"]);
    assert.deepEqual(technicians("Mark was on time"), ["mark-lee"], "listed as an alias");
  });

  it("matches names with apostrophes and hyphens, however the apostrophe is typed", () => {
    assert.deepEqual(technicians("D'Angelo came, then d’angelo reyes"), ["dangelo-reyes"]);
    assert.deepEqual(technicians("Mary-Kate's work"), ["mary-kate-obrien"]);
    assert.deepEqual(technicians("Mary‐Kate O’Brien (Unicode hyphen)"), ["mary-kate-obrien"]);
    assert.deepEqual(technicians("Mary came"), [], "the first name is the whole first word");
  });

  it("prefers the longest name and reports each id once, sorted", () => {
    const m = match("Water heater installation went fine; the hot water heater works. Water heater!");
    assert.deepEqual(m.services, ["water-heater", "water-heater-install"]);
    assert.deepEqual(match("water heater installation").services, ["water-heater-install"]);
  });

  it("gives services and service areas no first names", () => {
    assert.deepEqual(match("water everywhere, oak trees").services, []);
    assert.deepEqual(match("oak trees").service_areas, []);
  });

  it("finds nothing in text without catalog names", () => {
    assert.deepEqual(match("Great service!"), { technicians: [], services: [], service_areas: [] });
  });
});

describe("first names", () => {
  it("are the first word of a name of two words or more, folded; not an initial or a title", () => {
    assert.equal(firstNameOf("Tomás Herrera"), "tomas");
    assert.equal(firstNameOf("D’Angelo Reyes"), "d'angelo");
    assert.equal(firstNameOf("Cher"), null);
    assert.equal(firstNameOf("J. Robert Smith"), null);
    assert.equal(firstNameOf("Dr. Smith"), null);
  });

  it("say why one does not stand alone", () => {
    const why = Object.fromEntries(firstNames(business.technicians).map((f) => [f.id, f.why]));
    assert.deepEqual(why, {
      "al-ruiz": null,
      "zoe-park": null,
      "tomas-herrera": null,
      "will-carter": "common",
      "mark-lee": "common",
      "sam-ortiz": "shared",
      "sam-bell": "shared",
      "dangelo-reyes": null,
      "mary-kate-obrien": null,
    });
  });

  it("are shared when another technician's alias is the same word", () => {
    const shared = firstNames([
      { id: "mike-torres", name: "Michael Torres", aliases: [] },
      { id: "mike-bell", name: "Mike Bell", aliases: ["Michael"] },
    ]);
    assert.deepEqual(
      shared.map((f) => f.why),
      ["shared", null],
    );
  });
});
