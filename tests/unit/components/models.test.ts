// View models of the pages: aspect annotations read defensively, search form fields from the OpenAPI document, listing URLs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { aspectSummaries } from "../../../src/components/model/aspects.ts";
import { type Polarity, reviewAspects } from "../../../src/components/model/review-aspects.ts";
import { aspectLabel, catalogNames } from "../../../src/components/model/catalog.ts";
import {
  archivePageCount,
  archiveSlice,
  frontPageSize,
  listingNav,
  type PagerItem,
  reviewPath,
} from "../../../src/components/model/paging.ts";
import { entityStats } from "../../../src/components/model/entities.ts";
import { type ReviewGroup, reviewGroups } from "../../../src/components/model/review-groups.ts";
import { searchFields } from "../../../src/components/search/fields.ts";
import { timeSeries } from "../../../src/lib/charts/series.ts";
import { openApiDocument } from "../../../src/lib/openapi/document.ts";
import { aggregateRating } from "../../../src/lib/reviews/aggregate.ts";
import type { Insights } from "../../../src/lib/schema/insights.ts";
import type { Review } from "../../../src/lib/schema/review.ts";
import { dataset } from "../../helpers/dataset.ts";

const withAspects = (review: Review, aspects: unknown): Review => ({ ...review, aspects }) as unknown as Review;
const insightsWith = (aspects: unknown[]): Insights =>
  ({ aspects, faq: [], entities: {}, summary: {} }) as unknown as Insights;

test("review aspects: the review's annotations as published, none when it carries none", () => {
  const [r] = dataset(1).reviews;
  const annotations = [{ aspect: "pricing", sentiment: "negative", evidence: "too much" }];
  assert.deepEqual(reviewAspects(withAspects(r!, annotations)), annotations);
  assert.deepEqual(reviewAspects(withAspects(r!, undefined)), []);
});

test("aspect summaries: counted from the reviews, most mentioned first; else from the published counts", () => {
  const reviews = dataset(3).reviews;
  const annotated = [
    withAspects(reviews[0]!, [
      { aspect: "pricing", sentiment: "negative", evidence: "x" },
      { aspect: "speed", sentiment: "positive", evidence: "y" },
    ]),
    withAspects(reviews[1]!, [{ aspect: "speed", sentiment: "positive", evidence: "z" }]),
    withAspects(reviews[2]!, []),
  ];
  const insights = insightsWith([
    { id: "pricing", label: "Pricing" },
    { id: "speed", label: "Speed", description: "How long" },
    { id: "honesty", label: "Honesty" },
  ]);
  const summaries = aspectSummaries(insights, reviewGroups(annotated).all);
  assert.deepEqual(
    summaries.map((a) => [a.id, a.mentions, a.positive, a.negative]),
    [
      ["speed", 2, 2, 0],
      ["pricing", 1, 0, 1],
      ["honesty", 0, 0, 0],
    ],
  );
  assert.equal(summaries[0]!.description, "How long");

  const unannotated = reviews.map((r) => withAspects(r, undefined));
  const published = aspectSummaries(
    insightsWith([
      { id: "pricing", label: "Pricing", mention_count: 5, counts: { positive: 3, neutral: 1, negative: 1 } },
    ]),
    reviewGroups(unannotated).all,
  );
  assert.deepEqual([published[0]!.mentions, published[0]!.positive, published[0]!.hasPolarity], [5, 3, true]);
  const bare = aspectSummaries(
    insightsWith([{ id: "pricing", label: "Pricing", mention_count: 5 }]),
    reviewGroups(unannotated).all,
  );
  assert.deepEqual([bare[0]!.mentions, bare[0]!.hasPolarity], [5, false]);
});

test("aspect labels fall back to words for ids the taxonomy does not list", () => {
  const names = catalogNames(dataset(1).business, insightsWith([{ id: "pricing", label: "Price" }]));
  assert.equal(aspectLabel(names, "pricing"), "Price");
  assert.equal(aspectLabel(names, "work_quality"), "Work quality");
});

