// What the engine says of a review, and the rule findings its steps pass along: types shared by the engine's modules.

export type AspectSentiment = "positive" | "negative" | "neutral";
export type ReviewSentimentLabel = AspectSentiment | "mixed";

export type AspectFinding = {
  aspect: string;
  sentiment: AspectSentiment;
  /** The exact clause of the text that carries the judgement. */
  evidence: string;
  /** Strength in [-1, 1]; what aggregates and quote selection weigh. */
  score: number;
  /** The cue phrases that signalled the aspect (normalised words only), for "top phrases". */
  phrases: string[];
};

export type ReviewAnalysis = {
  sentiment: { label: ReviewSentimentLabel; score: number };
  aspects: AspectFinding[];
  /** Ids of the taxonomy's problems the text describes, in taxonomy order. */
  problems: string[];
  /** Candidate topic phrases (content words and word pairs), first occurrence order. */
  terms: string[];
};

/**
 * A rule finding with the taxonomy index of its aspect, the clause its evidence is and the token ranges of its cues.
 * `reversed`: its polarity is its cue's turned around by negation or sarcasm ("not on time", a sarcastic "very
 * professional"), a reading the classifier's words cannot overrule.
 */
export type RuleFinding = AspectFinding & {
  index: number;
  clause: number;
  reversed: boolean;
  cues: [start: number, end: number][];
};
