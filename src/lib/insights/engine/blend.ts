// Combines the rules' aspect findings with the classifier's signals: adds what the rules missed, drops weak hits the
// classifier does not see, and settles polarity where the rules are unsure.
import type { Polarity3, Signals } from "./classifier.ts";
import { POLARITIES, type Thresholds } from "./model.ts";
import { round } from "./score.ts";
import type { AspectFinding, AspectSentiment, RuleFinding } from "./types.ts";

/**
 * The findings in taxonomy order. Every comparison is strict, so 0 and 1 switch a step off: an aspect is added when
 * its probability is above `add` (`add_beside`, not counting their cues, in a clause where the rules found another
 * aspect); a rule finding is dropped below its veto when the model knows its cue words; a rule's polarity gives way
 * when the classifier's is above `neutral_override` (rule neutral), `flip` (rule polar, classifier the other way) or
 * `unjudge` (rule polar, classifier neutral).
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
      if (!(p > Math.min(th.add, th.add_beside))) continue;
      const clause = s.clause(a);
      if (clause < 0) continue;
      // Beside another aspect's finding, that aspect's cue words are no evidence of this one: "showed up on time" says
      // nothing of professionalism, however often the two are praised together.
      const beside = rules.filter((f) => f.clause === clause).flatMap((f) => f.cues);
      if (beside.length ? !(s.weigh(a, clause, beside).without > th.add_beside) : !(p > th.add)) continue;
      const q = s.polarity(a, clause);
      const sentiment = POLARITIES[top(q)]!;
      const finding = {
        aspect: aspects[a]!,
        sentiment,
        evidence: evidence(clause),
        score: score(q, sentiment),
        phrases: [],
      };
      findings.push(finding);
      added.push(finding);
      continue;
    }
    const { index: _index, clause, reversed, cues, ...kept } = rule;
    if (reversed) {
      findings.push(kept);
      continue;
    }
    // The classifier vetoes only cue words it knows: "tardiness", never seen in training, is no evidence either way.
    if (p < (rule.sentiment === "neutral" ? th.veto_neutral : th.veto_polar) && s.weigh(a, clause, cues).known)
      continue;
    const q = s.polarity(a, clause);
    const k = top(q);
    const other = POLARITIES[k]!;
    if (rule.sentiment === "neutral" && other !== "neutral" && q[k]! > th.neutral_override)
      findings.push({ ...kept, sentiment: other, score: score(q, other) });
    else if (
      rule.sentiment !== "neutral" &&
      other !== rule.sentiment &&
      q[k]! > (other === "neutral" ? th.unjudge : th.flip)
    )
      // The rule's cue phrases carry the polarity the rule read, which is not the finding's: they are left out.
      findings.push({ ...kept, sentiment: other, score: score(q, other), phrases: [] });
    else findings.push(kept);
  }
  return { findings, added };
}

function top(q: Polarity3): number {
  return q[0] >= q[1] && q[0] >= q[2] ? 0 : q[1] >= q[2] ? 1 : 2;
}

/**
 * A judgement the classifier made weighs half what a cue's does, so that quotes and the review's tone rest on what the
 * rules read first.
 */
const CLASSIFIER_WEIGHT = 0.5;

function score(q: Polarity3, sentiment: AspectSentiment): number {
  return sentiment === "neutral" ? 0 : round(CLASSIFIER_WEIGHT * (q[0] - q[1]));
}
