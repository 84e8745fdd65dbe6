// A review's language when its source gives none: detected when the text says clearly, the business's otherwise.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { detectLanguage } from "../../../src/lib/text/language.ts";

describe("detecting a review's language", () => {
  it("names the language of text that is clearly another", () => {
    const cases: [string, string][] = [
      ["Muy buen servicio", "es"],
      ["El técnico llegó tarde pero hizo un buen trabajo.", "es"],
      ["Muy mal servicio, nunca regresaron la llamada.", "es"],
      ["Très bon service, je recommande.", "fr"],
      ["Super Service, sehr freundlich und pünktlich.", "de"],
    ];
    for (const [text, language] of cases) assert.equal(detectLanguage(text, "en-US"), language, text);
  });

  it("keeps the business's tag for its own language, for short or unclear text, and for no text", () => {
    const cases = [
      "Rosa was great!",
      "Best plumber in Leander.",
      "Déjà vu a week later: same problem, same spot. 😡",
      "Ｐａｉｎｆｕｌｌｙ　ｓｌｏｗ；　Ｄｗａｙｎｅ　ｓｐｅｎｔ　ｍｏｓｔ　ｏｆ　ｔｈｅ　ｖｉｓｉｔ",
      "Gracias!",
      "ok",
      "Tomás did a very thorough job and explained everything to us.",
    ];
    for (const text of cases) assert.equal(detectLanguage(text, "en-US"), "en-US", text);
    assert.equal(detectLanguage(null, "en-US"), "en-US");
  });

  it("works the same for a business whose language is not English", () => {
    assert.equal(detectLanguage("Excelente trabajo, muy puntual y amable", "es-MX"), "es-MX");
    assert.equal(detectLanguage("They fixed the leak and cleaned up after themselves.", "es-MX"), "en");
  });
});
