// The home page's action button and the catalog cards: one action chosen from business.json, honest words for entries
// no review mentions, and the owner's setting that leaves them out of the grids.
import assert from "node:assert/strict";
import { test } from "node:test";
import { primaryAction } from "../../../src/components/model/action.ts";
import { catalogCards } from "../../../src/components/model/cards.ts";
import type { Insights } from "../../../src/lib/schema/insights.ts";
import { testBusiness } from "../../helpers/dataset.ts";

type Entity = Insights["entities"]["technicians"][number];
const entity = (id: string, name: string, mentions: number, average: number | null): Entity =>
  ({ id, name, mention_count: mentions, average_rating: average }) as unknown as Entity;

test("action: book online when there is a booking page, else request a quote, else call", () => {
  const booking_url = "https://acme.example.com/book";
  const quote_url = "https://acme.example.com/quote";
  assert.deepEqual(primaryAction(testBusiness({ booking_url, quote_url })), {
    kind: "book",
    href: booking_url,
    label: "Book online",
  });
  assert.deepEqual(primaryAction(testBusiness({ quote_url })), {
    kind: "quote",
    href: quote_url,
    label: "Request a quote",
  });
  assert.deepEqual(primaryAction(testBusiness({ telephone: "+1 (512) 555-0173" })), {
    kind: "call",
    href: "tel:+15125550173",
    label: "Call +1 (512) 555-0173",
  });
});

test("business.json: the action URLs are http(s) and optional, display.unmentioned_entries defaults to true", () => {
  const plain = testBusiness();
  assert.equal(plain.booking_url, null);
  assert.equal(plain.quote_url, null);
  assert.deepEqual(plain.display, { review_aspects: true, insights: true, unmentioned_entries: true });
  assert.throws(() => testBusiness({ booking_url: "javascript:alert(1)" }), /booking_url/);
  assert.throws(() => testBusiness({ display: { unmentioned: false } }), /unmentioned/);
});

test("cards: an entry no review mentions says so in words, by name for a person, as a sentence says a service", () => {
  const technicians = [entity("mike-torres", "Michael Torres", 3, 4.67), entity("tomas", "Tomás", 0, null)];
  const cards = catalogCards("technicians", technicians, testBusiness());
  assert.deepEqual(
    cards.map((c) => [c.id, c.count, c.none]),
    [
      ["mike-torres", 3, "No reviews mention Michael Torres yet"],
      ["tomas", 0, "No reviews mention Tomás yet"],
    ],
  );
  const services = catalogCards("services", [entity("drain-cleaning", "Drain cleaning", 0, null)], testBusiness());
  assert.equal(services[0]!.none, "No reviews mention drain cleaning yet");
});

test("cards: with display.unmentioned_entries false the grids leave out the entries no review mentions", () => {
  const technicians = [entity("mike-torres", "Michael Torres", 3, 4.67), entity("tomas", "Tomás", 0, null)];
  const hiding = testBusiness({ display: { unmentioned_entries: false } });
  assert.deepEqual(
    catalogCards("technicians", technicians, hiding).map((c) => c.id),
    ["mike-torres"],
  );
  assert.deepEqual(
    catalogCards("technicians", technicians, testBusiness()).map((c) => c.id),
    ["mike-torres", "tomas"],
  );
});
