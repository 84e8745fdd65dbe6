// The answer of get_insights without a section: the headline figures and a table of the sections to ask for, each with
// its size and a few names, bounded whatever the size of the release.
import { type Entry, entries, INSIGHT_SECTIONS, type InsightSection, isEntry, text } from "./insights-view.ts";
import type { InsightsDoc } from "./snapshot.ts";

/** Names shown per section, and characters per name or summary: the overview stays a few kilobytes. */
const PREVIEW_NAMES = 10;
const NAME_CHARS = 100;
const SUMMARY_CHARS = 1200;

const HOLDS: Record<InsightSection, string> = {
  summary: "the editorial summary with the claims it rests on and a pull quote",
  sentiment: "the overall sentiment mix and average rating",
  aspects: "per aspect: mentions, positive/neutral/negative shares, score, cue phrases, example reviews",
  entities: "technicians, services, service areas and problems with their mentions and sentiment",
  topics: "recurring phrases with their counts, ratings and sentiment",
  temporal: "the monthly series and the rating and sentiment trends",
  faq: "questions customers ask, answered from the reviews",
};

const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1).trimEnd()}…`);

function preview(section: InsightSection, value: unknown): { size: number; names: string[] } {
  const named = (list: Entry[], ...keys: string[]) =>
    list.map((e) => keys.map((k) => text(e[k])).find((v) => v !== null) ?? "").filter((s) => s !== "");
  switch (section) {
    case "aspects":
    case "topics": {
      const list = entries(value);
      return { size: list.length, names: named(list, "id") };
    }
    case "faq": {
      const list = entries(value);
      return { size: list.length, names: named(list, "question") };
    }
    case "entities": {
      const kinds = isEntry(value) ? Object.entries(value) : [];
      const sizes = kinds.map(([kind, list]) => [kind, entries(list).length] as const);
      return { size: sizes.reduce((n, [, k]) => n + k, 0), names: sizes.map(([kind, k]) => `${kind}: ${k}`) };
    }
    case "temporal": {
      const monthly = isEntry(value) ? entries(value["monthly"]) : [];
      const trend = isEntry(value) && isEntry(value["trend"]) ? value["trend"] : {};
      const directions = Object.entries(trend).flatMap(([what, t]) =>
        isEntry(t) && text(t["direction"]) ? [`${what} trend: ${text(t["direction"])}`] : [],
      );
      return { size: monthly.length, names: [`${monthly.length} months`, ...directions] };
    }
    default:
      return { size: 1, names: [] };
  }
}

export function insightsOverview(doc: InsightsDoc): Record<string, unknown> {
  const head: Record<string, unknown> = {};
  for (const key of ["version", "review_count", "text_review_count", "date_range", "coverage", "sentiment"])
    if (key in doc) head[key] = doc[key];
  const summary = isEntry(doc["summary"]) ? text(doc["summary"]["text"]) : null;
  const present = INSIGHT_SECTIONS.filter((s) => s in doc);
  const sections = present.map((section) => {
    const { size, names } = preview(section, doc[section]);
    return {
      section,
      holds: HOLDS[section],
      entries: size,
      preview: names.slice(0, PREVIEW_NAMES).map((n) => cut(n, NAME_CHARS)),
    };
  });
  return {
    ...head,
    summary: summary === null ? null : cut(summary, SUMMARY_CHARS),
    sections,
    next: `call get_insights with section set to one of ${present.join(", ")}`,
  };
}
