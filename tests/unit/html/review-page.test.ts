// The review card and page renderers: every value escaped, the shell's slots checked and filled, excerpts cut at words.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { badgeSvg } from "../../../src/lib/html/badge.ts";
import { excerpt } from "../../../src/lib/html/excerpt.ts";
import { reviewCardHtml } from "../../../src/lib/html/review-card.ts";
import { reviewPageValues } from "../../../src/lib/html/review-page.ts";
import { fillShell, parseShell, shellToken, SHELL_SLOTS } from "../../../src/lib/html/review-shell.ts";
import { catalogNames } from "../../../src/lib/reviews/catalog-names.ts";
import type { Business } from "../../../src/lib/schema/business.ts";
import type { Review } from "../../../src/lib/schema/review.ts";

const business = {
  name: "Pipes & <Sons>",
  technicians: [{ id: "rosa", name: "Rosa <b>" }],
  services: [],
  service_areas: [{ id: "buda", name: "Buda" }],
  display: { review_aspects: true, insights: true, unmentioned_entries: true },
} as unknown as Business;
const names = catalogNames(business, [{ id: "price", label: "Price" }]);
const review = {
  id: "r-1",
  date: "2026-03-02",
  rating: 4,
  title: null,
  text: `Great "work" <script>alert(1)</script> & fast`,
  language: "es",
  author: { name: "Ana <i>", avatar_url: null },
  verified: null,
  source: { platform: "google", url: "https://example.com/?a=1&b=2" },
  owner_reply: { text: "Thanks <3", published_at: "2026-03-03T10:00:00Z", date: "2026-03-03" },
  mentions: { technicians: ["rosa"], services: [], service_areas: ["buda"] },
  aspects: [{ aspect: "price", sentiment: "positive", evidence: "fast" }],
} as unknown as Review;

describe("review card", () => {
  it("escapes every value, links mentions, the permalink and aspects, and marks the review's language", () => {
    const html = reviewCardHtml(review, names, business.name);
    assert.ok(!html.includes("<script>") && !html.includes("<i>") && !html.includes("<b>"));
    assert.ok(html.includes(`<p class="review-text" lang="es">Great &quot;work&quot; &lt;script&gt;`));
    assert.ok(
      html.includes(`<a class="review-link" href="/reviews/r-1/"><time datetime="2026-03-02">March 2, 2026</time></a>`),
    );
    assert.ok(html.includes(`Mentions: <a href="/technicians/rosa/">Rosa &lt;b&gt;</a>, Buda</p>`));
    assert.ok(html.includes(`href="https://example.com/?a=1&amp;b=2"`));
    assert.ok(html.includes(`<a href="/aspects/price/">Price</a>`));
    assert.ok(html.includes(`Reply from Pipes &amp; &lt;Sons&gt;, <time datetime="2026-03-03">`));
    assert.ok(html.includes(`<span class="not-verified"`));
    assert.ok(!html.includes("Not analysed"));
  });

  it("honours the owner's display settings, and shows customers no note of what the engine could not read", () => {
    const noChips = { ...names, display: { ...names.display, review_aspects: false } };
    assert.ok(!reviewCardHtml(review, noChips, business.name).includes("review-aspects"));
    const noInsights = { ...names, display: { ...names.display, insights: false } };
    const unlinked = reviewCardHtml(review, noInsights, business.name);
    assert.ok(unlinked.includes("Price") && !unlinked.includes(`href="/aspects/price/"`));
    const unread = reviewCardHtml({ ...review, analysis_status: "not_analysed" }, names, business.name);
    assert.ok(!unread.includes("review-note") && !/analys/i.test(unread), "the status is for /reviews.json");
  });

  it("marks an edited review with the date of its edit", () => {
    const edited = reviewCardHtml({ ...review, updated_at: "2026-03-05T10:00:00Z" }, names, business.name);
    assert.ok(edited.includes(`<span class="edited">Edited <time datetime="2026-03-05T10:00:00Z">`));
    assert.ok(!reviewCardHtml({ ...review, updated_at: null }, names, business.name).includes("Edited"));
  });
});

describe("review page shell", () => {
  const shell = SHELL_SLOTS.map((s) => `<x>${shellToken(s)}</x>`).join("") + shellToken("id");

  it("fills every slot, however often it occurs", () => {
    const values = reviewPageValues(review, { business, names, origin: "https://x.test" });
    const html = fillShell(parseShell(shell), values);
    assert.ok(!html.includes("__review_page_"));
    assert.ok(html.endsWith("</x>r-1"));
    assert.ok(html.includes(`<x>Ana &lt;i&gt;&#39;s 4-star review of Pipes &amp; &lt;Sons&gt;</x>`));
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    assert.equal(ld.url, "https://x.test/reviews/r-1/");
    assert.equal(ld.sameAs, review.source.url);
    assert.deepEqual(ld.itemReviewed, { "@id": "https://x.test/#business" });
  });

  it("refuses a shell that lacks a slot or names an unknown one", () => {
    assert.throws(() => parseShell(shell.replace(shellToken("main"), "")), /lacks the slots main/);
    assert.throws(() => parseShell(`${shell}__review_page_extra__`), /unknown slot/);
  });
});

describe("excerpt and badge", () => {
  it("cuts long text at a word and keeps short text whole, on one line", () => {
    assert.equal(excerpt("a  b\nc", 10), "a b c");
    assert.equal(excerpt("alpha beta gamma delta", 15), "alpha beta…");
  });

  it("the badge says the average and count, and no reviews when there are none", () => {
    const rating = { count: 1234, text_count: 1000, average: 4.56, best_rating: 5, worst_rating: 1 } as const;
    const svg = badgeSvg({ ...rating, distribution: {} } as never, "A & B", "dark");
    assert.ok(svg.includes(`<title id="t">A &amp; B: rated 4.56 out of 5 from 1,234 reviews</title>`));
    const none = badgeSvg({ ...rating, count: 0, average: null, distribution: {} } as never, "A", "light");
    assert.ok(none.includes("No reviews yet") && none.includes(`<rect width="0" height="20"/>`));
  });
});
