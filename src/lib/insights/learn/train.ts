// Trains the aspect model from labelled sentences: whether each aspect is spoken of, then its polarity in the clause
// the presence model picks as its evidence (the clause the analyser will judge at run time).
import { createClassifier } from "../engine/classifier.ts";
import { type ModelFile, POLARITIES, type Thresholds } from "../engine/model.ts";
import type { RuleFinding } from "../engine/types.ts";
import type { Reading } from "../engine/read.ts";
import { clauseFeatures, type Counts, textFeatures, toExample, vocabulary } from "./examples.ts";
import { type FtrlOptions, ftrl } from "./ftrl.ts";
import type { LabelledLine } from "./labelled.ts";

/** A labelled line as the engine read it, with what the rules found in it. */
export type ReadItem = LabelledLine & { reading: Reading; rules: readonly RuleFinding[] };

export type TrainOptions = {
  presence: FtrlOptions;
  polarity: FtrlOptions;
  /** A feature counts when this many training examples have it. */
  minCount: number;
};

/** Weights are written with this many decimals: smaller files, the same decisions. */
const DECIMALS = 3;

export function trainModel(
  items: readonly ReadItem[],
  taxonomy: { id: string; version: string; aspects: readonly string[] },
  o: TrainOptions,
  thresholds: Thresholds,
  trainedOn: Record<string, number>,
): ModelFile {
  const aspects = [...taxonomy.aspects];
  const n = aspects.length;

  const texts = items.map((i) => textFeatures(i.reading));
  const words = vocabulary(texts, o.minCount);
  const examples = texts.map((counts, i) =>
    toExample(
      counts,
      words,
      Float64Array.from(aspects, (a) => (a in items[i]!.aspects ? 1 : 0)),
    ),
  );
  const presenceWeights = ftrl(examples, words.size + 1, n, "logistic", o.presence);
  const presence = { bias: rounded(presenceWeights.subarray(0, n)), weights: rows(words, presenceWeights, n) };

  const empty = { bias: [0, 0, 0], aspect_bias: {}, weights: {} };
  const base = { format: 1 as const, taxonomy: { id: taxonomy.id, version: taxonomy.version }, aspects };
  const presenceOnly = createClassifier({ ...base, trained_on: {}, thresholds, presence, polarity: empty });
  const judged: { counts: Counts; target: Float64Array }[] = [];
  for (const item of items) {
    const signals = presenceOnly.read(item.reading);
    for (const [aspect, polarity] of Object.entries(item.aspects)) {
      const index = aspects.indexOf(aspect);
      // The clause the analyser will judge: the rules' evidence when they found the aspect, else the classifier's.
      const clause = item.rules.find((f) => f.index === index)?.clause ?? signals.clause(index);
      if (clause < 0) continue;
      const target = Float64Array.from(POLARITIES, (p) => (p === polarity ? 1 : 0));
      judged.push({ counts: clauseFeatures(item.reading, clause, aspect), target });
    }
  }
  const clauseWords = vocabulary(
    judged.map((j) => j.counts),
    o.minCount,
  );
  const polarityWeights = ftrl(
    judged.map((j) => toExample(j.counts, clauseWords, j.target)),
    clauseWords.size + 1,
    3,
    "softmax",
    o.polarity,
  );
  const all = rows(clauseWords, polarityWeights, 3);
  const aspectBias: Record<string, number[]> = {};
  const weights: Record<string, number[]> = {};
  for (const [key, row] of Object.entries(all)) {
    if (key.endsWith("|#bias")) aspectBias[key.slice(0, -"|#bias".length)] = row;
    else weights[key] = row;
  }
  return {
    ...base,
    trained_on: trainedOn,
    thresholds,
    presence,
    polarity: { bias: rounded(polarityWeights.subarray(0, 3)), aspect_bias: aspectBias, weights },
  };
}

/** Each feature's rounded weights, in vocabulary order, leaving out features whose weights all round to zero. */
function rows(vocab: ReadonlyMap<string, number>, w: Float64Array, width: number): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [key, at] of vocab) {
    const row = rounded(w.subarray(at * width, at * width + width));
    if (row.some((x) => x !== 0)) out[key] = row;
  }
  return out;
}

function rounded(xs: Float64Array): number[] {
  const scale = 10 ** DECIMALS;
  return [...xs].map((x) => Math.round(x * scale) / scale || 0);
}
