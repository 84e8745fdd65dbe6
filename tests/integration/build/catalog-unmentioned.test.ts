// Built catalog pages for an entry no review mentions: words instead of "0 reviews", and left out of the grids when
// business.json sets display.unmentioned_entries to false (its own page stays, so links to it keep working).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, it } from "node:test";
import { build, SAMPLE_DATA } from "../../helpers/build.ts";
import { dataDir, sampleLines } from "../../helpers/data-dir.ts";

const TOMAS = { id: "tomas-herrera", name: "Tomás Herrera", aliases: [], role: "Apprentice plumber" };

/** The sample business with a technician nobody has written about yet, and 20 sample reviews; built. */
async function builtWith(pages: Record<string, unknown> | undefined): Promise<(p: string) => Promise<string>> {
  const business = JSON.parse(await readFile(path.join(SAMPLE_DATA, "business.json"), "utf8"));
  business.technicians.push(TOMAS);
  if (pages) business.display = pages;
  const dir = await dataDir({ reviews: `${(await sampleLines(20)).join("\n")}\n`, business: JSON.stringify(business) });
  const built = await build({ dataDir: dir });
  assert.equal(built.code, 0, built.stderr);
  return (p) => readFile(path.join(built.distDir, p, "index.html"), "utf8");
}

/** The cards of a grid page: `data-<kind>` id -> the card's text, tags stripped. */
function cards(html: string, kind: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(
    new RegExp(`<div class="card"[^>]*data-${kind}="([^"]+)"[^>]*>([\\s\\S]*?)</div>`, "g"),
  ))
    out.set(
      m[1]!,
      m[2]!
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
  return out;
}

describe("catalog entries no review mentions", () => {
  it("say so in words on the grids and on their own page, never '0 reviews'", async () => {
    const page = await builtWith(undefined);
    for (const grid of ["technicians", "insights"]) {
      const tomas = cards(await page(grid), "technician").get(TOMAS.id);
      assert.ok(tomas, `${grid}: Tomás has a card`);
      assert.match(tomas, /No reviews mention Tomás Herrera yet/, grid);
    }
    for (const grid of ["technicians", "services", "insights"]) {
      const html = await page(grid);
      assert.doesNotMatch(html.replace(/<[^>]+>/g, " "), /(^|[^\d,])0 reviews/, `${grid}: no "0 reviews"`);
    }
    const own = await page(`technicians/${TOMAS.id}`);
    assert.match(own, /No reviews mention Tomás Herrera yet\./);
    assert.doesNotMatch(own, /data-stat=/, "no rating summary of nothing");
  });

  it("are left out of the grids with display.unmentioned_entries false, and keep their page", async () => {
    const page = await builtWith({ unmentioned_entries: false });
    for (const grid of ["technicians", "insights"]) {
      const shown = cards(await page(grid), "technician");
      assert.ok(shown.size > 0, `${grid}: the mentioned technicians are listed`);
      assert.equal(shown.has(TOMAS.id), false, `${grid}: Tomás is left out`);
      for (const [id, text] of shown) assert.doesNotMatch(text, /No reviews mention/, `${grid}: ${id}`);
    }
    assert.match(await page(`technicians/${TOMAS.id}`), /No reviews mention Tomás Herrera yet\./);
  });
});