test("search form: one field per query parameter of the API except the cursor, catalog entries as choices", () => {
  const d = dataset(1);
  const doc = openApiDocument({ siteUrl: "https://x.test", business: d.business }) as {
    paths: Record<string, { get: { parameters: { name: string; in: string }[] } }>;
  };
  const params = doc.paths["/api/reviews/search"]!.get.parameters;
  const fields = searchFields(params, d.business, insightsWith([]));
  const rest = params.filter((p) => !["cursor", "query", "min_rating"].includes(p.name)).map((p) => p.name);
  assert.deepEqual(
    fields.map((f) => f.name),
    ["query", "min_rating", ...rest],
    "the text box and the stars first, the others in the API's order",
  );
  assert.deepEqual(
    fields.filter((f) => f.primary).map((f) => f.name),
    ["query", "min_rating"],
  );
  const stars = fields.find((f) => f.name === "min_rating")!;
  assert.equal(stars.control, "stars");
  assert.deepEqual(
    stars.options.map((o) => [o.value, o.label]),
    [
      ["5", "5 stars"],
      ["4", "4 stars & up"],
      ["3", "3 stars & up"],
      ["2", "2 stars & up"],
    ],
  );
  const tech = fields.find((f) => f.name === "mentions_technician")!;
  assert.equal(tech.control, "select");
  assert.deepEqual(
    tech.options,
    d.business.technicians.map((t) => ({ value: t.id, label: t.name })),
  );
  const limit = fields.find((f) => f.name === "limit")!;
  assert.deepEqual([limit.control, limit.min, limit.max, limit.defaultValue], ["number", 1, 100, "20"]);
  assert.equal(fields.find((f) => f.name === "since")!.control, "date");
  assert.deepEqual(
    fields.find((f) => f.name === "rating")!.options.map((o) => o.value),
    ["5", "4", "3", "2", "1"],
  );
});

test("listing: /reviews/ shows the newest 50-99, archive pages hold fixed blocks of 50 counted from the oldest", () => {
  for (const [total, archives, front] of [
    [0, 0, 0],
    [49, 0, 49],
    [99, 0, 99],
    [100, 1, 50],
    [149, 1, 99],
    [150, 2, 50],
    [100_001, 1999, 51],
  ] as const) {
    assert.equal(archivePageCount(total), archives, `${total} reviews`);
    assert.equal(frontPageSize(total), front, `${total} reviews`);
  }
  // Every review is shown exactly once: on /reviews/ or on one archive page.
  const total = 173;
  const shown = Array.from({ length: frontPageSize(total) }, (_, i) => i);
  for (let p = archivePageCount(total); p >= 1; p--) {
    const [start, end] = archiveSlice(total, p);
    assert.equal(end - start, 50);
    for (let i = start; i < end; i++) shown.push(i);
  }
  assert.deepEqual(
    shown,
    Array.from({ length: total }, (_, i) => i),
  );
  // The oldest review (last of the newest-first list) opens page 1; the newest is on /reviews/.
  assert.equal(reviewPath(total - 1, "a", total), "/reviews/page/1/#review-a");
  assert.equal(reviewPath(total - 51, "b", total), "/reviews/page/2/#review-b");
  assert.equal(reviewPath(0, "c", total), "/reviews/#review-c");
});

test("listing: an archive page's block and navigation stay the same as newer reviews arrive", () => {
  // Page 3 of 173 reviews and of 1,000 reviews: same reviews counted from the oldest.
  const oldest = (total: number, page: number) => archiveSlice(total, page).map((i) => total - 1 - i);
  assert.deepEqual(oldest(173, 2), oldest(1000, 2));
  assert.deepEqual(listingNav(3, 10), listingNav(3, 500), "links reach two pages newer at most");
  const labels = (items: PagerItem[]) => items.map((i) => (i === "gap" ? "…" : i.current ? `[${i.label}]` : i.label));
  const nav = listingNav(7, 20);
  assert.deepEqual(labels(nav.items), ["Latest", "…", "9", "8", "[7]", "6", "5", "…", "1"]);
  assert.equal(nav.newer, "/reviews/page/8/");
  assert.equal(nav.older, "/reviews/page/6/");
  assert.equal(listingNav(20, 20).newer, "/reviews/", "the newest archive page leads to /reviews/");
  assert.equal(listingNav(1, 20).older, null);
  const latest = listingNav("latest", 20);
  assert.deepEqual(labels(latest.items), ["[Latest]", "20", "19", "…", "1"]);
  assert.equal(latest.newer, null);
  assert.equal(latest.older, "/reviews/page/20/");
  assert.deepEqual(listingNav("latest", 0), { newer: null, older: null, items: latest.items.slice(0, 1) });
});

