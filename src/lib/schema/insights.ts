// The published insights dataset (`/insights.json`): aspects, entities, topics, temporal trend, FAQ and summary.
import { z } from "zod";
import { IsoDate, Slug } from "./common.ts";

const ReviewIds = z.array(z.string()).meta({ description: "Ids of reviews in /reviews.json that support the figure" });
const Share = z.number().min(0).max(1).meta({ description: "Fraction between 0 and 1, rounded to 3 decimals" });
const Score = z
  .number()
  .min(-1)
  .max(1)
  .meta({ description: "Sentiment score from -1 (negative) to 1 (positive), rounded to 3 decimals" });
const Rating = z
  .number()
  .min(1)
  .max(5)
  .nullable()
  .meta({ description: "Mean star rating rounded to 2 decimals; null without reviews" });
const JsonPointer = z
  .string()
  .regex(/^(\/[^/]*)*$/)
  .meta({ description: "RFC 6901 JSON Pointer into this document, e.g. /aspects/0/shares/positive" });

export const AspectPolarity = z
  .enum(["positive", "neutral", "negative"])
  .meta({ id: "AspectPolarity", description: "How a review judges an aspect" });
export const SentimentLabel = z
  .enum(["positive", "neutral", "negative", "mixed"])
  .meta({ id: "SentimentLabel", description: "Overall tone of a review; mixed: clear praise and clear complaint" });

const PolarityCounts = z
  .object({ positive: z.int().min(0), neutral: z.int().min(0), negative: z.int().min(0) })
  .strict();
const PolarityShares = z.object({ positive: Share, neutral: Share, negative: Share }).strict();

export const SentimentBreakdown = z
  .object({
    score: Score.nullable().meta({ description: "Mean review sentiment score; null without reviews" }),
    counts: z
      .object({ positive: z.int().min(0), neutral: z.int().min(0), negative: z.int().min(0), mixed: z.int().min(0) })
      .strict(),
    shares: z.object({ positive: Share, neutral: Share, negative: Share, mixed: Share }).strict(),
  })
  .strict()
  .meta({
    id: "SentimentBreakdown",
    description: "Reviews by overall sentiment label (rating-only reviews take their tone from the stars)",
  });

const AspectMentions = z
  .object({
    aspect: z.string().meta({ description: "Aspect id (see /aspects)" }),
    mention_count: z.int().min(1),
    counts: PolarityCounts,
    score: Score,
  })
  .strict();

export const AspectInsight = z
  .object({
    id: z.string().meta({ description: "Aspect id from the taxonomy, e.g. punctuality" }),
    label: z.string(),
    description: z.string().meta({ description: "What the aspect covers and does not (the annotation guide)" }),
    mention_count: z.int().min(0).meta({ description: "Reviews that mention the aspect (each review counts once)" }),
    mention_share: Share.meta({ description: "mention_count divided by reviews with text" }),
    counts: PolarityCounts.meta({ description: "Mentions by polarity" }),
    shares: PolarityShares.meta({ description: "counts divided by mention_count (all 0 without mentions)" }),
    score: Score.nullable().meta({ description: "(positive - negative) / mention_count; null without mentions" }),
    average_rating: Rating.meta({ description: "Mean star rating of the reviews that mention the aspect" }),
    top_phrases: z
      .array(z.object({ text: z.string(), review_count: z.int().min(1), sentiment: AspectPolarity }).strict())
      .meta({ description: "Cue phrases that signalled the aspect most often, with the polarity they mostly carried" }),
    example_review_ids: z
      .object({ positive: ReviewIds, neutral: ReviewIds, negative: ReviewIds })
      .strict()
      .meta({ description: "Up to 3 reviews per polarity: clearest judgement first, then newest, then id" }),
  })
  .strict()
  .meta({ id: "AspectInsight", description: "What reviews say about one aspect of the taxonomy" });

export const EntityInsight = z
  .object({
    id: Slug,
    name: z.string(),
    mention_count: z.int().min(0).meta({ description: "Reviews that mention it" }),
    average_rating: Rating,
    sentiment: SentimentBreakdown,
    top_aspects: z.array(AspectMentions).meta({ description: "Up to 3 aspects most often judged in these reviews" }),
    example_review_ids: ReviewIds.meta({ description: "Up to 5 reviews mentioning it, newest first" }),
  })
  .strict()
  .meta({
    id: "EntityInsight",
    description:
      "A technician, service, service area or problem, and how the reviews that mention it judge the business",
  });

export const TopicInsight = z
  .object({
    id: z.string().meta({ description: "Slug of the phrase" }),
    label: z.string().meta({ description: "The recurring phrase, in normalised form" }),
    review_count: z.int().min(1),
    share: Share.meta({ description: "review_count divided by reviews with text" }),
    average_rating: Rating,
    sentiment: SentimentBreakdown,
    top_aspects: z.array(AspectMentions),
    example_review_ids: ReviewIds.meta({ description: "Up to 5 reviews using the phrase, newest first" }),
  })
  .strict()
  .meta({
    id: "TopicInsight",
    description:
      "A recurring theme: a phrase many reviews use that no aspect, catalog entry or opinion word already covers",
  });

