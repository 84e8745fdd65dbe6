// Writes an aspect model as JSON with one feature per line: readable diffs when the corpus changes, the same bytes for
// the same model.
import type { ModelFile } from "../engine/model.ts";

export function formatModel(m: ModelFile): string {
  const rows = (weights: Record<string, number[]>, indent: string) => {
    const keys = Object.keys(weights).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return keys.map((k) => `${indent}${JSON.stringify(k)}: ${JSON.stringify(weights[k])}`).join(",\n");
  };
  const block = (weights: Record<string, number[]>, indent: string) =>
    Object.keys(weights).length ? `{\n${rows(weights, indent + "  ")}\n${indent}}` : "{}";
  return (
    [
      "{",
      `  "format": ${m.format},`,
      `  "taxonomy": ${JSON.stringify(m.taxonomy)},`,
      `  "aspects": ${JSON.stringify(m.aspects)},`,
      `  "trained_on": ${JSON.stringify(m.trained_on)},`,
      `  "thresholds": ${JSON.stringify(m.thresholds)},`,
      `  "presence": {`,
      `    "bias": ${JSON.stringify(m.presence.bias)},`,
      `    "weights": ${block(m.presence.weights, "    ")}`,
      `  },`,
      `  "polarity": {`,
      `    "bias": ${JSON.stringify(m.polarity.bias)},`,
      `    "aspect_bias": ${block(m.polarity.aspect_bias, "    ")},`,
      `    "weights": ${block(m.polarity.weights, "    ")}`,
      `  }`,
      "}",
    ].join("\n") + "\n"
  );
}