/** What a group of `reviews` must hold, counted the plain way. */
function assertGroup(group: ReviewGroup, reviews: readonly Review[], what: string): void {
  assert.deepEqual(group.reviews, reviews, what);
  assert.deepEqual(group.rating(), aggregateRating(reviews), what);
  assert.deepEqual(group.series(), timeSeries(reviews), what);
  const counts = new Map<string, Record<Polarity, number>>();
  for (const r of reviews) {
    for (const a of reviewAspects(r)) {
      const c = counts.get(a.aspect) ?? { positive: 0, neutral: 0, negative: 0 };
      c[a.sentiment]++;
      counts.set(a.aspect, c);
    }
  }
  assert.deepEqual(new Map([...group.aspects].sort()), new Map([...counts].sort()), what);
}

test("review groups: all reviews, each aspect's and each catalog entry's, in order, with their statistics", () => {
  const { business, reviews } = dataset(300);
  const groups = reviewGroups(reviews);
  assertGroup(groups.all, reviews, "all");
  const ids = new Set(reviews.flatMap((r) => reviewAspects(r).map((a) => a.aspect)));
  assert.ok(ids.size > 1, "the fixture annotates several aspects");
  for (const id of [...ids, "no-such-aspect"]) {
    assertGroup(
      groups.aspect(id),
      reviews.filter((r) => reviewAspects(r).some((a) => a.aspect === id)),
      id,
    );
  }
  for (const kind of ["technicians", "services", "service_areas"] as const) {
    for (const { id } of [...business[kind], { id: "unknown" }]) {
      assertGroup(
        groups.entry(kind, id),
        reviews.filter((r) => r.mentions[kind].includes(id)),
        `${kind} ${id}`,
      );
    }
  }
  assert.ok(business.technicians.some((t) => groups.entry("technicians", t.id).reviews.length > 0));
  assert.equal(reviewGroups(reviews), groups, "gathered once per list");
  const fewer = reviews.slice(0, 10);
  assertGroup(reviewGroups(fewer).all, fewer, "another list");
});

test("review groups count an aspect or mention a review repeats once, and the first sentiment", () => {
  const [r] = dataset(1).reviews;
  const repeated = withAspects({ ...r!, mentions: { ...r!.mentions, technicians: ["ann", "ann"] } }, [
    { aspect: "pricing", sentiment: "negative", evidence: "x" },
    { aspect: "speed", sentiment: "positive", evidence: "y" },
    { aspect: "pricing", sentiment: "positive", evidence: "z" },
  ]);
  const again = { ...repeated };
  const groups = reviewGroups([repeated, again]);
  assert.deepEqual(groups.aspect("pricing").reviews, [repeated, again]);
  assert.deepEqual(groups.entry("technicians", "ann").reviews, [repeated, again], "a repeated mention once");
  assert.deepEqual(groups.all.aspects.get("pricing"), { positive: 0, neutral: 0, negative: 2 });
  assert.deepEqual(groups.all.aspects.get("speed"), { positive: 2, neutral: 0, negative: 0 });
});

test("entity stats: the group's rating, series and newest reviews, its aspects most mentioned first", () => {
  const { reviews } = dataset(300);
  const group = reviewGroups(reviews).all;
  const stats = entityStats(group, (id) => id.toUpperCase());
  assert.deepEqual(stats.rating, aggregateRating(reviews));
  assert.deepEqual(stats.newest, reviews.slice(0, 20));
  assert.equal(stats.aspects.length, group.aspects.size);
  for (const [i, a] of stats.aspects.entries()) {
    assert.equal(a.label, a.id.toUpperCase());
    assert.equal(a.mentions, a.positive + a.neutral + a.negative);
    if (i > 0) assert.ok(stats.aspects[i - 1]!.mentions >= a.mentions);
  }
  assert.deepEqual(entityStats(reviewGroups(reviews.map((r) => withAspects(r, undefined))).all, String).aspects, []);
});
