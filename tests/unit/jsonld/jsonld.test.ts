// schema.org JSON-LD: safe inside a script element, and shaped by Google's review-snippet rules.
import assert from "node:assert/strict";
import { test } from "node:test";
import { businessNode, websiteNode } from "../../../src/lib/jsonld/business.ts";
import { breadcrumbNode } from "../../../src/lib/jsonld/entities.ts";
import { reviewNode } from "../../../src/lib/jsonld/review.ts";
import { graph, serializeJsonLd } from "../../../src/lib/jsonld/script.ts";
import { aggregateRating } from "../../../src/lib/reviews/aggregate.ts";
import { dataset } from "../../helpers/dataset.ts";

const ORIGIN = "https://reviews.example.test";

test("serialised JSON-LD cannot end its script element and parses back unchanged", () => {
  const value = { text: "</script><script>alert(1)</script> <!-- & \u2028" };
  const json = serializeJsonLd(value);
  assert.ok(!/[<>&\u2028]/.test(json));
  assert.deepEqual(JSON.parse(json), value);
});

test("the business node uses its schema.org subtype, with the aggregate rating and the given reviews", () => {
  const d = dataset(30);
  const node = businessNode({
    origin: ORIGIN,
    business: d.business,
    rating: d.aggregate_rating,
    reviews: d.reviews.slice(0, 3),
  }) as Record<string, any>;
  assert.equal(node["@type"], "Plumber");
  assert.equal(node["@id"], `${ORIGIN}/#business`);
  assert.deepEqual(node.aggregateRating, {
    "@type": "AggregateRating",
    ratingValue: d.aggregate_rating.average,
    bestRating: 5,
    worstRating: 1,
    ratingCount: 30,
    reviewCount: d.aggregate_rating.text_count,
  });
  assert.equal(node.review.length, 3);
  assert.equal(node.address["@type"], "PostalAddress");
  assert.equal(node.employee[0].url, `${ORIGIN}/technicians/mike-torres/`);
});

test("no aggregateRating without reviews, and none where the page does not show it", () => {
  const d = dataset(5);
  assert.ok(
    !(
      "aggregateRating" in
      businessNode({ origin: ORIGIN, business: d.business, rating: aggregateRating([]), reviews: [] })
    ),
  );
  assert.ok(!("aggregateRating" in businessNode({ origin: ORIGIN, business: d.business })));
  assert.ok(!("review" in businessNode({ origin: ORIGIN, business: d.business })));
});

test("a review: Person author, 1-5 rating, date; body only when written", () => {
  const { reviews } = dataset(12);
  const withText = reviews.find((r) => r.text !== null);
  const ratingOnly = reviews.find((r) => r.text === null);
  const a = reviewNode(withText!) as Record<string, any>;
  assert.deepEqual(a.author, { "@type": "Person", name: withText!.author.name });
  assert.deepEqual(a.reviewRating, { "@type": "Rating", ratingValue: withText!.rating, bestRating: 5, worstRating: 1 });
  assert.equal(a.datePublished, withText!.date);
  assert.equal(a.reviewBody, withText!.text);
  assert.ok(!("reviewBody" in (reviewNode(ratingOnly!) as Record<string, unknown>)));
});

test("website search action and breadcrumbs use absolute URLs", () => {
  const d = dataset(1);
  const site = websiteNode({ origin: ORIGIN, business: d.business }) as Record<string, any>;
  assert.equal(site.potentialAction.target.urlTemplate, `${ORIGIN}/search/?query={search_term_string}`);
  const crumbs = breadcrumbNode(ORIGIN, [
    { name: "Home", path: "/" },
    { name: "All reviews", path: "/reviews/" },
  ]) as Record<string, any>;
  assert.deepEqual(crumbs.itemListElement[1], {
    "@type": "ListItem",
    position: 2,
    name: "All reviews",
    item: `${ORIGIN}/reviews/`,
  });
  assert.equal(graph([site])["@context"], "https://schema.org");
});
