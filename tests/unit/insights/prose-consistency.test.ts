// Every claim of the summary and the FAQ checked against the counts it rests on: the sample data and 5 generated sets.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyzerFor } from "../../../src/lib/insights/for-business.ts";
import { computeInsights } from "../../../src/lib/insights/insights.ts";
import { buildDataset } from "../../../src/lib/reviews/dataset.ts";
import type { AspectInsight, Insights } from "../../../src/lib/schema/insights.ts";
import { sampleBusiness as business, sampleSets } from "../../helpers/sample-sets.ts";

/** The rule as the documentation states it, written again here so that the test does not trust the code it checks. */
function expected(a: AspectInsight): string {
  const { positive: p, negative: q } = a.counts;
  const n = a.mention_count;
  if (n < 5) return "too few reviews to say";
  if (p / n >= 0.7) return "Most reviewers say yes.";
  if (q / n >= 0.7) return "Most reviewers say no.";
  if (p / n >= 0.25 && q / n >= 0.25) return "Opinions are divided.";
  if (p / n > 0.5) return "More reviewers say yes than no";
  if (q / n > 0.5) return "More reviewers say no than yes";
  return "Most mentions neither praise nor criticise it.";
}

/** The published share (3 decimals) as a whole percentage. */
const percent = (k: number, n: number) => (n ? Math.round(Math.round((1000 * k) / n) / 10) : 0);
const byLabel = (doc: Insights, label: string) => doc.aspects.find((a) => a.label.toLowerCase() === label)!;

function check(doc: Insights, texts: ReadonlyMap<string, { text: string | null; rating: number }>): void {
  const sentences = [...doc.summary.claims.map((c) => c.text), ...doc.faq.map((f) => f.answer)];
  for (const s of sentences) {
    for (const [, share, k, n] of s.matchAll(/(\d+)% \((\d+) of (\d+)\)/g))
      assert.equal(percent(Number(k), Number(n)), Number(share), `share in: ${s}`);
    for (const [, k, n, share] of s.matchAll(/(\d+) of (\d+) mentions (?:positive|negative), (\d+)%/g))
      assert.equal(percent(Number(k), Number(n)), Number(share), `share in: ${s}`);
    // Every percentage comes with the count it is a share of.
    assert.equal(
      s.match(/\d+%/g)?.length ?? 0,
      (s.match(/\d+% \(\d+ of \d+\)|of \d+ mentions \w+, \d+%|\d+% confidence/g) ?? []).length,
      s,
    );
  }

  for (const claim of doc.summary.claims) {
    const praise = /^Customers praise (.+) most often\.$/.exec(claim.text);
    if (praise)
      for (const [, label] of praise[1]!.matchAll(/(?:^| and )([a-z ]+?) \(\d+ of \d+ mentions positive, \d+%\)/g)) {
        const a = byLabel(doc, label!);
        assert.ok(a.mention_count >= 5 && a.counts.positive / a.mention_count >= 0.7, `${claim.text}: ${label}`);
      }
    const complaint = /^The most common complaint concerns ([a-z ]+) \(/.exec(claim.text);
    if (complaint) {
      const a = byLabel(doc, complaint[1]!);
      const most = Math.max(...doc.aspects.filter((x) => x.mention_count >= 5).map((x) => x.counts.negative));
      assert.equal(a.counts.negative, most, claim.text);
    }
    if (/Customers praise|opinions are divided/i.test(claim.text)) assert.ok(praise, claim.text);
  }
  for (const f of doc.faq) {
    if (!f.id.startsWith("aspect-")) continue;
    const a = doc.aspects.find((x) => `aspect-${x.id}` === f.id)!;
    assert.ok(f.answer.includes(expected(a)), `${f.id}: "${f.answer}" lacks "${expected(a)}"`);
    if (a.mention_count < 5) assert.doesNotMatch(f.answer, /%/, f.answer);
  }
  const direction = doc.temporal.trend.rating.direction;
  for (const s of sentences.filter((x) => /average rating is (improving|declining|stable)/i.test(x)))
    assert.match(s, new RegExp(`is ${direction}`), s);

  // A top phrase is listed under the polarity it carries in the findings it comes from.
  const analyzer = analyzerFor(business);
  const carried = new Map<string, Record<string, number>>();
  for (const [, r] of texts)
    for (const f of analyzer.analyze(r.text, r.rating).aspects)
      for (const p of f.phrases) {
        const c = (carried.get(`${f.aspect} ${p}`) ?? carried.set(`${f.aspect} ${p}`, {}).get(`${f.aspect} ${p}`))!;
        c[f.sentiment] = (c[f.sentiment] ?? 0) + 1;
      }
  for (const a of doc.aspects)
    for (const p of a.top_phrases) {
      const c = carried.get(`${a.id} ${p.text}`) ?? {};
      assert.ok((c[p.sentiment] ?? 0) >= Math.max(...Object.values(c)), `${a.id} "${p.text}" ${p.sentiment}`);
      if (/^(expensive|overpriced|pricey|late|rude)$/.test(p.text)) assert.notEqual(p.sentiment, "positive");
    }
}

describe("summary and FAQ claims agree with the counts", () => {
  for (const [name, reviews] of sampleSets)
    it(name, () => {
      const dataset = buildDataset(business, reviews);
      const doc = computeInsights(dataset);
      check(doc, new Map(dataset.reviews.filter((r) => r.analysis_status === "analysed").map((r) => [r.id, r])));
    });
});
