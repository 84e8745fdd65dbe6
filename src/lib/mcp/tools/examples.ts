// What the tool descriptions quote from the loaded release: the business's name, a technician, a service, its aspects,
// a real review id and date, so an agent reads names that work here and not those of some other business.
import type { Business } from "../../schema/business.ts";
import { aspectsOf, text } from "../insights-view.ts";
import type { InsightsDoc, Snapshot } from "../snapshot.ts";

type Named = Readonly<{ id: string; name: string }>;

export type ReleaseExamples = Readonly<{
  business: string;
  technicians: readonly Named[];
  services: readonly Named[];
  /** Aspect ids in taxonomy order; empty when the release has no insights. */
  aspects: readonly string[];
  /** The newest review, when there is one. */
  review: Readonly<{ id: string; date: string }> | null;
}>;

export type ExampleSource = Readonly<{
  business: Business;
  insights: InsightsDoc | null;
  newest: Readonly<{ id: string; date: string }> | null;
}>;

export function releaseExamples(src: ExampleSource): ReleaseExamples {
  const named = (list: readonly Named[]) => list.map(({ id, name }) => ({ id, name }));
  return Object.freeze({
    business: src.business.name,
    technicians: named(src.business.technicians),
    services: named(src.business.services),
    aspects: aspectsOf(src.insights).map((a) => text(a["id"])!),
    review: src.newest,
  });
}

/** "a, b, c", at most `max` of them, for a description. */
export function some(names: readonly string[], max = 6): string {
  return names.length <= max ? names.join(", ") : `${names.slice(0, max).join(", ")}, ...`;
}

/** The examples of the release a tool call answers from. */
export function snapshotExamples(data: Snapshot): ReleaseExamples {
  const { index } = data;
  const newest = index.size > 0 ? { id: index.ids.at(0)!, date: index.dates[0]! } : null;
  return releaseExamples({ business: data.business, insights: data.insights, newest });
}