export const Trend = z
  .object({
    direction: z.enum(["improving", "declining", "stable", "inconclusive", "insufficient_data"]).meta({
      description:
        "improving/declining only when the 95% confidence interval of the slope excludes 0 and the effect reaches min_effect_per_year; stable when the whole interval lies within ±min_effect_per_year; otherwise inconclusive",
    }),
    method: z.literal("ols").meta({ description: "Ordinary least squares of each review's value on its date" }),
    window_months: z
      .int()
      .min(1)
      .meta({ description: "The trend looks at the reviews of this many months up to the newest review" }),
    confidence_level: z.literal(0.95),
    from: IsoDate.nullable(),
    to: IsoDate.nullable(),
    n: z.int().min(0).meta({ description: "Reviews in the window" }),
    slope_per_year: z.number().nullable(),
    ci95: z
      .tuple([z.number(), z.number()])
      .nullable()
      .meta({ description: "95% confidence interval of slope_per_year (Student t)" }),
    p_value: z.number().min(0).max(1).nullable().meta({ description: "Two-sided p-value of the slope against 0" }),
    min_effect_per_year: z.number().min(0).meta({ description: "Smallest yearly change treated as meaningful" }),
  })
  .strict()
  .meta({
    id: "Trend",
    description: "Whether a measure changes over the trend window, claimed only when the data supports it",
  });

export const MonthlyInsight = z
  .object({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    review_count: z.int().min(0),
    average_rating: z.number().nullable(),
    sentiment_score: Score.nullable().meta({ description: "Mean review sentiment score; null without reviews" }),
    positive_share: Share.nullable(),
    negative_share: Share.nullable(),
  })
  .strict();

export const FaqEntry = z
  .object({
    id: z.string().meta({ description: "Stable id, e.g. aspect-punctuality" }),
    question: z.string(),
    answer: z.string().meta({ description: "Prose built only from figures and quotes in this document" }),
    review_ids: ReviewIds,
    basis: z.array(JsonPointer).meta({ description: "Where in this document the answer's figures come from" }),
  })
  .strict()
  .meta({ id: "FaqEntry", description: "A question prospective customers ask, answered from the reviews" });

export const SummaryClaim = z
  .object({
    text: z.string(),
    basis: z.array(JsonPointer).meta({ description: "Where in this document the claim's figures come from" }),
    review_ids: ReviewIds,
  })
  .strict()
  .meta({ id: "SummaryClaim", description: "One sentence of the summary and what it rests on" });

const PullQuote = z
  .object({
    review_id: z.string(),
    text: z.string().meta({ description: "An exact excerpt of the review's text" }),
    sentiment: SentimentLabel,
    aspects: z.array(z.string()).meta({ description: "Aspect ids the quoted review judges" }),
  })
  .strict()
  .meta({ id: "PullQuote" });

export const Insights = z
  .object({
    version: z.string().meta({
      description:
        "Engine version + taxonomy id, version and fingerprint (+ the aspect model's fingerprint); changes whenever the engine, taxonomy, lexicon or model changes",
    }),
    engine: z
      .object({
        name: z.string(),
        version: z.string(),
        taxonomy: z.object({ id: z.string(), version: z.string(), label: z.string() }).strict(),
      })
      .strict()
      .meta({
        description:
          "The engine that computed this document at build time: rules and lexicons, with a small aspect classifier trained on a committed corpus for the default taxonomy (offline, no network)",
      }),
    review_count: z.int().min(0),
    text_review_count: z
      .int()
      .min(0)
      .meta({ description: "Reviews with text the engine read; aspects, topics and problems come from these" }),
    coverage: z
      .object({
        languages_read: z
          .array(z.string())
          .meta({ description: "Primary language subtags the engine reads, e.g. en; other reviews are not analysed" }),
        not_analysed_count: z.int().min(0).meta({
          description:
            "Reviews with text in a language the engine does not read: counted by their stars only, with no aspects (analysis_status not_analysed in /reviews.json)",
        }),
        not_analysed_by_language: z
          .array(z.object({ language: z.string(), count: z.int().min(1) }).strict())
          .meta({ description: "Those reviews by language tag, most first, then tag" }),
      })
      .strict()
      .meta({ description: "What the engine could read" }),
    date_range: z.object({ from: IsoDate, to: IsoDate }).strict().nullable(),
    sentiment: SentimentBreakdown.extend({ average_rating: Rating })
      .strict()
      .meta({ description: "Overall sentiment of all reviews" }),
    aspects: z.array(AspectInsight).meta({ description: "One entry per taxonomy aspect, in taxonomy order" }),
    entities: z
      .object({
        technicians: z.array(EntityInsight),
        services: z.array(EntityInsight),
        service_areas: z.array(EntityInsight),
        problems: z
          .array(EntityInsight)
          .meta({ description: "Problems customers describe (from the taxonomy's problem list)" }),
      })
      .strict()
      .meta({ description: "Each list: most mentioned first, then id" }),
    topics: z.array(TopicInsight).meta({ description: "Most reviews first, then label" }),
    temporal: z
      .object({
        monthly: z
          .array(MonthlyInsight)
          .meta({ description: "Every month from the first review to the last, gaps included" }),
        trend: z.object({ rating: Trend, sentiment: Trend }).strict(),
      })
      .strict(),
    faq: z.array(FaqEntry),
    summary: z
      .object({
        text: z.string().meta({ description: "The claims' texts joined" }),
        claims: z.array(SummaryClaim),
        pull_quote: PullQuote.nullable(),
      })
      .strict(),
  })
  .strict()
  .meta({ id: "Insights", description: "What the reviews say, computed at build time from /reviews.json" });

export type Insights = z.output<typeof Insights>;
export type AspectInsight = z.output<typeof AspectInsight>;
export type EntityInsight = z.output<typeof EntityInsight>;
export type TopicInsight = z.output<typeof TopicInsight>;
export type Trend = z.output<typeof Trend>;
export type MonthlyInsight = z.output<typeof MonthlyInsight>;
export type FaqEntry = z.output<typeof FaqEntry>;
export type SummaryClaim = z.output<typeof SummaryClaim>;
export type SentimentBreakdown = z.output<typeof SentimentBreakdown>;
