// Build-time SVG charts: accessible markup, the numbers in the table, escaping, and time bucketing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { aspectBarsChart } from "../../../src/lib/charts/aspect-bars.ts";
import { percents } from "../../../src/lib/charts/svg.ts";
import { ratingDistributionChart } from "../../../src/lib/charts/rating-distribution.ts";
import { timeSeries } from "../../../src/lib/charts/series.ts";
import { ratingTrendChart } from "../../../src/lib/charts/rating-trend.ts";
import { timeAxisLabels } from "../../../src/lib/charts/time-axis.ts";
import { timelineChart } from "../../../src/lib/charts/timeline.ts";
import type { Chart } from "../../../src/lib/charts/types.ts";

function assertAccessible(chart: Chart) {
  assert.match(chart.svg, /^<svg [^>]*role="img"/);
  assert.match(chart.svg, new RegExp(`aria-labelledby="${chart.id}-title ${chart.id}-desc"`));
  assert.ok(chart.svg.includes(`<title id="${chart.id}-title">`));
  assert.ok(chart.svg.includes(`<desc id="${chart.id}-desc">`));
  assert.ok(!/\sNaN|"NaN|Infinity/.test(chart.svg), "no NaN or Infinity coordinates");
}

test("rating distribution: 5 stars first, counts and shares in the table, said in the description", () => {
  const chart = ratingDistributionChart("d", { "1": 1, "2": 0, "3": 1, "4": 2, "5": 6 });
  assertAccessible(chart);
  assert.deepEqual(chart.table.rows, [
    ["5 stars", "6", "60%"],
    ["4 stars", "2", "20%"],
    ["3 stars", "1", "10%"],
    ["2 stars", "0", "0%"],
    ["1 star", "1", "10%"],
  ]);
  assert.match(chart.description, /Of 10 reviews: 5 stars: 6 \(60%\)/);
});

test("rating distribution with no reviews draws empty bars", () => {
  const chart = ratingDistributionChart("d", { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 });
  assertAccessible(chart);
  assert.equal(chart.description, "No reviews yet.");
});

test("text is escaped inside the SVG", () => {
  const chart = ratingDistributionChart("d", { "1": 1, "2": 0, "3": 0, "4": 0, "5": 0 }, { subject: `<script>"x"&` });
  assert.ok(!chart.svg.includes("<script>"));
  assert.ok(chart.svg.includes("&lt;script&gt;&quot;x&quot;&amp;"));
});

test("time series: months with the gaps filled, then quarters, then years as the span grows", () => {
  const r = (date: string, rating: number) => ({ date, rating });
  const months = timeSeries([r("2024-01-05", 5), r("2024-01-20", 3), r("2024-04-01", 4)]);
  assert.equal(months.unit, "month");
  assert.deepEqual(
    months.buckets.map((b) => [b.key, b.count, b.average]),
    [
      ["2024-01", 2, 4],
      ["2024-02", 0, null],
      ["2024-03", 0, null],
      ["2024-04", 1, 4],
    ],
  );
  assert.equal(timeSeries([r("2019-01-01", 5), r("2024-12-31", 1)]).unit, "month", "six years of months");
  const quarters = timeSeries([r("2018-02-01", 5), r("2024-11-30", 1)]);
  assert.equal(quarters.unit, "quarter");
  assert.equal(quarters.buckets[0]!.key, "2018-Q1");
  assert.equal(quarters.buckets.at(-1)!.label, "Q4 2024");
  const years = timeSeries([r("2001-06-01", 5), r("2024-06-01", 1)]);
  assert.equal(years.unit, "year");
  assert.equal(years.buckets.length, 24);
  assert.equal(
    years.buckets.reduce((a, b) => a + b.count, 0),
    2,
  );
  assert.deepEqual(timeSeries([]), { unit: "month", buckets: [] });
});

test("timeline: review counts per period on one axis, the average rating on a chart of its own", () => {
  const series = timeSeries([
    { date: "2024-01-05", rating: 5 },
    { date: "2024-02-05", rating: 4 },
    { date: "2024-04-05", rating: 2 },
  ]);
  const counts = timelineChart("t", series);
  assertAccessible(counts);
  assert.deepEqual(counts.table.columns, ["Month", "Reviews"]);
  assert.deepEqual(counts.table.rows[2], ["Mar 2024", "0"]);
  assert.ok(!counts.svg.includes("★"), "no rating axis on the counts chart");
  assert.equal((counts.svg.match(/<rect /g) ?? []).length, 3, "a column per month with reviews");
  assert.match(counts.description, /3 reviews from Jan 2024 to Apr 2024, by month/);

  const trend = ratingTrendChart("r", series);
  assertAccessible(trend);
  assert.deepEqual(trend.table.columns, ["Month", "Average rating", "Reviews"]);
  assert.deepEqual(trend.table.rows[2], ["Mar 2024", "–", "0"]);
  assert.deepEqual(
    [...trend.svg.matchAll(/>(\d)★</g)].map((m) => m[1]),
    ["1", "2", "3", "4", "5"],
  );
  const path = /<path d="([^"]+)"/.exec(trend.svg)![1]!;
  assert.equal(path.split("M").length - 1, 2, "two line segments around the empty month");
  assert.match(trend.description, /ranged from 2\.0 to 5\.0; it was 2\.0 in Apr 2024/);
  for (const empty of [timelineChart("e", timeSeries([])), ratingTrendChart("f", timeSeries([]))]) {
    assertAccessible(empty);
    assert.equal(empty.description, "No reviews yet.");
  }
});

