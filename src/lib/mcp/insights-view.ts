// Defensive reads of /insights.json: the sections and entries the tools use, found by id or label, never assuming more shape than they need.
import { normalizeText } from "../text/normalize.ts";
import type { InsightsDoc } from "./snapshot.ts";

export type Entry = Readonly<Record<string, unknown>>;

/** The sections a caller may ask for, as the build publishes them. */
export const INSIGHT_SECTIONS = ["summary", "sentiment", "aspects", "entities", "topics", "temporal", "faq"] as const;
export type InsightSection = (typeof INSIGHT_SECTIONS)[number];

export const isEntry = (v: unknown): v is Entry => typeof v === "object" && v !== null && !Array.isArray(v);

export const entries = (v: unknown): Entry[] => (Array.isArray(v) ? v.filter(isEntry) : []);

export const text = (v: unknown): string | null => (typeof v === "string" ? v : null);

export const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Aspects in taxonomy order, each at least with a string id. */
export function aspectsOf(doc: InsightsDoc | null): Entry[] {
  return entries(doc?.["aspects"]).filter((a) => typeof a["id"] === "string");
}

/** One list of `entities` (technicians, services, service_areas, problems). */
export function entitiesOf(doc: InsightsDoc | null, kind: string): Entry[] {
  const all = doc?.["entities"];
  return isEntry(all) ? entries(all[kind]).filter((e) => typeof e["id"] === "string") : [];
}

/** An entry whose id or label/name matches `input` (case- and accent-insensitive normalisation as in search). */
export function findByIdOrLabel(list: readonly Entry[], input: string): Entry | undefined {
  const want = normalizeText(input);
  const loose = want.replace(/[\s_-]+/g, "");
  const keys = (e: Entry) =>
    [e["id"], e["label"], e["name"]].filter((k): k is string => typeof k === "string").map(normalizeText);
  return (
    list.find((e) => keys(e).includes(want)) ??
    list.find((e) => keys(e).some((k) => k.replace(/[\s_-]+/g, "") === loose))
  );
}

/** Review ids an entry lists as examples, whether as one array or grouped by polarity. */
export function exampleIds(entry: Entry): { id: string; polarity: string | null }[] {
  const ex = entry["example_review_ids"];
  if (Array.isArray(ex))
    return ex.filter((x): x is string => typeof x === "string").map((id) => ({ id, polarity: null }));
  if (!isEntry(ex)) return [];
  return Object.entries(ex).flatMap(([polarity, ids]) =>
    Array.isArray(ids) ? ids.filter((x): x is string => typeof x === "string").map((id) => ({ id, polarity })) : [],
  );
}
