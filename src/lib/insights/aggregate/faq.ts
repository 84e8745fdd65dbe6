// The FAQ: questions prospective customers ask, each answered from figures and quotes in the same document.
import type { FaqEntry, Insights } from "../../schema/insights.ts";
import type { Taxonomy } from "../taxonomy.ts";
import { count, evidenceOf, quote, stars, trendSentence } from "./prose.ts";
import { shareOf, VERDICT_SENTENCE, verdict } from "./verdict.ts";
import type { Review } from "../../schema/review.ts";

/** An aspect gets its own question once this many reviews mention it. */
const MIN_MENTIONS = 3;
type Draft = Omit<Insights, "faq" | "summary"> & { summary: Pick<Insights["summary"], "pull_quote"> };

/** `reviews`: at least the reviews the aspects give as examples, by id. */
export function faq(doc: Draft, taxonomy: Taxonomy, reviews: ReadonlyMap<string, Review>): FaqEntry[] {
  const out: FaqEntry[] = [];
  const s = doc.sentiment;
  if (doc.review_count > 0) {
    const q = doc.summary.pull_quote;
    out.push({
      id: "overall",
      question: "What do customers say overall?",
      answer:
        `Of ${count(doc.review_count, "verified review")}, ${shareOf(s.counts.positive, doc.review_count)} are positive, ${shareOf(s.counts.negative, doc.review_count)} negative, ` +
        `${shareOf(s.counts.mixed, doc.review_count)} mixed and ${shareOf(s.counts.neutral, doc.review_count)} neutral; the average rating is ${stars(s.average_rating!)} out of 5.` +
        (q ? ` One customer wrote: ${quote(q.text, q.review_id)}.` : ""),
      review_ids: q ? [q.review_id] : [],
      basis: ["/review_count", "/sentiment"],
    });
  }
  const order = doc.aspects.map((a, i) => ({ a, i })).filter(({ a }) => a.mention_count >= MIN_MENTIONS);
  order.sort((x, y) => y.a.mention_count - x.a.mention_count || x.i - y.i);
  for (const { a, i } of order) {
    const v = verdict(a.counts);
    const ids: string[] = [];
    const quotes: string[] = [];
    for (const polarity of ["positive", "negative"] as const) {
      const id = a.example_review_ids[polarity][0];
      const text = id ? evidenceOf(reviews, id, a.id) : null;
      if (id && text) {
        ids.push(id);
        quotes.push(`${polarity === "positive" ? "Praise" : "Complaint"}: ${quote(text, id)}.`);
      }
    }
    out.push({
      id: `aspect-${a.id}`,
      question: taxonomy.aspects.find((x) => x.id === a.id)!.question,
      answer:
        (v === "too_few"
          ? `${count(a.mention_count, "review")} ${a.mention_count === 1 ? "mentions" : "mention"} ${a.label.toLowerCase()}: too few reviews to say.`
          : `${count(a.mention_count, "review")} mention ${a.label.toLowerCase()}: ${shareOf(a.counts.positive, a.mention_count)} positive, ` +
            `${shareOf(a.counts.negative, a.mention_count)} negative, ${shareOf(a.counts.neutral, a.mention_count)} neutral. ${VERDICT_SENTENCE[v]}`) +
        (quotes.length ? ` ${quotes.join(" ")}` : ""),
      review_ids: ids,
      basis: [`/aspects/${i}`],
    });
  }
  const technicians = doc.entities.technicians
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.mention_count > 0)
    .slice(0, 3);
  if (technicians.length) {
    out.push({
      id: "technicians",
      question: "Which technicians do customers mention most?",
      answer: `${technicians.map(({ t }) => `${t.name} (${count(t.mention_count, "review")}, average rating ${stars(t.average_rating!)})`).join("; ")}.`,
      review_ids: technicians.flatMap(({ t }) => t.example_review_ids.slice(0, 1)),
      basis: technicians.map(({ i }) => `/entities/technicians/${i}`),
    });
  }
  const problems = doc.entities.problems
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.mention_count > 0)
    .slice(0, 3);
  if (problems.length) {
    out.push({
      id: "problems",
      question: "What problems do customers call them about?",
      answer: `Most often: ${problems.map(({ p }) => `${p.name.toLowerCase()} (${count(p.mention_count, "review")})`).join(", ")}.`,
      review_ids: problems.flatMap(({ p }) => p.example_review_ids.slice(0, 1)),
      basis: problems.map(({ i }) => `/entities/problems/${i}`),
    });
  }
  out.push({
    id: "trend",
    question: "Are reviews getting better or worse?",
    answer: trendSentence("the average rating", "stars", doc.temporal.trend.rating),
    review_ids: [],
    basis: ["/temporal/trend/rating"],
  });
  return out;
}