test("time axis: month names thinned to fit, each year under its January, quarters and years as the unit grows", () => {
  const labels = (svg: string, axis: string) =>
    [...svg.matchAll(new RegExp(`data-axis="${axis}"[^>]*>([^<]+)<`, "g"))].map((m) => m[1]);
  const months = timeSeries(
    Array.from({ length: 24 }, (_, i) => ({
      date: `${2023 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-10`,
      rating: 5,
    })),
  );
  const wide = timeAxisLabels(months.buckets, months.unit, { left: 0, slot: 40, y: 0, right: 960 });
  assert.equal(labels(wide, "period").length, 24, "every month when there is room");
  const narrow = timeAxisLabels(months.buckets, months.unit, { left: 0, slot: 8, y: 0, right: 192 });
  assert.deepEqual(labels(narrow, "period"), ["Jan", "Jul", "Jan", "Jul"]);
  assert.deepEqual(labels(narrow, "year"), ["2023", "2024"]);
  const quarters = timeSeries([
    { date: "2015-01-01", rating: 5 },
    { date: "2021-12-01", rating: 4 },
  ]);
  const q = timeAxisLabels(quarters.buckets, quarters.unit, { left: 0, slot: 12, y: 0, right: 336 });
  assert.ok(labels(q, "period").every((l) => /^Q[1-4]$/.test(l!)));
  assert.equal(labels(q, "year")[0], "2015");
  const years = timeSeries([
    { date: "2001-06-01", rating: 5 },
    { date: "2024-06-01", rating: 1 },
  ]);
  const y = timeAxisLabels(years.buckets, years.unit, { left: 0, slot: 16, y: 0, right: 384 });
  assert.equal(labels(y, "period").length, 0);
  const shown = labels(y, "year").map(Number);
  assert.ok(shown.length >= 5 && shown.length < 24, `${shown.length} years labelled, thinned`);
});

test("aspect bars: shares per aspect in the description and the table", () => {
  const chart = aspectBarsChart("a", [
    { id: "punctuality", label: "Punctuality", positive: 8, neutral: 1, negative: 1 },
    { id: "pricing", label: "Pricing", positive: 0, neutral: 0, negative: 0 },
  ]);
  assertAccessible(chart);
  assert.deepEqual(chart.table.rows[0], ["Punctuality", "10", "8 (80%)", "1 (10%)", "1 (10%)"]);
  assert.match(chart.description, /Punctuality: 10 mentions, 80% positive, 10% negative/);
});

test("percentages of a whole add up to 100, the parts rounding lost most getting the points left", () => {
  assert.deepEqual(percents([1, 1, 1]), [34, 33, 33]);
  assert.deepEqual(percents([101, 99]), [51, 49]);
  assert.deepEqual(percents([0, 0, 0]), [0, 0, 0]);
  for (const parts of [
    [412, 96, 31, 22, 39],
    [7, 0, 3],
    [1, 2, 3, 4, 5],
  ])
    assert.equal(
      percents(parts).reduce((a, b) => a + b, 0),
      100,
      String(parts),
    );
  const chart = ratingDistributionChart("d", { "5": 201, "4": 201, "3": 1, "2": 0, "1": 0 });
  assert.deepEqual(
    chart.table.rows.map((r) => r[2]),
    ["50%", "50%", "0%", "0%", "0%"],
  );
});

test("an aspect no review judged gets no bar", () => {
  const chart = aspectBarsChart("a", [
    { id: "price", label: "Price", positive: 2, neutral: 0, negative: 1 },
    { id: "expertise", label: "Expertise", positive: 0, neutral: 0, negative: 0 },
  ]);
  assert.deepEqual(
    chart.table.rows.map((r) => r[0]),
    ["Price"],
  );
  assert.ok(!chart.svg.includes("Expertise") && !chart.svg.includes("of 0"));
});
