// Combines the rules' aspect findings with the classifier's signals: adds what the rules missed, drops weak hits the
// classifier does not see, and settles polarity where the rules are unsure.
import type { AspectFinding, AspectSentiment } from "./analyze.ts";
import type { Polarity3, Signals } from "./classifier.ts";
import { POLARITIES, type Thresholds } from "./model.ts";
import { round } from "./overall.ts";

/** A rule finding with the taxonomy index of its aspect and the clause its evidence is. */
export type RuleFinding = AspectFinding & { index: number; clause: number };

/**
 * The findings in taxonomy order. Every comparison is strict, so 0 and 1 switch a step off: an aspect is added when
 * its probability is above `add`; a rule finding is dropped below its veto; a rule's polarity gives way when the
 * classifier's is above `neutral_override` (rule neutral) or `flip` (rule polar, classifier disagreeing).
 */
export function blend(
  rules: readonly RuleFinding[],
  s: Signals,
  th: Thresholds,
  aspects: readonly string[],
  evidence: (clause: number) => string,
): { findings: AspectFinding[]; added: AspectFinding[] } {
  const byIndex = new Map(rules.map((f) => [f.index, f]));
  const findings: AspectFinding[] = [];
  const added: AspectFinding[] = [];
  for (let a = 0; a < aspects.length; a++) {
    const p = s.presence[a]!;
    const rule = byIndex.get(a);
    if (!rule) {
      if (!(p > th.add) || s.clause[a]! < 0) continue;
      const q = s.polarity(a, s.clause[a]!);
      const sentiment = POLARITIES[top(q)]!;
      const finding = {
        aspect: aspects[a]!,
        sentiment,
        evidence: evidence(s.clause[a]!),
        score: score(q, sentiment),
        phrases: [],
      };
      findings.push(finding);
      added.push(finding);
      continue;
    }
    const { index: _index, clause, ...kept } = rule;
    if (p < (rule.sentiment === "neutral" ? th.veto_neutral : th.veto_polar)) continue;
    const q = s.polarity(a, clause);
    const k = top(q);
    const other = POLARITIES[k]!;
    if (rule.sentiment === "neutral" && other !== "neutral" && q[k]! > th.neutral_override)
      findings.push({ ...kept, sentiment: other, score: score(q, other) });
    else if (rule.sentiment !== "neutral" && other !== rule.sentiment && q[k]! > th.flip)
      // The rule's cue phrases carry the polarity it read, no longer the finding's.
      findings.push({ ...kept, sentiment: other, score: score(q, other), phrases: [] });
    else findings.push(kept);
  }
  return { findings, added };
}

function top(q: Polarity3): number {
  return q[0] >= q[1] && q[0] >= q[2] ? 0 : q[1] >= q[2] ? 1 : 2;
}

function score(q: Polarity3, sentiment: AspectSentiment): number {
  return sentiment === "neutral" ? 0 : round(q[0] - q[1]);
}
