// Gives each opinion of a review to the aspect mention it is about, so that a mention carries what is said of it.
import type { Mention, Opinion } from "./opinions.ts";
import type { Layout } from "./segment.ts";

/** Below this net strength a mention is reported as neutral (shared with the analyser). */
export const NEUTRAL_BAND = 0.25;

/** Gives each opinion to the aspect mention it is about: same segment first, then same clause, then the clause it refers back to. */
export function attach(mentions: Mention[], opinions: readonly Opinion[], layout: Layout): void {
  if (mentions.length === 0) return;
  const byClause = new Map<number, Mention[]>();
  for (const m of mentions) {
    const list = byClause.get(m.clause);
    if (list) list.push(m);
    else byClause.set(m.clause, [m]);
  }
  const referredTo = (clause: number): Mention[] | undefined => {
    const c = layout.clauses[clause]!;
    if (!c.continuation || byClause.has(clause)) return undefined;
    for (let k = clause - 1; k >= 0 && k >= clause - 2; k--) {
      const list = byClause.get(k);
      if (list) return [list.at(-1)!];
    }
    return undefined;
  };
  for (const o of opinions) {
    const here = byClause.get(o.clause) ?? referredTo(o.clause);
    if (!here) continue;
    let used = false;
    for (const mod of o.modifiers) {
      const target = nearest(
        here.filter((m) => m.aspect === mod.aspect),
        o,
      );
      if (target) {
        target.attached += mod.value;
        target.judged++;
        used = true;
      }
    }
    if (used || o.sentiment === null) continue;
    const target =
      nearest(
        here.filter((m) => m.segment === o.segment),
        o,
      ) ?? nearest(here, o);
    if (!target) continue;
    // Coordinated mentions share the opinion: "can't fault the cleanup or the communication".
    const shared =
      target.own === 0
        ? here.filter((m) => m.segment === target.segment && m.own === 0 && m.aspect !== target.aspect)
        : [];
    for (const m of [target, ...shared]) {
      m.attached += o.sentiment;
      m.judged++;
    }
  }
  for (const [clause, list] of byClause) {
    if (layout.clauses[clause]!.kind !== "except") continue;
    for (const m of list) if (Math.abs(m.own + m.attached) < NEUTRAL_BAND) m.attached -= 0.7;
  }
}

function nearest(candidates: readonly Mention[], o: Opinion): Mention | null {
  let best: Mention | null = null;
  let bestDistance = Infinity;
  for (const m of candidates) {
    const d = m.end <= o.start ? o.start - m.end : m.start >= o.end ? m.start - o.end + 0.5 : 0;
    if (d < bestDistance) {
      best = m;
      bestDistance = d;
    }
  }
  return best;
}
